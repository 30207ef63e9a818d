// Receiving one spreadsheet file from a multipart upload, with a size limit (413 beyond it).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { SPREADSHEET_LIMITS } from '@console/shared';
import { receiveUpload } from '../upload';
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
  return receiveUpload(req);
}
