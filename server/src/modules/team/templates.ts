// Repeating a tour (issue 29 item 2): copy a team (a new draft with a new code, its dates and
// itinerary moved by an offset, no guides) and keep itineraries as named templates that a new
// team starts from. Every write records its audit row in its own transaction. No HTTP here.
import {
  addDays,
  isoToday,
  periodDays,
  teamCopyBreach,
  type Clock,
  type Page,
  type Team,
  type TeamCopyBody,
  type TeamTemplateCreateBody,
  type TeamTemplateDetail,
  type TeamTemplateItem,
  type TeamTemplateListItem,
  type TeamTemplateListQuery,
} from '@console/shared';
import type { Db } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { diffRecords } from '../audit/diff';
import { recordAudit } from '../audit/writer';
import type { SystemConfigService } from '../system-config/service';
import type { ScenicServices } from '../scenic/scenic-services';
import { checkCapacity, lockSpotDays } from './capacity';
import { nextTeamCode } from './code';
import * as q from './queries';
import { editableFields, itineraryRows, snapshot, teamNotFound, type TeamService } from './service';
import * as tq from './templates-queries';

const bi = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const templateNotFound = () =>
  new AppError('NOT_FOUND', { detail: bi('行程模板不存在', 'No such itinerary template') });

/** The audit entity of templates. */
export const AUDIT_TEMPLATE = 'team_template';

export class TeamTemplateService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: SystemConfigService,
    private readonly scenic: Pick<ScenicServices, 'spots' | 'windows'>,
    private readonly teams: TeamService,
  ) {}

  // --- copy ------------------------------------------------------------------------------

  /**
   * A new draft team like `id`: every field a person edits, a new code, the dates and the
   * itinerary moved by `offsetDays`, no guides. Refused before today (teamCopyBreach) and over
   * a spot's capacity as an itinerary save is (a warning waits for confirmation).
   */
  async copy(id: number, body: TeamCopyBody, userId: number | null): Promise<Team> {
    const [pattern, warningPercent] = await Promise.all([
      this.config.get('team.codePattern'),
      this.config.get('capacity.warningPercent'),
    ]);
    return this.db.transaction(async (tx) => {
      const source = await q.findTeam(tx, id);
      if (!source) throw teamNotFound();
      const now = this.clock.now();
      const breach = teamCopyBreach(source, body.offsetDays, now);
      if (breach)
        throw new AppError('TEAM_COPY_STARTS_BEFORE_TODAY', {
          params: breach.facts,
          data: { rule: breach.rule, ...breach.facts },
        });
      const move = (d: string) => addDays(d, body.offsetDays);
      const items = (await q.itineraryOf(tx, id)).map((i) => ({ ...i, date: move(i.date) }));
      const code = await nextTeamCode(tx, pattern, isoToday(now));
      const row = await q.insertTeam(tx, {
        ...editableFields(source),
        startDate: move(source.startDate),
        endDate: move(source.endDate),
        code,
        status: 'draft',
        statusChangedAt: now,
        createdBy: userId,
        updatedBy: userId,
        createdAt: now,
        updatedAt: now,
      });
      await lockSpotDays(tx, items);
      await checkCapacity(
        tx,
        { scenic: this.scenic },
        { id: row.id, pax: row.pax },
        items,
        new Map(items.map((i) => [i.spotId, i.spotName])),
        warningPercent,
        body.confirmCapacityWarning,
      );
      await q.replaceItinerary(tx, row.id, itineraryRows(row.id, items));
      await q.insertHistory(tx, {
        teamId: row.id,
        fromStatus: null,
        toStatus: 'draft',
        actorId: userId,
        at: now,
      });
      const copied = await this.teams.get(row.id, tx);
      await recordAudit(tx, {
        entityType: 'team',
        entityId: row.id,
        diff: diffRecords({ copiedFrom: null }, { copiedFrom: source.code, ...snapshot(copied) }),
      });
      return copied;
    });
  }

  // --- templates -------------------------------------------------------------------------

  async list(query: TeamTemplateListQuery): Promise<Page<TeamTemplateListItem>> {
    const { rows, total } = await tq.listTemplates(this.db, query);
    const names = await this.spotNames(rows.flatMap((r) => r.items));
    return { list: rows.map((r) => listItem(r, names)), total };
  }

  async get(id: number): Promise<TeamTemplateDetail> {
    const row = await tq.findTemplate(this.db, id);
    if (!row) throw templateNotFound();
    const names = await this.spotNames(row.items);
    // A spot deleted since drops out (product rule: a team takes only spots that exist).
    const items = row.items
      .filter((i) => names.has(i.spotId))
      .map((i) => ({
        ...i,
        spotName: names.get(i.spotId)!.name,
        spotCode: names.get(i.spotId)!.code,
      }));
    return { ...listItem(row, names), items };
  }

  /** Keeps the team's itinerary under `name`, its days counted from the team's first day. */
  async create(body: TeamTemplateCreateBody, userId: number | null): Promise<TeamTemplateDetail> {
    const id = await this.db.transaction(async (tx) => {
      const team = await q.findTeam(tx, body.teamId);
      if (!team) throw teamNotFound();
      const itinerary = await q.itineraryOf(tx, team.id);
      if (itinerary.length === 0)
        throw new AppError('VALIDATION_FAILED', {
          fields: [
            { path: 'teamId', message: bi('团队还没有行程', 'The team has no itinerary yet') },
          ],
          detail: bi(
            '团队还没有行程，不能存为模板',
            'The team has no itinerary to keep as a template',
          ),
        });
      const items: TeamTemplateItem[] = itinerary.map((i) => ({
        day: periodDays(team.startDate, i.date) - 1,
        spotId: i.spotId,
        plannedStart: i.plannedStart,
        plannedEnd: i.plannedEnd,
        notes: i.notes,
      }));
      const row = await tq.insertTemplate(tx, {
        name: body.name,
        days: periodDays(team.startDate, team.endDate),
        items,
        sourceTeamId: team.id,
        createdBy: userId,
        createdAt: this.clock.now(),
      });
      await recordAudit(tx, {
        entityType: AUDIT_TEMPLATE,
        entityId: row.id,
        diff: diffRecords(null, { name: body.name, team: team.code, items: items.length }),
      });
      return row.id;
    });
    return this.get(id);
  }

  /** Deletes the template at `version` (409 when someone changed or deleted it first). */
  async remove(id: number, version: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await tq.findTemplate(tx, id);
      if (!row) throw templateNotFound();
      if (row.version !== version || !(await tq.deleteTemplateVersioned(tx, id, version)))
        throw new AppError('STALE_VERSION');
      await recordAudit(tx, {
        entityType: AUDIT_TEMPLATE,
        entityId: id,
        diff: diffRecords({ name: row.name, items: row.items.length }, null),
      });
    });
  }

  private async spotNames(items: readonly TeamTemplateItem[]) {
    const rows = await tq.spotNames(this.db, [...new Set(items.map((i) => i.spotId))]);
    return new Map(rows.map((r) => [r.id, r]));
  }
}

function listItem(row: tq.TemplateRow, names: Map<number, { name: string }>): TeamTemplateListItem {
  const spots = [
    ...new Set(row.items.flatMap((i) => (names.has(i.spotId) ? [names.get(i.spotId)!.name] : []))),
  ];
  return {
    id: row.id,
    name: row.name,
    days: row.days,
    itemCount: row.items.length,
    spots,
    sourceTeamId: row.sourceTeamId,
    sourceTeamCode: row.sourceTeamCode,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}
