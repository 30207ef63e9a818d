// What the views need of each field of a user (issue 27; contracts/fields.ts): the create /
// edit form, the user table's columns and filters, the export sheet, the server's write list
// and the section's `users.field.*` messages are read from here. The declaration order is the
// export's column order; the form shows `account` then `contact`.
import { bi, type FieldSpecs } from './fields';
import { USER_LIMITS, type systemUser, type userCreateBody } from './users';

/** The fields a person edits on a user (the initial password is the create form's own). */
type UserFields = Omit<typeof userCreateBody.shape, 'password'>;

export const USER_FIELD_SPECS = {
  username: {
    label: bi('用户名', 'Username'),
    widget: { kind: 'text', max: USER_LIMITS.usernameMax },
    group: 'account',
    span: 24,
    column: { width: 150, sortable: true, fixedVisible: true },
    sheet: { width: 18 },
  },
  name: {
    label: bi('姓名', 'Name'),
    widget: { kind: 'text', max: USER_LIMITS.nameMax },
    group: 'account',
    span: 24,
    column: { width: 140, sortable: true },
    sheet: { width: 16 },
  },
  email: {
    label: bi('邮箱', 'Email'),
    widget: { kind: 'text', max: USER_LIMITS.emailMax },
    group: 'contact',
    span: 24,
    blank: '',
    column: { width: 200, hidden: true },
    sheet: { width: 24 },
  },
  phone: {
    label: bi('电话', 'Phone'),
    widget: { kind: 'text', max: USER_LIMITS.phoneMax },
    group: 'contact',
    span: 24,
    blank: '',
    column: { width: 140, hidden: true },
    sheet: { width: 16 },
  },
  roles: {
    label: bi('角色', 'Roles'),
    // The roles the caller may grant, never one's own (the form's own select).
    widget: { kind: 'slot' },
    group: 'account',
    span: 24,
    blank: [],
    column: { width: 220 },
    sheet: { type: 'list', width: 20 },
  },
} as const satisfies FieldSpecs<UserFields>;
export type UserField = keyof typeof USER_FIELD_SPECS;

/** The user's state as the table and the export show it (changed by actions, not the form). */
export const USER_STATE_SPECS = {
  enabled: {
    label: bi('启用', 'Enabled'),
    widget: { kind: 'switch' },
    group: 'state',
    column: { width: 100 },
  },
  locked: {
    label: bi('锁定', 'Locked'),
    widget: { kind: 'switch' },
    group: 'state',
    column: { width: 100 },
  },
  lastLoginAt: {
    label: bi('最近登录', 'Last sign-in'),
    widget: { kind: 'slot' },
    group: 'state',
    column: { width: 170, sortable: true },
    sheet: { width: 26 },
  },
  createdAt: {
    label: bi('创建时间', 'Created'),
    widget: { kind: 'slot' },
    group: 'state',
    column: { width: 170, sortable: true },
    sheet: false,
  },
} as const satisfies FieldSpecs<
  Pick<typeof systemUser.shape, 'enabled' | 'locked' | 'lastLoginAt' | 'createdAt'>
>;
