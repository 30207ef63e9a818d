// A guide's unavailability (product.md, "Guide"; issue #7): leave, sick leave, training and
// days off that never overlap; a new period tells the team module, whose dispatchers get a
// todo for each team the guide is assigned to then. No HTTP here.
import {
  unavailabilityPeriod,
  type UnavailabilityBody,
  type UnavailabilityPeriod,
} from '@console/shared';
import type { Db } from '../../db/types';
import type { EventBus } from '../../events/bus';
import { databaseErrorInfo, SQLSTATE } from '../../db/errors';
import { fieldsOf } from '../../db/row-shape';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/writer';
import { bi, guideNotFound } from './errors';
import { findGuide, lockGuide } from './guides-queries';
import type { GuideAbsenceHook } from './ports';
import * as q from './unavailability-queries';

export class UnavailabilityService {
  constructor(
    private readonly db: Db,
    /** Live events (message pushes) and the team module's hook for absences. */
    private readonly events: EventBus,
    private readonly absence: GuideAbsenceHook,
  ) {}

  async list(guideId: number, from?: string, to?: string) {
    if (!(await findGuide(this.db, guideId))) throw guideNotFound();
    const rows = await q.listUnavailability(this.db, guideId, from, to);
    return rows.map(period);
  }

  async add(guideId: number, body: UnavailabilityBody, userId: number | null) {
    return this.events.transaction(this.db, async (tx, emit) => {
      // The row lock orders this write with assignments of the guide (they share-lock it).
      if (!(await lockGuide(tx, guideId))) throw guideNotFound();
      // The exclusion constraint guide_unavailability_no_overlap refuses an overlap (also
      // one a concurrent writer committed); the refusal names the period it overlaps.
      let inserted: q.UnavailabilityRow;
      try {
        inserted = await tx.transaction((sp) =>
          q.insertUnavailability(sp, { guideId, ...body, createdBy: userId }),
        );
      } catch (err) {
        if (databaseErrorInfo(err)?.code !== SQLSTATE.exclusionViolation) throw err;
        const [clash] = await q.overlappingUnavailability(
          tx,
          guideId,
          body.startDate,
          body.endDate,
        );
        throw clash ? overlapError(clash) : err;
      }
      const created = period(inserted);
      // Recorded on the guide, so the change appears in its history.
      await recordAudit(tx, {
        entityType: 'guide',
        entityId: guideId,
        diff: { unavailability: { before: null, after: periodSummary(created) } },
      });
      const told = await this.absence(tx, {
        guideId,
        from: created.startDate,
        to: created.endDate,
        cause: { kind: 'leave', periodId: created.id, type: created.type },
      });
      if (told.length) emit({ type: 'message.created', userIds: told });
      return created;
    });
  }

  async remove(guideId: number, periodId: number) {
    return this.db.transaction(async (tx) => {
      const row = await q.deleteUnavailability(tx, guideId, periodId);
      if (!row) throw new AppError('NOT_FOUND', { detail: bi('请假记录不存在', 'No such period') });
      const removed = period(row);
      await recordAudit(tx, {
        entityType: 'guide',
        entityId: guideId,
        diff: { unavailability: { before: periodSummary(removed), after: null } },
      });
      return removed;
    });
  }
}

const periodSummary = (p: UnavailabilityPeriod) => ({
  id: p.id,
  type: p.type,
  startDate: p.startDate,
  endDate: p.endDate,
  reason: p.reason,
});

const period = (r: q.UnavailabilityRow): UnavailabilityPeriod => fieldsOf(unavailabilityPeriod, r);

const TYPE_NAMES: Record<q.UnavailabilityRow['type'], [string, string]> = {
  leave: ['请假', 'leave'],
  sick: ['病假', 'sick leave'],
  training: ['培训', 'training'],
  day_off: ['休息', 'day off'],
};

function overlapError(clash: q.UnavailabilityRow) {
  const [zh, en] = TYPE_NAMES[clash.type];
  return new AppError('CONFLICT', {
    detail: bi(
      `与已有的${zh}（${clash.startDate} 至 ${clash.endDate}）重叠`,
      `Overlaps the existing ${en} from ${clash.startDate} to ${clash.endDate}`,
    ),
    data: { conflict: period(clash) },
  });
}
