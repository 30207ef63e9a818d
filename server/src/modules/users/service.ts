// User management rules (issue #15 point 1): the admin's list, create with an initial password
// the user must change, edit, enable / disable, unlock, reset password, roles and sessions.
// Guards: nobody disables, deletes or resets the password of themselves, nor edits their own
// roles; nobody grants a role carrying a permission they do not hold, nor resets the password of
// a user holding more than they do (the grant ceiling, contracts/grant-ceiling.ts); the last
// enabled administrator keeps the admin role and stays enabled. No HTTP here.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  USER_FIELD_SPECS,
  addedRoles,
  permissionsOfRoles,
  pickFields,
  sameRoles,
  specKeys,
  systemUser,
  type AuditSubject,
  type Page,
  type SystemUser,
  type SystemUserSession,
  type SystemUserWithPassword,
  type UserCreateBody,
  type UserFilter,
  type UserListQuery,
  type UserUpdateBody,
} from '@console/shared';
import type { Db, DbOrTx } from '../../db/types';
import { AppError, notFound, staleVersion } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { fieldsOf } from '../../db/row-shape';
import { diffRecords } from '../audit/diff';
import { recordAudit } from '../audit/writer';
import type { AuthService } from '../auth/service';
import { assertGrantable, assertTargetWithinCeiling } from '../auth/grant-ceiling';
import type { EventBus } from '../../events/bus';
import { users } from '../auth/schema';
import * as q from './queries';
import { userSheetRow } from './sheet';

const AUDIT_USER = 'user';
const ADMIN = 'admin';
/** Most users an export writes (keeps memory bounded). */
const EXPORT_MAX = 100_000;

/**
 * The users row's columns the form edits, from the contract's field specs (the username is set
 * once, at creation; the roles are a table of their own).
 */
const PROFILE_COLUMNS = specKeys(USER_FIELD_SPECS).filter(
  (k): k is 'name' | 'email' | 'phone' => k !== 'username' && k !== 'roles',
);
type Profile = Record<(typeof PROFILE_COLUMNS)[number], string>;
/** The body's profile columns; an optional one left out is blank (''), never "unchanged". */
export const profileOf = (body: UserCreateBody | UserUpdateBody): Profile =>
  Object.fromEntries(PROFILE_COLUMNS.map((k) => [k, body[k] ?? ''])) as Profile;

/** Who asks: the signed-in administrator, their session and what it holds (its active role's). */
export interface Actor {
  userId: number;
  sessionId: number;
  permissions: readonly string[];
}

const userNotFound = () => notFound({ 'zh-CN': '用户不存在', 'en-US': 'No such user' });
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * A user row → the response, field by field from the response contract (a field added to the
 * specs and the contract needs no mapping here). The lock is the sign-in throttle's latest
 * running one (read as text), not a column of the row.
 */
function toUser(row: q.UserRow): SystemUser {
  const user = fieldsOf(systemUser, row);
  user.locked = row.lockedUntil !== null;
  user.lockedUntil = iso(row.lockedUntil);
  return user;
}

