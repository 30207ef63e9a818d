// Worker-thread entry: reads one uploaded file's rows (read-rows.ts) off the event loop,
// converts them for the row contract with the columns (and their options, resolved for the
// request) it was given (convert.ts), and posts them back, or the product error it ended
// with. Started by read-worker-client.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../app-error';
import { convertRows, type PlainColumn } from './convert';
import { readRows, type SpreadsheetFile } from './read-rows';

const { file, maxRows, columns } = workerData as {
  file: SpreadsheetFile;
  maxRows: number;
  columns: PlainColumn[];
};

readRows({ filename: file.filename, buffer: Buffer.from(file.buffer) }, maxRows).then(
  (rows) => parentPort!.postMessage({ sheet: convertRows(columns, rows) }),
  (err: unknown) =>
    parentPort!.postMessage({
      error: err instanceof AppError ? { name: err.error, params: err.options.params } : null,
    }),
);
