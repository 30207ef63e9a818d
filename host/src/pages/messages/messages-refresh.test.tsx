// @vitest-environment jsdom
// Issue 27 item 6: marking messages read and publishing a notice are mutations whose
// `invalidatesTags` come from the one event → tag mapping the live channel uses. Each refetches
// exactly the reads its event names (the lists, the bell's counts; a notice also the workplace's
// announcements) — on the messages page and in the bell's box alike — and a refused one
// refetches nothing. The real pages, store and mutations in jsdom; only the server (the HTTP
// client's adapter) is replaced.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MessageItem, MessageListResult } from '@console/shared/contracts/message';
import { hostUnderTest, ok, refused, renderHost, type Answer } from '../../test/writeRefresh';
import MessageBoxContent from '../../message-box/MessageBoxContent';
import MessagesPage from '.';
import { PublishNoticeButton } from './PublishNoticeButton';

const UNREAD: MessageItem = {
  id: 41,
  type: 'message',
  title: '团队已分配导游',
  subTitle: '',
  avatar: '',
  content: '杭州三日游已分配导游',
  time: '2026-11-27T08:00:00.000Z',
  status: 0,
  messageType: null,
  template: null,
  params: null,
};
const LIST: MessageListResult = {
  list: [UNREAD],
  total: 1,
  unread: { message: 1, notice: 0, todo: 0 },
};

function reads(url: string): unknown {
  if (url === '/message/list') return LIST;
  if (url === '/message/unread') return LIST.unread;
  return null;
}

let answer: Answer = ok(true);
beforeEach(() => {
  answer = ok(true);
});
const host = hostUnderTest({
  reads,
  answer: () => answer,
  probed: [
    'UnreadCounts',
    { type: 'Message', id: 'LIST' },
    { type: 'Dashboard', id: 'WORKPLACE' },
    'Profile',
    'Activity',
  ],
});
const { byLive, refetchedBy, writes } = host;

describe('the messages page', () => {
  async function open() {
    renderHost(<MessagesPage />, host.store);
    await screen.findByText(UNREAD.title);
  }

  it('a message marked read refetches the reads message.read names', async () => {
    await open();
    const listReads = () => host.received.filter((r) => r.url === '/message/list').length;
    const before = listReads();
    const byMutation = await refetchedBy(async () => {
      fireEvent.click(screen.getByRole('button', { name: '标为已读' }));
      await waitFor(() => expect(writes()).toHaveLength(1));
    });
    expect(byMutation).toEqual(await byLive({ type: 'message.read' }));
    expect(byMutation).toEqual(['Message:LIST', 'UnreadCounts']);
    expect(writes()[0]).toMatchObject({ url: '/message/read', body: { ids: [UNREAD.id] } });
    // The page's list is one of those reads: it asked the server again.
    expect(listReads()).toBeGreaterThan(before);
  });

  it('all marked read refetches the same reads; a refusal refetches nothing', async () => {
    await open();
    const byMutation = await refetchedBy(async () => {
      fireEvent.click(screen.getByRole('button', { name: '全部已读' }));
      await waitFor(() => expect(writes()).toHaveLength(1));
    });
    expect(byMutation).toEqual(['Message:LIST', 'UnreadCounts']);
    expect(writes()[0]).toMatchObject({ url: '/message/read-all', body: {} });

    answer = refused('INTERNAL', { msg: '服务器错误' });
    const afterRefusal = await refetchedBy(async () => {
      fireEvent.click(screen.getByRole('button', { name: '全部已读' }));
      await waitFor(() => expect(writes()).toHaveLength(2));
    });
    expect(afterRefusal).toEqual([]);
  });
});

describe('the bell’s message box', () => {
  it('a message marked read there refetches the reads message.read names', async () => {
    renderHost(<MessageBoxContent counts={LIST.unread} onClose={() => {}} />, host.store);
    await screen.findByText(UNREAD.title);
    const byMutation = await refetchedBy(async () => {
      fireEvent.click(screen.getByTestId('message-read'));
      await waitFor(() => expect(writes()).toHaveLength(1));
    });
    expect(byMutation).toEqual(['Message:LIST', 'UnreadCounts']);

    const byAllRead = await refetchedBy(async () => {
      fireEvent.click(screen.getByTestId('message-all-read'));
      await waitFor(() => expect(writes()).toHaveLength(2));
    });
    expect(byAllRead).toEqual(['Message:LIST', 'UnreadCounts']);
    expect(writes()[1]).toMatchObject({ url: '/message/read-all', body: { type: 'message' } });
  });
});

describe('publishing a notice', () => {
  async function publish() {
    renderHost(<PublishNoticeButton />, host.store);
    fireEvent.click(screen.getByTestId('publish-notice'));
    const dialog = await screen.findByRole('dialog');
    const [title] = within(dialog).getAllByRole('textbox');
    fireEvent.change(title, { target: { value: '系统维护通知' } });
    const [, content] = within(dialog).getAllByRole('textbox');
    fireEvent.change(content, { target: { value: '今晚 22 点维护' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
  }

  it('published, it refetches the reads message.published names', async () => {
    answer = ok({ recipients: 12 });
    const byMutation = await refetchedBy(async () => {
      await publish();
      await screen.findByText('公告已发送给 12 位用户');
    });
    expect(byMutation).toEqual(await byLive({ type: 'message.published' }));
    expect(byMutation).toEqual(['Dashboard:WORKPLACE', 'Message:LIST', 'UnreadCounts']);
    expect(writes()[0]).toMatchObject({
      url: '/message/notice',
      body: { title: '系统维护通知', content: '今晚 22 点维护' },
    });
  });

  it('refused, it keeps the dialog and refetches nothing', async () => {
    answer = refused('FORBIDDEN', { msg: '没有权限' });
    const byMutation = await refetchedBy(async () => {
      await publish();
      await waitFor(() => expect(writes()).toHaveLength(1));
    });
    expect(byMutation).toEqual([]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