/** What the audit trail shows of a user: the form's fields and whether enabled (no secret). */
const AUDITED = [...specKeys(USER_FIELD_SPECS), 'enabled' as const];
type Audited = Record<Exclude<(typeof AUDITED)[number], 'roles'>, unknown> & {
  /** The codes, shown sorted and joined. */
  roles: readonly string[];
};
const audited = (u: Audited) => ({
  ...pickFields(u, AUDITED),
  roles: [...u.roles].sort().join(', '),
});

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** A random password that meets the policy (upper, lower, digits; no look-alikes). */
export function generatePassword(length = 14): string {
  const all = LOWER + UPPER + DIGITS;
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

let accountSeq = 0;
const accountId = () =>
  `${Date.now().toString(36).toUpperCase()}${(accountSeq++ % 1000).toString().padStart(3, '0')}`;

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    /** Tells open live streams of the user to re-check their session (issue #16). */
    private readonly events: EventBus,
  ) {}

  /** Username and name per id (as text), for audit sentences. */
  async auditSubjects(ids: number[]): Promise<Map<string, AuditSubject>> {
    const rows = ids.length ? await q.userSubjects(this.db, ids) : [];
    return new Map(
      rows.map((r) => [String(r.id), { name: r.name || r.username, code: r.username }]),
    );
  }

  async list(query: UserListQuery): Promise<Page<SystemUser>> {
    const { current, pageSize, ...filter } = query;
    const { rows, total } = await q.listUsers(
      this.db,
      filter,
      { offset: (current - 1) * pageSize, limit: pageSize },
      new Date(),
    );
    return { list: rows.map(toUser), total };
  }

  async exportRows(filter: UserFilter) {
    const { rows } = await q.listUsers(
      this.db,
      filter,
      { offset: 0, limit: EXPORT_MAX },
      new Date(),
    );
    return rows.map((r) => userSheetRow(toUser(r)));
  }

  async get(id: number, db: DbOrTx = this.db): Promise<SystemUser> {
    const row = await q.findUser(db, id);
    if (!row) throw userNotFound();
    return toUser(row);
  }

  /** Role ids of the codes, in role order; an unknown code is a 400 naming it. */
  private async roleIds(db: DbOrTx, codes: string[]) {
    const unique = [...new Set(codes)];
    const found = await q.rolesByCodes(db, unique);
    const missing = unique.filter((c) => !found.some((r) => r.code === c));
    if (missing.length) {
      throw new AppError('UNKNOWN_ROLE', {
        params: { codes: missing.join(', ') },
        fields: [{ path: 'roles', message: `${missing.join(', ')}` }],
      });
    }
    return found;
  }

  /** The password to set: the admin's (checked against the policy) or a generated one. */
  private async initialPassword(given: string | undefined) {
    if (given === undefined) return { password: generatePassword(), generated: true };
    try {
      await this.auth.assertPolicy(given);
    } catch (e) {
      // The policy names `newPassword` (the user's own form); here the field is `password`.
      if (e instanceof AppError && e.error === 'PASSWORD_POLICY') {
        throw new AppError('PASSWORD_POLICY', {
          ...e.options,
          fields: e.options.fields?.map((f) => ({ ...f, path: 'password' })),
        });
      }
      throw e;
    }
    return { password: given, generated: false };
  }

  async create(body: UserCreateBody, actor: Actor): Promise<SystemUserWithPassword> {
    const { password, generated } = await this.initialPassword(body.password);
    const passwordHash = await hashPassword(password);
    const id = await this.db.transaction(async (tx) => {
      const held = await this.roleIds(tx, body.roles);
      assertGrantable(actor.permissions, permissionsOfRoles(held));
      const [row] = await tx
        .insert(users)
        .values({
          username: body.username,
          ...profileOf(body),
          passwordHash,
          accountId: accountId(),
          activeRole: held[0].code,
          mustChangePassword: true,
          createdBy: actor.userId,
        })
        .returning();
      await q.setUserRoles(
        tx,
        row.id,
        held.map((r) => r.id),
      );
      await recordAudit(tx, {
        entityType: AUDIT_USER,
        entityId: row.id,
        diff: diffRecords(null, audited({ ...row, roles: held.map((r) => r.code) })),
      });
      return row.id;
    });
    return { user: await this.get(id), password: generated ? password : null };
  }

  async update(id: number, body: UserUpdateBody, actor: Actor): Promise<SystemUser> {
    await this.events.transaction(this.db, async (tx, emit) => {
      await q.lockAdminRole(tx);
      const before = await q.lockUser(tx, id);
      if (!before) throw userNotFound();
      if (before.version !== body.version) throw staleVersion();
      const beforeRoles = await q.roleCodesOf(tx, id);
      if (id === actor.userId && !sameRoles(beforeRoles, body.roles)) {
        throw new AppError('OWN_ROLES_REFUSED');
      }
      const held = await this.roleIds(tx, body.roles);
      const after = held.map((r) => r.code);
      assertGrantable(actor.permissions, permissionsOfRoles(addedRoles(beforeRoles, held)));
      const lost = beforeRoles.filter((c) => !after.includes(c));
      if (lost.includes(ADMIN) && before.enabled) await this.assertNotLastAdmin(tx, id);
      const profile = profileOf(body);
      // Saving the form untouched changes nothing: no new version, no audit row.
      const unchanged =
        PROFILE_COLUMNS.every((k) => before[k] === profile[k]) && sameRoles(beforeRoles, after);
      if (unchanged) return;
      const [row] = await tx
        .update(users)
        .set({
          ...profile,
          updatedAt: new Date(),
          version: before.version + 1,
        })
        .where(eq(users.id, id))
        .returning();
      await q.setUserRoles(
        tx,
        id,
        held.map((r) => r.id),
      );
      // Sessions acting as a role taken away go on as a role still held (next request).
      await q.moveSessionsOffLostRoles(tx, id, after);
      emit({ type: 'session.changed', userIds: [id] });
      await recordAudit(tx, {
        entityType: AUDIT_USER,
        entityId: id,
        diff: diffRecords(
          audited({ ...before, roles: beforeRoles }),
          audited({ ...row, roles: after }),
        ),
      });
    });
    return this.get(id);
  }

  /** Enables or disables; disabling ends every session of the user at once. */
  async setEnabled(id: number, enabled: boolean, version: number, actor: Actor) {
    await this.events.transaction(this.db, async (tx, emit) => {
      await q.lockAdminRole(tx);
      const before = await q.lockUser(tx, id);
      if (!before) throw userNotFound();
      if (before.version !== version) throw staleVersion();
      if (!enabled && id === actor.userId) throw new AppError('SELF_CHANGE_REFUSED');
      if (!enabled && before.enabled && (await q.roleCodesOf(tx, id)).includes(ADMIN)) {
        await this.assertNotLastAdmin(tx, id);
      }
      await tx
        .update(users)
        .set({ enabled, updatedAt: new Date(), version: before.version + 1 })
        .where(eq(users.id, id));
      if (!enabled) await q.deleteSessionsOf(tx, id);
      if (!enabled) emit({ type: 'session.changed', userIds: [id], reason: 'disabled' });
      await recordAudit(tx, {
        entityType: AUDIT_USER,
        entityId: id,
        action: enabled ? 'system.user.enable' : 'system.user.disable',
        diff: diffRecords({ enabled: before.enabled }, { enabled }),
      });
    });
    return this.get(id);
  }

  /** Lifts every sign-in lock of the user (all sources). */
  async unlock(id: number) {
    await this.db.transaction(async (tx) => {
      const user = await q.lockUser(tx, id);
      if (!user) throw userNotFound();
      const cleared = await q.unlockUser(tx, user.username);
      await recordAudit(tx, {
        entityType: AUDIT_USER,
        entityId: id,
        diff: { lockedSources: { before: cleared.length, after: 0 } },
      });
    });
    return this.get(id);
  }

  /**
   * Sets a new password (the admin's or generated) that the user must change at the next
   * sign-in, and ends the user's sessions. Never one's own, never of a user holding more.
   */
  async resetPassword(
    id: number,
    given: string | undefined,
    actor: Actor,
  ): Promise<SystemUserWithPassword> {
    // One's own password is changed with the old one, in the user settings (issue 25 item 4).
    if (id === actor.userId) throw new AppError('OWN_PASSWORD_RESET_REFUSED');
    const { password, generated } = await this.initialPassword(given);
    const passwordHash = await hashPassword(password);
    await this.events.transaction(this.db, async (tx, emit) => {
      const user = await q.lockUser(tx, id);
      if (!user) throw userNotFound();
      assertTargetWithinCeiling(actor.permissions, permissionsOfRoles(await q.rolesOf(tx, id)));
      await tx
        .update(users)
        .set({
          passwordHash,
          mustChangePassword: true,
          updatedAt: new Date(),
          version: user.version + 1,
        })
        .where(eq(users.id, id));
      await q.deleteSessionsOf(tx, id);
      emit({ type: 'session.changed', userIds: [id], reason: 'password_reset' });
      // No password or hash in the trail: only that a reset happened.
      await recordAudit(tx, {
        entityType: AUDIT_USER,
        entityId: id,
        diff: { credentialReset: { before: null, after: generated ? 'generated' : 'set' } },
      });
    });
    return { user: await this.get(id), password: generated ? password : null };
  }

  async remove(id: number, version: number | undefined, actor: Actor) {
    await this.events.transaction(this.db, async (tx, emit) => {
      await q.lockAdminRole(tx);
      const before = await q.lockUser(tx, id);
      if (!before) throw userNotFound();
      if (version !== undefined && before.version !== version) throw staleVersion();
      if (id === actor.userId) throw new AppError('SELF_CHANGE_REFUSED');
      const roles = await q.roleCodesOf(tx, id);
      if (before.enabled && roles.includes(ADMIN)) await this.assertNotLastAdmin(tx, id);
      await tx.delete(users).where(eq(users.id, id));
      emit({ type: 'session.changed', userIds: [id], reason: 'deleted' });
      await recordAudit(tx, {
        entityType: AUDIT_USER,
        entityId: id,
        diff: diffRecords(audited({ ...before, roles }), null),
      });
    });
  }

  async sessions(id: number): Promise<SystemUserSession[]> {
    await this.get(id);
    const rows = await q.sessionsOf(this.db, id);
    return rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
    }));
  }

  async revokeSession(id: number, sessionId: number) {
    await this.events.transaction(this.db, async (tx, emit) => {
      const gone = await q.deleteSession(tx, id, sessionId);
      if (gone.length === 0) {
        throw notFound({ 'zh-CN': '会话不存在', 'en-US': 'No such session' });
      }
      emit({ type: 'session.changed', userIds: [id], reason: 'revoked' });
      await recordAudit(tx, {
        entityType: AUDIT_USER,
        entityId: id,
        diff: { session: { before: sessionId, after: null } },
      });
    });
  }

  private async assertNotLastAdmin(tx: DbOrTx, id: number) {
    if ((await q.otherEnabledAdmins(tx, id)) === 0) throw new AppError('LAST_ADMIN');
  }
}
