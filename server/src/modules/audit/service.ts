// Reading the audit trail for other modules: a record's history (guide profile) and a user's
// own activity (user centre). Writing is recordAudit (writer.ts), inside each write.
import type { Db } from '../../db/types';
import * as q from './queries';

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
}
