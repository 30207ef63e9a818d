// First-start data: built-in roles and dictionaries always; demo accounts and demo domain
// data when demo data is on (every start that is not production); in production the first
// admin comes from ADMIN_USERNAME / ADMIN_PASSWORD.
import { count, eq } from 'drizzle-orm';
import {
  BUILTIN_ROLE_DESCRIPTIONS,
  BUILTIN_ROLES,
  DEFAULT_ROLE_PERMISSIONS,
  passwordViolations,
  type BuiltinRole,
} from '@console/shared';
import type { Db, Tx } from '../db/types';
import type { ServerEnv } from '../config/env';
import { roles, userRoles, users } from '../modules/auth/schema';
import { propertyCategories, propertyItems } from '../modules/properties/schema';
import { hashPassword } from '../lib/passwords';
import { fillMissingNameSortKeys } from '../db/sort-key';
import { DICTIONARIES } from './dictionaries';
import { seedDemoMessages } from '../modules/messages/seed';
import { seedDemoCertifications } from '../modules/profile/seed';
import { seedDemoGuideCertifications, seedDemoGuides } from '../modules/guide/seed';
import { seedScenicDemo } from '../modules/scenic/seed';
import { seedDemoTeams } from '../modules/team/seed';

const ROLE_NAMES: Record<BuiltinRole, [zh: string, en: string]> = {
  admin: ['管理员', 'Administrator'],
  operator: ['调度员', 'Operator'],
  user: ['普通用户', 'User'],
};

export const DEMO_ACCOUNTS: {
  username: string;
  password: string;
  role: BuiltinRole;
  name: string;
}[] = [
  { username: 'admin', password: 'Admin123', role: 'admin', name: '王管理' },
  { username: 'operator', password: 'Operator123', role: 'operator', name: '李调度' },
  { username: 'user', password: 'User1234', role: 'user', name: '张访客' },
];

/**
 * Domain modules add their demo data here (runs once, inside the first-start transaction,
 * after roles, users and dictionaries exist).
 */
export type DemoSeed = (tx: Tx) => Promise<void>;
export const DEMO_SEEDS: DemoSeed[] = [];
DEMO_SEEDS.push(seedDemoMessages, seedDemoCertifications);
DEMO_SEEDS.push(seedDemoGuides);
DEMO_SEEDS.push((tx) => seedScenicDemo(tx));
DEMO_SEEDS.push(seedDemoGuideCertifications);
DEMO_SEEDS.push(seedDemoTeams);

let accountSeq = 0;
const accountId = () =>
  `${Date.now().toString(36).toUpperCase()}${(accountSeq++).toString().padStart(3, '0')}`;

export async function createUser(
  tx: Tx,
  input: { username: string; password: string; name: string; roles: string[]; email?: string },
) {
  const [user] = await tx
    .insert(users)
    .values({
      username: input.username,
      passwordHash: await hashPassword(input.password),
      name: input.name,
      email: input.email ?? '',
      accountId: accountId(),
      activeRole: input.roles[0],
    })
    .returning();
  for (const code of input.roles) {
    const [role] = await tx.select().from(roles).where(eq(roles.code, code));
    await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
  }
  return user;
}

export async function seedDatabase(db: Db, env: ServerEnv): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(roles);
  const firstStart = n === 0;

  if (firstStart) {
    await db.transaction(async (tx) => {
      for (const code of BUILTIN_ROLES) {
        const [zh, en] = ROLE_NAMES[code];
        await tx.insert(roles).values({
          code,
          name: zh,
          nameEn: en,
          // Stored in Chinese; the role list shows it in the UI language (roleDescription).
          description: BUILTIN_ROLE_DESCRIPTIONS[code].zh,
          permissions: DEFAULT_ROLE_PERMISSIONS[code],
          builtIn: true,
        });
      }
      for (const dict of DICTIONARIES) {
        const [cat] = await tx
          .insert(propertyCategories)
          .values({ code: dict.code, nameZh: dict.nameZh, nameEn: dict.nameEn, builtIn: true })
          .returning();
        await tx.insert(propertyItems).values(
          dict.items.map(([value, labelZh, labelEn], i) => ({
            categoryId: cat.id,
            value,
            labelZh,
            labelEn,
            sortOrder: i,
          })),
        );
      }
      if (env.demoData) {
        for (const a of DEMO_ACCOUNTS) {
          await createUser(tx, {
            username: a.username,
            password: a.password,
            name: a.name,
            roles:
              a.role === 'admin'
                ? ['admin', 'operator', 'user']
                : a.role === 'operator'
                  ? ['operator', 'user']
                  : ['user'],
            email: `${a.username}@example.com`,
          });
        }
        for (const seed of DEMO_SEEDS) await seed(tx);
      }
    });
  }

  await ensureAdmin(db, env);
  await fillMissingNameSortKeys(db);
}

/** Production: the first admin from the environment; refuse to start without one. */
async function ensureAdmin(db: Db, env: ServerEnv) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(roles.code, 'admin'));
  if (n > 0) return;
  if (!env.adminUsername || !env.adminPassword) {
    throw new Error(
      'No administrator exists. Set ADMIN_USERNAME and ADMIN_PASSWORD to create the first one.',
    );
  }
  const violations = passwordViolations(env.adminPassword);
  if (violations.length > 0) {
    throw new Error(`ADMIN_PASSWORD does not meet the password policy (${violations.join(', ')}).`);
  }
  await db.transaction(async (tx) => {
    await createUser(tx, {
      username: env.adminUsername!,
      password: env.adminPassword!,
      name: env.adminUsername!,
      roles: ['admin'],
    });
  });
}
