// Receiving one spreadsheet file from a multipart upload, with a size limit (413 beyond it).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { SPREADSHEET_LIMITS, validationMessage } from '@console/shared';
import { AppError } from '../app-error';
import type { SpreadsheetFile } from './read';

/**
 * Registers multipart parsing on a routes plugin (encapsulated: only its routes accept
 * uploads). A file over `maxBytes` is refused with 413 PAYLOAD_TOO_LARGE.
 */
export async function registerSpreadsheetUploads(
  app: FastifyInstance,
  maxBytes: number = SPREADSHEET_LIMITS.maxBytes,
) {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });
}

/** The uploaded file (form field of any name); 415 when the request is not multipart. */
export async function receiveSpreadsheet(req: FastifyRequest): Promise<SpreadsheetFile> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const part = await req.file();
  if (!part) {
    throw new AppError('VALIDATION_FAILED', {
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
  }
  // Throws RequestFileTooLargeError (→ 413) as soon as the stream passes the limit.
  const buffer = await part.toBuffer();
  return { buffer, filename: part.filename ?? '' };
}
