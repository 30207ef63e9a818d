// Demo teams (issue #13 point 12): 61 teams whose periods spread over the past 60 and next 60
// days, in every state, with itineraries over the demo spots well within their capacity,
// local guides on allocated, ongoing and completed teams that satisfy every hard rule (active,
// licence valid through the end, speaks the language, level, no certification needed at the
// spots used, group size, no overlap with other bookings or leave, buffer included), and
// feedback on completed teams. Deterministic: a seeded generator, dates relative to the day of
// seeding. Written directly with Drizzle, like the guide seed.
import { asc, eq } from 'drizzle-orm';
import {
  addDays,
  isoToday,
  localDateTime,
  periodDates,
  SYSTEM_CONFIG,
  type TeamStatus,
} from '@console/shared';
import type { Tx } from '../../db/types';
import { users } from '../auth/schema';
import { guideLanguages, guides, guideUnavailability } from '../guide/schema';
import { rng } from '../guide/seed';
import { scenicMaintenanceWindows, scenicSpots } from '../scenic/schema';
import { nextTeamCode } from './code';
import { assignmentPeriod } from './period';
import {
  teamAssignments,
  teamFeedback,
  teamItineraryItems,
  teams,
  teamStatusHistory,
} from './schema';

const NAMES = [
  '夕阳红',
  '研学',
  '亲子',
  '商务考察',
  '摄影',
  '美食',
  '古都',
  '江南',
  '丝路',
  '山水',
  '银发',
  '毕业',
  '蜜月',
  '徒步',
  '文化',
];
const AGENCIES = ['cits', 'cts', 'cyts', 'spring', 'ctrip', 'tuniu'];
const CONTACTS = ['王建华', '李秀英', '张伟', '刘洋', '陈静', '杨帆', '赵磊', '黄敏'];
const PICKUPS = ['首都机场 T3', '北京南站', '上海虹桥站', '杭州东站', '酒店大堂', '西安咸阳机场'];
const COMMENTS = [
  '讲解生动，时间安排合理',
  '非常专业，游客满意',
  '服务周到，处理突发情况及时',
  '整体不错，个别景点讲解略快',
  '热情耐心，老人团照顾细致',
];
/** Languages of the demo teams with how often they come; foreign ones need a senior guide. */
const LANGUAGES = ['zh', 'zh', 'zh', 'zh', 'en', 'en', 'ja', 'ko'];
const BUFFER_MINUTES = SYSTEM_CONFIG['allocation.bufferMinutes'].default;

interface Busy {
  start: number;
  end: number;
}

