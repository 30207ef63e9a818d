// Permission codes and the built-in roles' defaults (product.md, "Users, roles, permissions").
// The defaults reproduce the seed's route table: monitor admin only, scenic maintenance admin
// and operator, system pages readable by all and writable by admin.
export const PERMISSIONS = [
  'dashboard:read',
  'monitor:view',
  /** The multi-dimensional analyses (guide performance, agencies and spots by month). */
  'analysis:multi',
  'guide:read',
  'guide:write',
  'scenic:read',
  'scenic:maintain',
  /** Create and revoke the per-spot API keys of gate devices (admin only). */
  'scenic:gate-keys',
  'team:read',
  'team:write',
  'team:allocate',
  'system:read',
  'system:user:write',
  'system:role:write',
  'system:property:write',
  'system:config:write',
  'system:audit:read',
  'system:backup',
  'system:sections',
  'message:publish',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Route-level access declarations on the server besides a permission code. */
export type Access = Permission | 'public' | 'authenticated';

export const BUILTIN_ROLES = ['admin', 'operator', 'user'] as const;
export type BuiltinRole = (typeof BUILTIN_ROLES)[number];

const READ: Permission[] = [
  'dashboard:read',
  'guide:read',
  'scenic:read',
  'team:read',
  'system:read',
];

export const DEFAULT_ROLE_PERMISSIONS: Record<BuiltinRole, Permission[]> = {
  admin: [...PERMISSIONS],
  operator: [
    ...READ,
    'analysis:multi',
    'guide:write',
    'scenic:maintain',
    'team:write',
    'team:allocate',
  ],
  user: [...READ],
};

export function hasPermission(granted: readonly string[], needed: Access): boolean {
  if (needed === 'public' || needed === 'authenticated') return true;
  return granted.includes(needed);
}
