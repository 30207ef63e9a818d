// An xlsx is a zip: its 10 MB upload limit counts compressed bytes, and a small file can unpack
// to gigabytes (a zip bomb). Before anything parses it, the package's declared sizes and then
// its actual inflated sizes are checked against SPREADSHEET_LIMITS — the inflation runs in
// zlib's thread pool with an output cap, so the event loop never waits on it (issue #12).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { SPREADSHEET_LIMITS } from '@console/shared';
import { AppError } from '../app-error';

const inflateRaw = promisify(zlib.inflateRaw) as (
  buf: Buffer,
  options: zlib.ZlibOptions,
) => Promise<Buffer>;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MB = 1024 * 1024;

interface Limits {
  total: number;
  entry: number;
}

const unreadable = () => new AppError('SPREADSHEET_UNREADABLE');
const tooLarge = (limits: Limits) =>
  new AppError('SPREADSHEET_UNPACKS_TOO_LARGE', {
    params: { max: Math.round(limits.total / MB) },
  });

interface Entry {
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function centralDirectory(buf: Buffer): Entry[] {
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries: Entry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) throw unreadable();
    entries.push({
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      size: buf.readUInt32LE(at + 24),
      localOffset: buf.readUInt32LE(at + 42),
    });
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * Refuses (413 SPREADSHEET_UNPACKS_TOO_LARGE) a zip whose entries unpack past the limits — by
 * their declared sizes first, then by inflating each with a cap — and (400 unreadable) a
 * package that is not a well-formed zip. Returns nothing: the parser reads the buffer after.
 */
export async function assertZipUnpacksWithinLimits(
  buf: Buffer,
  limits: Limits = {
    total: SPREADSHEET_LIMITS.maxUnpackedBytes,
    entry: SPREADSHEET_LIMITS.maxUnpackedEntryBytes,
  },
): Promise<void> {
  const entries = centralDirectory(buf);
  let declared = 0;
  for (const e of entries) {
    // 0xFFFFFFFF marks zip64 sizes: far beyond any limit here.
    if (e.size > limits.entry || e.size === 0xffffffff) throw tooLarge(limits);
    declared += e.size;
  }
  if (declared > limits.total) throw tooLarge(limits);

  // Declared sizes can lie: inflate for real, each entry capped, the total counted.
  let actual = 0;
  for (const e of entries) {
    const at = e.localOffset;
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw unreadable();
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    const data = buf.subarray(start, start + e.compressedSize);
    if (e.method === 0) {
      actual += data.length;
    } else if (e.method === 8) {
      const cap = Math.min(limits.entry, limits.total - actual);
      try {
        const size = (await inflateRaw(data, { maxOutputLength: cap + 1 })).length;
        if (size > cap) throw tooLarge(limits);
        actual += size;
      } catch (err) {
        if (err instanceof AppError) throw err;
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(limits);
        throw unreadable();
      }
    } else {
      throw unreadable();
    }
    if (actual > limits.total) throw tooLarge(limits);
  }
}
