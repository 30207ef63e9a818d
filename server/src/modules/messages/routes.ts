import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageListQuery,
  messageReadAllBody,
  messageReadBody,
  noticePublishBody,
} from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';
import { auditChange } from '../../plugins/audit';

export const messageRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { messages } = services;

  app.get(
    '/api/message/list',
    {
      schema: { tags: ['message'], querystring: messageListQuery },
      config: { access: 'authenticated' },
    },
    async (req) => ok(await messages.list(req.auth!.userId, req.query)),
  );

  app.get(
    '/api/message/unread',
    { schema: { tags: ['message'] }, config: { access: 'authenticated' } },
    async (req) => ok(await messages.unread(req.auth!.userId)),
  );

  // Seed §7: body `{ ids }`, answers `true`.
  app.post(
    '/api/message/read',
    {
      schema: { tags: ['message'], body: messageReadBody },
      config: { access: 'authenticated', auditAction: 'message.read' },
    },
    async (req) => {
      const changed = await messages.read(req.auth!.userId, req.body.ids);
      auditChange(
        req,
        'message',
        changed.join(',').slice(0, 64),
        changed.length ? { status: { before: 0, after: 1 } } : null,
      );
      return ok(true);
    },
  );

  app.post(
    '/api/message/read-all',
    {
      schema: { tags: ['message'], body: messageReadAllBody.optional() },
      config: { access: 'authenticated', auditAction: 'message.readAll' },
    },
    async (req) => {
      const type = req.body?.type;
      const n = await messages.readAll(req.auth!.userId, type);
      req.audit.entityType = 'message';
      req.audit.entityId = type ?? '*';
      req.audit.diff = n
        ? { status: { before: 0, after: 1 }, count: { before: null, after: n } }
        : null;
      return ok(n);
    },
  );

  app.post(
    '/api/message/notice',
    {
      schema: { tags: ['message'], body: noticePublishBody },
      config: { access: 'message:publish', auditAction: 'message.notice.publish' },
    },
    async (req) => {
      const recipients = await messages.publishNotice(req.auth!.userId, req.body);
      req.audit.entityType = 'notice';
      req.audit.diff = {
        title: { before: null, after: req.body.title },
        content: { before: null, after: req.body.content },
        recipients: { before: null, after: recipients },
      };
      return ok({ recipients });
    },
  );
};
