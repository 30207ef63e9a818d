// The admin's real-time monitor (issue #16 part 3): the live load board, a selected spot's
// panels and the dispatch chat among staff. Reads and writes need `monitor:view`; the chat's
// limits live here so the form and the server refuse the same messages.
import { z } from 'zod';
import { SCENIC_LOAD_BANDS, SCENIC_STATUSES } from './scenic';
import {
  idParam,
  idSchema,
  multilineTextSchema,
  pageSizeParam,
  registerValidationMessages,
} from './validation';
import type { Localized } from './locale';

// Live load board ---------------------------------------------------------------------------

/** Most spots the board answers in one call (far above a real operation's spot count). */
export const MONITOR_BOARD_MAX = 1000;

const loadShape = z.object({
  inPark: z.number(),
  /** Instantaneous capacity in force now (reduced inside a maintenance window). */
  capacity: z.number(),
  loadPercent: z.number(),
  band: z.enum(SCENIC_LOAD_BANDS),
  warning: z.boolean(),
  /** Time of the newest reading. */
  at: z.string().nullable(),
});

export const monitorBoardSpot = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  city: z.string(),
  status: z.enum(SCENIC_STATUSES),
  openTime: z.string(),
  closeTime: z.string(),
  instantCapacity: z.number(),
  load: loadShape,
  /** The maintenance window in force now, if any. */
  maintenance: z.object({ endAt: z.string(), capacity: z.number() }).nullable(),
});
export type MonitorBoardSpot = z.infer<typeof monitorBoardSpot>;

/** GET /api/monitor/board: every spot's load now, fullest first. */
export const monitorBoard = z.object({
  spots: z.array(monitorBoardSpot),
  /** Spots in the operation (more than `spots` only past MONITOR_BOARD_MAX). */
  total: z.number(),
  /** The configured warning line (system config `capacity.warningPercent`). */
  warningPercent: z.number(),
  at: z.string(),
});
export type MonitorBoard = z.infer<typeof monitorBoard>;

export const monitorSpotParams = z.strictObject({ id: idParam });

/** GET /api/monitor/spots/:id: the selected spot's info and status panels. */
export const monitorSpotPanel = z.object({
  spot: monitorBoardSpot.extend({
    grade: z.string(),
    province: z.string(),
    address: z.string(),
    dailyCapacity: z.number(),
    avgVisitMinutes: z.number(),
    reservationRequired: z.boolean(),
  }),
  /** Maintenance windows in force or ahead, soonest first. */
  windows: z.array(
    z.object({
      id: z.number(),
      startAt: z.string(),
      endAt: z.string(),
      reason: z.string(),
      capacity: z.number(),
      phase: z.enum(['current', 'upcoming', 'past']),
    }),
  ),
  /** Teams whose itinerary visits the spot today (operation's time zone). */
  plannedToday: z.array(
    z.object({
      teamId: z.number(),
      code: z.string(),
      name: z.string(),
      pax: z.number(),
      status: z.string(),
    }),
  ),
  /** Visitors that entered today so far. */
  entriesToday: z.number(),
});
export type MonitorSpotPanel = z.infer<typeof monitorSpotPanel>;

// Dispatch chat -----------------------------------------------------------------------------

export const CHAT_LIMITS = {
  /** Characters of one message (issue #16: "500 characters at most"). */
  contentMax: 500,
  pageSizeMax: 50,
  pageSizeDefault: 30,
  /** Messages one user may send per minute (the write's rate limit). */
  sendPerMinute: 30,
} as const;

export const CHAT_VALIDATION_MESSAGES = {
  chatTooLong: {
    'zh-CN': `消息最多 ${CHAT_LIMITS.contentMax} 个字符`,
    'en-US': `A message has at most ${CHAT_LIMITS.contentMax} characters`,
  },
  chatEmpty: { 'zh-CN': '请输入消息内容', 'en-US': 'Write a message first' },
} as const satisfies Record<string, Localized>;
registerValidationMessages(CHAT_VALIDATION_MESSAGES);

/** Characters as a person counts them (an emoji is one), the unit of the length limit. */
export const chatLength = (text: string) => [...text].length;

export const chatSendBody = z.strictObject({
  content: multilineTextSchema()
    .trim()
    .min(1, 'chatEmpty')
    .refine((v) => chatLength(v) <= CHAT_LIMITS.contentMax, 'chatTooLong'),
});
export type ChatSendBody = z.infer<typeof chatSendBody>;

/** A keyset page, newest first; `before`: the messages older than that id. */
export const chatListQuery = z.strictObject({
  before: idParam.optional(),
  pageSize: pageSizeParam({ size: CHAT_LIMITS.pageSizeDefault, max: CHAT_LIMITS.pageSizeMax }),
});
export type ChatListQuery = z.infer<typeof chatListQuery>;

export const chatMessageParams = z.strictObject({ id: idParam });
export const chatStarBody = z.strictObject({ starred: z.boolean() });

/** The seed's chat item (id, username, content, time, isCollect → `starred`, per reader). */
export const chatMessage = z.object({
  id: idSchema,
  userId: z.number().nullable(),
  username: z.string(),
  /** The sender's display name (their name, else the username). */
  name: z.string(),
  avatar: z.string(),
  content: z.string(),
  time: z.string(),
  starred: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** `next`: the cursor (`before`) of the older page; null when this is the oldest. */
export const chatPage = z.object({ list: z.array(chatMessage), next: z.number().nullable() });
export type ChatPage = z.infer<typeof chatPage>;
