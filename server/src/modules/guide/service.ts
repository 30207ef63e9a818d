// Guide rules (product.md, "Guide"; issue #7): unique code and licence number, dictionary
// languages and specialties, optimistic locking, status changes with a reason, an expired
// licence never `active`, unavailability without overlaps. No HTTP here.
import {
  GUIDE_LANGUAGE_CATEGORY,
  GUIDE_LEVELS,
  GUIDE_SPECIALTY_CATEGORY,
  guideLevelRank,
  isoToday,
  SPREADSHEET_LIMITS,
  guideDetail,
  guideListItem,
  type Clock,
  type Guide,
  type GuideAuditEntry,
  type GuideCreateBody,
  type GuideFigures,
  type GuideListItem,
  type GuideListQuery,
  type GuideStatus,
  type GuideStatusBody,
  type GuideUpdateBody,
  type GuideFilter,
  type GuideSheetExport,
  type GuideSheetRow,
  type Page,
  type UnavailabilityBody,
  type UnavailabilityPeriod,
  type UnavailabilityType,
} from '@console/shared';
import type { Db, DbOrTx, Tx } from '../../db/types';
import type { EventBus } from '../../events/bus';
import { databaseErrorInfo, SQLSTATE } from '../../db/errors';
import { allQueries } from '../../db/prepared';
import { fieldsOf } from '../../db/row-shape';
import { AppError } from '../../lib/app-error';
import type { ParsedRow, RecordImport, RowProblem } from '../../lib/spreadsheet';
import { diffRecords } from '../audit/diff';
import { recordAudit } from '../audit/writer';
import type { PropertiesService } from '../properties/service';
import type { ScenicService } from '../scenic/service';
import type { AuditService } from '../audit/service';
import type { AuditSubject } from '@console/shared';
import * as q from './queries';
import type { GuideRow, UnavailabilityRow } from './queries';

/**
 * Derived figures of guides (teams led, days worked in 30 days, average rating). They come
 * from teams and feedback, which the team module owns: its queries are passed in through the
 * constructor (server/src/services.ts). Until then no guide has led a team.
 */
export type GuideFiguresSource = (
  db: DbOrTx,
  guideIds: number[],
  today: string,
) => Promise<Map<number, GuideFigures>>;

export const noTeamsYet: GuideFiguresSource = async (_db, ids) =>
  new Map(ids.map((id) => [id, { teamsLed: 0, daysWorked30: 0, averageRating: null }]));

/**
 * A guide stopped being available from `from` (status no longer active) or over a new
 * period of leave: the team module makes a todo for the dispatchers of every team the guide
 * is still assigned to then (issue #13 point 8). Runs in the guide write's transaction and
 * answers the users it wrote a new message to (for the live push).
 */
export interface GuideAbsence {
  guideId: number;
  from: string;
  /** null: open-ended (a status change). */
  to: string | null;
  /** What happened, for the message and its dedupe key. */
  cause:
    | { kind: 'status'; status: GuideStatus; at: Date }
    | { kind: 'leave'; periodId: number; type: UnavailabilityType };
}
export type GuideAbsenceHook = (tx: Tx, absence: GuideAbsence) => Promise<number[]>;
export const noTeamsToTell: GuideAbsenceHook = async () => [];

/** The record as the audit diff sees it: scalar fields plus the child lists. */
export type GuideSnapshot = Record<string, unknown>;

type Children = Pick<Guide, 'languages' | 'specialties' | 'certifications'>;

const bi = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

