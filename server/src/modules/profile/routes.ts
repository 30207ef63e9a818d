import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  activityPage,
  activityQuery,
  AVATAR_MAX_BYTES,
  avatarUploaded,
  certificationActionBody,
  certificationBody,
  certificationInfo,
  certificationRecord,
  certificationRecordDetail,
  envelopeOf,
  idParam,
  profileBody,
  profileInfo,
  recentPage,
  recentVisitBody,
  userSettingsBody,
  userSettingsSchema,
} from '@console/shared';
import type { Services } from '../../services';
import { notFound } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { receiveUpload } from '../../lib/upload';

const idParams = z.object({ id: idParam });
const userIdParams = z.object({
  userId: idParam,
});

export const profileRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { profile } = services;
  // Encapsulated: only this plugin's routes accept multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.get(
    '/api/user/profile',
    {
      schema: { tags: ['user'], response: { 200: envelopeOf(profileInfo) } },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await profile.profile(req.auth!.userId)),
  );

  app.put(
    '/api/user/profile',
    {
      schema: { tags: ['user'], body: profileBody, response: { 200: envelopeOf(profileInfo) } },
      config: { access: 'authenticated', auditAction: 'user.profile.update' },
    },
    async (req) => {
      return ok(await profile.updateProfile(req.auth!.userId, req.body));
    },
  );

  app.put(
    '/api/user/settings',
    {
      schema: {
        tags: ['user'],
        body: userSettingsBody,
        response: { 200: envelopeOf(userSettingsSchema) },
      },
      config: { access: 'authenticated', auditAction: 'user.settings.update' },
    },
    async (req) => {
      return ok(await profile.saveSettings(req.auth!.userId, req.body));
    },
  );

  // Navigation, not an operation: kept out of the operation log.
  app.post(
    '/api/user/recent',
    {
      schema: { tags: ['user'], body: recentVisitBody, response: { 200: envelopeOf(z.null()) } },
      config: { access: 'authenticated', audit: false },
    },
    async (req) => {
      await profile.recordVisit(req.auth!.userId, req.body, services.clock.now());
      return ok(null);
    },
  );

  app.get(
    '/api/user/recent',
    {
      schema: { tags: ['user'], response: { 200: envelopeOf(z.array(recentPage)) } },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await profile.recentPages(req.auth!.userId)),
  );

  app.post(
    '/api/user/avatar',
    {
      schema: {
        tags: ['user'],
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(avatarUploaded) },
      },
      config: { access: 'authenticated', auditAction: 'user.avatar.update' },
    },
    async (req) => {
      // 413 past AVATAR_MAX_BYTES; 400 for a missing file or a broken upload.
      const { buffer: data } = await receiveUpload(req);
      const result = await profile.uploadAvatar(req.auth!.userId, data);
      return ok({ avatar: result });
    },
  );

  app.get(
    '/api/user/avatar/:userId',
    { schema: { tags: ['user'], params: userIdParams }, config: { access: 'authenticated' } },
    async (req, reply) => {
      const row = await profile.avatar(req.params.userId);
      if (!row) throw notFound();
      // The URL carries the upload time (?v=…), so a cached copy is never stale.
      return reply
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .type(row.mime)
        .send(row.data);
    },
  );

  app.get(
    '/api/user/certification',
    {
      schema: { tags: ['user'], response: { 200: envelopeOf(certificationInfo) } },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await profile.certification(req.auth!.userId)),
  );

  app.post(
    '/api/user/certification',
    {
      schema: {
        tags: ['user'],
        body: certificationBody,
        response: { 200: envelopeOf(certificationRecord) },
      },
      config: { access: 'authenticated', auditAction: 'user.certification.submit' },
    },
    async (req) => {
      req.audit.entityType = 'certification';
      return ok(await profile.submitCertification(req.auth!.userId, req.body));
    },
  );

  app.get(
    '/api/user/certification/records/:id',
    {
      schema: {
        tags: ['user'],
        params: idParams,
        response: { 200: envelopeOf(certificationRecordDetail) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await profile.certificationRecord(req.auth!.userId, req.params.id)),
  );

  app.post(
    '/api/user/certification/records/:id/withdraw',
    {
      schema: {
        tags: ['user'],
        params: idParams,
        body: certificationActionBody,
        response: { 200: envelopeOf(certificationRecord) },
      },
      config: { access: 'authenticated', auditAction: 'user.certification.withdraw' },
    },
    async (req) => {
      req.audit.entityType = 'certification';
      req.audit.entityId = req.params.id;
      return ok(
        await profile.withdrawCertification(req.auth!.userId, req.params.id, req.body.version),
      );
    },
  );

  app.post(
    '/api/user/certification/records/:id/approve',
    {
      schema: {
        tags: ['user'],
        params: idParams,
        body: certificationActionBody,
        response: { 200: envelopeOf(certificationRecord) },
      },
      config: { access: 'system:user:write', auditAction: 'user.certification.approve' },
    },
    async (req) => {
      req.audit.entityType = 'certification';
      req.audit.entityId = req.params.id;
      return ok(
        await profile.approveCertification(req.auth!.userId, req.params.id, req.body.version),
      );
    },
  );

  app.get(
    '/api/user/activity',
    {
      schema: {
        tags: ['user'],
        querystring: activityQuery,
        response: { 200: envelopeOf(activityPage) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await profile.activity(req.auth!.userId, req.query.before, req.query.limit)),
  );
};
