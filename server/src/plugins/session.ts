// Resolves the session cookie to the signed-in user (architecture.md, "Sessions"): a random
// token in an HttpOnly cookie, stored hashed, with idle and absolute timeouts from config.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/types';
import { sha256 } from '../lib/crypto';
import type { SystemConfigService } from '../modules/system-config/service';
import { deleteSession, findSession, touchSession } from '../modules/auth/queries';

export const SESSION_COOKIE = 'tc_session';
// lastSeenAt is written at most this often, not on every request.
const TOUCH_EVERY_MS = 60_000;

export interface AuthContext {
  sessionId: number;
  userId: number;
  username: string;
  role: string;
  permissions: string[];
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

export const sessionPlugin = fp<{ db: Db; config: SystemConfigService }>(
  async (app, { db, config }) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (req) => {
      req.auth = null;
      if (!req.url.startsWith('/api/')) return;
      const token = req.cookies[SESSION_COOKIE];
      if (!token || token.length > 128) return;
      const row = await findSession(db, sha256(token));
      if (!row) return;
      const now = Date.now();
      const { 'session.idleMinutes': idle, 'session.absoluteMinutes': absolute } =
        await config.all();
      const expired =
        now - row.lastSeenAt.getTime() > idle * 60_000 ||
        now - row.createdAt.getTime() > absolute * 60_000;
      if (expired || !row.enabled || !row.activeRole) {
        await deleteSession(db, row.id);
        return;
      }
      const permissions = row.heldRoleId === null ? [] : (row.permissions ?? []);
      req.auth = {
        sessionId: row.id,
        userId: row.userId,
        username: row.username,
        role: row.activeRole,
        permissions,
      };
      if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await touchSession(db, row.id, new Date(now));
      }
    });
  },
);
