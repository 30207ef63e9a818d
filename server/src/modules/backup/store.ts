// Where backups live: `<backupDir>/<id>.ndjson.gz` and beside it `<id>.json`, what the list
// shows (kind, time, size, checksum, versions), so listing never opens the backups themselves.
import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { BACKUP_ID_PATTERN, backupItem, type BackupItem, type BackupKind } from '@console/shared';
import { backupsStored, type BackupStored } from '../../lib/ops-channels';

/** A description as stored; those written before issue 25 lack the file's checksum. */
const storedItem = backupItem.extend({ fileSha256: backupItem.shape.fileSha256.optional() });

/** SHA-256 (hex) of a file's bytes, read in pieces. */
function fileSha256(file: string): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(1024 * 1024);
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      hash.update(buf.subarray(0, n));
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

export class BackupStore {
  constructor(readonly dir: string) {}

  ensure() {
    fs.mkdirSync(this.dir, { recursive: true });
    fs.mkdirSync(this.incomingDir, { recursive: true });
  }

  /** Uploads being received and backups being written. */
  get incomingDir() {
    return path.join(this.dir, '.incoming');
  }

  newId(kind: BackupKind, at: Date): string {
    const stamp = at.toISOString().replace(/[-:]/g, '').replace('.', '');
    const suffix = randomBytes(6)
      .toString('base64url')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '0')
      .slice(0, 6);
    return `${stamp}-${kind}-${suffix}`;
  }

  fileOf(id: string) {
    if (!BACKUP_ID_PATTERN.test(id)) throw new Error(`Not a backup id: ${id}`);
    return path.join(this.dir, `${id}.ndjson.gz`);
  }

  private metaOf(id: string) {
    return path.join(this.dir, `${id}.json`);
  }

  /** A temporary path under the store (same file system: a rename moves it in). */
  tempFile(ext: string) {
    this.ensure();
    return path.join(this.incomingDir, `${Date.now()}-${randomBytes(8).toString('hex')}${ext}`);
  }

  /** Moves a fully written backup in and records its description. */
  commit(tempFile: string, item: BackupItem) {
    fs.renameSync(tempFile, this.fileOf(item.id));
    fs.writeFileSync(this.metaOf(item.id), JSON.stringify(item));
    const stored: BackupStored = { kind: item.kind, startedAt: item.createdAt, bytes: item.size };
    backupsStored.publish(stored);
  }

  get(id: string): BackupItem | null {
    if (!BACKUP_ID_PATTERN.test(id) || !fs.existsSync(this.fileOf(id))) return null;
    try {
      const parsed = storedItem.safeParse(JSON.parse(fs.readFileSync(this.metaOf(id), 'utf8')));
      if (!parsed.success || parsed.data.id !== id) return null;
      if (parsed.data.fileSha256) return { ...parsed.data, fileSha256: parsed.data.fileSha256 };
      // Described before the file's own checksum was recorded: computed once and kept.
      const item = { ...parsed.data, fileSha256: fileSha256(this.fileOf(id)) };
      fs.writeFileSync(this.metaOf(id), JSON.stringify(item));
      return item;
    } catch {
      return null;
    }
  }

  /** Every stored backup, newest first. */
  list(): BackupItem[] {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return [];
    }
    return names
      .filter((n) => n.endsWith('.json'))
      .map((n) => this.get(n.slice(0, -'.json'.length)))
      .filter((b): b is BackupItem => b !== null)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  }

  remove(id: string) {
    fs.rmSync(this.fileOf(id), { force: true });
    fs.rmSync(this.metaOf(id), { force: true });
  }
}
