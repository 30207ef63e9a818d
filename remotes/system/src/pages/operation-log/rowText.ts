// How a log row reads (issue 26 item 9): its result in words rather than an HTTP status, and
// the page of the record it is about, where the record has one.
import type { AuditRow } from '@console/shared';

/** Refusals by HTTP status (product.md, "API conventions": 400, 401, 403, 404, 409, 413, 429). */
const REFUSALS = [400, 401, 403, 404, 409, 413, 429];

type Translate = (id: string, values?: Record<string, string>) => string;

export function resultWords(result: number, t: Translate): string {
  if (result < 400) return t('log.result.success');
  const why =
    result >= 500
      ? 'log.refused.5xx'
      : REFUSALS.includes(result)
        ? `log.refused.${result}`
        : 'log.refused.other';
  return t('log.result.refusedBecause', { reason: t(why) });
}

/** Record types with a page of their own, by the audit's entity type. */
const ENTITY_PAGES: Partial<Record<string, (id: string) => string>> = {
  scenic_spot: (id) => `/scenic/detail/${id}`,
  guide: (id) => `/guide/profile/${id}`,
  team: (id) => `/team/detail/${id}`,
};

export function entityPage(row: Pick<AuditRow, 'entityType' | 'entityId'>): string | null {
  const page = ENTITY_PAGES[row.entityType];
  return page && /^\d+$/.test(row.entityId) ? page(row.entityId) : null;
}
