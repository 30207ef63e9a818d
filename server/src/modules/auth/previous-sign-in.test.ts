// Issue #18 item 15: 上次登录 is the sign-in before the current session's, not its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { UserInfo } from '@console/shared';
import { Client, createTestApp, DEMO, type TestApp } from '../../../test/support/app';
import { users } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const info = async (c: Client): Promise<UserInfo> => (await c.get('/api/user/info')).json().data;
const lastSignIn = async () => {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, 'operator'));
  return row.lastLoginAt;
};

describe('the previous sign-in', () => {
  it('shows the sign-in before this session, from the address it came from', async () => {
    const first = await new Client(t.app, '10.0.0.1').login(DEMO.operator);
    const firstAt = await lastSignIn();
    const firstPrevious = (await info(first)).previousLoginAt;

    const second = await new Client(t.app, '10.0.0.2').login(DEMO.operator);
    const secondInfo = await info(second);
    expect(secondInfo.previousLoginAt).toBe(firstAt!.toISOString());
    expect(secondInfo.previousLoginIp).toBe('10.0.0.1');
    expect(new Date(secondInfo.previousLoginAt!).getTime()).toBeLessThan(
      (await lastSignIn())!.getTime(),
    );
    // The first session still shows the sign-in before its own.
    expect((await info(first)).previousLoginAt).toBe(firstPrevious);
  });

  it('the login answer carries it too', async () => {
    const before = await lastSignIn();
    const res = await new Client(t.app).post('/api/user/login', DEMO.operator);
    expect(res.json().data.previousLoginAt).toBe(before?.toISOString() ?? null);
  });
});
