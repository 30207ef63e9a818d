// Records as the system section's server answers them, for the component tests.
import {
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSIONS,
  SYSTEM_CONFIG,
  SYSTEM_CONFIG_KEYS,
  type BackupItem,
  type BackupStatus,
  type PropertyCategory,
  type PropertyItemAdmin,
  type SystemConfigEntry,
  type SystemRole,
  type SystemUser,
} from '@console/shared';

export const role = (id: number, code: string, permissions: readonly string[]): SystemRole => ({
  id,
  code,
  name: `角色${code}`,
  nameEn: code,
  description: '',
  permissions: [...permissions] as SystemRole['permissions'],
  builtIn: false,
  userCount: 0,
  updatedAt: '2026-11-01T00:00:00.000Z',
  version: 1,
});

export const USERADM = ['system:read', 'system:user:write'];
export const ROLES: SystemRole[] = [
  role(1, 'admin', PERMISSIONS),
  role(2, 'operator', DEFAULT_ROLE_PERMISSIONS.operator),
  role(3, 'useradm', USERADM),
  role(4, 'reader', ['system:read']),
];

export const user = (id: number, roles: string[], over: Partial<SystemUser> = {}): SystemUser => ({
  id,
  username: `u${id}`,
  name: '韩梅梅',
  email: 'han@example.cn',
  phone: '13900001111',
  enabled: true,
  locked: false,
  lockedUntil: null,
  mustChangePassword: false,
  roles: roles.map((code) => ({ code, name: `角色${code}`, nameEn: code })),
  lastLoginAt: null,
  lastLoginIp: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 7,
  ...over,
});

export const CATEGORY: PropertyCategory = {
  id: 1,
  code: 'language',
  nameZh: '语言',
  nameEn: 'Languages',
  description: '',
  builtIn: true,
};

export const ITEM: PropertyItemAdmin = {
  id: 21,
  value: 'fr',
  labelZh: '法语',
  labelEn: 'French',
  sortOrder: 0,
  enabled: true,
  version: 2,
  usage: 0,
};

export const CONFIG: SystemConfigEntry[] = SYSTEM_CONFIG_KEYS.map((key) => ({
  key,
  value: SYSTEM_CONFIG[key].default,
  default: SYSTEM_CONFIG[key].default,
  overridden: false,
  version: 0,
  updatedAt: null,
}));

export const BACKUP: BackupItem = {
  id: 'b-20261127-0100',
  kind: 'manual',
  createdAt: '2026-11-27T01:00:00.000Z',
  size: 2048,
  fileSha256: 'a'.repeat(64),
  sha256: 'b'.repeat(64),
  schemaVersion: 30,
  appVersion: '1.0.0',
  database: 'pglite',
  tables: 40,
  rows: 1200,
};

export const BACKUP_STATUS: BackupStatus = {
  scheduleCron: '0 3 * * *',
  scheduleValid: true,
  nextRunAt: '2026-11-28T03:00:00.000Z',
  retentionCount: 7,
  schemaVersion: 30,
  appVersion: '1.0.0',
  running: false,
};
