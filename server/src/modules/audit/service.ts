// Reading the audit trail: a record's history (guide profile), a user's own activity (user
// centre) and the operation log page (issue #15 point 5: keyset pages, detail, streamed
// export, chain verification). Writing is recordAudit (writer.ts), inside each write.
import type { AuditDetail, AuditFilter, AuditListQuery, AuditPage } from '@console/shared';
import type { Db } from '../../db/types';
import { notFound } from '../../lib/app-error';
import * as q from './queries';
import * as log from './log';
import { auditSubjectsOf, type AuditSubjectSources } from './subjects';

export class AuditService {
  constructor(private readonly db: Db) {}

  /** Rows about one record, newest first, `limit` at a time before the row id `before`. */
  entityHistory(entityType: string, entityId: string | number, limit: number, before?: number) {
    return q.entityHistory(this.db, entityType, String(entityId), limit, before);
  }

  /** The rows a user's own requests left, newest first (keyset paging by id). */
  userActivity(userId: number, before: number | undefined, limit: number) {
    return q.userActivity(this.db, userId, before, limit);
  }

  /** A page of the log, each row named by `subjects` (services.ts wires the modules' lookups). */
  async list(query: AuditListQuery, subjects: AuditSubjectSources = {}): Promise<AuditPage> {
    const page = await log.listPage(this.db, query);
    const subjectOf = await auditSubjectsOf(subjects, page.list);
    return { ...page, list: page.list.map((r) => ({ ...r, subject: subjectOf(r) })) };
  }

  /** One row, named by `subjects` as the list names it. */
  async detail(id: number, subjects: AuditSubjectSources = {}): Promise<AuditDetail> {
    const row = await log.findRow(this.db, id);
    if (!row) throw notFound({ 'zh-CN': '该日志不存在', 'en-US': 'No such log row' });
    const subjectOf = await auditSubjectsOf(subjects, [row]);
    return { ...row, subject: subjectOf(row) };
  }

  /** The filter's rows, newest first, read in batches as the consumer pulls them. */
  exportRows(filter: AuditFilter) {
    return log.filteredRows(this.db, filter);
  }

  verify() {
    return log.verifyChain(this.db);
  }
}
