import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/support/app';
import type { LiveEvent } from './bus';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('message events', () => {
  it('publishing a notice publishes one "message created" event for everyone after commit', async () => {
    const seen: LiveEvent[] = [];
    const off = t.services.events.subscribe((e) => seen.push(e));
    try {
      const admin = await signedIn(t.app, 'admin');
      const res = await admin.post('/api/message/notice', {
        title: '排班通知',
        content: '请确认排班。',
      });
      expect(res.statusCode).toBe(200);
      // On PostgreSQL the event comes back through the LISTEN connection: waited for, with room
      // for a loaded box (how fast is the bench's).
      // Jobs started with the server (reminders) may message their own recipients meanwhile.
      const notices = () => seen.filter((e) => 'userIds' in e && e.userIds === 'all');
      await vi.waitFor(
        () => expect(notices()).toEqual([{ type: 'message.created', userIds: 'all' }]),
        { timeout: 20_000 },
      );
    } finally {
      off();
    }
  });

  it('a refused notice publishes nothing', async () => {
    const seen: LiveEvent[] = [];
    const off = t.services.events.subscribe((e) => seen.push(e));
    try {
      const admin = await signedIn(t.app, 'admin');
      const res = await admin.post('/api/message/notice', { title: '', content: '' });
      expect(res.statusCode).toBe(400);
      // A later valid notice's event arrives alone: the refused one published nothing.
      const ok = await admin.post('/api/message/notice', { title: '通知', content: '内容' });
      expect(ok.statusCode).toBe(200);
      const notices = () => seen.filter((e) => 'userIds' in e && e.userIds === 'all');
      await vi.waitFor(() => expect(notices().length).toBeGreaterThan(0), { timeout: 20_000 });
      expect(notices()).toHaveLength(1);
    } finally {
      off();
    }
  });
});
