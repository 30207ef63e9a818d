// Role rules (issue #15 point 2): custom roles with names in both languages and a permission
// matrix; built-in roles editable but not deletable; a role in use is not deleted; the admin
// role always keeps every permission (ADMIN_LOCKED_PERMISSIONS). Sessions read their role's
// permissions on every request (auth/queries.ts findSession), so an edit applies at the next
// request of every session holding the role, without signing in again. Nobody puts into a role a
// permission they do not hold (the grant ceiling, contracts/grant-ceiling.ts).
import { eq } from 'drizzle-orm';
import {
  ADMIN_LOCKED_PERMISSIONS,
  type AuditSubject,
  PERMISSIONS,
  type Page,
  type Permission,
  type RoleCreateBody,
  type RoleUpdateBody,
  type SystemRole,
} from '@console/shared';
import type { Db, DbOrTx } from '../../db/types';
import { AppError, notFound, staleVersion } from '../../lib/app-error';
import { diffRecords } from '../audit/diff';
import { recordAudit } from '../audit/writer';
import { roles, userRoles } from '../auth/schema';
import { assertGrantable } from '../auth/grant-ceiling';
import type { EventBus } from '../../events/bus';
import * as q from './queries';

const AUDIT_ROLE = 'role';
/** Who asks: the signed-in user and what their session holds (its active role's permissions). */
export interface RoleActor {
  userId: number;
  permissions: readonly string[];
}

const roleNotFound = () => notFound({ 'zh-CN': '角色不存在', 'en-US': 'No such role' });

/** Permissions in catalogue order; the admin role's locked ones always included. */
function normalised(code: string, permissions: readonly string[]): Permission[] {
  const set = new Set(permissions);
  if (code === 'admin') for (const p of ADMIN_LOCKED_PERMISSIONS) set.add(p);
  return PERMISSIONS.filter((p) => set.has(p));
}

function toRole(row: NonNullable<Awaited<ReturnType<typeof q.findRole>>>): SystemRole {
  return {
    ...row,
    permissions: normalised('', row.permissions),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const audited = (r: {
  code: string;
  name: string;
  nameEn: string;
  description: string;
  permissions: readonly string[];
}) => ({
  code: r.code,
  name: r.name,
  nameEn: r.nameEn,
  description: r.description,
  permissions: [...r.permissions].join(', '),
});

export class RolesService {
  constructor(
    private readonly db: Db,
    /** Tells the live streams of the role's holders to re-check what they may receive. */
    private readonly events: EventBus,
  ) {}

  /** Name and code per id (as text), for audit sentences. */
  async auditSubjects(ids: number[]): Promise<Map<string, AuditSubject>> {
    const rows = ids.length ? await q.roleSubjects(this.db, ids) : [];
    return new Map(rows.map((r) => [String(r.id), { name: r.name, code: r.code }]));
  }

  async list(query: {
    current: number;
    pageSize: number;
    keyword?: string;
  }): Promise<Page<SystemRole>> {
    const { rows, total } = await q.listRoles(this.db, query.keyword, {
      offset: (query.current - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return { list: rows.map(toRole), total };
  }

  async get(id: number, db: DbOrTx = this.db): Promise<SystemRole> {
    const row = await q.findRole(db, id);
    if (!row) throw roleNotFound();
    return toRole(row);
  }

  async create(body: RoleCreateBody, actor: RoleActor): Promise<SystemRole> {
    const permissions = normalised(body.code, body.permissions);
    assertGrantable(actor.permissions, permissions);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(roles)
        .values({
          code: body.code,
          name: body.name,
          nameEn: body.nameEn,
          description: body.description ?? '',
          permissions,
          builtIn: false,
          createdBy: actor.userId,
        })
        .returning();
      await recordAudit(tx, {
        entityType: AUDIT_ROLE,
        entityId: row.id,
        diff: diffRecords(null, audited(row)),
      });
      return row.id;
    });
    return this.get(id);
  }

  async update(id: number, body: RoleUpdateBody, actor: RoleActor): Promise<SystemRole> {
    await this.events.transaction(this.db, async (tx, emit) => {
      const before = await q.lockRole(tx, id);
      if (!before) throw roleNotFound();
      if (before.version !== body.version) throw staleVersion();
      const permissions = normalised(before.code, body.permissions);
      // Only what the edit adds is granted; keeping what the role had is not.
      assertGrantable(
        actor.permissions,
        permissions.filter((p) => !before.permissions.includes(p)),
      );
      const description = body.description ?? '';
      // Saving the form untouched changes nothing: no new version, no audit row.
      const unchanged =
        before.name === body.name &&
        before.nameEn === body.nameEn &&
        before.description === description &&
        permissions.length === before.permissions.length &&
        permissions.every((p) => before.permissions.includes(p));
      if (unchanged) return;
      const [row] = await tx
        .update(roles)
        .set({
          name: body.name,
          nameEn: body.nameEn,
          description,
          permissions,
          updatedAt: new Date(),
          version: before.version + 1,
        })
        .where(eq(roles.id, id))
        .returning();
      const holders = await tx
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(eq(userRoles.roleId, id));
      if (holders.length) emit({ type: 'session.changed', userIds: holders.map((h) => h.userId) });
      await recordAudit(tx, {
        entityType: AUDIT_ROLE,
        entityId: id,
        diff: diffRecords(audited(before), audited(row)),
      });
    });
    return this.get(id);
  }

  async remove(id: number, version: number | undefined) {
    await this.db.transaction(async (tx) => {
      const before = await q.lockRole(tx, id);
      if (!before) throw roleNotFound();
      if (version !== undefined && before.version !== version) throw staleVersion();
      if (before.builtIn) throw new AppError('BUILTIN_ROLE');
      const holders = await q.countHolders(tx, id);
      if (holders > 0) {
        throw new AppError('ROLE_IN_USE', { params: { count: holders }, data: { count: holders } });
      }
      await tx.delete(roles).where(eq(roles.id, id));
      await recordAudit(tx, {
        entityType: AUDIT_ROLE,
        entityId: id,
        diff: diffRecords(audited(before), null),
      });
    });
  }
}
