// Section versions API (issue 5). Admin only (`system:sections`), except the pins the host
// reads at boot, which are public and never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, pageOf } from '@console/shared/contracts/envelope-schemas';
import {
  createdEnvironment,
  createEnvironmentBody,
  pinChange,
  pinHistoryEntry,
  pinHistoryQuery,
  pinSectionBody,
  rollbackSectionBody,
  sectionNameParams,
  publishedSectionVersion,
  sectionEnvironment,
  sectionPinsResponse,
  sectionVersionsQuery,
} from '@console/shared/contracts/sections';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';
import type { Actor } from './service';

const actorOf = (req: FastifyRequest): Actor => ({
  id: req.auth!.userId,
  name: req.auth!.username,
});

export const sectionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { sections } = services;
  await sections.ensureEnvironments();

  // Read by the host at boot, before sign-in; never cached (product.md, "Section versions").
  app.get(
    '/api/sections/pins',
    {
      schema: { tags: ['sections'], response: { 200: envelopeOf(sectionPinsResponse) } },
      config: { access: 'public' },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await sections.pins());
    },
  );

  app.get(
    '/api/sections',
    {
      schema: {
        tags: ['sections'],
        querystring: sectionVersionsQuery,
        response: { 200: envelopeOf(pageOf(publishedSectionVersion)) },
      },
      config: { access: 'system:sections' },
    },
    async (req) => ok(await sections.listVersions(req.query)),
  );

  app.get(
    '/api/sections/environments',
    {
      schema: { tags: ['sections'], response: { 200: envelopeOf(z.array(sectionEnvironment)) } },
      config: { access: 'system:sections' },
    },
    async () => ok(await sections.listEnvironments()),
  );

  app.post(
    '/api/sections/environments',
    {
      schema: {
        tags: ['sections'],
        body: createEnvironmentBody,
        response: { 200: envelopeOf(createdEnvironment) },
      },
      config: { access: 'system:sections', auditAction: 'system.sections.environment.create' },
    },
    async (req) => {
      req.audit.entityType = 'section_environment';
      req.audit.entityId = req.body.name;
      const created = await sections.createEnvironment(req.body, actorOf(req));
      return ok({ name: created.name, description: created.description });
    },
  );

  app.get(
    '/api/sections/history',
    {
      schema: {
        tags: ['sections'],
        querystring: pinHistoryQuery,
        response: { 200: envelopeOf(pageOf(pinHistoryEntry)) },
      },
      config: { access: 'system:sections' },
    },
    async (req) => ok(await sections.history(req.query)),
  );

  app.post(
    '/api/sections/:name/pin',
    {
      schema: {
        tags: ['sections'],
        params: sectionNameParams,
        body: pinSectionBody,
        response: { 200: envelopeOf(pinChange) },
      },
      config: { access: 'system:sections', auditAction: 'system.sections.pin' },
    },
    async (req) => {
      req.audit.entityType = 'section_pin';
      req.audit.entityId = `${req.body.environment}/${req.params.name}`;
      return ok(await sections.pin(req.params.name, req.body, actorOf(req)));
    },
  );

  app.post(
    '/api/sections/:name/rollback',
    {
      schema: {
        tags: ['sections'],
        params: sectionNameParams,
        body: rollbackSectionBody,
        response: { 200: envelopeOf(pinChange) },
      },
      config: { access: 'system:sections', auditAction: 'system.sections.rollback' },
    },
    async (req) => {
      req.audit.entityType = 'section_pin';
      req.audit.entityId = `${req.body.environment}/${req.params.name}`;
      return ok(await sections.rollback(req.params.name, req.body, actorOf(req)));
    },
  );
};
