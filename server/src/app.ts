// Builds the Fastify application on an open database. main.ts adds listening and signals;
// tests call buildApp directly and use `inject`.
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Database } from './db/client';
import type { ServerEnv } from './config/env';
import { OPERATION_TIME_ZONE, SCENIC_GATE_KEY_HEADER } from '@console/shared';
import { createServices, type ServicePorts, type Services } from './services';
import { JOBS, startJobs, type Scheduler } from './jobs';
import { createLocalBus, createPgBus } from './events/bus';
import { contextPlugin } from './plugins/context';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { notFoundPlugin } from './plugins/not-found';
import { openapiPlugin } from './plugins/openapi';
import { emptyJsonIsNoBody } from './plugins/json-body';
import { sessionPlugin } from './plugins/session';
import { authorizePlugin } from './plugins/authorize';
import { auditPlugin } from './plugins/audit';
import { staticPlugin } from './plugins/static';
import { securityHeadersPlugin } from './plugins/security-headers';
import { metricsPlugin } from './plugins/metrics';
import { authRoutes } from './modules/auth/routes';
import { healthRoutes } from './modules/health/routes';
import { sectionRoutes } from './modules/sections/routes';
import { messageRoutes } from './modules/messages/routes';
import { profileRoutes } from './modules/profile/routes';
import { propertyRoutes } from './modules/properties/routes';
import { systemConfigRoutes } from './modules/system-config/routes';
import { auditRoutes } from './modules/audit/routes';
import { guideRoutes } from './modules/guide/routes';
import { scenicRoutes } from './modules/scenic/routes';
import { userRoutes } from './modules/users/routes';
import { roleRoutes } from './modules/roles/routes';
import { backupRoutes } from './modules/backup/routes';
import { startBackupSchedule } from './jobs/backup';
import { teamRoutes } from './modules/team/routes';
import { teamTemplateRoutes } from './modules/team/templates-routes';
import { eventRoutes } from './modules/events/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { assignmentRoutes } from './modules/team/assignments-routes';
import { monitorRoutes } from './modules/monitor/routes';
import { DemoGateFeed } from './modules/scenic/demo-gate-feed';
import { allocationRoutes } from './modules/allocation/routes';
import { ok } from './lib/envelope';

export interface BuildOptions {
  database: Database;
  env: ServerEnv;
  /**
   * Fastify's logger (pino: JSON lines, each request's carrying its `reqId`, the id its answer
   * carries in `x-request-id`); off in tests unless one passes a stream to read.
   */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** Cross-module ports and the clock (tests pass their own). */
  ports?: Partial<ServicePorts>;
  /** Runs the background jobs (server/src/jobs/) while the app is up; on unless turned off. */
  jobs?: boolean;
}

/**
 * One log line per request, at its answer, naming the request and the answer, instead of
 * Fastify's two (the "incoming request" line cost as much again). Fastify's other lines (errors,
 * a stream's failure, a request while closing) stay as they are.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export async function buildApp({
  database,
  env,
  logger = false,
  ports,
  jobs = true,
}: BuildOptions): Promise<{
  app: FastifyInstance;
  services: Services;
}> {
  const app = Fastify({
    logger: logger
      ? { level: env.logLevel, ...(typeof logger === 'object' ? { stream: logger.stream } : {}) }
      : false,
    trustProxy: env.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
    frameworkErrors,
    ajv: { customOptions: { removeAdditional: false } },
    // Closing (SIGTERM, main.ts) stops accepting connections — a proxy sends what comes next to
    // another instance — and answers every request already taken, instead of Fastify's 503 to
    // those it had not begun: nothing in flight is lost (e2e/tests/topology.test.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  emptyJsonIsNoBody(app);

  // One LISTEN connection per instance on PostgreSQL; in-process delivery on PGlite.
  const events = database.url
    ? await createPgBus(database.url, { log: app.log })
    : createLocalBus();
  const services = createServices(database.db, env, { ...ports, events });

  // Background jobs start once the app is ready and stop (waiting for a run) when it closes.
  let scheduler: Scheduler | null = null;
  let backupSchedule: Scheduler | null = null;
  if (jobs) {
    app.addHook('onReady', async () => {
      scheduler = startJobs(JOBS, services, app.log, OPERATION_TIME_ZONE);
      backupSchedule = startBackupSchedule(services, app.log, OPERATION_TIME_ZONE);
    });
    app.addHook('onClose', async () => {
      await scheduler?.stop();
      await backupSchedule?.stop();
    });
  }

  await app.register(openapiPlugin);
  await app.register(securityHeadersPlugin, {
    // The host loads section bundles from their manifests; scripts stay same-origin.
    contentSecurityPolicy: env.devSections
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            connectSrc: ["'self'"],
            fontSrc: ["'self'", 'data:'],
            upgradeInsecureRequests: null,
          },
        },
    crossOriginEmbedderPolicy: false,
    // HSTS only makes sense behind HTTPS (TRUST_PROXY deployments).
    hsts: env.trustProxy,
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(contextPlugin);
  await app.register(metricsPlugin, { token: env.metricsToken, database });
  await app.register(errorsPlugin);
  await app.register(notFoundPlugin);
  app.addHook('onClose', () => events.close());
  await app.register(sessionPlugin, { db: database.db, config: services.config, events });
  await app.register(authorizePlugin);
  await app.register(auditPlugin, { db: database.db });

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { services });
  await app.register(sectionRoutes, { services });
  await app.register(messageRoutes, { services });
  await app.register(profileRoutes, { services });
  await app.register(propertyRoutes, { services });
  await app.register(systemConfigRoutes, { services });
  await app.register(auditRoutes, { services });
  await app.register(guideRoutes, { services });
  await app.register(scenicRoutes, { services });
  await app.register(userRoutes, { services });
  await app.register(roleRoutes, { services });
  await app.register(backupRoutes, { services });
  await app.register(teamRoutes, { services });
  await app.register(teamTemplateRoutes, { services });
  await app.register(eventRoutes, { services });
  await app.register(dashboardRoutes, { services });
  await app.register(assignmentRoutes, { services });
  await app.register(monitorRoutes, { services });
  await app.register(allocationRoutes, { services });

  app.get('/api/docs/json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
    app.swagger(),
  );
  app.get('/api/docs', { schema: { hide: true }, config: { access: 'public' } }, async () =>
    ok({ openapi: '/api/docs/json' }),
  );

  // The demo flow: simulated gates post through the real flow endpoint (ServerEnv.demoFlow).
  if (env.demoFlow && !database.url) {
    const feed = new DemoGateFeed(
      services.scenic,
      services.clock,
      (spotId, key, body) =>
        app.inject({
          method: 'POST',
          url: `/api/scenic/spots/${spotId}/flow`,
          headers: { [SCENIC_GATE_KEY_HEADER]: key, 'user-agent': 'demo gate feed' },
          payload: body,
        }),
      app.log,
    );
    app.addHook('onReady', async () => {
      feed.start().catch((err: unknown) => app.log.warn({ err }, 'demo gate feed: not started'));
    });
    app.addHook('preClose', async () => feed.stop());
  }

  await app.register(staticPlugin, { hostDist: env.hostDist, sectionsDir: env.sectionsDir });
  return { app, services };
}
