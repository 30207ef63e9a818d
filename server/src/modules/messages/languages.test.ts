// Issue #18 item 4: one language per message. System messages are a template plus parameters,
// rendered in the reader's language; an admin's notice keeps the languages it was written in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoToday, type MessageItem } from '@console/shared';
import { Client, createTestApp, signedIn, type TestApp } from '../../../test/support/app';
import { guideBody } from '../../../test/support/guides';
import { licenceReminderJob } from '../../jobs/licence-reminder';
import { runJob } from '../../jobs';

let t: TestApp;
let operator: Client;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  [operator, admin] = await Promise.all([signedIn(t.app, 'operator'), signedIn(t.app, 'admin')]);
});
afterAll(() => t.close());

const zh = { headers: { 'accept-language': 'zh-CN' } };
const en = { headers: { 'accept-language': 'en-US' } };
const HAN = /\p{Script=Han}/u;

async function list(c: Client, type: string, opts: typeof zh): Promise<MessageItem[]> {
  const res = await c.get(`/api/message/list?type=${type}&pageSize=100`, opts);
  expect(res.statusCode).toBe(200);
  return res.json().data.list;
}

describe('system messages follow the reader’s language', () => {
  it('a licence-expiry todo reads wholly in Chinese for zh-CN and wholly in English for en-US', async () => {
    const expiry = addDays(isoToday(), 10);
    const res = await operator.post(
      '/api/guides',
      guideBody({ name: '董天佑', licenceNo: 'D-3100-777001', licenceExpiry: expiry }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const guide = res.json().data;
    await runJob(licenceReminderJob, t.services);

    const mine = (items: MessageItem[]) => items.filter((m) => m.title.includes(guide.code));
    const [inZh] = mine(await list(operator, 'todo', zh));
    const [inEn] = mine(await list(operator, 'todo', en));
    expect(inZh).toMatchObject({
      title: `导游证即将到期：董天佑（${guide.code}）`,
      subTitle: `${expiry} 到期`,
      content: `导游 董天佑（${guide.code}）的导游证 D-3100-777001 将于 ${expiry} 到期，请及时办理换证。`,
      template: 'guide.licenceExpiring',
    });
    expect(inEn).toMatchObject({
      id: inZh.id,
      title: `Licence expiring: 董天佑 (${guide.code})`,
      subTitle: `Expires on ${expiry}`,
      content: `The licence D-3100-777001 of 董天佑 (${guide.code}) expires on ${expiry}; arrange its renewal.`,
    });
    // No English sentence in the Chinese one and no Chinese beyond the name in the English.
    expect(inZh.content).not.toMatch(/expires|licence/i);
    expect(inEn.content.replace('董天佑', '')).not.toMatch(HAN);
  });

  it('the demo todos and messages have no Chinese text for an en-US reader (but senders’ names)', async () => {
    for (const type of ['todo', 'message']) {
      for (const m of await list(admin, type, en)) {
        // Licence todos name a guide (a Chinese name); the test above covers them.
        if (!m.template || m.template === 'guide.licenceExpiring') continue;
        expect(m.subTitle + m.content).not.toMatch(HAN);
        if (type === 'todo') expect(m.title).not.toMatch(HAN);
      }
    }
    const todos = await list(admin, 'todo', en);
    expect(todos.map((m) => m.title)).toContain('Guide to allocate');
  });
});

describe('an admin’s notice keeps the languages it was written in', () => {
  it('shows its English to en-US readers and its Chinese to zh-CN readers', async () => {
    const res = await admin.post('/api/message/notice', {
      title: '端午节放假安排',
      content: '端午节放假三天。',
      titleEn: 'Dragon Boat Festival holiday',
      contentEn: 'Three days off for the Dragon Boat Festival.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const inZh = (await list(operator, 'notice', zh)).find((m) => m.title === '端午节放假安排');
    const inEn = (await list(operator, 'notice', en)).find((m) => m.id === inZh?.id);
    expect(inZh?.content).toBe('端午节放假三天。');
    expect(inEn).toMatchObject({
      title: 'Dragon Boat Festival holiday',
      content: 'Three days off for the Dragon Boat Festival.',
    });
  });

  it('without an English version, en-US readers see the Chinese one', async () => {
    const res = await admin.post('/api/message/notice', { title: '仅中文通知', content: '内容' });
    expect(res.statusCode, res.body).toBe(200);
    const inEn = await list(operator, 'notice', en);
    expect(inEn.find((m) => m.title === '仅中文通知')?.content).toBe('内容');
  });
});
