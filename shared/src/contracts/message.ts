// Per-user messages (product.md, "Messages"; seed §3 message shape, §7 list/read calls).
import { z } from 'zod';
import type { Locale, Localized } from './locale';
import { textSchema, idSchema, pageQueryFields, multilineTextSchema } from './validation';

export const MESSAGE_TYPES = ['message', 'notice', 'todo'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Seed §3/§4: 0 unread, 1 read. */
export const MESSAGE_STATUS = { unread: 0, read: 1 } as const;
export const messageStatus = z.union([z.literal(0), z.literal(1)]);
export type MessageStatus = z.infer<typeof messageStatus>;

export const NOTICE_TITLE_MAX = 200;
export const NOTICE_CONTENT_MAX = 2000;

export const messageListQuery = z.strictObject({
  type: z.enum(MESSAGE_TYPES).optional(),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, 'status must be 0 or 1')
    .optional(),
  ...pageQueryFields({ size: 10, max: 100 }),
});
export type MessageListQuery = z.infer<typeof messageListQuery>;

export const messageReadBody = z.strictObject({
  ids: z.array(idSchema).min(1).max(500),
});
export type MessageReadBody = z.infer<typeof messageReadBody>;

export const messageReadAllBody = z.strictObject({
  type: z.enum(MESSAGE_TYPES).optional(),
});
export type MessageReadAllBody = z.infer<typeof messageReadAllBody>;

/** An admin's notice in zh-CN, with an optional English version for en-US readers. */
export const noticePublishBody = z.strictObject({
  title: textSchema().trim().min(1, 'required').max(NOTICE_TITLE_MAX),
  content: multilineTextSchema().trim().min(1, 'required').max(NOTICE_CONTENT_MAX),
  titleEn: textSchema().trim().max(NOTICE_TITLE_MAX).default(''),
  contentEn: multilineTextSchema().trim().max(NOTICE_CONTENT_MAX).default(''),
});
export type NoticePublishBody = z.infer<typeof noticePublishBody>;
/** What a client sends (the English fields may be left out). */
export type NoticePublishInput = z.input<typeof noticePublishBody>;

/** One message as the seed's sample data shapes it. */
export const messageItem = z.object({
  id: z.number(),
  type: z.enum(MESSAGE_TYPES),
  title: z.string(),
  subTitle: z.string(),
  avatar: z.string(),
  content: z.string(),
  time: z.string(),
  status: messageStatus,
  messageType: z.number().nullable(),
  /** Template code of a system message (title/subTitle/content are rendered from it). */
  template: z.string().nullable(),
  params: z.record(z.string(), z.unknown()).nullable(),
});
export type MessageItem = z.infer<typeof messageItem>;

/** Unread messages per type (the tabs and the bell). */
export const unreadCounts = z.record(z.enum(MESSAGE_TYPES), z.number());
export type UnreadCounts = z.infer<typeof unreadCounts>;

/** `GET /api/message/list`: the page plus unread counts per type (for the tabs and bell). */
export const messageListResult = z.object({
  list: z.array(messageItem),
  total: z.number(),
  unread: unreadCounts,
});
export type MessageListResult = z.infer<typeof messageListResult>;

/** `POST /api/message/notice`: how many users received the notice. */
export const noticePublished = z.object({ recipients: z.number() });

// ---- System messages in the reader's language (issue #18 item 4) ----

const m = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

/** Parts of a message a template may write; a part it leaves out is the stored text. */
interface MessageTemplate {
  title?: Localized;
  subTitle?: Localized;
  content?: Localized;
}

/** The todo for the dispatchers of a team whose assigned guide changed to a status. */
function guideStatusTodo(zh: string, en: string): MessageTemplate {
  return {
    title: m('团队 {team} 的导游需要处理', 'Team {team}: its guide needs attention'),
    subTitle: m(`{guide}（{code}）状态变为${zh}`, `{guide} ({code}) is now ${en}`),
    content: m(
      `导游 {guide}（{code}）状态变为${zh}，但仍分配在团队 {team}（{from} 至 {to}）。请替换导游或确认安排。`,
      `The guide {guide} ({code}) is now ${en} but still assigned to team {team} ({from} to {to}). Replace the guide or confirm the arrangement.`,
    ),
  };
}

