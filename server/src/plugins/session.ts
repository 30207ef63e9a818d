// Resolves the session cookie to the signed-in user (architecture.md, "Sessions"): a random
// token in an HttpOnly cookie, stored hashed, with idle and absolute timeouts from config.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/types';
import type { EventBus } from '../events/bus';
import { sha256 } from '../lib/crypto';
import type { SystemConfigService } from '../modules/system-config/service';
import { deleteSession, findSession, touchSession } from '../modules/auth/queries';
import { SessionCache } from './session-cache';

export const SESSION_COOKIE = 'tc_session';
// lastSeenAt is written at most this often, not on every request.
const TOUCH_EVERY_MS = 60_000;

export interface AuthContext {
  sessionId: number;
  userId: number;
  username: string;
  role: string;
  permissions: string[];
  /** A one-time password is still to be changed: the session may call little else (authorize.ts). */
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

export const sessionPlugin = fp<{ db: Db; config: SystemConfigService; events: EventBus }>(
  async (app, { db, config, events }) => {
    const cache = new SessionCache<SessionRow>((tokenHash) => findSession(db, tokenHash));
    const unsubscribe = [
      events.subscribe((event) => cache.onEvent(event)),
      // A sign-out holds for the very next request on this instance, before LISTEN hears it.
      events.onCommitted?.((event) => cache.onEvent(event)),
      events.onReconnect?.(() => cache.clear()),
    ];
    app.addHook('onClose', async () => {
      for (const off of unsubscribe) off?.();
    });

    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (req) => {
      req.auth = null;
      if (!req.url.startsWith('/api/')) return;
      const token = req.cookies[SESSION_COOKIE];
      if (!token || token.length > 128) return;
      const tokenHash = sha256(token);
      const now = Date.now();
      const { 'session.idleMinutes': idle, 'session.absoluteMinutes': absolute } =
        await config.all();
      const refused = (row: SessionRow) =>
        now - row.lastSeenAt.getTime() > idle * 60_000 ||
        now - row.createdAt.getTime() > absolute * 60_000 ||
        !row.enabled ||
        !row.activeRole;
      let row = await cache.get(tokenHash);
      // A kept session is read again before it is refused (another instance may have seen it
      // since, or the user been enabled again).
      if (row && refused(row)) row = await cache.reload(tokenHash);
      if (!row) return;
      const role = row.activeRole;
      if (refused(row) || !role) {
        await deleteSession(db, row.id);
        cache.forget(tokenHash);
        return;
      }
      const permissions = row.heldRoleId === null ? [] : (row.permissions ?? []);
      req.auth = {
        sessionId: row.id,
        userId: row.userId,
        username: row.username,
        role,
        permissions,
        mustChangePassword: row.mustChangePassword,
      };
      if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        const seen = new Date(now);
        await touchSession(db, row.id, seen);
        cache.update(tokenHash, (kept) => ({ ...kept, lastSeenAt: seen }));
      }
    });
  },
);
