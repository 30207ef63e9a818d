// Worker-thread entry: reads one uploaded file's rows (read-rows.ts) off the event loop and
// posts them back, or the product error it ended with. Started by read-worker-client.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../app-error';
import { readRows, type SpreadsheetFile } from './read-rows';

const { file, maxRows } = workerData as { file: SpreadsheetFile; maxRows: number };

readRows({ filename: file.filename, buffer: Buffer.from(file.buffer) }, maxRows).then(
  (rows) => parentPort!.postMessage({ rows }),
  (err: unknown) =>
    parentPort!.postMessage({
      error: err instanceof AppError ? { name: err.error, params: err.options.params } : null,
    }),
);
