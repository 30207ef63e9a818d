// The guide's work order (issue 29 item 3): what one assigned guide takes on the tour — the team,
// dates, pickup, contacts, the day-by-day itinerary with each spot's address and opening hours
// (scenic data), the other guides and the notes. The page prints it; no HTTP here.
import { periodDates, workOrder, type Clock, type WorkOrder } from '@console/shared';
import type { Db } from '../../db/types';
import { fieldsOf } from '../../db/row-shape';
import { AppError } from '../../lib/app-error';
import * as q from './queries';
import { teamNotFound } from './service';
import * as tq from './templates-queries';

export class WorkOrderService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The order of `guideId` on team `id`: 404 when the guide has no active assignment there. */
  async of(id: number, guideId: number): Promise<WorkOrder> {
    const team = await q.findTeam(this.db, id);
    if (!team) throw teamNotFound();
    const [guides, itinerary] = await Promise.all([
      tq.activeGuidesWithPhones(this.db, id),
      tq.itineraryWithPlaces(this.db, id),
    ]);
    const guide = guides.find((g) => g.id === guideId);
    if (!guide)
      throw new AppError('NOT_FOUND', {
        detail: {
          'zh-CN': '该导游不在本团的在岗导游中',
          'en-US': 'That guide is not an active guide of this team',
        },
      });
    // Every day of the period, a day without a visit too (the guide sees the gap).
    const days = periodDates(team.startDate, team.endDate).map((date) => ({
      date,
      items: itinerary.filter((i) => i.date === date).map(({ date: _, ...item }) => item),
    }));
    return {
      team: fieldsOf(workOrder.shape.team, team),
      guide,
      otherGuides: guides.filter((g) => g.id !== guideId),
      days,
      printedAt: this.clock.now().toISOString(),
    };
  }
}
