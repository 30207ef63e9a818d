// Receiving one uploaded file from a multipart request (spreadsheet imports, avatars). A
// client's broken upload — a truncated part, a body that ends before its closing boundary — is
// the client's mistake: 400 UPLOAD_MALFORMED, never a 500 (issue #12 point 5). The limits of
// @fastify/multipart keep their own answers (413 past the size, 415 when not multipart).
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { validationMessage } from '@console/shared';
import { AppError } from './app-error';

export interface UploadedFile {
  buffer: Buffer;
  filename: string;
}

/** Errors of the multipart plugin itself (limits, content type) carry a Fastify code. */
const isFastifyError = (err: unknown) =>
  err instanceof AppError ||
  (typeof err === 'object' &&
    err !== null &&
    typeof (err as { code?: unknown }).code === 'string' &&
    (err as { code: string }).code.startsWith('FST_'));

const missingFile = () =>
  new AppError('VALIDATION_FAILED', {
    fields: [
      {
        path: 'file',
        message: {
          'zh-CN': validationMessage({ code: 'invalid_type', missing: true }, 'zh-CN'),
          'en-US': validationMessage({ code: 'invalid_type', missing: true }, 'en-US'),
        },
      },
    ],
  });

/** The request's file (a form field of any name), read whole within the plugin's limits. */
export async function receiveUpload(req: FastifyRequest): Promise<UploadedFile> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  try {
    const part = await req.file();
    if (!part) throw missingFile();
    // Throws RequestFileTooLargeError (→ 413) as soon as the stream passes the limit.
    const buffer = await part.toBuffer();
    return { buffer, filename: part.filename ?? '' };
  } catch (err) {
    if (isFastifyError(err)) throw err;
    req.log.info({ err }, 'malformed upload');
    throw new AppError('UPLOAD_MALFORMED');
  }
}

/**
 * The request's file streamed into `file` (large uploads never sit in memory); the same
 * answers as `receiveUpload` for a request that is not multipart, lacks a file, passes the
 * plugin's size limit (413) or breaks off (400 UPLOAD_MALFORMED). `file` is removed on failure.
 */
export async function receiveUploadToFile(
  req: FastifyRequest,
  file: string,
): Promise<{ filename: string; bytes: number }> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  try {
    const part = await req.file();
    if (!part) throw missingFile();
    // Throws RequestFileTooLargeError (→ 413) as soon as the stream passes the limit.
    await pipeline(part.file, fs.createWriteStream(file, { flags: 'wx' }));
    return { filename: part.filename ?? '', bytes: fs.statSync(file).size };
  } catch (err) {
    fs.rmSync(file, { force: true });
    if (isFastifyError(err)) throw err;
    req.log.info({ err }, 'malformed upload');
    throw new AppError('UPLOAD_MALFORMED');
  }
}
