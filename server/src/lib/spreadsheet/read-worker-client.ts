// Runs the heavy read of an uploaded spreadsheet in a worker thread with memory and time
// limits, after checking what a zip package unpacks to, so the event loop — every other
// user's requests, /api/health — never waits on a spreadsheet (issue #12 point 1).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ErrorCodeName } from '@console/shared';
import { AppError } from '../app-error';
import { workerEntryUrl } from '../worker-url';
import type { ConvertedSheet, PlainColumn } from './convert';
import { detectFormat, type SpreadsheetFile } from './read-rows';
import { assertZipUnpacksWithinLimits } from './zip-limits';

export const READ_LIMITS = {
  /** Heap of the reading worker; past it the worker is stopped and the file refused. */
  maxHeapMb: 1024,
  /** Wall time of one read. */
  timeoutMs: 60_000,
};

const workerUrl = () =>
  workerEntryUrl(import.meta.url, 'spreadsheet-read-worker', './read-worker.ts');

const tooHeavy = () => new AppError('SPREADSHEET_TOO_HEAVY');

/**
 * The first worksheet's rows, read and converted for the row contract in a worker (the
 * columns' options as resolved for this request); refuses bombs before the worker starts.
 */
export async function readRowsInWorker(
  file: SpreadsheetFile,
  maxRows: number,
  columns: PlainColumn[],
): Promise<ConvertedSheet> {
  if (detectFormat(file) === 'xlsx') await assertZipUnpacksWithinLimits(file.buffer);
  const url = await workerUrl();
  // The reader's temporary files (a sheet exceljs parks while it waits for the shared strings)
  // go in a directory of their own, removed whatever way the read ends.
  const scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'console-sheet-'));
  return new Promise<ConvertedSheet>((resolve, reject) => {
    const worker = new Worker(url, {
      workerData: { file: { filename: file.filename, buffer: file.buffer }, maxRows, columns },
      env: { ...process.env, TMPDIR: scratch, TMP: scratch, TEMP: scratch },
      resourceLimits: { maxOldGenerationSizeMb: READ_LIMITS.maxHeapMb },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker
        .terminate()
        .finally(() => fs.promises.rm(scratch, { recursive: true, force: true }));
      fn();
    };
    const timer = setTimeout(() => settle(() => reject(tooHeavy())), READ_LIMITS.timeoutMs);
    worker.on(
      'message',
      (msg: {
        sheet?: ConvertedSheet;
        error?: { name: ErrorCodeName; params?: Record<string, string | number> } | null;
      }) =>
        settle(() => {
          if (msg.sheet) return resolve(msg.sheet);
          reject(
            msg.error
              ? new AppError(msg.error.name, { params: msg.error.params })
              : new AppError('SPREADSHEET_UNREADABLE'),
          );
        }),
    );
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or any crash of the reader.
    worker.on('error', (err: NodeJS.ErrnoException) =>
      settle(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? tooHeavy()
            : new AppError('SPREADSHEET_UNREADABLE'),
        ),
      ),
    );
    worker.on('exit', () => settle(() => reject(new AppError('SPREADSHEET_UNREADABLE'))));
  });
}