export class GuideService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly figures: GuideFiguresSource,
    /** Dictionaries (languages, specialties) and spots are other modules': their services. */
    private readonly properties: PropertiesService,
    private readonly scenic: ScenicService,
    private readonly audit: AuditService,
    /** Live events (message pushes) and the team module's hook for absences. */
    private readonly events: EventBus,
    private readonly absence: GuideAbsenceHook,
  ) {}

  /** Today in the operation's time zone, by the service's clock. */
  private today(): string {
    return isoToday(this.clock.now());
  }

  /** Name and code per id (as text), for audit sentences. */
  async auditSubjects(ids: number[]): Promise<Map<string, AuditSubject>> {
    const rows = ids.length ? await q.guideSubjects(this.db, ids) : [];
    return new Map(rows.map((r) => [String(r.id), { name: r.name, code: r.code }]));
  }

  async list(query: GuideListQuery): Promise<Page<GuideListItem>> {
    const today = this.today();
    const rank = query.level ? guideLevelRank(query.level) : undefined;
    const { rows, total } = await q.listGuides(this.db, query, today, rank);
    const figures = await this.figures(
      this.db,
      rows.map((r) => r.id),
      today,
    );
    return {
      list: rows.map((r) => ({
        ...listItem(r),
        languages: r.languages,
        figures: figures.get(r.id) ?? zeroFigures(),
      })),
      total,
    };
  }

  async get(id: number, db: DbOrTx = this.db): Promise<Guide> {
    const row = await q.findGuide(db, id);
    if (!row) throw guideNotFound();
    return this.assemble(db, row);
  }

  async create(body: GuideCreateBody, userId: number | null) {
    const guide = await this.db.transaction(async (tx) => {
      await this.checkReferences(tx, body);
      const status = body.status ?? 'active';
      if (status === 'active') assertLicenceValid(body.licenceExpiry, this.today());
      const code = body.code || (await q.nextGuideCode(tx));
      await assertUnique(tx, { code, licenceNo: body.licenceNo });
      // A concurrent writer may still win the unique index: db/errors.ts words that refusal.
      const row = await q.insertGuide(tx, {
        ...scalarFields(body),
        code,
        status,
        createdBy: userId,
      });
      await q.insertGuideChildren(tx, [{ guideId: row.id, ...body }]);
      const created = await this.get(row.id, tx);
      await recordAudit(tx, {
        entityType: 'guide',
        entityId: created.id,
        diff: diffRecords(null, snapshot(created)),
      });
      return created;
    });
    return guide;
  }

  async update(id: number, body: GuideUpdateBody) {
    return this.db.transaction(async (tx) => {
      const current = await q.lockGuide(tx, id);
      if (!current) throw guideNotFound();
      if (current.version !== body.version) throw new AppError('STALE_VERSION');
      const before = await this.assemble(tx, current);
      await this.checkReferences(tx, body);
      // An active guide keeps a valid licence (product.md: expired → suspended).
      if (current.status === 'active') assertLicenceValid(body.licenceExpiry, this.today());
      const code = body.code || current.code;
      await assertUnique(tx, { code, licenceNo: body.licenceNo }, id);
      const row = await q.updateGuideVersioned(tx, id, body.version, {
        ...scalarFields(body),
        code,
      });
      if (!row) throw new AppError('STALE_VERSION');
      await q.replaceGuideChildren(tx, id, body);
      const after = await this.get(id, tx);
      await recordAudit(tx, {
        entityType: 'guide',
        entityId: id,
        diff: diffRecords(snapshot(before), snapshot(after)),
      });
      return after;
    });
  }

  async changeStatus(id: number, body: GuideStatusBody) {
    return this.events.transaction(this.db, async (tx, emit) => {
      const current = await q.lockGuide(tx, id);
      if (!current) throw guideNotFound();
      if (current.version !== body.version) throw new AppError('STALE_VERSION');
      if (body.status === 'active') assertLicenceValid(current.licenceExpiry, this.today());
      const row = await q.updateGuideVersioned(tx, id, body.version, {
        status: body.status,
        statusReason: body.reason,
        statusChangedAt: this.clock.now(),
      });
      if (!row) throw new AppError('STALE_VERSION');
      await recordAudit(tx, {
        entityType: 'guide',
        entityId: id,
        diff: diffRecords(
          { status: current.status, statusReason: current.statusReason },
          { status: row.status, statusReason: row.statusReason },
        ),
      });
      if (row.status !== 'active' && current.status !== row.status) {
        const told = await this.absence(tx, {
          guideId: id,
          from: this.today(),
          to: null,
          cause: {
            kind: 'status',
            status: row.status,
            at: row.statusChangedAt ?? this.clock.now(),
          },
        });
        if (told.length) emit({ type: 'message.created', userIds: told });
      }
      return this.assemble(tx, row);
    });
  }

  // --- unavailability ----------------------------------------------------------------

  async listUnavailability(guideId: number, from?: string, to?: string) {
    if (!(await q.findGuide(this.db, guideId))) throw guideNotFound();
    const rows = await q.listUnavailability(this.db, guideId, from, to);
    return rows.map(period);
  }

  async addUnavailability(guideId: number, body: UnavailabilityBody, userId: number | null) {
    return this.events.transaction(this.db, async (tx, emit) => {
      // The row lock orders this write with assignments of the guide (they share-lock it).
      if (!(await q.lockGuide(tx, guideId))) throw guideNotFound();
      // The exclusion constraint guide_unavailability_no_overlap refuses an overlap (also
      // one a concurrent writer committed); the refusal names the period it overlaps.
      let inserted: UnavailabilityRow;
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

  async removeUnavailability(guideId: number, periodId: number) {
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

  async auditHistory(guideId: number, limit: number, before?: number) {
    if (!(await q.findGuide(this.db, guideId))) throw guideNotFound();
    const rows = await this.audit.entityHistory('guide', guideId, limit, before);
    const list: GuideAuditEntry[] = rows.map((r) => ({ ...r, at: r.at.toISOString() }));
    return { list, next: rows.length === limit ? rows[rows.length - 1].id : null };
  }

  /** Guides still on the books whose licence expires within [from, to] (calendar days). */
  licencesExpiring(db: DbOrTx, from: string, to: string) {
    return q.guidesWithLicenceExpiring(db, from, to);
  }

  // --- spreadsheet import / export ------------------------------------------------------

  /** Problems the row contract cannot see: dictionaries, spots, uniqueness, licence. */
  async importProblems(rows: ParsedRow<GuideSheetRow>[]): Promise<RowProblem[]> {
    const problems: RowProblem[] = [];
    const [languages, specialties, spots, existing] = await Promise.all([
      this.properties.enabledValues(GUIDE_LANGUAGE_CATEGORY),
      this.properties.enabledValues(GUIDE_SPECIALTY_CATEGORY),
      this.scenic.spotRefsByCodes([
        ...new Set(rows.flatMap((r) => r.data.certifications.map((c) => c.spotCode))),
      ]),
      q.existingCodesAndLicences(
        this.db,
        rows.map((r) => r.data.code).filter((c): c is string => !!c),
        rows.map((r) => r.data.licenceNo),
      ),
    ]);
    const spotCodes = new Set(spots.map((sp) => sp.code));
    const takenCodes = new Set(existing.map((e) => e.code));
    const takenLicences = new Set(existing.map((e) => e.licenceNo));
    const firstCode = new Map<string, number>();
    const firstLicence = new Map<string, number>();
    const today = this.today();
    for (const { row, data } of rows) {
      if (data.languages.some((l) => !languages.has(l.language)))
        problems.push({ row, field: 'languages', code: 'unknownDictionaryValue' });
      if (data.specialties.some((sp) => !specialties.has(sp)))
        problems.push({ row, field: 'specialties', code: 'unknownDictionaryValue' });
      if (data.certifications.some((c) => !spotCodes.has(c.spotCode)))
        problems.push({ row, field: 'certifications', code: 'unknownSpot' });
      if (data.status === 'active' && data.licenceExpiry < today)
        problems.push({ row, field: 'licenceExpiry', code: 'licenceExpired' });
      if (data.code) {
        const seen = firstCode.get(data.code);
        if (seen !== undefined)
          problems.push({ row, field: 'code', code: 'duplicateInFile', params: { row: seen } });
        else firstCode.set(data.code, row);
        if (takenCodes.has(data.code)) problems.push({ row, field: 'code', code: 'duplicate' });
      }
      const seenLicence = firstLicence.get(data.licenceNo);
      if (seenLicence !== undefined)
        problems.push({
          row,
          field: 'licenceNo',
          code: 'duplicateInFile',
          params: { row: seenLicence },
        });
      else firstLicence.set(data.licenceNo, row);
      if (takenLicences.has(data.licenceNo))
        problems.push({ row, field: 'licenceNo', code: 'duplicate' });
    }
    return problems;
  }

  /** Writes checked import rows in one transaction (all or nothing); returns the count. */
  async insertMany(
    rows: GuideSheetRow[],
    userId: number | null,
    recordImport: RecordImport,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const spots = await this.scenic.spotRefsByCodes(
        [...new Set(rows.flatMap((r) => r.certifications.map((c) => c.spotCode)))],
        tx,
      );
      const spotId = new Map(spots.map((sp) => [sp.code, sp.id]));
      const values: q.GuideInsert[] = [];
      for (const r of rows) {
        values.push({
          ...scalarFields(r),
          code: r.code || (await q.nextGuideCode(tx)),
          status: r.status,
          statusReason: r.statusReason,
          statusChangedAt: r.status === 'active' ? null : this.clock.now(),
          createdBy: userId,
        });
      }
      const ids = await q.insertGuides(tx, values);
      await q.insertGuideChildren(
        tx,
        rows.map((r, i) => ({
          guideId: ids[i],
          languages: r.languages,
          specialties: r.specialties,
          certifications: r.certifications.map((c) => ({
            spotId: spotId.get(c.spotCode)!,
            validUntil: c.validUntil,
          })),
        })),
      );
      await recordImport(tx, ids.length);
      return ids.length;
    });
  }

  /** The guides matching the list's filters, as spreadsheet rows (lists as text). */
  async exportRows(filter: GuideFilter): Promise<GuideSheetExport[]> {
    const rank = filter.level ? guideLevelRank(filter.level) : undefined;
    const rows = await q.allGuidesMatching(
      this.db,
      { ...filter, current: 1, pageSize: 1 },
      this.today(),
      rank,
      SPREADSHEET_LIMITS.maxRows,
    );
    const full = await this.assembleMany(this.db, rows);
    const spots = await this.scenic.spotRefsByIds([
      ...new Set(full.flatMap((g) => g.certifications.map((c) => c.spotId))),
    ]);
    const spotCode = new Map(spots.map((sp) => [sp.id, sp.code]));
    return full.map((g) => ({
      code: g.code,
      name: g.name,
      gender: g.gender,
      birthDate: g.birthDate,
      phone: g.phone,
      email: g.email,
      emergencyContactName: g.emergencyContactName,
      emergencyContactPhone: g.emergencyContactPhone,
      avatar: g.avatar,
      homeCity: g.homeCity,
      employmentType: g.employmentType,
      licenceNo: g.licenceNo,
      licenceType: g.licenceType,
      level: g.level,
      levelObtainedOn: g.levelObtainedOn,
      licenceExpiry: g.licenceExpiry,
      maxGroupSize: g.maxGroupSize,
      status: g.status,
      statusReason: g.statusReason,
      languages: g.languages.map((l) => `${l.language}:${l.proficiency}`),
      specialties: g.specialties,
      certifications: g.certifications.map((c) => `${spotCode.get(c.spotId)}:${c.validUntil}`),
    }));
  }

  // --- helpers -----------------------------------------------------------------------

  /**
   * Languages and specialties must be enabled dictionary items (property tables); certified
   * spots must exist.
   */
  async checkReferences(
    db: DbOrTx,
    body: Pick<GuideCreateBody, 'languages' | 'specialties' | 'certifications'>,
  ) {
    const [languages, specialties, spots] = await allQueries(db, [
      () => this.properties.enabledValues(GUIDE_LANGUAGE_CATEGORY, db),
      () => this.properties.enabledValues(GUIDE_SPECIALTY_CATEGORY, db),
      () =>
        this.scenic.spotRefsByIds(
          body.certifications.map((c) => c.spotId),
          db,
        ),
    ]);
    const known = new Set(spots.map((sp) => sp.id));
    const fields = [
      ...body.certifications
        .map((c, i) => (known.has(c.spotId) ? null : `certifications.${i}.spotId`))
        .filter((p): p is string => p !== null),
      ...body.languages
        .map((l, i) => (languages.has(l.language) ? null : `languages.${i}.language`))
        .filter((p): p is string => p !== null),
      ...body.specialties
        .map((s, i) => (specialties.has(s) ? null : `specialties.${i}`))
        .filter((p): p is string => p !== null),
    ];
    if (fields.length > 0) {
      throw new AppError('VALIDATION_FAILED', {
        fields: fields.map((path) => ({ path, message: 'unknownDictionaryValue' })),
        detail: bi(
          '语种、特长或认证景点不存在',
          'A language, specialty or certified spot does not exist',
        ),
      });
    }
  }

  private async assemble(db: DbOrTx, row: GuideRow): Promise<Guide> {
    const [many] = await this.assembleMany(db, [row]);
    return many;
  }

  /** Rows → full guides with children, spot names and figures, in few queries. */
  async assembleMany(db: DbOrTx, rows: GuideRow[]): Promise<Guide[]> {
    const ids = rows.map((r) => r.id);
    const [langs, specs, certs, figures] = await allQueries(db, [
      () => q.languagesOf(db, ids),
      () => q.specialtiesOf(db, ids),
      () => q.certificationsOf(db, ids),
      () => this.figures(db, ids, this.today()),
    ]);
    const spots = await this.scenic.spotRefsByIds([...new Set(certs.map((c) => c.spotId))], db);
    const names = new Map(spots.map((sp) => [sp.id, sp.name]));
    const langsBy = groupBy(langs, (l) => l.guideId);
    const specsBy = groupBy(specs, (s) => s.guideId);
    const certsBy = groupBy(certs, (c) => c.guideId);
    return rows.map((row) => ({
      ...fieldsOf(guideDetail, row, ['languages', 'specialties', 'certifications', 'figures']),
      languages: (langsBy.get(row.id) ?? []).map(({ language, proficiency }) => ({
        language,
        proficiency,
      })),
      specialties: (specsBy.get(row.id) ?? []).map((s) => s.specialty),
      certifications: (certsBy.get(row.id) ?? []).map((c) => ({
        spotId: c.spotId,
        spotName: names.get(c.spotId) ?? null,
        validUntil: c.validUntil,
      })),
      figures: figures.get(row.id) ?? zeroFigures(),
    }));
  }
}

const periodSummary = (p: UnavailabilityPeriod) => ({
  id: p.id,
  type: p.type,
  startDate: p.startDate,
  endDate: p.endDate,
  reason: p.reason,
});

const zeroFigures = (): GuideFigures => ({ teamsLed: 0, daysWorked30: 0, averageRating: null });

const listItem = (r: Omit<q.GuideListRow, 'languages' | 'total'>) =>
  fieldsOf(guideListItem, r, ['languages', 'figures']);

/** Columns of the guides row a create or update writes. */
export function scalarFields(body: GuideCreateBody | GuideUpdateBody | GuideSheetRow) {
  return {
    name: body.name,
    gender: body.gender,
    birthDate: body.birthDate,
    phone: body.phone,
    email: body.email,
    emergencyContactName: body.emergencyContactName,
    emergencyContactPhone: body.emergencyContactPhone,
    avatar: body.avatar,
    homeCity: body.homeCity,
    employmentType: body.employmentType,
    licenceNo: body.licenceNo,
    licenceType: body.licenceType,
    level: body.level,
    levelRank: GUIDE_LEVELS.indexOf(body.level),
    levelObtainedOn: body.levelObtainedOn,
    licenceExpiry: body.licenceExpiry,
    maxGroupSize: body.maxGroupSize,
  };
}

/** What the audit diff compares: the guide without bookkeeping and derived figures. */
export function snapshot(g: Guide | null): GuideSnapshot | null {
  if (!g) return null;
  const { figures: _f, updatedAt: _u, version: _v, createdAt: _c, ...rest } = g;
  const children: Children = {
    languages: g.languages,
    specialties: g.specialties,
    certifications: g.certifications.map((c) => ({ ...c, spotName: null })),
  };
  return { ...rest, ...children };
}

function period(r: UnavailabilityRow): UnavailabilityPeriod {
  return {
    id: r.id,
    guideId: r.guideId,
    type: r.type,
    startDate: r.startDate,
    endDate: r.endDate,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy,
  };
}

function groupBy<T>(items: T[], key: (t: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

const guideNotFound = () =>
  new AppError('NOT_FOUND', { detail: bi('导游不存在', 'No such guide') });

/** product.md: a guide whose licence has expired cannot be `active`. */
export function assertLicenceValid(expiry: string, today: string) {
  if (expiry < today) {
    throw new AppError('CONFLICT', {
      detail: bi(
        `导游证已于 ${expiry} 过期，不能设为在岗`,
        `The licence expired on ${expiry}; the guide cannot be set active`,
      ),
      fields: [{ path: 'licenceExpiry', message: 'licenceExpired' }],
    });
  }
}

const TYPE_NAMES: Record<UnavailabilityRow['type'], [string, string]> = {
  leave: ['请假', 'leave'],
  sick: ['病假', 'sick leave'],
  training: ['培训', 'training'],
  day_off: ['休息', 'day off'],
};

function overlapError(clash: UnavailabilityRow) {
  const [zh, en] = TYPE_NAMES[clash.type];
  return new AppError('CONFLICT', {
    detail: bi(
      `与已有的${zh}（${clash.startDate} 至 ${clash.endDate}）重叠`,
      `Overlaps the existing ${en} from ${clash.startDate} to ${clash.endDate}`,
    ),
    data: { conflict: period(clash) },
  });
}

async function assertUnique(
  db: DbOrTx,
  values: { code: string; licenceNo: string },
  exceptId?: number,
) {
  const dups = await q.duplicatesOf(db, values, exceptId);
  if (dups.length === 0) return;
  const codeTaken = dups.some((d) => d.code === values.code);
  throw duplicateError(
    codeTaken ? 'code' : 'licenceNo',
    codeTaken ? values.code : values.licenceNo,
  );
}

function duplicateError(field: 'code' | 'licenceNo', value?: string) {
  return new AppError('DUPLICATE', {
    fields: [{ path: field, message: 'duplicate' }],
    detail: !value
      ? undefined
      : field === 'code'
        ? bi(`导游编号 ${value} 已存在`, `Guide code ${value} already exists`)
        : bi(`导游证号 ${value} 已存在`, `Licence number ${value} already exists`),
  });
}
