// Issue #18 item 8: recent activity names what each entry is about, so the user centre can say
// "Edited guide 卢晓东 (G000120)" instead of `guide.update 200`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSentence, type ActivityItem } from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody } from '../../../test/support/guides';

let t: TestApp;
let operator: Client;
beforeAll(async () => {
  t = await createTestApp();
  operator = await signedIn(t.app, 'operator');
});
afterAll(() => t.close());

async function activity(): Promise<ActivityItem[]> {
  // The audit row is written as the answer leaves; wait for the last one to land.
  const res = await operator.get('/api/user/activity?limit=20');
  expect(res.statusCode).toBe(200);
  return res.json().data.list;
}

describe('recent activity', () => {
  it('carries the guide’s name and code, and renders as sentences in either language', async () => {
    const res = await operator.post('/api/guides', guideBody({ name: '卢晓东' }));
    expect(res.statusCode, res.body).toBe(200);
    const guide = res.json().data;
    const refused = await operator.post('/api/guides', guideBody({ licenceNo: '!!' }));
    expect(refused.statusCode).toBe(400);

    const list = await activity();
    const created = list.find((a) => a.action === 'guide.create' && a.result === 200);
    expect(created?.subject).toEqual({ name: '卢晓东', code: guide.code });
    expect(auditSentence(created!, 'en-US')).toBe(`Created guide 卢晓东 (${guide.code})`);
    expect(auditSentence(created!, 'zh-CN')).toBe(`新建了导游 卢晓东（${guide.code}）`);

    const failed = list.find((a) => a.action === 'guide.create' && a.result === 400);
    expect(failed?.subject).toBeNull();
    expect(auditSentence(failed!, 'en-US')).toBe('Guide creation refused');

    const login = list.find((a) => a.action === 'user.login');
    expect(auditSentence(login!, 'en-US')).toBe('Signed in');
  });
});
