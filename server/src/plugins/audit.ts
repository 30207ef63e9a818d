// Every mutating /api request writes an audit row when it completes (product.md,
// "Audit trail"). Handlers describe the change with `req.audit`; the plugin adds who, where,
// the result and the duration. The row is written before the answer leaves (onSend), so a
// caller that reads the trail right after a write finds it.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { FieldChange } from '../modules/audit/schema';
import { appendAudit } from '../modules/audit/queries';
import type { Db } from '../db/types';

export interface AuditInfo {
  action?: string;
  entityType?: string;
  entityId?: string | number;
  diff?: Record<string, FieldChange> | null;
  /** Identity for requests made before a session exists (login). */
  username?: string;
  userId?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    audit: AuditInfo;
  }
}

/** Describes the record a write changed, for its audit row. */
export function auditChange(
  req: FastifyRequest,
  entityType: string,
  entityId: string | number,
  diff: Record<string, FieldChange> | null,
): void {
  req.audit.entityType = entityType;
  req.audit.entityId = entityId;
  req.audit.diff = diff;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const auditPlugin = fp<{ db: Db }>(async (app, { db }) => {
  app.decorateRequest('audit', null as unknown as AuditInfo);
  app.addHook('onRequest', async (req) => {
    req.audit = {};
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (!MUTATING.has(req.method) || !req.url.startsWith('/api/')) return payload;
    if (req.routeOptions.config?.audit === false) return payload;
    const info = req.audit ?? {};
    const auth = req.auth;
    const routeAction = req.routeOptions.config?.auditAction;
    try {
      await appendAudit(db, {
        at: new Date(),
        userId: auth?.userId ?? info.userId ?? null,
        username: (auth?.username ?? info.username ?? '').slice(0, 64),
        role: auth?.role ?? '',
        action: (
          info.action ??
          routeAction ??
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
    return payload;
  });
});
