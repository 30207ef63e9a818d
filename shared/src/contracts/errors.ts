// Stable error codes with their HTTP status and messages in both locales
// (product.md, "API conventions"). The server answers with these; clients may match on `error`.
import type { Localized } from './locale';

interface ErrorDef {
  status: number;
  code: number;
  msg: Localized;
}

const def = (status: number, code: number, zh: string, en: string): ErrorDef => ({
  status,
  code,
  msg: { 'zh-CN': zh, 'en-US': en },
});

export const ERRORS = {
  VALIDATION_FAILED: def(400, 40000, '请求参数不合法', 'The request is invalid'),
  MALFORMED_JSON: def(400, 40001, '请求体不是合法的 JSON', 'The request body is not valid JSON'),
  UNSUPPORTED_MEDIA_TYPE: def(415, 41500, '不支持的请求类型', 'Unsupported content type'),
  UNAUTHENTICATED: def(
    401,
    40100,
    '未登录或登录已过期，请重新登录',
    'Not signed in or the session has expired',
  ),
  INVALID_CREDENTIALS: def(401, 40101, '用户名或密码错误', 'Incorrect username or password'),
  WRONG_PASSWORD: def(400, 40002, '原密码错误', 'The current password is incorrect'),
  PASSWORD_POLICY: def(400, 40003, '密码不符合安全策略', 'The password does not meet the policy'),
  ACCOUNT_DISABLED: def(
    403,
    40301,
    '账号已被停用，请联系管理员',
    'This account is disabled; contact an administrator',
  ),
  FORBIDDEN: def(
    403,
    40300,
    '当前用户组无权访问该资源',
    'Your user group lacks authority for this resource',
  ),
  CSRF_REJECTED: def(403, 40302, '请求来源校验失败', 'The request origin could not be verified'),
  ROLE_NOT_HELD: def(403, 40303, '您没有该角色', 'You do not hold that role'),
  NOT_FOUND: def(404, 40400, '资源不存在', 'Not found'),
  ROUTE_NOT_FOUND: def(404, 40401, '接口不存在', 'No such API endpoint'),
  METHOD_NOT_ALLOWED: def(
    405,
    40500,
    '该接口不支持 {method} 请求',
    'This API endpoint does not accept {method}',
  ),
  CONFLICT: def(409, 40900, '操作冲突', 'The operation conflicts with the current state'),
  STALE_VERSION: def(
    409,
    40901,
    '数据已被他人修改，请刷新后重试',
    'Someone else changed this record; reload and try again',
  ),
  DUPLICATE: def(409, 40902, '该值已存在', 'That value already exists'),
  WRITE_COLLISION: def(
    409,
    40909,
    '他人正在同时保存相关数据，本次未保存，请重试',
    'Someone else was saving related data at the same moment; nothing was saved, try again',
  ),
  PAYLOAD_TOO_LARGE: def(413, 41300, '请求内容过大', 'The request is too large'),
  ACCOUNT_LOCKED: def(
    429,
    42901,
    '登录失败次数过多，请 {seconds} 秒后再试',
    'Too many failed sign-ins; try again in {seconds} s',
  ),
  RATE_LIMITED: def(429, 42900, '请求过于频繁，请稍后再试', 'Too many requests; slow down'),
  IMPORT_REJECTED: def(
    400,
    40010,
    '导入文件校验未通过，未导入任何数据',
    'The file did not pass validation; nothing was imported',
  ),
  SPREADSHEET_UNREADABLE: def(
    400,
    40011,
    '无法读取该文件，请上传 xlsx 或 csv 文件',
    'The file cannot be read; upload an xlsx or csv file',
  ),
  SPREADSHEET_TOO_MANY_ROWS: def(
    400,
    40012,
    '文件行数超过上限（{max} 行）',
    'The file has more rows than allowed ({max})',
  ),
  UPLOAD_MALFORMED: def(
    400,
    40013,
    '上传内容不完整或格式错误，请重新上传',
    'The upload is incomplete or malformed; upload the file again',
  ),
  SPREADSHEET_UNPACKS_TOO_LARGE: def(
    413,
    41301,
    '文件解压后过大（上限 {max} MB），请拆分后再导入',
    'The file unpacks to more than {max} MB; split it and import the parts',
  ),
  SPREADSHEET_TOO_HEAVY: def(
    413,
    41302,
    '文件过大或过于复杂，无法在限定的时间和内存内读取',
    'The file is too large or complex to read within the time and memory limits',
  ),
  IMPORT_IN_PROGRESS: def(
    429,
    42902,
    '您的上一个导入尚未完成，请稍后再试',
    'Your previous import is still running; try again when it has finished',
  ),
  GATE_KEY_INVALID: def(
    401,
    40110,
    '闸机密钥无效或已吊销',
    'The gate key is invalid or has been revoked',
  ),
  INTERNAL: def(500, 50000, '服务器内部错误', 'Internal server error'),
  UNAVAILABLE: def(503, 50300, '服务暂不可用', 'Service unavailable'),
  DATABASE_UNAVAILABLE: def(
    503,
    50301,
    '数据库暂时不可用，请稍后重试',
    'The database is unavailable right now; try again shortly',
  ),
  // Teams and allocation (product.md, "Team", "Allocation rules"; issue #13).
  ILLEGAL_TRANSITION: def(
    409,
    40920,
    '团队状态不能从“{from}”变为“{to}”',
    'A team cannot go from {from} to {to}',
  ),
  ITINERARY_INCOMPLETE: def(
    409,
    40921,
    '行程不完整：{days} 没有安排景点',
    'The itinerary is incomplete: nothing is planned on {days}',
  ),
  NO_LOCAL_GUIDE: def(
    409,
    40922,
    '团队需要覆盖整个团期的地陪才能分配完成',
    'The team needs an active local guide for its whole period',
  ),
  TEAM_NOT_EDITABLE: def(
    409,
    40923,
    '团队状态为“{status}”，不能再修改',
    'The team is {status} and can no longer be changed',
  ),
  TEAM_HAS_GUIDES: def(
    409,
    40924,
    '团队已分配导游，请先移除导游再修改团期',
    'Guides are assigned to the team; remove them before changing its dates',
  ),
  CAPACITY_EXCEEDED: def(
    409,
    40925,
    '{spot} 在 {date} 的计划人数 {planned} 超过承载量 {capacity}',
    '{spot} on {date}: {planned} planned exceeds the capacity of {capacity}',
  ),
  CAPACITY_CONFIRM_REQUIRED: def(
    409,
    40926,
    '部分景点当日计划人数已达承载量的 {percent}%，请确认后保存',
    'Some spots reach {percent}% of their capacity that day; confirm to save',
  ),
  ASSIGNMENT_OUTSIDE_PERIOD: def(
    400,
    40020,
    '分配时段应在团期 {start} 至 {end} 之内',
    'The assignment must lie within the team period {start} to {end}',
  ),
  FEEDBACK_NOT_ALLOWED: def(
    409,
    40927,
    '只能对已完成团队中分配过的导游评价',
    'Feedback is for guides who were assigned to a completed team',
  ),
  // The calendar of the lifecycle (product.md, "Allocation rules", last paragraph): moves
  // follow the operation's local date; contracts/team.ts `teamCalendarBreach` names the rule.
  TEAM_STARTS_LATER: def(
    409,
    40928,
    '团队 {start} 才开始，今天（{today}）还不能开始',
    'The team starts on {start}; it cannot start today ({today})',
  ),
  TEAM_ENDS_LATER: def(
    409,
    40929,
    '团队 {end} 才结束，今天（{today}）还不能完成',
    'The team ends on {end}; it cannot be completed today ({today})',
  ),
  // A copy plans a tour to come (contracts/team-templates.ts `teamCopyBreach`; issue 29 item 2).
  TEAM_COPY_STARTS_BEFORE_TODAY: def(
    409,
    40971,
    '复制的团队将于 {start} 开始，早于今天（{today}），请把日期往后移',
    'The copy would start on {start}, before today ({today}); move the dates later',
  ),
  FEEDBACK_BEFORE_COMPLETION: def(
    409,
    40970,
    '团队状态为“{status}”，完成后才能评价',
    'The team is {status}; feedback follows its completion',
  ),
  // The hard allocation rules: the facts each names are its placeholders.
  GUIDE_NOT_ACTIVE: def(
    409,
    40930,
    '导游当前状态为“{status}”，不是在岗',
    'The guide’s status is “{status}”, not “Active”',
  ),
  LICENCE_EXPIRES: def(
    409,
    40931,
    '导游证于 {expiry} 到期，早于本团结束日期 {end}',
    'The licence expires on {expiry}, before the team ends on {end}',
  ),
  GUIDE_BUSY: def(
    409,
    40932,
    '导游已分配至团 {team}（{from} 至 {to}，含 {buffer} 分钟间隔）',
    'The guide is assigned to team {team} ({from} to {to}, {buffer} min buffer included)',
  ),
  GUIDE_UNAVAILABLE: def(
    409,
    40933,
    '导游在 {from} 至 {to} 不可用（{type}）',
    'The guide is unavailable from {from} to {to} ({type})',
  ),
  LANGUAGE_MISSING: def(
    409,
    40934,
    '导游不会本团要求的语种 {language}',
    'The guide does not speak the team language {language}',
  ),
  LEVEL_TOO_LOW: def(
    409,
    40935,
    '本团要求导游等级不低于 {required}，该导游为 {held}',
    'The team needs level {required} or above; the guide holds {held}',
  ),
  SPOT_CERTIFICATION: def(
    409,
    40936,
    '导游未取得以下景点的有效认证：{spots}',
    'The guide holds no valid certification for: {spots}',
  ),
  GROUP_TOO_LARGE: def(
    409,
    40937,
    '本团 {pax} 人，超过上限 {max} 人（{limit}）',
    'The team has {pax} people, more than the limit of {max} ({limit})',
  ),
  // User and role management (issue #15 points 1 and 2).
  SELF_CHANGE_REFUSED: def(
    409,
    40910,
    '不能停用、删除或降级您自己的账号',
    'You cannot disable, delete or demote your own account',
  ),
  LAST_ADMIN: def(
    409,
    40911,
    '这是最后一个启用的管理员，不能停用或移除其管理员角色',
    'This is the last enabled administrator; it cannot be disabled or lose the admin role',
  ),
  ROLE_IN_USE: def(
    409,
    40912,
    '该角色仍有 {count} 个用户持有，不能删除',
    '{count} user(s) still hold this role; it cannot be deleted',
  ),
  BUILTIN_ROLE: def(409, 40913, '内置角色不能删除', 'Built-in roles cannot be deleted'),
  UNKNOWN_ROLE: def(400, 40021, '角色不存在：{codes}', 'No such role: {codes}'),
  // Grant ceiling and the one-time password (product.md, "Users, roles, permissions"; issue 25).
  GRANT_BEYOND_HELD: def(
    403,
    40320,
    '不能授予您自己没有的权限：{permissions}',
    'You cannot grant permissions you do not hold: {permissions}',
  ),
  TARGET_BEYOND_HELD: def(
    403,
    40321,
    '该用户拥有您没有的权限（{permissions}），您不能重置其密码',
    'This user holds permissions you do not ({permissions}); you cannot reset their password',
  ),
  OWN_ROLES_REFUSED: def(403, 40322, '不能修改您自己的角色', 'You cannot change your own roles'),
  PASSWORD_CHANGE_REQUIRED: def(
    403,
    40323,
    '请先修改初始密码，修改前只能修改密码、查看个人信息或退出登录',
    'Change your one-time password first; until then you can only change it, read your info or sign out',
  ),
  OWN_PASSWORD_RESET_REFUSED: def(
    409,
    40914,
    '不能在用户管理中重置您自己的密码，请在个人设置中修改（需要原密码）',
    'You cannot reset your own password here; change it in your settings (the current password is needed)',
  ),
  PROPERTY_IN_USE: def(
    409,
    40940,
    '该选项正被 {count} 条记录使用，不能删除，请改为停用',
    'This item is used by {count} records and cannot be deleted; disable it instead',
  ),
  // Backup and restore (issue #15 point 6): a refused file changes nothing.
  BACKUP_FOREIGN: def(
    400,
    40050,
    '该文件不是本系统的备份文件，未做任何更改',
    'This file is not a backup of this console; nothing was changed',
  ),
  BACKUP_CORRUPT: def(
    400,
    40051,
    '备份文件已损坏或不完整（{reason}），未做任何更改',
    'The backup file is damaged or incomplete ({reason}); nothing was changed',
  ),
  BACKUP_VERSION: def(
    400,
    40052,
    '备份的数据库版本（{backup}）与当前版本（{current}）不兼容，未做任何更改',
    'The backup is of database version {backup}, which cannot be restored on version {current}; nothing was changed',
  ),
  BACKUP_INCONSISTENT: def(
    400,
    40053,
    '备份内容不一致（表 {table}：{reason}），未做任何更改',
    'The backup is inconsistent (table {table}: {reason}); nothing was changed',
  ),
  BACKUP_BUSY: def(
    409,
    40950,
    '另一个备份或恢复正在进行，请稍后再试',
    'Another backup or restore is running; try again when it has finished',
  ),
  // Guide allocation (issue #14).
  PLAN_RANGE: def(
    400,
    40060,
    '计划的日期范围不能超过 {max} 天',
    'A plan covers at most {max} days',
  ),
  PLAN_STALE: def(
    409,
    40960,
    '计划生成后数据已变化（{count} 处），未做任何分配，请重新计划',
    'The data changed since the plan was made ({count} changes); nothing was assigned, plan again',
  ),
  PLAN_COMMITTED: def(409, 40961, '该计划已提交', 'This plan has already been committed'),
} as const satisfies Record<string, ErrorDef>;

export type ErrorCodeName = keyof typeof ERRORS;

/** Fills `{name}` placeholders of a catalogue message. */
export function formatMessage(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}
