// Sign-in, sessions, roles and passwords (product.md, "Users, roles, permissions"; issue:
// foundation). Rules live here; routes only translate HTTP.
import { eq } from 'drizzle-orm';
import { passwordRuleFields, passwordViolations, type UserInfo } from '@console/shared';
import type { Db } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { newToken, sha256 } from '../../lib/crypto';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import type { SystemConfigService } from '../system-config/service';
import { users } from './schema';
import * as q from './queries';

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly config: SystemConfigService,
  ) {}

  /**
   * Checks the credentials and opens a new session. Failures are counted per account and
   * source address: after the configured number the pair is locked for a while, so a
   * stranger elsewhere cannot lock the real user out.
   */
  async login(username: string, password: string, meta: ClientMeta, previousToken?: string) {
    const now = new Date();
    const throttle = await q.getThrottle(this.db, username, meta.ip);
    if (throttle?.lockedUntil && throttle.lockedUntil > now) {
      throw lockedError(throttle.lockedUntil, now);
    }
    const user = await q.findUserByUsername(this.db, username);
    const ok = user
      ? await verifyPassword(user.passwordHash, password)
      : (await verifyPassword(await dummyHash(), password), false);
    if (!user || !ok) {
      const { 'login.lockoutThreshold': threshold, 'login.lockoutMinutes': minutes } =
        await this.config.all();
      const failures = await q.recordFailure(this.db, username, meta.ip, now);
      if (failures >= threshold) {
        const until = new Date(now.getTime() + minutes * 60_000);
        await q.lockSource(this.db, username, meta.ip, until);
        throw lockedError(until, now);
      }
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (!user.enabled) throw new AppError('ACCOUNT_DISABLED');

    const held = await q.rolesOfUser(this.db, user.id);
    if (held.length === 0) throw new AppError('FORBIDDEN');
    const activeRole = held.some((r) => r.code === user.activeRole)
      ? user.activeRole!
      : held[0].code;

    const token = newToken();
    const session = await this.db.transaction(async (tx) => {
      await q.clearThrottle(tx, username, meta.ip);
      if (previousToken) {
        // Rotation: the token the browser had before signing in stops working.
        // Inside the transaction only `tx` may be used: PGlite has one connection, and a
        // query on `this.db` here would wait for this transaction for ever.
        const old = await q.findSession(tx, sha256(previousToken));
        if (old) await q.deleteSession(tx, old.id);
      }
      await tx
        .update(users)
        .set({ activeRole, lastLoginAt: now, lastLoginIp: meta.ip })
        .where(eq(users.id, user.id));
      return q.insertSession(tx, {
        tokenHash: sha256(token),
        userId: user.id,
        activeRole,
        ip: meta.ip,
        userAgent: meta.userAgent.slice(0, 512),
      });
    });
    return { token, userId: user.id, sessionId: session.id, role: activeRole };
  }

  logout(sessionId: number) {
    return q.deleteSession(this.db, sessionId);
  }

  async info(userId: number, activeRole: string): Promise<UserInfo> {
    const user = await q.findUserById(this.db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    const held = await q.rolesOfUser(this.db, userId);
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
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    };
  }

  /** Switches the active role on the server, only to a role the user holds. */
  async switchRole(userId: number, sessionId: number, role: string) {
    const held = await q.rolesOfUser(this.db, userId);
    if (!held.some((r) => r.code === role)) throw new AppError('ROLE_NOT_HELD');
    await this.db.transaction((tx) => q.setActiveRole(tx, userId, sessionId, role));
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
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, userId));
      // Other sessions end with a password change; this one stays signed in.
      await q.deleteSessionsOfUser(tx, userId, sessionId);
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

  listSessions(userId: number) {
    return q.listSessionsOfUser(this.db, userId);
  }

  signOutOthers(userId: number, sessionId: number) {
    return q.deleteSessionsOfUser(this.db, userId, sessionId);
  }
}

function lockedError(until: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError('ACCOUNT_LOCKED', { params: { seconds }, data: { seconds } });
}
