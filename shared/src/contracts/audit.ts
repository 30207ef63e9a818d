// The operation log (issue #15 point 5): filters, keyset pages, a row's detail, the CSV
// export of a filter and the verification of the hash chain.
import { z } from 'zod';
import { ID_MAX } from './ids';
import { pageSizeParam, textSchema } from './validation';

export const AUDIT_LIMITS = {
  pageSizeMax: 100,
  textMax: 64,
  /**
   * Rows one verification batch reads: ~25 ms of reading and hashing on PGlite, between which
   * other requests run (issue 25 points 12, 16; 2 000 took ~200 ms, 500 delayed one by 291 ms).
   */
  verifyBatch: 250,
} as const;

const text = textSchema().trim().max(AUDIT_LIMITS.textMax).optional();
/** A row id in a query string (bigserial, kept within a safe integer). */
const rowId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const instant = z.iso.datetime({ offset: true });

/** Whose actions a view shows; the operation log shows people's by default (product.md). */
export const AUDIT_ACTORS = ['human', 'machine', 'all'] as const;
export type AuditActor = (typeof AUDIT_ACTORS)[number];

/** The filter of the list and of the export. */
export const auditFilter = z.strictObject({
  username: text,
  role: text,
  /** An action or an action prefix ending in `.` (`guide.` = every guide action). */
  action: text,
  entityType: text,
  entityId: text,
  /** success: the write committed (status < 400); failure: it was refused. */
  result: z.enum(['success', 'failure']).optional(),
  from: instant.optional(),
  to: instant.optional(),
  userId: z.coerce.number().int().min(1).max(ID_MAX).optional(),
  /**
   * Who acted (issue 26 item 9): `human` — people (signed in, or a refused sign-in);
   * `machine` — gate devices and the system's own jobs; `all` or absent — both.
   */
  actor: z.enum(AUDIT_ACTORS).optional(),
});
export type AuditFilter = z.infer<typeof auditFilter>;

/**
 * GET /api/audit: a keyset page, newest first. `before`: the rows older than that id (the next
 * page); `after`: the rows newer than it (the previous page); neither: the newest rows.
 */
export const auditListQuery = auditFilter
  .extend({
    before: rowId.optional(),
    after: rowId.optional(),
    pageSize: pageSizeParam({ size: 20, max: AUDIT_LIMITS.pageSizeMax }),
  })
  .refine((q) => q.before === undefined || q.after === undefined, {
    path: ['after'],
    message: 'invalidValue',
  });
export type AuditListQuery = z.infer<typeof auditListQuery>;

/** What an audit entry is about, as the renderer shows it ("卢晓东（G000120）"). */
export const auditSubject = z.object({ name: z.string(), code: z.string().optional() });
export type AuditSubject = z.infer<typeof auditSubject>;

export const auditRow = z.object({
  id: z.number(),
  at: z.string(),
  userId: z.number().nullable(),
  username: z.string(),
  role: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  result: z.number(),
  durationMs: z.number(),
  ip: z.string(),
});
export type AuditRow = z.infer<typeof auditRow>;

/**
 * One page: `next` is the cursor of the older page (`before`), `prev` of the newer one
 * (`after`); null at either end. No total: counting the whole log is what keyset avoids.
 */
export const auditPage = z.object({
  /** Each row with what it is about (its record's name), null where unknown or gone. */
  list: z.array(auditRow.extend({ subject: auditSubject.nullable() })),
  next: z.number().nullable(),
  prev: z.number().nullable(),
});
export type AuditPage = z.infer<typeof auditPage>;

export const auditIdParams = z.strictObject({ id: rowId });

export const auditFieldChange = z.object({ before: z.unknown(), after: z.unknown() });

/**
 * GET /api/audit/:id: the row with what it is about (named as in the list), its field diff,
 * request, agent and chain hashes.
 */
export const auditDetail = auditRow.extend({
  subject: auditSubject.nullable(),
  diff: z.record(z.string(), auditFieldChange).nullable(),
  requestId: z.string(),
  userAgent: z.string(),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditDetail = z.infer<typeof auditDetail>;

/** POST /api/audit/verify: the chain from the anchor (or genesis) to the newest row. */
export const auditVerifyResult = z.object({
  intact: z.boolean(),
  /** Rows checked (up to and including the first broken one). */
  checked: z.number(),
  /** The first row whose hash or link does not match; null when intact. */
  firstBrokenId: z.number().nullable(),
  /** The last row id the purge removed (the chain starts after it); null if none. */
  anchorId: z.number().nullable(),
  durationMs: z.number(),
});
export type AuditVerifyResult = z.infer<typeof auditVerifyResult>;
