// /api/system/roles: role management (issue #15 point 2). Reads need `system:read`, writes
// `system:role:write`.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  pageOf,
  roleCreateBody,
  roleDeleteQuery,
  roleIdParams,
  roleListQuery,
  roleUpdateBody,
  systemRole,
} from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';

const tags = ['system-roles'];
const base = '/api/system/roles';
const ENTITY = 'role';

export const roleRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { roles } = services;
  const actor = (req: FastifyRequest) => ({
    userId: req.auth!.userId,
    permissions: req.auth!.permissions,
  });

  app.get(
    base,
    {
      schema: {
        tags,
        querystring: roleListQuery,
        response: { 200: envelopeOf(pageOf(systemRole)) },
      },
      config: { access: 'system:read' },
    },
    async (req) => ok(await roles.list(req.query)),
  );

  app.post(
    base,
    {
      schema: { tags, body: roleCreateBody, response: { 200: envelopeOf(systemRole) } },
      config: { access: 'system:role:write', auditAction: 'system.role.create' },
    },
    async (req) => {
      req.audit.entityType = ENTITY;
      return ok(await roles.create(req.body, actor(req)));
    },
  );

  app.get(
    `${base}/:id`,
    {
      schema: { tags, params: roleIdParams, response: { 200: envelopeOf(systemRole) } },
      config: { access: 'system:read' },
    },
    async (req) => ok(await roles.get(req.params.id)),
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: roleIdParams,
        body: roleUpdateBody,
        response: { 200: envelopeOf(systemRole) },
      },
      config: { access: 'system:role:write', auditAction: 'system.role.update' },
    },
    async (req) => {
      req.audit.entityType = ENTITY;
      req.audit.entityId = req.params.id;
      return ok(await roles.update(req.params.id, req.body, actor(req)));
    },
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        params: roleIdParams,
        querystring: roleDeleteQuery,
        response: { 200: envelopeOf(z.literal(true)) },
      },
      config: { access: 'system:role:write', auditAction: 'system.role.delete' },
    },
    async (req) => {
      req.audit.entityType = ENTITY;
      req.audit.entityId = req.params.id;
      await roles.remove(req.params.id, req.query.version);
      return ok(true);
    },
  );
};
