// The monitor API (issue #16 part 3), all behind `monitor:view`: the load board, a spot's
// panels, and the dispatch chat (history by keyset, send, star per user). Chat sends are
// audited in their transaction and rate limited per user (CHAT_LIMITS.sendPerMinute).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAT_LIMITS,
  chatListQuery,
  chatMessage,
  chatMessageParams,
  chatPage,
  chatSendBody,
  chatStarBody,
  envelopeOf,
  monitorBoard,
  monitorSpotPanel,
  monitorSpotParams,
} from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';

const tags = ['monitor'];

export const monitorRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { monitor } = services;

  app.get(
    '/api/monitor/board',
    {
      schema: { tags, response: { 200: envelopeOf(monitorBoard) } },
      config: { access: 'monitor:view' },
    },
    async () => ok(await monitor.board()),
  );

  app.get(
    '/api/monitor/spots/:id',
    {
      schema: { tags, params: monitorSpotParams, response: { 200: envelopeOf(monitorSpotPanel) } },
      config: { access: 'monitor:view' },
    },
    async (req) => ok(await monitor.spotPanel(req.params.id)),
  );

  app.get(
    '/api/monitor/chat',
    {
      schema: { tags, querystring: chatListQuery, response: { 200: envelopeOf(chatPage) } },
      config: { access: 'monitor:view' },
    },
    async (req) => ok(await monitor.chatHistory(req.auth!.userId, req.query)),
  );

  app.get(
    '/api/monitor/chat/:id',
    {
      schema: { tags, params: chatMessageParams, response: { 200: envelopeOf(chatMessage) } },
      config: { access: 'monitor:view' },
    },
    async (req) => ok(await monitor.chatMessage(req.auth!.userId, req.params.id)),
  );

  app.post(
    '/api/monitor/chat',
    {
      schema: { tags, body: chatSendBody, response: { 200: envelopeOf(chatMessage) } },
      config: {
        access: 'monitor:view',
        auditAction: 'monitor.chat.send',
        rateLimit: {
          max: CHAT_LIMITS.sendPerMinute,
          timeWindow: '1 minute',
          // Per sender (the session is known by now), so colleagues behind one NAT are apart.
          keyGenerator: (req) => (req.auth ? `chat:${req.auth.userId}` : `chat:${req.ip}`),
        },
      },
    },
    async (req) => {
      req.audit.entityType = 'chat_message';
      const { userId, username } = req.auth!;
      return ok(await monitor.sendChat({ userId, username }, req.body.content));
    },
  );

  app.put(
    '/api/monitor/chat/:id/star',
    {
      schema: {
        tags,
        params: chatMessageParams,
        body: chatStarBody,
        response: { 200: envelopeOf(chatMessage) },
      },
      config: { access: 'monitor:view', auditAction: 'monitor.chat.star' },
    },
    async (req) => {
      req.audit.entityType = 'chat_message';
      req.audit.entityId = req.params.id;
      return ok(await monitor.setStar(req.auth!.userId, req.params.id, req.body.starred));
    },
  );
};
