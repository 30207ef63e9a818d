// `GET /api/events`: the live stream (Server-Sent Events) of the signed-in session (issue #16,
// part 1). Which events arrive is decided per event by the session's permissions
// (`LIVE_EVENT_ACCESS` in the shared contract); the stream closes when the session ends.
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services';
import { LiveHub, type HubOptions } from './hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live-event fan-out (tests and the bench reach it here). */
    liveHub: LiveHub;
  }
}

/**
 * `lastEventId`: where to resume, for clients that open a new EventSource (they cannot set the
 * `Last-Event-ID` header, which wins when both are sent). Anything else is refused (400).
 */
const eventsQuery = z.strictObject({ lastEventId: z.string().max(64).optional() });

const plugin: FastifyPluginAsyncZod<{ services: Services; hub?: HubOptions }> = async (
  app,
  { services, hub: hubOptions },
) => {
  const hub = new LiveHub(services.events, (ids) => services.auth.liveSessions(ids), hubOptions);
  app.decorate('liveHub', hub);
  // Open streams never end by themselves: end them before the server waits for its connections.
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => hub.close());

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Live events of the session (text/event-stream)',
        querystring: eventsQuery,
      },
      config: { access: 'authenticated' },
    },
    async (req, reply) => {
      const auth = req.auth!;
      const header = req.headers['last-event-id'];
      const lastEventId = typeof header === 'string' ? header : req.query.lastEventId;
      // Headers set so far (security headers, request id) go out with the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      hub.attach(
        reply.raw,
        { sessionId: auth.sessionId, userId: auth.userId, permissions: auth.permissions },
        lastEventId?.slice(0, 64),
      );
    },
  );
};

export const eventRoutes = fp(plugin, { name: 'live-events' });
