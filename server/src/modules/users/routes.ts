// /api/system/users: user management (issue #15 point 1). Reads need `system:read` (every
// role sees the page), writes `system:user:write`.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  ownSession,
  pageOf,
  systemUser,
  systemUserWithPassword,
  userCreateBody,
  userDeleteQuery,
  userEnabledBody,
  userExportQuery,
  userIdParams,
  userListQuery,
  userPasswordResetBody,
  userSessionParams,
  userUpdateBody,
} from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';
import { sendSpreadsheet, writeSheet } from '../../lib/spreadsheet';
import { userSheet } from './sheet';

const tags = ['system-users'];
const base = '/api/system/users';
const ENTITY = 'user';

export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { users } = services;
  const actor = (req: FastifyRequest) => ({
    userId: req.auth!.userId,
    sessionId: req.auth!.sessionId,
    permissions: req.auth!.permissions,
  });

  app.get(
    base,
    {
      schema: {
        tags,
        querystring: userListQuery,
        response: { 200: envelopeOf(pageOf(systemUser)) },
      },
      config: { access: 'system:read' },
    },
    async (req) => ok(await users.list(req.query)),
  );

  app.get(
    `${base}/export`,
    { schema: { tags, querystring: userExportQuery }, config: { access: 'system:read' } },
    async (req, reply) => {
      const { format, ...filter } = req.query;
      const file = await writeSheet(userSheet, await users.exportRows(filter), format, req.locale);
      const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      return sendSpreadsheet(reply, file, `users-${stamp}`, format);
    },
  );

  app.post(
    base,
    {
      schema: { tags, body: userCreateBody, response: { 200: envelopeOf(systemUserWithPassword) } },
      config: { access: 'system:user:write', auditAction: 'system.user.create' },
    },
    async (req) => {
      req.audit.entityType = ENTITY;
      return ok(await users.create(req.body, actor(req)));
    },
  );

  app.get(
    `${base}/:id`,
    {
      schema: { tags, params: userIdParams, response: { 200: envelopeOf(systemUser) } },
      config: { access: 'system:read' },
    },
    async (req) => ok(await users.get(req.params.id)),
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: userIdParams,
        body: userUpdateBody,
        response: { 200: envelopeOf(systemUser) },
      },
      config: { access: 'system:user:write', auditAction: 'system.user.update' },
    },
    async (req) => {
      req.audit.entityType = ENTITY;
      req.audit.entityId = req.params.id;
      return ok(await users.update(req.params.id, req.body, actor(req)));
    },
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: userIdParams,
        querystring: userDeleteQuery,
        response: { 200: envelopeOf(z.literal(true)) },
      },
      config: { access: 'system:user:write', auditAction: 'system.user.delete' },
    },
    async (req) => {
      req.audit.entityType = ENTITY;
      req.audit.entityId = req.params.id;
      await users.remove(req.params.id, req.query.version, actor(req));
      return ok(true);
    },
  );

  app.post(
    `${base}/:id/enabled`,
    {
      schema: {
        tags,
        params: userIdParams,
        body: userEnabledBody,
        response: { 200: envelopeOf(systemUser) },
      },
      config: { access: 'system:user:write', auditAction: 'system.user.enable' },
    },
    async (req) => {
      req.audit.entityType = ENTITY;
      req.audit.entityId = req.params.id;
      return ok(
        await users.setEnabled(req.params.id, req.body.enabled, req.body.version, actor(req)),
      );
    },
  );

  app.post(
    `${base}/:id/unlock`,
    {
      schema: {
        tags,
        params: userIdParams,
        body: z.strictObject({}).nullish(),
        response: { 200: envelopeOf(systemUser) },
      },
      config: { access: 'system:user:write', auditAction: 'system.user.unlock' },
    },
    async (req) => {
      req.audit.entityType = ENTITY;
      req.audit.entityId = req.params.id;
      return ok(await users.unlock(req.params.id));
    },
  );

  app.post(
    `${base}/:id/password`,
    {
      schema: {
        tags,
        params: userIdParams,
        body: userPasswordResetBody,
        response: { 200: envelopeOf(systemUserWithPassword) },
      },
      config: { access: 'system:user:write', auditAction: 'system.user.resetPassword' },
    },
    async (req) => {
      req.audit.entityType = ENTITY;
      req.audit.entityId = req.params.id;
      return ok(await users.resetPassword(req.params.id, req.body.password, actor(req)));
    },
  );

  app.get(
    `${base}/:id/sessions`,
    {
      schema: { tags, params: userIdParams, response: { 200: envelopeOf(z.array(ownSession)) } },
      config: { access: 'system:user:write' },
    },
    async (req) => {
      const rows = await users.sessions(req.params.id);
      return ok(rows.map((r) => ({ ...r, current: r.id === req.auth!.sessionId })));
    },
  );

  app.delete(
    `${base}/:id/sessions/:sessionId`,
    {
      schema: { tags, params: userSessionParams, response: { 200: envelopeOf(z.literal(true)) } },
      config: { access: 'system:user:write', auditAction: 'system.user.revokeSession' },
    },
    async (req) => {
      req.audit.entityType = ENTITY;
      req.audit.entityId = req.params.id;
      await users.revokeSession(req.params.id, req.params.sessionId);
      return ok(true);
    },
  );
};
