// The audit writer: a change and its audit row commit together or not at all
// (architecture.md, "Audit"). Services call `recordAudit(tx, change)` inside the business
// transaction; who, where and which request come from the request's audit context, which the
// audit plugin opens for every mutating /api request. Work outside a request (jobs) records
// as the system.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DbOrTx } from '../../db/types';
import type { FieldChange } from './schema';
import { appendAudit } from './queries';

/** Who made the request and from where; filled by plugins/audit.ts. */
export interface AuditContext {
  action: string;
  userId: number | null;
  username: string;
  role: string;
  requestId: string;
  ip: string;
  userAgent: string;
  startedAt: number;
  /** Set once a row for this request was written inside its transaction. */
  recorded: boolean;
}

/** What a write changed: the record and the field diff. */
export interface AuditChange {
  entityType: string;
  entityId: string | number;
  diff: Record<string, FieldChange> | null;
  /** Refines the route's action (one route, several kinds of change). */
  action?: string;
  /** The user the change acts for when the request had no session yet (sign-in). */
  actor?: { userId: number; username: string; role: string };
}

const storage = new AsyncLocalStorage<AuditContext>();

/**
 * Contexts opened and not yet closed. While one is open, Node 20 tracks the context through
 * every promise of the process (an async hook on each one: ~7 % of a list request's time);
 * with none open the storage is disabled, so reads, which never open one, do not pay for it.
 */
let open = 0;

/**
 * Runs `fn` with `ctx` as the current request's audit context, until `closeAuditContext` (the
 * audit plugin closes it when the request has been answered or aborted).
 */
export function runWithAuditContext<T>(ctx: AuditContext, fn: () => T): T {
  open++;
  return storage.run(ctx, fn);
}

/** Closes a context `runWithAuditContext` opened (once per context). */
export function closeAuditContext(): void {
  if (open === 0) return;
  open--;
  if (open === 0) storage.disable();
}

/** Contexts open now (tests). */
export const openAuditContexts = (): number => open;

export const currentAuditContext = (): AuditContext | undefined => storage.getStore();

/** The result an audit row records for a change that committed. */
const COMMITTED = 200;

/** Writes the audit row for `change` in `tx`, the transaction that makes the change. */
export async function recordAudit(tx: DbOrTx, change: AuditChange): Promise<void> {
  const ctx = storage.getStore();
  await appendAudit(tx, {
    at: new Date(),
    userId: change.actor?.userId ?? ctx?.userId ?? null,
    username: (change.actor?.username ?? ctx?.username ?? 'system').slice(0, 64),
    role: change.actor?.role ?? ctx?.role ?? '',
    action: (change.action ?? ctx?.action ?? 'system').slice(0, 64),
    entityType: change.entityType.slice(0, 64),
    entityId: String(change.entityId).slice(0, 64),
    diff: change.diff,
    requestId: ctx?.requestId ?? '',
    ip: ctx?.ip ?? '',
    userAgent: ctx?.userAgent ?? '',
    result: COMMITTED,
    durationMs: ctx ? Math.round(performance.now() - ctx.startedAt) : 0,
  });
  if (ctx) ctx.recorded = true;
}
