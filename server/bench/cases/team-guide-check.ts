import { sql } from 'drizzle-orm';
import { addDays, isoToday } from '@console/shared';
import { defineCase, type BenchCase, type DbKind } from '../framework';

// Issue #13: the hard-rule check of one assignment against a pool of 5 000 guides, some busy
// on another team, some on leave, some without the language, level, certification or group
// size the team needs. Two requests: the check of one guide (what an assignment runs) and a
// page of the guide check, which evaluates all 5 000 to put the eligible first.
const GUIDES = 5_000;
export const PREFIX = 'AC';
const TEAM_CODE = 'BENCH-CHECK';

/** The team's id on each database, known once that database is seeded. */
const teamIds = new Map<DbKind, number>();
let current: DbKind = 'pglite';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export async function seed({
  db,
  kind,
}: {
  db: Parameters<NonNullable<BenchCase['seed']>>[0]['db'];
  kind: DbKind;
}) {
  current = kind;
  const existing = rowsOf<{ id: number }>(
    await db.execute(sql`select id from teams where code = ${TEAM_CODE}`),
  );
  if (existing[0]) {
    teamIds.set(kind, existing[0].id);
    await remember(db, kind);
    return;
  }
  const start = addDays(isoToday(), 30);
  const end = addDays(start, 2);
  const spots = rowsOf<{ id: number; certified: boolean }>(
    await db.execute(sql`
      (select id, certified_guides_only as certified from scenic_spots
        where certified_guides_only order by id limit 1)
      union all
      (select id, certified_guides_only from scenic_spots
        where not certified_guides_only order by id limit 2)`),
  );
  const certified = spots.find((s) => s.certified)?.id ?? spots[0].id;
  await db.execute(sql`
    insert into guides (code, name, gender, birth_date, phone, home_city, employment_type,
      licence_no, licence_type, level, level_rank, level_obtained_on, licence_expiry,
      max_group_size, status)
    select ${PREFIX} || lpad(i::text, 6, '0'), '核验导游' || i,
      case when i % 2 = 0 then 'female' else 'male' end, date '1980-01-01' + i % 9000,
      '139' || lpad(i::text, 8, '0'), '杭州', 'staff', 'CHECK-' || lpad(i::text, 7, '0'),
      'national', (array['junior','intermediate','senior','special'])[1 + i % 4], i % 4,
      date '2015-01-01', ${end}::date + (i % 400) - 20,
      (array[20, 30, 40, 50])[1 + i % 4],
      (array['active','active','active','active','active','active','active','on_leave',
        'suspended','inactive'])[1 + i % 10]
    from generate_series(1, ${GUIDES}) as i`);
  await db.execute(sql`
    insert into guide_languages (guide_id, language, proficiency, sort_order)
    select id, 'zh', 'native', 0 from guides where code like ${`${PREFIX}%`}
    union all
    select id, 'en', 'fluent', 1 from guides where code like ${`${PREFIX}%`} and id % 5 <> 0`);
  await db.execute(sql`
    insert into guide_certifications (guide_id, spot_id, valid_until)
    select id, ${certified}, ${end}::date + 100 from guides
    where code like ${`${PREFIX}%`} and id % 2 = 0`);
  await db.execute(sql`
    insert into guide_unavailability (guide_id, type, start_date, end_date)
    select id, 'leave', ${start}::date + 1, ${end}::date + 3 from guides
    where code like ${`${PREFIX}%`} and id % 13 = 0`);
  const team = (code: string) => sql`
    insert into teams (code, name, agency, market, pax_adults, language, lead_contact_name,
      lead_contact_phone, start_date, end_date, status)
    values (${code}, '核验团', 'cits', 'inbound', 25, 'en', '李四', '13800000000', ${start},
      ${end}, 'pending') returning id`;
  const [{ id: teamId }] = rowsOf<{ id: number }>(await db.execute(team(TEAM_CODE)));
  const [{ id: otherId }] = rowsOf<{ id: number }>(await db.execute(team(`${TEAM_CODE}-B`)));
  for (const id of [teamId, otherId]) {
    await db.execute(sql`
      insert into team_itinerary_items (team_id, date, seq, spot_id, planned_start, planned_end)
      select ${id}, ${start}::date + d, 1, (${sql.raw(`array[${spots.map((s) => s.id).join(',')}]`)})[1 + d % ${spots.length}],
        '09:00', '17:00'
      from generate_series(0, 2) as d`);
  }
  // A tenth of the pool is booked on the other team over the same days.
  await db.execute(sql`
    insert into team_assignments (team_id, guide_id, role, from_date, to_date, starts_at,
      ends_at, busy)
    select ${otherId}, id, 'local_guide', ${start}, ${end},
      (${start}::date + time '09:00') at time zone 'Asia/Shanghai',
      (${end}::date + time '17:00') at time zone 'Asia/Shanghai',
      tstzrange((${start}::date + time '09:00') at time zone 'Asia/Shanghai',
        (${end}::date + time '18:00') at time zone 'Asia/Shanghai')
    from guides where code like ${`${PREFIX}%`} and id % 10 = 3`);
  for (const table of ['guides', 'guide_languages', 'guide_certifications', 'team_assignments'])
    await db.execute(sql.raw(`analyze ${table}`));
  teamIds.set(kind, teamId);
  await remember(db, kind);
}

/** The guide the one-guide check asks about: one in the middle of the pool. */
const guideId = new Map<DbKind, number>();
async function remember(db: Parameters<typeof seed>[0]['db'], kind: DbKind) {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from guides where code = ${`${PREFIX}002500`}`),
  );
  guideId.set(kind, row.id);
}

/** The checked team's id on the database being measured (the allocation candidates too). */
export const checkedTeamId = () => teamIds.get(current);

export const path = (query: string) => `/api/teams/${teamIds.get(current)}/guide-check?${query}`;

/** The check of one guide, as the assignment path runs it. */
export const oneGuidePath = () => path(`guideId=${guideId.get(current)}`);

export const oneGuide = defineCase({
  kind: 'load',
  name: 'GET /api/teams/:id/guide-check (one guide, the assignment check; 5k guides)',
  seed,
  get request() {
    return { path: oneGuidePath(), as: 'operator' as const };
  },
});

export default oneGuide;
