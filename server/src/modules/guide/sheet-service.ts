// The guide list as a spreadsheet (issue #7): an import is checked whole against the
// dictionaries, spots, uniqueness and licence rule, then written all or nothing; an export
// writes the guides matching the list's filters. The columns are in sheet.ts. No HTTP here.
import {
  GUIDE_LANGUAGE_CATEGORY,
  GUIDE_SPECIALTY_CATEGORY,
  guideLevelRank,
  guideSheetRow,
  isoToday,
  SPREADSHEET_LIMITS,
  type Clock,
  type GuideFilter,
  type GuideSheetExport,
  type GuideSheetRow,
} from '@console/shared';
import type { Db } from '../../db/types';
import { fieldsOf } from '../../db/row-shape';
import type { ParsedRow, RecordImport, RowProblem } from '../../lib/spreadsheet';
import type { PropertiesService } from '../properties/service';
import type { ScenicSpotService } from '../scenic/spots-service';
import { scalarFields, type GuideAssembler } from './assembly';
import * as q from './guides-queries';
import { allGuidesMatching } from './list-queries';

export class GuideSheetService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly assembler: GuideAssembler,
    /** Dictionaries (languages, specialties) and spots are other modules': their services. */
    private readonly properties: PropertiesService,
    private readonly spots: Pick<ScenicSpotService, 'spotRefsByIds' | 'spotRefsByCodes'>,
  ) {}

  /** Problems the row contract cannot see: dictionaries, spots, uniqueness, licence. */
  async importProblems(rows: ParsedRow<GuideSheetRow>[]): Promise<RowProblem[]> {
    const problems: RowProblem[] = [];
    const [languages, specialties, spots, existing] = await Promise.all([
      this.properties.enabledValues(GUIDE_LANGUAGE_CATEGORY),
      this.properties.enabledValues(GUIDE_SPECIALTY_CATEGORY),
      this.spots.spotRefsByCodes([
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
    const today = isoToday(this.clock.now());
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
      const spots = await this.spots.spotRefsByCodes(
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
    const rows = await allGuidesMatching(
      this.db,
      { ...filter, current: 1, pageSize: 1 },
      isoToday(this.clock.now()),
      rank,
      SPREADSHEET_LIMITS.maxRows,
    );
    const full = await this.assembler.assembleMany(this.db, rows);
    const spots = await this.spots.spotRefsByIds([
      ...new Set(full.flatMap((g) => g.certifications.map((c) => c.spotId))),
    ]);
    const spotCode = new Map(spots.map((sp) => [sp.id, sp.code]));
    // Every column of the sheet row is a field of the guide by the same name; lists as text.
    return full.map((g) => ({
      ...fieldsOf(guideSheetRow, g, ['languages', 'specialties', 'certifications']),
      languages: g.languages.map((l) => `${l.language}:${l.proficiency}`),
      specialties: g.specialties,
      certifications: g.certifications.map((c) => `${spotCode.get(c.spotId)}:${c.validUntil}`),
    }));
  }
}
