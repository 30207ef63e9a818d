import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  messageListQuery,
  messageListResult,
  messageReadAllBody,
  messageReadBody,
  noticePublishBody,
  noticePublished,
  unreadCounts,
} from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';

export const messageRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { messages } = services;

  app.get(
    '/api/message/list',
    {
      schema: {
        tags: ['message'],
        querystring: messageListQuery,
        response: { 200: envelopeOf(messageListResult) },
      },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await messages.list(req.auth!.userId, req.query, req.locale)),
  );

  app.get(
    '/api/message/unread',
    {
      schema: { tags: ['message'], response: { 200: envelopeOf(unreadCounts) } },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await messages.unread(req.auth!.userId)),
  );

  // Seed §7: body `{ ids }`, answers `true`.
  app.post(
    '/api/message/read',
    {
      schema: {
        tags: ['message'],
        body: messageReadBody,
        response: { 200: envelopeOf(z.literal(true)) },
      },
      config: { access: 'authenticated', auditAction: 'message.read' },
    },
    async (req) => {
      await messages.read(req.auth!.userId, req.body.ids);
      return ok(true);
    },
  );

  app.post(
    '/api/message/read-all',
    {
      schema: {
        tags: ['message'],
        body: messageReadAllBody.optional(),
        response: { 200: envelopeOf(z.number()) },
      },
      config: { access: 'authenticated', auditAction: 'message.readAll' },
    },
    async (req) => {
      return ok(await messages.readAll(req.auth!.userId, req.body?.type));
    },
  );

  app.post(
    '/api/message/notice',
    {
      schema: {
        tags: ['message'],
        body: noticePublishBody,
        response: { 200: envelopeOf(noticePublished) },
      },
      config: { access: 'message:publish', auditAction: 'message.notice.publish' },
    },
    async (req) => {
      req.audit.entityType = 'notice';
      return ok({ recipients: await messages.publishNotice(req.auth!.userId, req.body) });
    },
  );
};
