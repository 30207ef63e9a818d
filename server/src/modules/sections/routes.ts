// Section versions API (issue 5). Admin only (`system:sections`), except the pins the host
// reads at boot, which are public and never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, pageOf } from '@console/shared/contracts/envelope-schemas';
import {
  canaryChange,
  endCanaryBody,
  sectionBuckets,
  sectionBucketsQuery,
  sectionHealthQuery,
  sectionHealthResponse,
  sectionReportsBody,
  sectionReportsResult,
  SECTION_REPORT_LIMITS,
  startCanaryBody,
  widenCanaryBody,
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
  const { sections, sectionHealth } = services;
  await sections.ensureEnvironments();

  // Read by the host at boot, before sign-in, and again once signed in (a canary's versions go
  // by the user: issue 30); never cached (product.md, "Section versions").
  app.get(
    '/api/sections/pins',
    {
      schema: { tags: ['sections'], response: { 200: envelopeOf(sectionPinsResponse) } },
      config: { access: 'public' },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const session = req.auth && { sessionId: req.auth.sessionId, userId: req.auth.userId };
      return ok(await sectionHealth.pinsFor(session));
    },
  );

  // What the browsers of this environment met per section version (issue 30). Reports are
  // telemetry, not an operator's change: not audited (the canary moves they cause are), bounded
  // per batch, per minute and per session.
  app.post(
    '/api/sections/reports',
    {
      bodyLimit: SECTION_REPORT_LIMITS.bodyBytes,
      schema: {
        tags: ['sections'],
        body: sectionReportsBody,
        response: { 200: envelopeOf(sectionReportsResult) },
      },
      config: {
        access: 'authenticated',
        audit: false,
        rateLimit: {
          max: SECTION_REPORT_LIMITS.batchesPerMinute,
          timeWindow: '1 minute',
          keyGenerator: (req) =>
            req.auth ? `section-reports:${req.auth.sessionId}` : `section-reports:${req.ip}`,
        },
      },
    },
    async (req) =>
      ok(
        await sectionHealth.report(
          { sessionId: req.auth!.sessionId, userId: req.auth!.userId },
          req.body,
        ),
      ),
  );

  app.get(
    '/api/sections/health',
    {
      schema: {
        tags: ['sections'],
        querystring: sectionHealthQuery,
        response: { 200: envelopeOf(sectionHealthResponse) },
      },
      config: { access: 'system:sections' },
    },
    async (req) => ok(await sectionHealth.health(req.query)),
  );

  app.get(
    '/api/sections/buckets',
    {
      schema: {
        tags: ['sections'],
        querystring: sectionBucketsQuery,
        response: { 200: envelopeOf(sectionBuckets) },
      },
      config: { access: 'system:sections' },
    },
    async (req) => ok(await sectionHealth.buckets(req.query.environment, req.query.username)),
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
  // The canary's moves (issue 30): start, widen, promote, abort; audited in their transaction.
  const canaryRoute = (path: string, action: string) => ({
    url: `/api/sections/:name/${path}`,
    config: { access: 'system:sections' as const, auditAction: `system.sections.${action}` },
  });
  const canarySchema = <B extends z.ZodType>(body: B) => ({
    tags: ['sections'],
    params: sectionNameParams,
    body,
    response: { 200: envelopeOf(canaryChange) },
  });
  const onPin = (
    req: FastifyRequest<{ Params: { name: string }; Body: { environment: string } }>,
  ) => {
    req.audit.entityType = 'section_pin';
    req.audit.entityId = `${req.body.environment}/${req.params.name}`;
  };

  const start = canaryRoute('canary', 'canary');
  app.post(
    start.url,
    { schema: canarySchema(startCanaryBody), config: start.config },
    async (req) => {
      onPin(req);
      return ok(await sections.startCanary(req.params.name, req.body, actorOf(req)));
    },
  );
  const widen = canaryRoute('canary/widen', 'widen');
  app.post(
    widen.url,
    { schema: canarySchema(widenCanaryBody), config: widen.config },
    async (req) => {
      onPin(req);
      return ok(await sections.widenCanary(req.params.name, req.body, actorOf(req)));
    },
  );
  const promote = canaryRoute('canary/promote', 'promote');
  app.post(
    promote.url,
    { schema: canarySchema(endCanaryBody), config: promote.config },
    async (req) => {
      onPin(req);
      return ok(await sections.promoteCanary(req.params.name, req.body, actorOf(req)));
    },
  );
  const abort = canaryRoute('canary/abort', 'abort');
  app.post(
    abort.url,
    { schema: canarySchema(endCanaryBody), config: abort.config },
    async (req) => {
      onPin(req);
      return ok(await sections.abortCanary(req.params.name, req.body, actorOf(req)));
    },
  );
};
