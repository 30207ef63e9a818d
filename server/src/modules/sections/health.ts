// A section version's health in the browsers of its environment (issue 30): which sessions
// were given which version, what they met (reports), the figures per version, and the canary
// the server aborts by itself when its error rate exceeds the pinned version's by the margin.
import {
  SECTION_HEALTH_TOP_ERRORS,
  SECTION_HEALTH_WINDOW_MINUTES,
  SECTION_REPORT_LIMITS,
  type SectionHealthQuery,
  type SectionHealthResponse,
  type SectionReportsBody,
  type SectionVersionHealth,
} from '@console/shared/contracts/sections';
import { systemMessage } from '@console/shared/contracts/message';
import type { SectionName } from '@console/shared/contracts/menu';
import type { Db } from '../../db/types';
import type { Clock } from '@console/shared';
import { notFound } from '../../lib/app-error';
import type { AuthService } from '../auth/service';
import type { MessageService } from '../messages/service';
import type { SystemConfigService } from '../system-config/service';
import * as hq from './health-queries';
import * as q from './queries';
import type { SectionsService } from './service';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface SessionRef {
  sessionId: number;
  userId: number;
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const rateOf = (f: { sessions: number; sessionsWithError: number } | undefined) =>
  f && f.sessions > 0 ? f.sessionsWithError / f.sessions : 0;

export class SectionHealthService {
  constructor(
    private readonly db: Db,
    private readonly sections: SectionsService,
    private readonly config: SystemConfigService,
    private readonly auth: AuthService,
    private readonly messages: MessageService,
    private readonly clock: Clock,
  ) {}

  /** The pins as the host loads them; a signed-in session's versions are recorded as served. */
  async pinsFor(session: SessionRef | null) {
    const { environmentId, ...pins } = await this.sections.pins(session?.userId ?? null);
    if (session && environmentId !== null) {
      await hq.recordServed(
        this.db,
        Object.entries(pins.sections).map(([section, pin]) => ({
          sessionId: session.sessionId,
          userId: session.userId,
          environmentId,
          section,
          version: pin.version,
        })),
        this.clock.now(),
      );
    }
    return pins;
  }

  /**
   * Stores a browser's reports: only for versions this session was given (a preview or a
   * made-up version is ignored), counted into the session's rows, at most
   * SECTION_REPORT_LIMITS.rowsPerSession rows a session. Then judges the canaries reported on.
   */
  async report(session: SessionRef, body: SectionReportsBody) {
    const env = await q.findEnvironment(this.db, this.sections.options.appEnv);
    if (!env) return { accepted: 0, ignored: body.reports.length };
    const now = this.clock.now();
    const result = await this.db.transaction(async (tx) => {
      const served = await hq.servedTo(tx, session.sessionId, env.id);
      let rows = await hq.reportRowsOf(tx, session.sessionId);
      let accepted = 0;
      const sections = new Set<SectionName>();
      for (const report of body.reports) {
        if (!served.has(`${report.section}/${report.version}`)) continue;
        const row = { sessionId: session.sessionId, environmentId: env.id, ...report };
        if (!(await hq.countIntoReport(tx, row, now))) {
          if (rows >= SECTION_REPORT_LIMITS.rowsPerSession) continue;
          await hq.insertReport(tx, row, now);
          rows++;
        }
        await hq.touchServed(tx, row, now);
        accepted++;
        sections.add(report.section);
      }
      return { accepted, ignored: body.reports.length - accepted, sections };
    });
    for (const section of result.sections) await this.judgeCanary(env, section);
    return { accepted: result.accepted, ignored: result.ignored };
  }

  /** Sessions served, sessions with an error, the rate and the top errors per version. */
  async health(query: SectionHealthQuery): Promise<SectionHealthResponse> {
    const env = await q.findEnvironment(this.db, query.environment);
    if (!env) {
      throw notFound({
        'zh-CN': `环境 ${query.environment} 不存在`,
        'en-US': `No environment ${query.environment}`,
      });
    }
    const since = new Date(
      this.clock.now().getTime() - SECTION_HEALTH_WINDOW_MINUTES[query.window] * MINUTE_MS,
    );
    const [figures, errors, pins, settings] = await Promise.all([
      hq.versionFigures(this.db, env.id, since),
      hq.topErrors(this.db, env.id, since, SECTION_HEALTH_TOP_ERRORS),
      q.listPins(this.db, { environmentId: env.id }),
      this.config.all(),
    ]);
    const versions: SectionVersionHealth[] = figures.map((f) => {
      const pin = pins.find((p) => p.section === f.section);
      return {
        section: f.section as SectionName,
        version: f.version,
        role:
          pin?.version === f.version
            ? 'pinned'
            : pin?.canaryVersion === f.version
              ? 'canary'
              : 'other',
        sessions: f.sessions,
        sessionsWithError: f.sessionsWithError,
        errorRate: rateOf(f),
        topErrors: errors
          .filter((e) => e.section === f.section && e.version === f.version)
          .map(({ kind, message, count, sessions }) => ({ kind, message, count, sessions })),
      };
    });
    versions.sort((a, b) => a.section.localeCompare(b.section) || b.sessions - a.sessions);
    return {
      environment: env.name,
      window: query.window,
      since: since.toISOString(),
      versions,
      rule: {
        marginPercent: settings['sections.canary.marginPercent'],
        minSessions: settings['sections.canary.minSessions'],
        windowMinutes: settings['sections.canary.windowMinutes'],
      },
    };
  }

  /** A user's bucket per section (the admin's view of who gets a canary). */
  async buckets(environment: string, username: string) {
    const id = await this.auth.userIdByUsername(username);
    if (id === null) {
      throw notFound({ 'zh-CN': `用户 ${username} 不存在`, 'en-US': `No user ${username}` });
    }
    return this.sections.buckets(environment, { id, username });
  }

  /**
   * Aborts the section's canary when, within the configured window, it served at least the
   * minimum sessions and its error rate exceeds the pinned version's by the margin; every
   * holder of `system:sections` is told which version, which errors and which figures.
   * Returns whether it aborted.
   */
  async judgeCanary(env: q.EnvironmentRow, section: SectionName): Promise<boolean> {
    const [pin] = await q.listPins(this.db, { environmentId: env.id, section });
    if (!pin?.canaryVersion || !pin.canarySince) return false;
    const settings = await this.config.all();
    const margin = settings['sections.canary.marginPercent'];
    const minSessions = settings['sections.canary.minSessions'];
    const windowMinutes = settings['sections.canary.windowMinutes'];
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - windowMinutes * MINUTE_MS);
    // The canary is judged on what it met since it started (an earlier canary of the same
    // version was judged already).
    const canarySince = pin.canarySince > windowStart ? pin.canarySince : windowStart;
    const [pinnedFigures, canaryFigures] = await Promise.all([
      hq.versionFigures(this.db, env.id, windowStart, section),
      hq.versionFigures(this.db, env.id, canarySince, section),
    ]);
    const pinned = pinnedFigures.find((f) => f.version === pin.version);
    const canary = canaryFigures.find((f) => f.version === pin.canaryVersion);
    if (!canary || canary.sessions < minSessions) return false;
    const canaryRate = rateOf(canary);
    const pinnedRate = rateOf(pinned);
    if ((canaryRate - pinnedRate) * 100 <= margin) return false;

    const errors = (await hq.topErrors(this.db, env.id, canarySince, 3)).filter(
      (e) => e.section === section && e.version === pin.canaryVersion,
    );
    const params = {
      environment: env.name,
      section,
      version: pin.canaryVersion,
      pinned: pin.version,
      windowMinutes,
      margin,
      canarySessions: canary.sessions,
      canaryErrorSessions: canary.sessionsWithError,
      canaryRate: percent(canaryRate),
      pinnedSessions: pinned?.sessions ?? 0,
      pinnedErrorSessions: pinned?.sessionsWithError ?? 0,
      pinnedRate: percent(pinnedRate),
      errors: errors.map((e) => `${e.message} (${e.kind} × ${e.count})`).join('; ') || '-',
    };
    const reason =
      `自动回滚 / automatic rollback: ${params.canaryRate} (${canary.sessionsWithError}/${canary.sessions}) ` +
      `vs ${params.pinnedRate} (${params.pinnedErrorSessions}/${params.pinnedSessions}), margin ${margin}`;
    try {
      await this.sections.abortCanary(
        section,
        { environment: env.name, reason, expectedCanary: pin.canaryVersion },
        { id: null, name: 'system' },
        'auto-abort',
        async (tx, emit) => {
          const recipients = await this.auth.usersWithPermission(tx, 'system:sections');
          const message = systemMessage('sections.canaryAborted', params);
          const dedupeKey = `canary-abort:${pin.id}:${pin.canarySince!.getTime()}`;
          await this.messages.sendOnce(
            tx,
            recipients.map((userId) => ({
              userId,
              type: 'message',
              ...message,
              messageType: 0,
              time: now,
              dedupeKey,
            })),
          );
          if (recipients.length) emit({ type: 'message.created', userIds: recipients });
        },
      );
    } catch (err) {
      // Another report (or instance, or an operator) ended or moved the canary first.
      if (err instanceof Error && 'error' in err && err.error === 'STALE_VERSION') return false;
      throw err;
    }
    return true;
  }

  /** Retention (jobs/section-health-purge.ts): served rows and reports older than the limit. */
  purge(db: Parameters<typeof hq.purgeBefore>[0], now: Date) {
    return hq.purgeBefore(
      db,
      new Date(now.getTime() - SECTION_REPORT_LIMITS.retentionDays * DAY_MS),
    );
  }
}
