// SQL of guide records: one guide and its children (languages, specialties, certifications),
// codes and licence numbers, licence expiry, audit subjects.
import { and, asc, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { withNameSort } from '../../db/sort-key';
import type { DbOrTx } from '../../db/types';
import { chunks } from '../../db/chunks';
import {
  guideCertifications,
  guideCodeSeq,
  guideLanguages,
  guides,
  guideSpecialties,
} from './schema';

export type GuideRow = typeof guides.$inferSelect;
export type GuideInsert = typeof guides.$inferInsert;

export async function languagesOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(guideLanguages)
    .where(inArray(guideLanguages.guideId, ids))
    .orderBy(asc(guideLanguages.guideId), asc(guideLanguages.sortOrder));
}

export async function specialtiesOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(guideSpecialties)
    .where(inArray(guideSpecialties.guideId, ids))
    .orderBy(asc(guideSpecialties.guideId), asc(guideSpecialties.specialty));
}

export async function certificationsOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(guideCertifications)
    .where(inArray(guideCertifications.guideId, ids))
    .orderBy(asc(guideCertifications.guideId), asc(guideCertifications.spotId));
}

export async function findGuide(db: DbOrTx, id: number) {
  const [row] = await db.select().from(guides).where(eq(guides.id, id)).limit(1);
  return row;
}

/** Locks the guide row for the rest of the transaction (serialises writes to one guide). */
export async function lockGuide(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(guides).where(eq(guides.id, id)).limit(1).for('update');
  return row;
}

export async function findGuideByCode(db: DbOrTx, code: string) {
  const [row] = await db.select().from(guides).where(eq(guides.code, code)).limit(1);
  return row;
}

/** Guides other than `exceptId` already holding the code or licence number. */
export async function duplicatesOf(
  db: DbOrTx,
  values: { code?: string; licenceNo: string },
  exceptId?: number,
) {
  const match = values.code
    ? or(eq(guides.code, values.code), eq(guides.licenceNo, values.licenceNo))
    : eq(guides.licenceNo, values.licenceNo);
  return db
    .select({ id: guides.id, code: guides.code, licenceNo: guides.licenceNo })
    .from(guides)
    .where(exceptId === undefined ? match : and(match, ne(guides.id, exceptId)));
}

export async function nextGuideCode(db: DbOrTx): Promise<string> {
  for (;;) {
    const res = await db.execute<{ n: string }>(sql`select nextval(${guideCodeSeq.seqName}) as n`);
    const rows = (res as unknown as { rows?: { n: string }[] }).rows ?? (res as { n: string }[]);
    const code = `G${String(rows[0].n).padStart(6, '0')}`;
    // Codes may also be typed by hand or imported; skip numbers already taken.
    if (!(await findGuideByCode(db, code))) return code;
  }
}

export async function insertGuide(db: DbOrTx, values: GuideInsert) {
  const [row] = await db.insert(guides).values(withNameSort(values, true)).returning();
  return row;
}

export async function insertGuides(db: DbOrTx, values: GuideInsert[]) {
  const ids: number[] = [];
  for (const chunk of chunks(values, 500)) {
    const rows = await db
      .insert(guides)
      .values(chunk.map((v) => withNameSort(v, true)))
      .returning({ id: guides.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** Writes only when the stored version is `version`; undefined when stale or missing. */
export async function updateGuideVersioned(
  db: DbOrTx,
  id: number,
  version: number,
  values: Partial<GuideInsert>,
) {
  const [row] = await db
    .update(guides)
    .set({
      ...withNameSort(values, true),
      updatedAt: new Date(),
      version: sql`${guides.version} + 1`,
    })
    .where(and(eq(guides.id, id), eq(guides.version, version)))
    .returning();
  return row;
}

export async function replaceGuideChildren(
  db: DbOrTx,
  guideId: number,
  children: {
    languages: { language: string; proficiency: string }[];
    specialties: string[];
    certifications: { spotId: number; validUntil: string }[];
  },
) {
  await db.delete(guideLanguages).where(eq(guideLanguages.guideId, guideId));
  await db.delete(guideSpecialties).where(eq(guideSpecialties.guideId, guideId));
  await db.delete(guideCertifications).where(eq(guideCertifications.guideId, guideId));
  await insertGuideChildren(db, [{ guideId, ...children }]);
}

/** Bulk insert of the children of many guides (create, import, demo data). */
export async function insertGuideChildren(
  db: DbOrTx,
  items: {
    guideId: number;
    languages: { language: string; proficiency: string }[];
    specialties: string[];
    certifications: { spotId: number; validUntil: string }[];
  }[],
) {
  const langs = items.flatMap((g) =>
    g.languages.map((l, i) => ({
      guideId: g.guideId,
      language: l.language,
      proficiency: l.proficiency as (typeof guideLanguages.$inferInsert)['proficiency'],
      sortOrder: i,
    })),
  );
  const specs = items.flatMap((g) =>
    g.specialties.map((specialty) => ({ guideId: g.guideId, specialty })),
  );
  const certs = items.flatMap((g) => g.certifications.map((c) => ({ guideId: g.guideId, ...c })));
  for (const chunk of chunks(langs)) await db.insert(guideLanguages).values(chunk);
  for (const chunk of chunks(specs)) await db.insert(guideSpecialties).values(chunk);
  for (const chunk of chunks(certs)) await db.insert(guideCertifications).values(chunk);
}

/** Guides already holding any of these codes or licence numbers. */
export async function existingCodesAndLicences(db: DbOrTx, codes: string[], licences: string[]) {
  const conds = [
    codes.length ? inArray(guides.code, codes) : undefined,
    licences.length ? inArray(guides.licenceNo, licences) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  if (conds.length === 0) return [];
  return db
    .select({ code: guides.code, licenceNo: guides.licenceNo })
    .from(guides)
    .where(or(...conds));
}

/** Guides still on the books whose licence expires within [from, to]. */
export function guidesWithLicenceExpiring(db: DbOrTx, from: string, to: string) {
  return db
    .select({
      id: guides.id,
      code: guides.code,
      name: guides.name,
      licenceNo: guides.licenceNo,
      licenceExpiry: guides.licenceExpiry,
    })
    .from(guides)
    .where(
      and(
        gte(guides.licenceExpiry, from),
        lte(guides.licenceExpiry, to),
        ne(guides.status, 'inactive'),
      ),
    )
    .orderBy(asc(guides.licenceExpiry), asc(guides.id));
}

/** Names and codes of guides, for audit sentences ("Edited guide 卢晓东 (G000120)"). */
export const guideSubjects = (db: DbOrTx, ids: number[]) =>
  db
    .select({ id: guides.id, name: guides.name, code: guides.code })
    .from(guides)
    .where(inArray(guides.id, ids));
