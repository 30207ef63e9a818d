// Backup and restore API (issue #15 point 6), admin only (system:backup). Every write is
// audited: a backup and a deletion in their own audit transaction, a restore inside its data
// replacement (which keeps the audit trail: its row follows every row the trail had).
import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BACKUP_LIMITS,
  backupIdParams,
  backupItem,
  backupListQuery,
  backupProgress,
  backupStatus,
  envelopeOf,
  pageOf,
  restoreResult,
} from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';
import { receiveUploadToFile } from '../../lib/upload';
import type { Restorer } from './service';

const noBody = z.strictObject({}).optional();
/** The page's confirmation, sent explicitly: a restore never happens by accident. */
const restoreBody = z.strictObject({ confirm: z.literal(true) });

export const backupRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { backup } = services;
  const tags = ['backup'];
  // Encapsulated: only this plugin's routes accept multipart bodies (the restore upload).
  await app.register(multipart, {
    limits: { fileSize: BACKUP_LIMITS.uploadBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });

  const restorer = (req: {
    auth: { userId: number; username: string; sessionId: number } | null;
  }): Restorer => ({
    userId: req.auth!.userId,
    username: req.auth!.username,
    sessionId: req.auth!.sessionId,
  });

  app.get(
    '/api/backups',
    {
      schema: {
        tags,
        querystring: backupListQuery,
        response: {
          200: envelopeOf(pageOf(backupItem).extend({ current: z.number(), pageSize: z.number() })),
        },
      },
      config: { access: 'system:backup' },
    },
    async (req) => ok(backup.list(req.query)),
  );

  app.get(
    '/api/backups/status',
    {
      schema: { tags, response: { 200: envelopeOf(backupStatus) } },
      config: { access: 'system:backup' },
    },
    async () => ok(await backup.status()),
  );

  // The running backup's or restore's progress, polled by the page and the CLI (issue 25
  // point 16); null when none runs in this instance.
  app.get(
    '/api/backups/progress',
    {
      schema: { tags, response: { 200: envelopeOf(backupProgress.nullable()) } },
      config: { access: 'system:backup' },
    },
    async () => ok(backup.progress()),
  );

  app.post(
    '/api/backups',
    {
      schema: { tags, body: noBody, response: { 200: envelopeOf(backupItem) } },
      config: { access: 'system:backup', auditAction: 'backup.create' },
    },
    async (req) => {
      req.audit.entityType = 'backup';
      return ok(await backup.create('manual'));
    },
  );

  app.get(
    '/api/backups/:id/download',
    {
      schema: { tags, params: backupIdParams },
      config: { access: 'system:backup' },
    },
    async (req, reply) => {
      const { item, path } = backup.file(req.params.id);
      reply
        .header('content-type', 'application/gzip')
        .header('content-length', String(item.size))
        // The file's own SHA-256 (what `sha256sum` of the download prints) and the content's.
        .header('x-backup-sha256', item.fileSha256)
        .header('x-backup-content-sha256', item.sha256)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="backup-${item.id}.ndjson.gz"`);
      return reply.send(fs.createReadStream(path));
    },
  );

  app.delete(
    '/api/backups/:id',
    {
      schema: { tags, params: backupIdParams, response: { 200: envelopeOf(z.literal(true)) } },
      config: { access: 'system:backup', auditAction: 'backup.delete' },
    },
    async (req) => {
      req.audit.entityType = 'backup';
      req.audit.entityId = req.params.id;
      await backup.remove(req.params.id);
      return ok(true as const);
    },
  );

  app.post(
    '/api/backups/:id/restore',
    {
      schema: {
        tags,
        params: backupIdParams,
        body: restoreBody,
        response: { 200: envelopeOf(restoreResult) },
      },
      config: { access: 'system:backup', auditAction: 'backup.restore' },
    },
    async (req) => {
      req.audit.entityType = 'backup';
      req.audit.entityId = req.params.id;
      return ok(await backup.restoreStored(req.params.id, restorer(req)));
    },
  );

  app.post(
    '/api/backups/restore',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(restoreResult) },
      },
      config: { access: 'system:backup', auditAction: 'backup.restore' },
    },
    async (req) => {
      req.audit.entityType = 'backup';
      req.audit.entityId = 'upload';
      const temp = backup.store.tempFile('.upload');
      try {
        await receiveUploadToFile(req, temp);
        return ok(await backup.restore(temp, null, restorer(req)));
      } finally {
        fs.rmSync(temp, { force: true });
      }
    },
  );
};
