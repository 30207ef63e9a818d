// What audit rows are about (issue #18 item 8; issue 26 item 9): per entity type, a lookup from
// other modules' services (wired in services.ts) names a row's record ("卢晓东（G000120）"). The
// user centre's recent activity and the operation log share it.
import type { AuditSubject } from '@console/shared';

/** Resolves entity ids of one audit entity type to what they are (name, code). */
export type AuditSubjectSources = Partial<
  Record<string, (ids: number[]) => Promise<Map<string, AuditSubject>>>
>;

/** Each row's subject (null where its type has no lookup or its record is gone), one query a type. */
export async function auditSubjectsOf<R extends { entityType: string; entityId: string }>(
  sources: AuditSubjectSources,
  rows: readonly R[],
): Promise<(row: R) => AuditSubject | null> {
  const subjects = new Map<string, Map<string, AuditSubject>>();
  for (const [type, source] of Object.entries(sources)) {
    const ids = rows.filter((r) => r.entityType === type).map((r) => Number(r.entityId));
    const valid = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
    if (valid.length && source) subjects.set(type, await source(valid));
  }
  return (row) => subjects.get(row.entityType)?.get(row.entityId) ?? null;
}
