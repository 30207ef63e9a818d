// Every mutating /api request leaves an audit row (product.md, "Audit trail").
// A write that commits records its row inside its own transaction (modules/audit/writer.ts,
// `recordAudit`), so the change and its row commit together or not at all; this plugin opens
// the request's audit context (who, where, which request) for it. A refused request (4xx/5xx:
// no business transaction committed) gets its row here, before the answer leaves (onSend),
// described by what the handler put in `req.audit` before it failed.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FieldChange } from '../modules/audit/schema';
import { appendAudit } from '../modules/audit/queries';
import { closeAuditContext, runWithAuditContext, type AuditContext } from '../modules/audit/writer';
import type { Db } from '../db/types';

export interface AuditInfo {
  entityType?: string;
  entityId?: string | number;
  diff?: Record<string, FieldChange> | null;
  /** Identity for requests made before a session exists (a refused sign-in). */
  username?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What a refused write was about, for its audit row. */
    audit: AuditInfo;
    auditContext: AuditContext | null;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const audited = (req: FastifyRequest) =>
  MUTATING.has(req.method) &&
  req.url.startsWith('/api/') &&
  req.routeOptions.config?.audit !== false;

export const auditPlugin = fp<{ db: Db }>(async (app, { db }) => {
  app.decorateRequest('audit', null as unknown as AuditInfo);
  app.decorateRequest('auditContext', null);
  app.addHook('onRequest', (req, _reply, done) => {
    req.audit = {};
    req.auditContext = null;
    done();
  });
  // After the session is known: the handler (and the services it calls) run in the context.
  app.addHook('preHandler', (req, reply, done) => {
    if (!audited(req)) return done();
    const auth = req.auth;
    const ctx: AuditContext = {
      action: (
        req.routeOptions.config?.auditAction ?? `${req.method} ${req.routeOptions.url ?? req.url}`
      ).slice(0, 64),
      userId: auth?.userId ?? null,
      username: (auth?.username ?? '').slice(0, 64),
      role: auth?.role ?? '',
      requestId: String(req.id),
      ip: req.ip,
      userAgent: (req.headers['user-agent'] ?? '').slice(0, 512),
      startedAt: performance.now() - reply.elapsedTime,
      recorded: false,
    };
    req.auditContext = ctx;
    runWithAuditContext(ctx, done);
  });
  // The context closes once the request is over, answered or abandoned, and only once.
  // (Hooks in callback style: most requests have nothing to do here, and a hook returning a
  // promise costs one on every request.)
  const closedContexts = new WeakSet<AuditContext>();
  const close = (req: FastifyRequest) => {
    const ctx = req.auditContext;
    if (!ctx || closedContexts.has(ctx)) return;
    closedContexts.add(ctx);
    closeAuditContext();
  };
  app.addHook('onResponse', (req, _reply, done) => {
    close(req);
    done();
  });
  app.addHook('onRequestAbort', (req, done) => {
    close(req);
    done();
  });
  /** The audit row of a write whose transaction recorded none (refused, or no change). */
  const recordRefused = async (req: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode < 400) {
      // A write that succeeded changed nothing (e.g. signing out without a session):
      // there was no transaction to record it in.
      req.log.debug({ url: req.url }, 'write recorded no change');
    }
    const info = req.audit ?? {};
    const auth = req.auth;
    const ctx = req.auditContext;
    try {
      await appendAudit(db, {
        at: new Date(),
        userId: auth?.userId ?? null,
        username: (auth?.username ?? info.username ?? '').slice(0, 64),
        role: auth?.role ?? '',
        action: (
          ctx?.action ??
          req.routeOptions.config?.auditAction ??
          `${req.method} ${req.routeOptions.url ?? req.url}`
        ).slice(0, 64),
        entityType: info.entityType ?? '',
        entityId: info.entityId === undefined ? '' : String(info.entityId).slice(0, 64),
        diff: info.diff ?? null,
        requestId: String(req.id),
        ip: req.ip,
        userAgent: (req.headers['user-agent'] ?? '').slice(0, 512),
        result: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
      });
    } catch (err) {
      req.log.error({ err }, 'audit write failed');
    }
  };
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!audited(req) || req.auditContext?.recorded) return done(null, payload);
    recordRefused(req, reply).then(
      () => done(null, payload),
      (err: Error) => done(err),
    );
  });
});
