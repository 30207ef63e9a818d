// Live events (issue #16, part 1): what the services publish after their transaction commits,
// what travels between server instances (PostgreSQL LISTEN/NOTIFY: 8 000 bytes at most), and
// what `GET /api/events` streams to a browser. Payloads stay small — a type and ids; a receiver
// reads what it needs through the ordinary API (the browser: by invalidating cached queries).
import { z } from 'zod';
import type { Permission } from './permissions';
import { idSchema } from './validation';

/** The lines a spot's load can cross: the configured warning percent, and 100 %. */
export const SPOT_LOAD_LINES = ['warning', 'full'] as const;
export type SpotLoadLine = (typeof SPOT_LOAD_LINES)[number];

const ids = z.array(idSchema).max(1000);

/**
 * Why a session ended, as its open pages are told (issue 26 item 15): an administrator
 * disabled, deleted or reset the account, or ended that session; `ended` covers the rest
 * (signed out elsewhere, expired, a restore).
 */
export const SESSION_END_REASONS = [
  'disabled',
  'deleted',
  'password_reset',
  'revoked',
  'ended',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** Every event a service may publish; `message.created` names its recipients (or `'all'`). */
export const liveEventSchema = z.discriminatedUnion('type', [
  /** New messages in the message box: a notice (`'all'`), a todo, a message. */
  z.object({ type: z.literal('message.created'), userIds: z.union([ids, z.literal('all')]) }),
  /** A team moved along its lifecycle (planned → confirmed → ongoing → finished / cancelled). */
  z.object({ type: z.literal('team.status.changed'), teamId: idSchema }),
  /** A guide assigned to a team, or the assignment removed. */
  z.object({ type: z.literal('team.assignment.made'), teamId: idSchema, guideId: idSchema }),
  z.object({ type: z.literal('team.assignment.removed'), teamId: idSchema, guideId: idSchema }),
  /** A flow reading changed a spot's in-park count (streamed at most once per spot a second). */
  z.object({ type: z.literal('scenic.load.changed'), spotId: idSchema }),
  /** The load crossed the warning line or 100 %, upwards or back down. */
  z.object({
    type: z.literal('scenic.load.crossed'),
    spotId: idSchema,
    line: z.enum(SPOT_LOAD_LINES),
    direction: z.enum(['up', 'down']),
  }),
  /** A maintenance window came into force, or ended (or was removed while in force). */
  z.object({ type: z.literal('scenic.maintenance.started'), spotId: idSchema, windowId: idSchema }),
  z.object({ type: z.literal('scenic.maintenance.ended'), spotId: idSchema, windowId: idSchema }),
  /** A dispatch chat message was posted. */
  z.object({ type: z.literal('chat.message.created'), messageId: idSchema }),
  /**
   * Server-internal (never streamed): the sessions of these users changed — signed out, role
   * switched, password changed, user disabled — so their open streams are checked again. A
   * stream whose session has ended is told `session.ended` with the reason, then closed.
   */
  z.object({
    type: z.literal('session.changed'),
    userIds: ids,
    reason: z.enum(SESSION_END_REASONS).optional(),
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];

/** Types a browser can receive (everything but the server-internal ones). */
export type StreamedEventType = Exclude<LiveEventType, 'session.changed'>;

/**
 * Who receives each event type on `GET /api/events`: the holders of a permission, or only the
 * message's recipients. `null`: never streamed.
 */
export const LIVE_EVENT_ACCESS: Record<LiveEventType, Permission | 'recipient' | null> = {
  'message.created': 'recipient',
  'team.status.changed': 'team:read',
  'team.assignment.made': 'team:read',
  'team.assignment.removed': 'team:read',
  'scenic.load.changed': 'scenic:read',
  'scenic.load.crossed': 'scenic:read',
  'scenic.maintenance.started': 'scenic:read',
  'scenic.maintenance.ended': 'scenic:read',
  'chat.message.created': 'monitor:view',
  'session.changed': null,
};

/**
 * One streamed event as the browser sees it (the SSE `data:` line, JSON): the type and ids,
 * without the recipient list. `resync`: the stream could not resume from `Last-Event-ID`
 * (the backlog moved on, or another server instance answered), so every cached read may be
 * stale.
 */
export type StreamedEvent =
  | Exclude<LiveEvent, { type: 'message.created' | 'session.changed' }>
  | { type: 'message.created' }
  | { type: 'resync' };

/**
 * What a stream's frame carries: an event, or `session.ended` — the stream's own session ended
 * (its last frame before it closes); the page signs out and says why, and no listener sees it.
 */
export type StreamFrame = StreamedEvent | { type: 'session.ended'; reason: SessionEndReason };

/** Streaming limits, shared by the server and the client's reconnect logic. */
export const LIVE_STREAM = {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: 15_000,
  /** Events kept per server instance for `Last-Event-ID` resume. */
  backlog: 1_000,
  /** A client that has this much unsent data is too slow and is dropped. */
  maxBufferedBytes: 256 * 1024,
  /** At most one `scenic.load.changed` per spot in this period. */
  loadCoalesceMs: 1_000,
  /** Open streams are checked against their session at least this often. */
  sessionRecheckMs: 30_000,
  /** The client's reconnect back-off: first delay and ceiling. */
  retryMinMs: 1_000,
  retryMaxMs: 30_000,
} as const;