export async function seedDemoTeams(tx: Tx) {
  const today = isoToday();
  const now = Date.now();
  /** A record of what happened is never dated after the seed ran. */
  const past = (at: Date) => (at.getTime() > now ? new Date(now) : at);
  const r = rng(1313);
  const [operator] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'operator'));
  const actor = operator?.id ?? null;

  // Spots any guide may lead (no certification needed) and without maintenance windows.
  const closed = new Set(
    (
      await tx.select({ spotId: scenicMaintenanceWindows.spotId }).from(scenicMaintenanceWindows)
    ).map((w) => w.spotId),
  );
  const spots = (
    await tx
      .select({
        id: scenicSpots.id,
        certifiedOnly: scenicSpots.certifiedGuidesOnly,
        maxPaxPerGuide: scenicSpots.maxPaxPerGuide,
        dailyCapacity: scenicSpots.dailyCapacity,
      })
      .from(scenicSpots)
      .orderBy(asc(scenicSpots.id))
  ).filter(
    (s) =>
      !s.certifiedOnly && !closed.has(s.id) && s.maxPaxPerGuide >= 30 && s.dailyCapacity >= 1000,
  );
  if (spots.length === 0) return;

  const guideRows = await tx
    .select({
      id: guides.id,
      status: guides.status,
      levelRank: guides.levelRank,
      licenceExpiry: guides.licenceExpiry,
      maxGroupSize: guides.maxGroupSize,
    })
    .from(guides)
    .orderBy(asc(guides.id));
  const languages = new Map<number, Set<string>>();
  for (const l of await tx.select().from(guideLanguages)) {
    if (!languages.has(l.guideId)) languages.set(l.guideId, new Set());
    languages.get(l.guideId)!.add(l.language);
  }
  const leave = await tx.select().from(guideUnavailability);
  const busy = new Map<number, Busy[]>();

  const pattern = SYSTEM_CONFIG['team.codePattern'].default;
  for (let i = 0; i < 61; i++) {
    const startOffset = -60 + i * 2 - (i % 3 === 0 ? 1 : 0);
    const days = 1 + (i % 4);
    const startDate = addDays(today, startOffset);
    const endDate = addDays(startDate, days - 1);
    const status = statusFor(startDate, endDate, today, r.next());
    const language = r.pick(LANGUAGES);
    const vip = r.next() < 0.15;
    const paxAdults = r.int(6, 22);
    const paxChildren = r.next() < 0.3 ? r.int(1, 4) : 0;
    const paxSeniors = r.next() < 0.3 ? r.int(1, 4) : 0;
    const pax = paxAdults + paxChildren + paxSeniors;
    // Made 10-30 days before it starts, or three days ago for a team further out: its
    // history (a step a day) and its guide's assignment are then behind us too.
    const plannedDay = addDays(startDate, -r.int(10, 30));
    const createdDay = plannedDay < addDays(today, -3) ? plannedDay : addDays(today, -3);
    const createdAt = localDateTime(createdDay, '10:00');
    const code = await nextTeamCode(tx, pattern, createdDay);
    // Its history along the lifecycle, a step a day from creation; started and completed by
    // the calendar.
    const path = pathTo(status);
    const stepAt = (to: TeamStatus, k: number) =>
      past(
        to === 'ongoing'
          ? localDateTime(startDate, '00:01')
          : to === 'completed'
            ? localDateTime(addDays(endDate, 1), '00:01')
            : new Date(createdAt.getTime() + k * 86_400_000),
      );
    const pickupTime = r.pick(['07:30', '08:00', '08:30']);

    // Its last change by a person (starting and completing are the job's): the record's.
    const lastChanged = path.reduce(
      (at, to, k) => (to === 'ongoing' || to === 'completed' ? at : stepAt(to, k)),
      createdAt,
    );

    const [team] = await tx
      .insert(teams)
      .values({
        code,
        startDate,
        endDate,
        name: `${r.pick(NAMES)}${(i % 9) + 1}团`,
        agency: r.pick(AGENCIES),
        agencyRef: `AG${String(2000 + i * 7)}`,
        market: language === 'zh' ? r.pick(['domestic', 'domestic', 'outbound']) : 'inbound',
        paxAdults,
        paxChildren,
        paxSeniors,
        language,
        vip,
        leadContactName: r.pick(CONTACTS),
        leadContactPhone: `139${String(10_000_000 + i * 7919).slice(0, 8)}`,
        escortName: r.next() < 0.5 ? r.pick(CONTACTS) : '',
        pickupPoint: r.pick(PICKUPS),
        pickupTime,
        notes: vip ? '贵宾团，安排商务车' : '',
        status,
        statusReason: status === 'cancelled' ? '组团社取消行程' : '',
        statusChangedAt: stepAt(status, path.length - 1),
        createdBy: actor,
        updatedBy: actor,
        createdAt,
        updatedAt: lastChanged,
      })
      .returning({ id: teams.id });

    // Itinerary: one or two spots a day (drafts may still have gaps).
    const items: (typeof teamItineraryItems.$inferInsert)[] = [];
    for (const [d, date] of periodDates(startDate, endDate).entries()) {
      if (status === 'draft' && d > 0 && r.next() < 0.5) continue;
      const first = spots[(i * 3 + d * 5) % spots.length];
      items.push({
        teamId: team.id,
        date,
        seq: 1,
        spotId: first.id,
        plannedStart: '09:00',
        plannedEnd: '12:00',
      });
      if (r.next() < 0.5) {
        const second = spots[(i * 3 + d * 5 + 1) % spots.length];
        if (second.id !== first.id)
          items.push({
            teamId: team.id,
            date,
            seq: 2,
            spotId: second.id,
            plannedStart: '14:00',
            plannedEnd: '17:00',
          });
      }
    }
    await tx.insert(teamItineraryItems).values(items);

    await tx.insert(teamStatusHistory).values(
      path.map((to, k) => ({
        teamId: team.id,
        fromStatus: k === 0 ? null : path[k - 1],
        toStatus: to,
        actorId: to === 'ongoing' || to === 'completed' ? null : actor,
        reason: to === 'cancelled' ? '组团社取消行程' : '',
        at: stepAt(to, k),
      })),
    );

    if (!['allocated', 'ongoing', 'completed'].includes(status)) continue;
    const plan = {
      startDate,
      pickupTime,
      items: items.map((it) => ({
        date: it.date,
        plannedStart: it.plannedStart,
        plannedEnd: it.plannedEnd,
      })),
    };
    const period = assignmentPeriod(plan, startDate, endDate, BUFFER_MINUTES);
    const span = {
      start: period.startsAt.getTime(),
      end: period.endsAt.getTime() + BUFFER_MINUTES * 60_000,
    };
    const minRank = vip || language !== 'zh' ? 2 : 0;
    const guide = guideRows.find(
      (g) =>
        g.status === 'active' &&
        g.levelRank >= minRank &&
        g.licenceExpiry >= endDate &&
        g.maxGroupSize >= pax &&
        languages.get(g.id)?.has(language) &&
        !leave.some(
          (l) => l.guideId === g.id && l.startDate <= endDate && l.endDate >= startDate,
        ) &&
        !(busy.get(g.id) ?? []).some((b) => b.start < span.end && span.start < b.end) &&
        // Spread the work: skip a guide already on three demo teams.
        (busy.get(g.id)?.length ?? 0) < 3,
    );
    if (!guide) {
      // No guide fits: the team waits for one.
      await tx
        .update(teams)
        .set({
          status: 'pending',
          statusChangedAt: stepAt('pending', 1),
          updatedAt: stepAt('pending', 1),
        })
        .where(eq(teams.id, team.id));
      await tx.delete(teamStatusHistory).where(eq(teamStatusHistory.teamId, team.id));
      await tx.insert(teamStatusHistory).values(
        pathTo('pending').map((to, k, all) => ({
          teamId: team.id,
          fromStatus: k === 0 ? null : all[k - 1],
          toStatus: to,
          actorId: actor,
          at: stepAt(to, k),
        })),
      );
      continue;
    }
    busy.set(guide.id, [...(busy.get(guide.id) ?? []), span]);
    await tx.insert(teamAssignments).values({
      teamId: team.id,
      guideId: guide.id,
      role: 'local_guide',
      fromDate: startDate,
      toDate: endDate,
      ...period,
      assignedBy: actor,
      assignedAt: new Date(createdAt.getTime() + 2 * 86_400_000),
    });
    if (status === 'completed') {
      await tx.insert(teamFeedback).values({
        teamId: team.id,
        guideId: guide.id,
        score: r.int(3, 5),
        comment: r.pick(COMMENTS),
        createdBy: actor,
        createdAt: past(localDateTime(addDays(endDate, 1), '10:00')),
        updatedAt: past(localDateTime(addDays(endDate, 1), '10:00')),
      });
    }
  }
}

/** The state a demo team is in, from where its period lies against today. */
function statusFor(start: string, end: string, today: string, x: number): TeamStatus {
  if (end < today) return x < 0.85 ? 'completed' : 'cancelled';
  if (start <= today) return 'ongoing';
  if (x < 0.15) return 'draft';
  if (x < 0.5) return 'pending';
  if (x < 0.92) return 'allocated';
  return 'cancelled';
}

/** The states a team went through to reach `status`. */
function pathTo(status: TeamStatus): TeamStatus[] {
  if (status === 'cancelled') return ['draft', 'pending', 'cancelled'];
  const order: TeamStatus[] = ['draft', 'pending', 'allocated', 'ongoing', 'completed'];
  return order.slice(0, order.indexOf(status) + 1);
}
