// Guide records (product.md, "Guide"; issue #7): unique code and licence number, dictionary
// languages and specialties, certified spots that exist, optimistic locking, status changes
// with a reason, an expired licence never `active`. No HTTP here.
import {
  GUIDE_LANGUAGE_CATEGORY,
  GUIDE_SPECIALTY_CATEGORY,
  guideLevelRank,
  isoToday,
  type AuditSubject,
  type Clock,
  type Guide,
  type GuideAuditEntry,
  type GuideCreateBody,
  type GuideListItem,
  type GuideListQuery,
  type GuideRecordsQuery,
  type GuideStatusBody,
  type GuideUpdateBody,
  type Page,
} from '@console/shared';
import type { Db, DbOrTx } from '../../db/types';
import type { EventBus } from '../../events/bus';
import { allQueries } from '../../db/prepared';
import { AppError } from '../../lib/app-error';
import { diffRecords } from '../audit/diff';
import { recordAudit } from '../audit/writer';
import type { AuditService } from '../audit/service';
import type { PropertiesService } from '../properties/service';
import type { ScenicSpotService } from '../scenic/spots-service';
import {
  listItem,
  savesNothing,
  scalarFields,
  snapshot,
  zeroFigures,
  type GuideAssembler,
} from './assembly';
import { bi, guideNotFound } from './errors';
import * as q from './guides-queries';
import { listGuides } from './list-queries';
import type { GuideAbsenceHook, GuideRecordsSource } from './ports';

export class GuideService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly assembler: GuideAssembler,
    /** Dictionaries (languages, specialties) and spots are other modules': their services. */
    private readonly properties: PropertiesService,
    private readonly spots: Pick<ScenicSpotService, 'spotRefsByIds'>,
    private readonly audit: AuditService,
    /** Live events (message pushes) and the team module's hook for absences. */
    private readonly events: EventBus,
    private readonly absence: GuideAbsenceHook,
    /** The profile's teams led and feedback: the team module's, by the figures' rules. */
    private readonly teamRecords: GuideRecordsSource,
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
    const { rows, total } = await listGuides(this.db, query, today, rank);
    const figures = await this.assembler.figuresOf(
      this.db,
      rows.map((r) => r.id),
      today,
    );
    return {
      list: rows.map((r) => {
        // Completed in place, not spread into a second object: a list maps every row.
        const item = listItem(r) as GuideListItem;
        item.languages = r.languages;
        item.figures = figures.get(r.id) ?? zeroFigures();
        return item;
      }),
      total,
    };
  }

  async get(id: number, db: DbOrTx = this.db): Promise<Guide> {
    const row = await q.findGuide(db, id);
    if (!row) throw guideNotFound();
    return this.assembler.assemble(db, row);
  }

  /** The teams the guide led: `figures.teamsLed` is this list's total. */
  async teamsLed(id: number, page: GuideRecordsQuery) {
    if (!(await q.findGuide(this.db, id))) throw guideNotFound();
    return this.teamRecords.teamsLed(this.db, id, page);
  }

  /** The feedback on the guide: `figures.averageRating` is the mean of its scores. */
  async feedback(id: number, page: GuideRecordsQuery) {
    if (!(await q.findGuide(this.db, id))) throw guideNotFound();
    return this.teamRecords.feedback(this.db, id, page);
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
      const before = await this.assembler.assemble(tx, current);
      const code = body.code || current.code;
      // Saved untouched: nothing is written (the version stays; no diff).
      if (savesNothing(before, body, code)) return before;
      // A value the guide already holds stays even when its dictionary item was disabled since.
      await this.checkReferences(tx, body, before);
      // An active guide keeps a valid licence (product.md: expired → suspended).
      if (current.status === 'active') assertLicenceValid(body.licenceExpiry, this.today());
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
      return this.assembler.assemble(tx, row);
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

  /**
   * Languages and specialties must be enabled dictionary items (property tables); certified
   * spots must exist. What the guide already holds (`held`) stays valid: disabling an item
   * keeps it on the records that have it (property management, issue #15 point 3).
   */
  private async checkReferences(
    db: DbOrTx,
    body: Pick<GuideCreateBody, 'languages' | 'specialties' | 'certifications'>,
    held?: Guide,
  ) {
    const [languages, specialties, spots] = await allQueries(db, [
      () => this.properties.enabledValues(GUIDE_LANGUAGE_CATEGORY, db),
      () => this.properties.enabledValues(GUIDE_SPECIALTY_CATEGORY, db),
      () =>
        this.spots.spotRefsByIds(
          body.certifications.map((c) => c.spotId),
          db,
        ),
    ]);
    const known = new Set(spots.map((sp) => sp.id));
    for (const l of held?.languages ?? []) languages.add(l.language);
    for (const sp of held?.specialties ?? []) specialties.add(sp);
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
}

/** product.md: a guide whose licence has expired cannot be `active`. */
function assertLicenceValid(expiry: string, today: string) {
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
