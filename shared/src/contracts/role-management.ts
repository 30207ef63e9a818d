// Role management contracts (issue #15 point 2): roles with a code, names in both languages, a
// description and permission codes; the permission catalogue the matrix shows, grouped by
// section with a description in both languages. (roles.ts stays zod-free for the shell's boot
// chunk, so these live here.)
import { z } from 'zod';
import type { Localized } from './locale';
import type { SectionName } from './menu';
import { PERMISSIONS, type Permission } from './permissions';
import {
  idParam,
  idSchema,
  multilineTextSchema,
  pageQueryFields,
  registerValidationMessages,
  textSchema,
} from './validation';

export const ROLE_LIMITS = {
  codeMin: 2,
  codeMax: 32,
  nameMax: 64,
  descriptionMax: 500,
} as const;

const m = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

export const ROLE_VALIDATION_MESSAGES = {
  roleCodeFormat: m(
    '以小写字母开头，只能包含小写字母、数字、下划线或连字符',
    'Starts with a lower-case letter; lower-case letters, digits, _ or - only',
  ),
  permissionsUnique: m('权限不能重复', 'Each permission once'),
} as const satisfies Record<string, Localized>;
registerValidationMessages(ROLE_VALIDATION_MESSAGES);

/**
 * Permissions the admin role always keeps, so no edit locks every administrator out: all of them.
 * Under the grant ceiling (grant-ceiling.ts) a permission the admin role lost could be granted
 * back only by someone holding it — possibly nobody — so the admin role is the root of grants.
 */
export const ADMIN_LOCKED_PERMISSIONS: readonly Permission[] = PERMISSIONS;

export interface PermissionInfo {
  code: Permission;
  /** The section whose matrix group shows it. */
  section: SectionName | 'message';
  description: Localized;
}

/** Every permission with its group and what it allows, in both languages. */
export const PERMISSION_CATALOGUE: readonly PermissionInfo[] = (
  [
    ['dashboard:read', 'dashboard', '查看工作台与数据概览', 'View the workplace and overview'],
    ['monitor:view', 'dashboard', '查看实时监控', 'View the live monitor'],
    [
      'analysis:multi',
      'dashboard',
      '查看多维数据分析（导游绩效、旅行社与景点按月）',
      'View the multi-dimensional analyses (guide performance, agencies and spots by month)',
    ],
    ['guide:read', 'guide', '查看导游列表、档案与分配', 'View guides, profiles and allocation'],
    [
      'guide:write',
      'guide',
      '新建、编辑、导入导游及其不可用时段',
      'Create, edit and import guides and their unavailability',
    ],
    ['scenic:read', 'scenic', '查看景点列表与详情', 'View the scenic spot list and details'],
    [
      'scenic:maintain',
      'scenic',
      '新建、编辑、删除景点与维护窗口',
      'Create, edit and delete spots and maintenance windows',
    ],
    [
      'scenic:gate-keys',
      'scenic',
      '创建和吊销景点闸机密钥',
      'Create and revoke gate device keys of spots',
    ],
    [
      'team:read',
      'team',
      '查看团队（待分配、进行中、历史）',
      'View teams (waiting, ongoing, history)',
    ],
    ['team:write', 'team', '新建和编辑团队', 'Create and edit teams'],
    ['team:allocate', 'team', '为团队分配导游', 'Allocate guides to teams'],
    ['system:read', 'system', '查看系统管理各页面', 'View the system administration pages'],
    [
      'system:user:write',
      'system',
      '管理用户：新建、编辑、停用、解锁、重置密码、分配角色',
      'Manage users: create, edit, disable, unlock, reset passwords, assign roles',
    ],
    ['system:role:write', 'system', '管理角色及其权限', 'Manage roles and their permissions'],
    ['system:property:write', 'system', '维护数据字典', 'Maintain the dictionaries'],
    ['system:config:write', 'system', '修改系统配置', 'Change the system configuration'],
    ['system:audit:read', 'system', '查看和导出操作日志', 'View and export the operation log'],
    ['system:backup', 'system', '备份与恢复数据', 'Back up and restore data'],
    [
      'system:sections',
      'system',
      '管理模块版本（固定、回滚）',
      'Manage section versions (pin, roll back)',
    ],
    ['message:publish', 'message', '发布公告', 'Publish announcements'],
  ] as const
).map(([code, section, zh, en]) => ({ code, section, description: m(zh, en) }));

/** Names of the matrix groups that are not sections. */
export const PERMISSION_GROUP_TITLES: Record<'message', Localized> = {
  message: m('消息', 'Messages'),
};

const ROLE_CODE = /^[a-z][a-z0-9_-]*$/;

const permissionList = z
  .array(z.enum(PERMISSIONS))
  .max(PERMISSIONS.length)
  .refine((list) => new Set(list).size === list.length, 'permissionsUnique');

const roleFields = {
  name: textSchema().trim().min(1, 'required').max(ROLE_LIMITS.nameMax),
  nameEn: textSchema().trim().min(1, 'required').max(ROLE_LIMITS.nameMax),
  description: multilineTextSchema().trim().max(ROLE_LIMITS.descriptionMax).default(''),
  permissions: permissionList,
};

export const roleCreateBody = z.strictObject({
  code: textSchema()
    .trim()
    .min(ROLE_LIMITS.codeMin)
    .max(ROLE_LIMITS.codeMax)
    .regex(ROLE_CODE, 'roleCodeFormat'),
  ...roleFields,
});
export type RoleCreateBody = z.input<typeof roleCreateBody>;

/** A PUT: every field is sent (an absent description is refused, never blanked). */
export const roleUpdateBody = z.strictObject({
  ...roleFields,
  description: multilineTextSchema().trim().max(ROLE_LIMITS.descriptionMax),
  version: idSchema,
});
export type RoleUpdateBody = z.input<typeof roleUpdateBody>;

export const roleListQuery = z.strictObject({
  ...pageQueryFields({ size: 20, max: 100 }),
  /** Part of the code or either name. */
  keyword: textSchema().trim().max(ROLE_LIMITS.nameMax).optional(),
});
export type RoleListQuery = z.infer<typeof roleListQuery>;

export const roleIdParams = z.strictObject({ id: idParam });
export const roleDeleteQuery = z.strictObject({ version: idParam.optional() });

export const systemRole = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  description: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  builtIn: z.boolean(),
  /** How many users hold the role. */
  userCount: z.number(),
  updatedAt: z.string(),
  version: z.number(),
});
export type SystemRole = z.infer<typeof systemRole>;

/**
 * The edit form's values for a role: every field of the update, as the record holds it. The form
 * opens with these and saves what it holds, so saving untouched changes nothing.
 */
export const roleFormValues = (r: SystemRole): Required<RoleUpdateBody> => ({
  name: r.name,
  nameEn: r.nameEn,
  description: r.description,
  permissions: r.permissions,
  version: r.version,
});
