import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  envelopeOf,
  loginBody,
  ownSession,
  serverMenuItem,
  switchRoleBody,
} from '@console/shared';
import type { Services } from '../../services';
import { userInfoAnswer } from './service';
import { sendCheckedJson } from '../../plugins/response-json';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../plugins/session';
import { ok } from '../../lib/envelope';
import { serverMenu } from './menu';

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { auth } = services;

  app.post(
    '/api/user/login',
    {
      schema: { tags: ['user'], body: loginBody, response: { 200: userInfoAnswer } },
      config: {
        access: 'public',
        auditAction: 'user.login',
        // Per-source throttle on top of the per-account lock (README, "Sign-in throttling").
        rateLimit: { max: 30, timeWindow: '1 minute' },
      },
    },
    async (req, reply) => {
      req.audit.username = req.body.username;
      req.audit.entityType = 'user';
      const result = await auth.login(
        req.body.username,
        req.body.password,
        { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' },
        req.cookies[SESSION_COOKIE],
      );
      setSessionCookie(req, reply, result.token);
      return ok(await auth.info(result.userId, result.role, result.sessionId));
    },
  );

  app.post(
    '/api/user/logout',
    {
      schema: { tags: ['user'], response: { 200: envelopeOf(z.literal(true)) } },
      config: { access: 'public', auditAction: 'user.logout' },
    },
    async (req, reply) => {
      if (req.auth) await auth.logout(req.auth.userId, req.auth.sessionId);
      clearSessionCookie(reply);
      return ok(true);
    },
  );

  app.get(
    '/api/user/info',
    {
      schema: { tags: ['user'], response: { 200: userInfoAnswer } },
      config: { access: 'authenticated', beforePasswordChange: true },
    },
    // Every page asks it first: the answer is kept checked and serialized (auth/service.ts).
    async (req, reply) =>
      sendCheckedJson(
        reply,
        await auth.infoAnswer(req.auth!.userId, req.auth!.role, req.auth!.sessionId),
      ),
  );

  app.post(
    '/api/user/menu',
    {
      // The seed's call has no payload (seed §7); anything else is refused.
      schema: {
        tags: ['user'],
        body: z.strictObject({}).nullish(),
        response: { 200: envelopeOf(z.array(serverMenuItem)) },
      },
      // The shell draws its menu around the password change screen.
      config: { access: 'authenticated', audit: false, beforePasswordChange: true },
    },
    async (req) => ok(serverMenu(await services.sections.pins(), req.auth!.permissions)),
  );

  app.post(
    '/api/user/switch-role',
    {
      schema: { tags: ['user'], body: switchRoleBody, response: { 200: userInfoAnswer } },
      config: { access: 'authenticated', auditAction: 'user.switchRole' },
    },
    async (req) => {
      await auth.switchRole(req.auth!.userId, req.auth!.sessionId, req.auth!.role, req.body.role);
      return ok(await auth.info(req.auth!.userId, req.body.role, req.auth!.sessionId));
    },
  );

  app.post(
    '/api/user/password',
    {
      schema: {
        tags: ['user'],
        body: changePasswordBody,
        response: { 200: envelopeOf(z.literal(true)) },
      },
      config: {
        access: 'authenticated',
        auditAction: 'user.changePassword',
        beforePasswordChange: true,
      },
    },
    async (req) => {
      req.audit.entityType = 'user';
      req.audit.entityId = req.auth!.userId;
      await auth.changePassword(
        req.auth!.userId,
        req.auth!.sessionId,
        req.body.oldPassword,
        req.body.newPassword,
      );
      return ok(true);
    },
  );

  app.get(
    '/api/user/sessions',
    {
      schema: { tags: ['user'], response: { 200: envelopeOf(z.array(ownSession)) } },
      config: { access: 'authenticated' },
    },
    async (req) => {
      const rows = await auth.listSessions(req.auth!.userId);
      return ok(rows.map((r) => ({ ...r, current: r.id === req.auth!.sessionId })));
    },
  );

  app.post(
    '/api/user/sessions/sign-out-others',
    {
      // A POST without a payload arrives with a null body.
      schema: {
        tags: ['user'],
        body: z.strictObject({}).nullish(),
        response: { 200: envelopeOf(z.literal(true)) },
      },
      // A sign-out, offered on the same security tab as the change.
      config: {
        access: 'authenticated',
        auditAction: 'user.signOutOthers',
        beforePasswordChange: true,
      },
    },
    async (req) => {
      req.audit.entityType = 'user';
      req.audit.entityId = req.auth!.userId;
      await auth.signOutOthers(req.auth!.userId, req.auth!.sessionId);
      return ok(true);
    },
  );
};
