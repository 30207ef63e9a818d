// Sign-in, sessions, roles and passwords (product.md, "Users, roles, permissions"; issue:
// foundation). Rules live here; routes only translate HTTP.
import { eq } from 'drizzle-orm';
import {
  envelopeOf,
  passwordRuleFields,
  passwordViolations,
  type UserInfo,
  type UserSession,
  userInfo,
} from '@console/shared';
import type { Db, DbOrTx } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { newToken, sha256 } from '../../lib/crypto';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import type { SystemConfigService } from '../system-config/service';
import { createLocalBus, type EventBus } from '../../events/bus';
import { users } from './schema';
import { recordAudit } from '../audit/writer';
import * as q from './queries';
import { SessionCache } from '../../plugins/session-cache';
import { checkedJson } from '../../plugins/response-json';
import { ok } from '../../lib/envelope';

/** The response schema of `GET /api/user/info` (and of the sign-in and role switch). */
export const userInfoAnswer = envelopeOf(userInfo);
const INFO_ROUTE = { method: 'GET', url: '/api/user/info' };

interface KeptInfo {
  info: UserInfo;
  /** `ok(info)` as JSON, checked against `userInfoAnswer`. */
  answer: string;
}

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export class AuthService {
  /**
   * `GET /api/user/info` answers, kept per session and active role as the session plugin keeps
   * sessions (plugins/session-cache.ts): every page asks it first, and three reads a call were
   * most of a signed-in request's cost (issue 30 item 6). Whatever it shows changes with a
   * `session.changed` event — sign-out, role switch, password, an administrator's edit of the
   * user or a held role, the user's own profile, settings or avatar, a restore — which drops
   * every kept answer on every instance; anything else shows within the cache's two seconds.
   */
  private readonly infoCache = new SessionCache<KeptInfo>(async (key) => {
    const [userId, sessionId, ...role] = key.split(':');
    const info = await this.readInfo(Number(userId), role.join(':'), Number(sessionId));
    // The answer's check and JSON are made here, once per read (plugins/response-json.ts).
    return info && { info, answer: checkedJson(userInfoAnswer, ok(info), INFO_ROUTE) };
  });

  constructor(
    private readonly db: Db,
    private readonly config: SystemConfigService,
    /** Sign-outs and role switches tell the open live streams to check their session again. */
    private readonly events: EventBus = createLocalBus(),
  ) {
    events.subscribe((event) => this.infoCache.onEvent(event));
    // This instance's own change holds for the writer's very next request.
    events.onCommitted?.((event) => this.infoCache.onEvent(event));
    events.onReconnect?.(() => this.infoCache.clear());
  }

  /**
   * The state of open live streams' sessions (`GET /api/events` re-checks them): the user and
   * the active role's permissions, or null for a session that ended — signed out, expired,
   * its user disabled, its role no longer held (the session plugin's rules).
   */
  async liveSessions(
    ids: number[],
    now = new Date(),
  ): Promise<Map<number, { userId: number; permissions: string[] } | null>> {
    const out = new Map<number, { userId: number; permissions: string[] } | null>(
      ids.map((id) => [id, null]),
    );
    if (ids.length === 0) return out;
    const { 'session.idleMinutes': idle, 'session.absoluteMinutes': absolute } =
      await this.config.all();
    for (const row of await q.sessionsByIds(this.db, ids)) {
      const expired =
        now.getTime() - row.lastSeenAt.getTime() > idle * 60_000 ||
        now.getTime() - row.createdAt.getTime() > absolute * 60_000;
      if (expired || !row.enabled || !row.activeRole) continue;
      out.set(row.id, {
        userId: row.userId,
        permissions: row.heldRoleId === null ? [] : (row.permissions ?? []),
      });
    }
    return out;
  }

  /**
   * Checks the credentials and opens a new session. Failures are counted per account and
   * source address: after the configured number the pair is locked for a while, so a
   * stranger elsewhere cannot lock the real user out.
   */
  async login(username: string, password: string, meta: ClientMeta, previousToken?: string) {
    const now = new Date();
    const { 'login.lockoutThreshold': threshold, 'login.lockoutMinutes': minutes } =
      await this.config.all();
    const lockNow = async () => {
      const until = new Date(now.getTime() + minutes * 60_000);
      await q.lockSource(this.db, username, meta.ip, until);
      return lockedError(until, now);
    };
    // The attempt is counted before the password is checked, so at most `threshold` attempts
    // from one source are ever checked, however many arrive at once.
    const attempt = await q.claimAttempt(this.db, username, meta.ip, now);
    if (attempt.lockedUntil && attempt.lockedUntil > now) {
      throw lockedError(attempt.lockedUntil, now);
    }
    if (attempt.failures > threshold) throw await lockNow();
    const user = await q.findUserByUsername(this.db, username);
    const ok = user
      ? await verifyPassword(user.passwordHash, password)
      : (await verifyPassword(await dummyHash(), password), false);
    if (!user || !ok) {
      if (attempt.failures >= threshold) throw await lockNow();
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (!user.enabled) throw new AppError('ACCOUNT_DISABLED');

    const held = await q.rolesOfUser(this.db, user.id);
    if (held.length === 0) throw new AppError('FORBIDDEN');
    const activeRole = held.some((r) => r.code === user.activeRole)
      ? user.activeRole!
      : held[0].code;

    const token = newToken();
    const session = await this.events.transaction(this.db, async (tx, emit) => {
      await q.clearThrottle(tx, username, meta.ip);
      if (previousToken) {
        // Rotation: the token the browser had before signing in stops working (also where a
        // server instance keeps it: the event).
        // Inside the transaction only `tx` may be used: PGlite has one connection, and a
        // query on `this.db` here would wait for this transaction for ever.
        const old = await q.findSession(tx, sha256(previousToken));
        if (old) {
          await q.deleteSession(tx, old.id);
          emit({ type: 'session.changed', userIds: [old.userId] });
        }
      }
      await tx
        .update(users)
        .set({ activeRole, lastLoginAt: now, lastLoginIp: meta.ip })
        .where(eq(users.id, user.id));
      const created = await q.insertSession(tx, {
        tokenHash: sha256(token),
        userId: user.id,
        activeRole,
        ip: meta.ip,
        userAgent: meta.userAgent.slice(0, 512),
        // 上次登录 is the sign-in before this one, not this session's own (issue #18 item 15).
        previousLoginAt: user.lastLoginAt,
        previousLoginIp: user.lastLoginIp,
      });
      await recordAudit(tx, {
        actor: { userId: user.id, username: user.username, role: activeRole },
        entityType: 'user',
        entityId: user.id,
        diff: null,
      });
      return created;
    });
    return { token, userId: user.id, sessionId: session.id, role: activeRole };
  }

  logout(userId: number, sessionId: number) {
    return this.events.transaction(this.db, async (tx, emit) => {
      await q.deleteSession(tx, sessionId);
      await recordAudit(tx, { entityType: 'user', entityId: userId, diff: null });
      emit({ type: 'session.changed', userIds: [userId] });
    });
  }

  /** What the signed-in user's session shows (`GET /api/user/info`); kept, see `infoCache`. */
  async info(userId: number, activeRole: string, sessionId: number): Promise<UserInfo> {
    return (await this.keptInfo(userId, activeRole, sessionId)).info;
  }

  /**
   * The whole `GET /api/user/info` answer as JSON, checked against its response schema when it
   * was read (`userInfoAnswer`), not again on each request that is served it.
   */
  async infoAnswer(userId: number, activeRole: string, sessionId: number): Promise<string> {
    return (await this.keptInfo(userId, activeRole, sessionId)).answer;
  }

  private async keptInfo(userId: number, activeRole: string, sessionId: number) {
    const kept = await this.infoCache.get(`${userId}:${sessionId}:${activeRole}`);
    if (!kept) throw new AppError('UNAUTHENTICATED');
    return kept;
  }

  private async readInfo(
    userId: number,
    activeRole: string,
    sessionId: number,
  ): Promise<UserInfo | undefined> {
    const row = await q.userInfoRow(this.db, userId, sessionId);
    if (!row) return undefined;
    const { user, roles: held } = row;
    const previous = { at: row.previousLoginAt, ip: row.previousLoginIp };
    const active = held.find((r) => r.code === activeRole);
    return {
      id: user.id,
      username: user.username,
      name: user.name,
      avatar: user.avatar,
      job: user.job,
      jobName: user.jobName,
      organization: user.organization,
      organizationName: user.organizationName,
      location: user.location,
      locationName: user.locationName,
      email: user.email,
      phone: user.phone,
      introduction: user.introduction,
      personalWebsite: user.personalWebsite,
      registrationDate: user.registrationDate.toISOString(),
      accountId: user.accountId,
      certification: 1,
      role: activeRole,
      roles: held.map((r) => ({ code: r.code, name: r.name, nameEn: r.nameEn })),
      permissions: active?.permissions ?? [],
      settings: user.settings ?? null,
      previousLoginAt: previous.at?.toISOString() ?? null,
      previousLoginIp: previous.ip,
      mustChangePassword: user.mustChangePassword,
    };
  }

  /** Switches the active role on the server, only to a role the user holds. */
  async switchRole(userId: number, sessionId: number, from: string, role: string) {
    const held = await q.rolesOfUser(this.db, userId);
    if (!held.some((r) => r.code === role)) throw new AppError('ROLE_NOT_HELD');
    await this.events.transaction(this.db, async (tx, emit) => {
      await q.setActiveRole(tx, userId, sessionId, role);
      await recordAudit(tx, {
        entityType: 'user',
        entityId: userId,
        diff: { activeRole: { before: from, after: role } },
      });
      emit({ type: 'session.changed', userIds: [userId] });
    });
  }

  async changePassword(
    userId: number,
    sessionId: number,
    oldPassword: string,
    newPassword: string,
  ) {
    const user = await q.findUserById(this.db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (!(await verifyPassword(user.passwordHash, oldPassword)))
      throw new AppError('WRONG_PASSWORD');
    await this.assertPolicy(newPassword);
    const passwordHash = await hashPassword(newPassword);
    await this.events.transaction(this.db, async (tx, emit) => {
      await tx
        .update(users)
        .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
        .where(eq(users.id, userId));
      // Other sessions end with a password change; this one stays signed in.
      await q.deleteSessionsOfUser(tx, userId, sessionId);
      // The diff stays empty: no password or hash ever reaches the trail.
      await recordAudit(tx, { entityType: 'user', entityId: userId, diff: null });
      emit({ type: 'session.changed', userIds: [userId] });
    });
  }

  async assertPolicy(password: string) {
    const minLength = await this.config.get('password.minLength');
    const violations = passwordViolations(password, minLength);
    if (violations.length > 0) {
      throw new AppError('PASSWORD_POLICY', {
        fields: passwordRuleFields(violations, Math.max(6, minLength)),
        data: { violations, minLength },
      });
    }
  }

  /** Enabled users holding a role with `permission` (e.g. who maintains guides). */
  /** A user's id by username (null: none), for modules that name users (sections' buckets). */
  async userIdByUsername(username: string): Promise<number | null> {
    return (await q.findUserByUsername(this.db, username))?.id ?? null;
  }

  usersWithPermission(db: DbOrTx, permission: string): Promise<number[]> {
    return q.usersWithPermission(db, permission);
  }

  /**
   * Deletes sessions past their idle or absolute timeout, and throttle rows of sources that
   * have not failed for THROTTLE_RETENTION_MS and are not locked (README, "Sign-in throttling").
   */
  async purgeExpired(db: DbOrTx, now: Date) {
    const { 'session.idleMinutes': idle, 'session.absoluteMinutes': absolute } =
      await this.config.all(db);
    const sessions = await q.purgeExpiredSessions(
      db,
      new Date(now.getTime() - idle * 60_000),
      new Date(now.getTime() - absolute * 60_000),
    );
    const throttle = await q.purgeStaleThrottle(
      db,
      new Date(now.getTime() - THROTTLE_RETENTION_MS),
      now,
    );
    return { sessions, throttle };
  }

  async listSessions(userId: number): Promise<UserSession[]> {
    const rows = await q.listSessionsOfUser(this.db, userId);
    return rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
    }));
  }

  signOutOthers(userId: number, sessionId: number) {
    return this.events.transaction(this.db, async (tx, emit) => {
      await q.deleteSessionsOfUser(tx, userId, sessionId);
      await recordAudit(tx, { entityType: 'user', entityId: userId, diff: null });
      emit({ type: 'session.changed', userIds: [userId] });
    });
  }
}

/** How long a source's failed sign-ins are remembered after its last failure. */
export const THROTTLE_RETENTION_MS = 24 * 60 * 60_000;

function lockedError(until: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError('ACCOUNT_LOCKED', { params: { seconds }, data: { seconds } });
}
