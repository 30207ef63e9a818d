// THE ACCESS MATRIX: every /api endpoint × every role, and who gets through (product.md:
// "Every API call is authorised on the server by permission code"; seed §2/§6 route table).
//
// How to add your endpoint (access-matrix.test.ts fails while a registered route has no row):
//   [method, route exactly as registered (with its :params), who gets through, sample?]
// - "Who gets through" is one of the columns below, or your own `who(admin, operator, user,
//   anonymous)`, each 'ok' (let through: any status but 401/403) or the refusal 401 / 403.
// - The test fills `:params` from SAMPLE_PARAMS (or use `sample.url`) and sends `sample.body`,
//   which for mutating routes defaults to `{}`: access is decided before validation, so an
//   allowed caller gets a 400 and nothing changes, while a refused one gets 401/403.
// - The expectation is the product rule, written out; do not derive it from the code.

export type Outcome = 'ok' | 401 | 403;
export type Role = 'admin' | 'operator' | 'user' | 'anonymous';
export type Who = Record<Role, Outcome>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Sample {
  /** Concrete URL to call instead of the route with SAMPLE_PARAMS filled in. */
  url?: string;
  /** Body of a mutating call (default `{}`); `null` sends none. */
  body?: unknown;
}

export type AccessRow = [method: Method, route: string, who: Who, sample?: Sample];

export const who = (admin: Outcome, operator: Outcome, user: Outcome, anonymous: Outcome): Who => ({
  admin,
  operator,
  user,
  anonymous,
});

/** Anyone, signed in or not. */
export const PUBLIC = who('ok', 'ok', 'ok', 'ok');
/** Any signed-in role. */
export const SIGNED_IN = who('ok', 'ok', 'ok', 401);
/** Admin and operator (e.g. guide and team writes, scenic maintenance). */
export const STAFF = who('ok', 'ok', 403, 401);
/** Admin only (monitor, system writes, section versions, gate keys). */
export const ADMIN = who('ok', 403, 403, 401);

export const SAMPLE_PARAMS: Record<string, string> = {
  id: '1',
  name: 'dashboard',
  userId: '1',
  periodId: '1',
  windowId: '1',
  keyId: '1',
  sessionId: '999999',
};