/**
 * System messages are stored as a template code plus parameters and rendered in the
 * reader's language, by the server for its answers and by the host when the language
 * changes. `{name}` placeholders take the message's parameters.
 */
export const MESSAGE_TEMPLATES = {
  /** Daily licence-expiry todo (product.md, "Messages"). */
  'guide.licenceExpiring': {
    title: m('导游证即将到期：{name}（{code}）', 'Licence expiring: {name} ({code})'),
    subTitle: m('{expiry} 到期', 'Expires on {expiry}'),
    content: m(
      '导游 {name}（{code}）的导游证 {licenceNo} 将于 {expiry} 到期，请及时办理换证。',
      'The licence {licenceNo} of {name} ({code}) expires on {expiry}; arrange its renewal.',
    ),
  },
  'guide.licencesExpiringSummary': {
    title: m('导游证即将到期', 'Licences expiring'),
    subTitle: m(
      '{count} 名导游的导游证将在 30 天内到期',
      '{count} guide licences expire within 30 days',
    ),
    content: m('请提醒导游及时办理导游证续期。', 'Remind the guides to renew their licences.'),
  },
  'guide.profilesApproved': {
    subTitle: m('导游资料已审核', 'Guide profiles approved'),
    content: m(
      '新录入的 {count} 名导游资料已审核通过。',
      'The {count} newly entered guide profiles were approved.',
    ),
  },
  'team.itineraryUpdated': {
    subTitle: m('团队 {team} 的行程已更新', 'The itinerary of team {team} was updated'),
    content: m(
      '请确认第二天故宫的入园时间。',
      'Please confirm the entry time at the Palace Museum on day two.',
    ),
  },
  'team.guideUnassigned': {
    title: m('待分配导游', 'Guide to allocate'),
    subTitle: m('团队 48 小时内出发仍未分配导游', 'A team leaving within 48 hours has no guide'),
    content: m('请尽快为即将出发的团队分配导游。', 'Allocate a guide to the departing team soon.'),
  },
  /** A pending team starting within 48 hours (issue #13 point 10): one per team and holder. */
  'team.pendingSoon': {
    title: m('待分配导游：{code}', 'Guide to allocate: {code}'),
    subTitle: m('{start} 出发，仍未分配导游', 'Leaves on {start} without a guide'),
    content: m(
      '团队 {name}（{code}）将于 {start} 出发，仍为待分配状态，请尽快分配导游。',
      'Team {name} ({code}) leaves on {start} and is still waiting; allocate a guide soon.',
    ),
  },
  // A guide assigned to a team became unavailable (issue #13 point 8): the dispatchers decide.
  'team.guideStatus.on_leave': guideStatusTodo('休假', 'on leave'),
  'team.guideStatus.suspended': guideStatusTodo('停用', 'suspended'),
  'team.guideStatus.inactive': guideStatusTodo('离职', 'inactive'),
  'team.guideLeaveAdded': {
    title: m('团队 {team} 的导游需要处理', 'Team {team}: its guide needs attention'),
    subTitle: m(
      '{guide}（{code}）{leaveFrom} 至 {leaveTo} 不可用',
      '{guide} ({code}) is unavailable from {leaveFrom} to {leaveTo}',
    ),
    content: m(
      '导游 {guide}（{code}）在 {leaveFrom} 至 {leaveTo} 不可用，与其在团队 {team} 的分配（{from} 至 {to}）重叠。请替换导游或确认安排。',
      'The guide {guide} ({code}) is unavailable from {leaveFrom} to {leaveTo}, overlapping the assignment to team {team} ({from} to {to}). Replace the guide or confirm the arrangement.',
    ),
  },
  /** A canary the server aborted on its error rate (issue 30), to every `system:sections` holder. */
  'sections.canaryAborted': {
    title: m(
      '灰度已自动回滚：{section} {version}（{environment}）',
      'Canary rolled back: {section} {version} ({environment})',
    ),
    subTitle: m(
      '错误率 {canaryRate}，固定版本 {pinned} 为 {pinnedRate}',
      'Error rate {canaryRate} against {pinnedRate} of the pinned {pinned}',
    ),
    content: m(
      '{environment} 环境中模块 {section} 的灰度版本 {version} 已自动中止：最近 {windowMinutes} 分钟内 {canarySessions} 个会话中有 {canaryErrorSessions} 个出错（{canaryRate}），固定版本 {pinned} 为 {pinnedErrorSessions}/{pinnedSessions}（{pinnedRate}），超出阈值 {margin} 个百分点。灰度用户将在下次切换页面时使用 {pinned}。主要错误：{errors}',
      'The canary {version} of {section} in {environment} was aborted by itself: in the last {windowMinutes} minutes {canaryErrorSessions} of its {canarySessions} sessions met an error ({canaryRate}) against {pinnedErrorSessions}/{pinnedSessions} ({pinnedRate}) on the pinned {pinned}, more than the {margin}-point margin. Its users get {pinned} on their next navigation. Top errors: {errors}',
    ),
  },
  'system.upgradeNotice': {
    title: m('系统升级通知', 'System upgrade'),
    content: m(
      '控制台将于本周六 22:00 至 23:00 升级维护，期间暂停服务。',
      'The console is upgraded this Saturday from 22:00 to 23:00 and unavailable meanwhile.',
    ),
  },
} as const satisfies Record<string, MessageTemplate>;

