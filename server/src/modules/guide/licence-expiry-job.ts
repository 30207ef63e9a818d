// Daily job (product.md, "Messages": a todo for a licence expiring within 30 days): one
// `todo` message per guide and licence expiry for every user who maintains guides. The
// messages' (user, dedupeKey) unique index makes each reminder exist once, however often
// the job runs and on however many server instances.
import { sql } from 'drizzle-orm';
import { addDays, GUIDE_LIMITS, isoToday } from '@console/shared';
import type { Db } from '../../db/types';
import * as q from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;
// Background jobs run in one instance at a time (architecture.md, "Scale-out").
const JOB_LOCK = 728107;

export interface LicenceReminderResult {
  /** false when another instance holds the job lock. */
  ran: boolean;
  guides: number;
  created: number;
}

export const licenceDedupeKey = (guideId: number, expiry: string) =>
  `guide-licence:${guideId}:${expiry}`;

export async function createLicenceExpiryTodos(
  db: Db,
  now = new Date(),
): Promise<LicenceReminderResult> {
  const today = isoToday(now);
  const until = addDays(today, GUIDE_LIMITS.expiryWarningDays);
  return db.transaction(async (tx) => {
    const res = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${JOB_LOCK}) as locked`,
    );
    const rows = (res as unknown as { rows?: { locked: boolean }[] }).rows ?? [];
    if (rows[0] && rows[0].locked === false) return { ran: false, guides: 0, created: 0 };

    const expiring = await q.guidesWithLicenceExpiring(tx, today, until);
    if (expiring.length === 0) return { ran: true, guides: 0, created: 0 };
    const recipients = await q.usersWithPermission(tx, 'guide:write');
    const messages = expiring.flatMap((g) =>
      recipients.map((userId) => ({
        userId,
        type: 'todo',
        title: `导游证即将到期：${g.name}（${g.code}）`,
        subTitle: `Licence expiring: ${g.name} (${g.code})`,
        content:
          `导游 ${g.name}（${g.code}）的导游证 ${g.licenceNo} 将于 ${g.licenceExpiry} 到期，请及时办理换证。\n` +
          `The licence ${g.licenceNo} of ${g.name} (${g.code}) expires on ${g.licenceExpiry}; arrange its renewal.`,
        messageType: 0,
        time: now,
        dedupeKey: licenceDedupeKey(g.id, g.licenceExpiry),
      })),
    );
    const created = await q.insertMessagesOnce(tx, messages);
    return { ran: true, guides: expiring.length, created };
  });
}

/** Runs the job now and then every 24 h; the returned stop waits for a run in progress. */
export function scheduleLicenceExpiryTodos(
  db: Db,
  onError: (err: unknown) => void,
  intervalMs = DAY_MS,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = createLicenceExpiryTodos(db).catch(onError);
  };
  const first = setTimeout(run, 0);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