export const ACCESS_MATRIX: AccessRow[] = [
  // ── foundation ─────────────────────────────────────────────────────────────────────────
  ['GET', '/api/health', PUBLIC],
  ['GET', '/api/health/ready', PUBLIC],
  ['GET', '/api/docs', PUBLIC],
  ['GET', '/api/docs/json', PUBLIC],
  ['POST', '/api/user/login', PUBLIC],
  ['POST', '/api/user/logout', PUBLIC, { body: null }],
  ['GET', '/api/user/info', SIGNED_IN],
  ['POST', '/api/user/menu', SIGNED_IN, { body: null }],
  ['POST', '/api/user/switch-role', SIGNED_IN],
  ['POST', '/api/user/password', SIGNED_IN],
  ['GET', '/api/user/sessions', SIGNED_IN],
  ['POST', '/api/user/sessions/sign-out-others', SIGNED_IN, { body: { unknown: 1 } }],
  ['GET', '/api/properties/categories', SIGNED_IN],
  ['GET', '/api/properties/items', SIGNED_IN, { url: '/api/properties/items?category=market' }],
  // Property management, system config and the operation log (issue #15 points 3–5): read by
  // every role (system:read), written by admin; the log is admin's (system:audit:read).
  [
    'GET',
    '/api/properties/categories/:code/items',
    SIGNED_IN,
    { url: '/api/properties/categories/market/items' },
  ],
  ['POST', '/api/properties/items', ADMIN],
  ['POST', '/api/properties/items/reorder', ADMIN],
  ['PUT', '/api/properties/items/:id', ADMIN],
  ['DELETE', '/api/properties/items/:id', ADMIN],
  ['GET', '/api/system-config', SIGNED_IN],
  // The site's name and default locale: the login page shows them (issue 25 defect 9).
  ['GET', '/api/site', PUBLIC],
  ['PUT', '/api/system-config', ADMIN],
  ['GET', '/api/audit', ADMIN],
  ['GET', '/api/audit/export', ADMIN],
  ['GET', '/api/audit/:id', ADMIN],
  ['POST', '/api/audit/verify', ADMIN, { body: null }],

  // ── user centre: profile, settings, certification, messages ───────────────────────────
  ['GET', '/api/user/profile', SIGNED_IN],
  ['PUT', '/api/user/profile', SIGNED_IN],
  ['PUT', '/api/user/settings', SIGNED_IN],
  ['POST', '/api/user/avatar', SIGNED_IN],
  ['POST', '/api/user/recent', SIGNED_IN],
  ['GET', '/api/user/recent', SIGNED_IN],
  ['GET', '/api/user/avatar/:userId', SIGNED_IN],
  ['GET', '/api/user/certification', SIGNED_IN],
  ['POST', '/api/user/certification', SIGNED_IN],
  ['GET', '/api/user/certification/records/:id', SIGNED_IN],
  ['POST', '/api/user/certification/records/:id/withdraw', SIGNED_IN],
  ['POST', '/api/user/certification/records/:id/approve', ADMIN],
  ['GET', '/api/user/activity', SIGNED_IN],
  ['GET', '/api/message/list', SIGNED_IN],
  ['GET', '/api/message/unread', SIGNED_IN],
  ['POST', '/api/message/read', SIGNED_IN],
  ['POST', '/api/message/read-all', SIGNED_IN, { body: { unknown: 1 } }],
  ['POST', '/api/message/notice', ADMIN],

  // ── live events: a stream for any signed-in session (its permissions filter the events).
  // The sample sends an unknown query parameter, so an allowed caller gets its 400 at once
  // instead of a stream that never ends.
  ['GET', '/api/events', SIGNED_IN, { url: '/api/events?probe=1' }],

  // ── dashboard: the workplace and the analyses for every role; the multi-dimensional
  // analyses (guide performance, the matrix) for admin and operator (analysis:multi).
  ['GET', '/api/dashboard/workplace', SIGNED_IN],
  ...(['visitors', 'peak-hours', 'agencies', 'markets'] as const).flatMap((path) => [
    ['GET', `/api/dashboard/analysis/${path}`, SIGNED_IN] as AccessRow,
    ['GET', `/api/dashboard/analysis/${path}/export`, SIGNED_IN] as AccessRow,
  ]),
  ...(['guides', 'matrix'] as const).flatMap((path) => [
    ['GET', `/api/dashboard/analysis/${path}`, STAFF] as AccessRow,
    ['GET', `/api/dashboard/analysis/${path}/export`, STAFF] as AccessRow,
  ]),

  // ── section versions (admin only, the host's page) ────────────────────────────────────
  ['GET', '/api/sections/pins', PUBLIC],
  ['GET', '/api/sections', ADMIN],
  ['GET', '/api/sections/environments', ADMIN],
  ['POST', '/api/sections/environments', ADMIN],
  ['GET', '/api/sections/history', ADMIN],
  ['POST', '/api/sections/:name/pin', ADMIN],
  ['POST', '/api/sections/:name/rollback', ADMIN],
  ['POST', '/api/sections/:name/canary', ADMIN],
  ['POST', '/api/sections/:name/canary/widen', ADMIN],
  ['POST', '/api/sections/:name/canary/promote', ADMIN],
  ['POST', '/api/sections/:name/canary/abort', ADMIN],
  ['GET', '/api/sections/health', ADMIN],
  ['GET', '/api/sections/buckets', ADMIN],
  // Browsers' error reports: any signed-in session (issue 30).
  ['POST', '/api/sections/reports', SIGNED_IN],

  // ── teams (core) ───────────────────────────────────────────────────────────────────────
  ['GET', '/api/teams', SIGNED_IN],
  ['GET', '/api/teams/export', SIGNED_IN],
  ['GET', '/api/teams/capacity', SIGNED_IN],
  ['POST', '/api/teams', STAFF],
  ['GET', '/api/teams/:id', SIGNED_IN],
  ['GET', '/api/teams/:id/operation-log', SIGNED_IN],
  ['PUT', '/api/teams/:id', STAFF],
  ['PUT', '/api/teams/:id/itinerary', STAFF],
  ['POST', '/api/teams/:id/transition', STAFF],
  // copies, itinerary templates (team:write; read by all) and work orders (issue 29 items 2, 3)
  ['POST', '/api/teams/:id/copy', STAFF],
  ['GET', '/api/teams/:id/work-order', SIGNED_IN],
  ['GET', '/api/team-templates', SIGNED_IN],
  ['GET', '/api/team-templates/:id', SIGNED_IN],
  ['POST', '/api/team-templates', STAFF],
  ['DELETE', '/api/team-templates/:id', STAFF],

  // ── guides ─────────────────────────────────────────────────────────────────────────────
  ['GET', '/api/guides', SIGNED_IN],
  ['POST', '/api/guides', STAFF],
  ['GET', '/api/guides/export', SIGNED_IN],
  ['GET', '/api/guides/import/template', STAFF],
  ['POST', '/api/guides/import', STAFF],
  ['GET', '/api/guides/import/progress', STAFF],
  ['GET', '/api/guides/:id', SIGNED_IN],
  ['PUT', '/api/guides/:id', STAFF],
  ['POST', '/api/guides/:id/status', STAFF],
  ['GET', '/api/guides/:id/unavailability', SIGNED_IN],
  ['POST', '/api/guides/:id/unavailability', STAFF],
  ['DELETE', '/api/guides/:id/unavailability/:periodId', STAFF],
  ['GET', '/api/guides/:id/audit', SIGNED_IN],
  // The profile's lists behind its figures (issue 25 defect 6): read as the guide is.
  ['GET', '/api/guides/:id/teams', SIGNED_IN],
  ['GET', '/api/guides/:id/feedback', SIGNED_IN],

  // ── scenic spots ───────────────────────────────────────────────────────────────────────
  ['GET', '/api/scenic/spots', SIGNED_IN],
  ['GET', '/api/scenic/spots/options', SIGNED_IN],
  ['POST', '/api/scenic/spots', STAFF],
  ['GET', '/api/scenic/spots/export', SIGNED_IN],
  ['GET', '/api/scenic/spots/import/template', STAFF],
  ['POST', '/api/scenic/spots/import', STAFF],
  ['GET', '/api/scenic/spots/import/progress', STAFF],
  ['GET', '/api/scenic/spots/:id', SIGNED_IN],
  ['PUT', '/api/scenic/spots/:id', STAFF],
  ['DELETE', '/api/scenic/spots/:id', STAFF, { url: '/api/scenic/spots/999999' }],
  ['GET', '/api/scenic/spots/:id/teams', SIGNED_IN],
  ['GET', '/api/scenic/spots/:id/maintenance', SIGNED_IN],
  ['POST', '/api/scenic/spots/:id/maintenance', STAFF],
  ['PUT', '/api/scenic/spots/:id/maintenance/:windowId', STAFF],
  [
    'DELETE',
    '/api/scenic/spots/:id/maintenance/:windowId',
    STAFF,
    {
      url: '/api/scenic/spots/1/maintenance/999999',
    },
  ],
  // Gate devices post with their own key, not a session (the route checks the key itself).
  ['POST', '/api/scenic/spots/:id/flow', PUBLIC],
  ['GET', '/api/scenic/spots/:id/load', SIGNED_IN],
  ['GET', '/api/scenic/spots/:id/gate-keys', ADMIN],
  ['POST', '/api/scenic/spots/:id/gate-keys', ADMIN],
  [
    'DELETE',
    '/api/scenic/spots/:id/gate-keys/:keyId',
    ADMIN,
    {
      url: '/api/scenic/spots/1/gate-keys/999999',
    },
  ],

  // ── system: users and roles (issue #15 points 1, 2) ─────────────────────────────────────
  // Every role reads (the seed shows the pages to all); writes are the admin's.
  ['GET', '/api/system/users', SIGNED_IN],
  ['GET', '/api/system/users/export', SIGNED_IN],
  ['POST', '/api/system/users', ADMIN],
  ['GET', '/api/system/users/:id', SIGNED_IN],
  ['PUT', '/api/system/users/:id', ADMIN],
  ['DELETE', '/api/system/users/:id', ADMIN, { url: '/api/system/users/999999' }],
  ['POST', '/api/system/users/:id/enabled', ADMIN],
  ['POST', '/api/system/users/:id/unlock', ADMIN, { url: '/api/system/users/999999/unlock' }],
  ['POST', '/api/system/users/:id/password', ADMIN, { body: { password: 1 } }],
  ['GET', '/api/system/users/:id/sessions', ADMIN],
  ['DELETE', '/api/system/users/:id/sessions/:sessionId', ADMIN],
  ['GET', '/api/system/roles', SIGNED_IN],
  ['POST', '/api/system/roles', ADMIN],
  ['GET', '/api/system/roles/:id', SIGNED_IN],
  ['PUT', '/api/system/roles/:id', ADMIN],
  ['DELETE', '/api/system/roles/:id', ADMIN, { url: '/api/system/roles/999999' }],
  // ── backup and restore (system:backup) ─────────────────────────────────────────────────
  ['GET', '/api/backups', ADMIN],
  ['GET', '/api/backups/status', ADMIN],
  ['GET', '/api/backups/progress', ADMIN],
  ['POST', '/api/backups', ADMIN],
  ['GET', '/api/backups/:id/download', ADMIN],
  ['DELETE', '/api/backups/:id', ADMIN],
  ['POST', '/api/backups/:id/restore', ADMIN],
  ['POST', '/api/backups/restore', ADMIN],
  // ── teams: guides on a team (team:allocate) and feedback (team:write) ─────────────────
  ['GET', '/api/teams/:id/guide-check', STAFF],
  ['POST', '/api/teams/:id/assignments', STAFF],
  [
    'POST',
    '/api/teams/:id/assignments/:assignmentId/replace',
    STAFF,
    {
      url: '/api/teams/1/assignments/999999/replace',
    },
  ],
  [
    'DELETE',
    '/api/teams/:id/assignments/:assignmentId',
    STAFF,
    {
      url: '/api/teams/1/assignments/999999',
    },
  ],
  ['PUT', '/api/teams/:id/feedback', STAFF],
  // The real-time monitor (issue #16 part 3): admin only (monitor:view), chat included.
  ['GET', '/api/monitor/board', ADMIN],
  ['GET', '/api/monitor/spots/:id', ADMIN],
  ['GET', '/api/monitor/chat', ADMIN],
  ['GET', '/api/monitor/chat/:id', ADMIN],
  ['POST', '/api/monitor/chat', ADMIN],
  ['PUT', '/api/monitor/chat/:id/star', ADMIN],
  // ── guide allocation: waiting teams, board and rules read by all (team:read); candidates
  //    and plans for dispatchers (team:allocate); soft rules are system config (admin) ─────
  ['GET', '/api/allocation/teams', SIGNED_IN],
  ['GET', '/api/allocation/teams/:id/candidates', STAFF],
  ['GET', '/api/allocation/rules', SIGNED_IN],
  ['PUT', '/api/allocation/rules', ADMIN],
  ['POST', '/api/allocation/plans', STAFF],
  ['GET', '/api/allocation/plans/progress', STAFF],
  ['GET', '/api/allocation/plans/:id', STAFF],
  [
    'POST',
    '/api/allocation/plans/:id/commit',
    STAFF,
    { url: '/api/allocation/plans/999999/commit' },
  ],
  ['GET', '/api/allocation/board', SIGNED_IN],
];