/** An admin's notice: its zh-CN text in title/content, its English in `titleEn`/`contentEn`. */
export const NOTICE_TEMPLATE = 'notice';

export type MessageTemplateCode = keyof typeof MESSAGE_TEMPLATES | typeof NOTICE_TEMPLATE;

export interface RenderableMessage {
  title: string;
  subTitle: string;
  content: string;
  template: string | null;
  params: Record<string, unknown> | null;
}

const fill = (text: string, params: Record<string, unknown>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key] ?? '') : whole,
  );

/** A message's title, subtitle and content in `locale` (stored text where no template says). */
export function renderMessage(
  msg: RenderableMessage,
  locale: Locale,
): Pick<RenderableMessage, 'title' | 'subTitle' | 'content'> {
  const params = msg.params ?? {};
  const stored = { title: msg.title, subTitle: msg.subTitle, content: msg.content };
  if (msg.template === NOTICE_TEMPLATE) {
    if (locale === 'zh-CN') return stored;
    const en = (key: string, zh: string) => {
      const v = params[key];
      return typeof v === 'string' && v.trim() ? v : zh;
    };
    return { ...stored, title: en('titleEn', msg.title), content: en('contentEn', msg.content) };
  }
  const template: MessageTemplate | undefined = msg.template
    ? (MESSAGE_TEMPLATES as Record<string, MessageTemplate>)[msg.template]
    : undefined;
  if (!template) return stored;
  return {
    title: template.title ? fill(template.title[locale], params) : msg.title,
    subTitle: template.subTitle ? fill(template.subTitle[locale], params) : msg.subTitle,
    content: template.content ? fill(template.content[locale], params) : msg.content,
  };
}

/**
 * The stored form of a system message: its template and parameters, plus the zh-CN text in
 * title/subTitle/content (what a reader without a renderer, e.g. a database query, sees).
 */
export function systemMessage(
  template: keyof typeof MESSAGE_TEMPLATES,
  params: Record<string, string | number>,
  stored: { title?: string; subTitle?: string; content?: string } = {},
) {
  const base = {
    title: stored.title ?? '',
    subTitle: stored.subTitle ?? '',
    content: stored.content ?? '',
    template,
    params,
  };
  return { ...base, ...renderMessage(base, 'zh-CN') };
}
