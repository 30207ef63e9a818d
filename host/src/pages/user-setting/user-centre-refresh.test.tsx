// @vitest-environment jsdom
// Issue 27 item 6: the user centre's writes are mutations whose `invalidatesTags` come from the
// one event → tag mapping the live channel uses (`tagsForEvent`). Each write refetches exactly
// the reads its event names — the same the live channel would refetch on hearing it — and a
// refused write (a field the server refuses, a wrong password, a record no longer under audit)
// refetches nothing. The real panels, store and mutations in jsdom; only the server (the HTTP
// client's adapter) is replaced.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProfileInfo, CertificationInfo } from '@console/shared/contracts/profile';
import type { OwnSession } from '@console/shared/contracts/auth';
import { profileQueries } from '@console/shared/api';
import { hostUnderTest, ok, refused, renderHost, type Answer } from '../../test/writeRefresh';
import { SessionList } from '../user-info/SessionList';
import { BasicInfoForm } from './BasicInfoForm';
import { CertificationPanel } from './CertificationPanel';
import { SecurityPanel } from './SecurityPanel';

const PROFILE: ProfileInfo = {
  email: 'operator@example.com',
  nickname: '小王',
  countryRegion: 'china',
  area: '杭州',
  address: '',
  profile: '',
  avatar: '',
  version: 3,
};
const SESSIONS: OwnSession[] = [
  {
    id: 1,
    userAgent: 'this browser',
    ip: '10.0.0.1',
    createdAt: '2026-11-27T08:00:00.000Z',
    lastSeenAt: '2026-11-27T09:00:00.000Z',
    current: true,
  },
  {
    id: 2,
    userAgent: 'another browser',
    ip: '10.0.0.2',
    createdAt: '2026-11-26T08:00:00.000Z',
    lastSeenAt: '2026-11-26T09:00:00.000Z',
    current: false,
  },
] as OwnSession[];
const AUDITING = {
  id: 5,
  certificationType: 'enterprise',
  certificationContent: '杭州某某旅行社',
  status: 'auditing' as const,
  time: '2026-11-27T08:00:00.000Z',
  decidedAt: null,
  version: 2,
};
const CERTIFICATION: CertificationInfo = { enterpriseInfo: null, list: [AUDITING] };

/** What the server holds: the reads answer it. */
let server = { profile: PROFILE, certification: CERTIFICATION };

function reads(url: string): unknown {
  if (url === '/user/profile') return server.profile;
  if (url === '/user/sessions') return SESSIONS;
  if (url === '/user/certification') return server.certification;
  return null;
}

/** What the server answers a write. */
let answer: Answer = ok(true);
beforeEach(() => {
  answer = ok(true);
  server = { profile: PROFILE, certification: CERTIFICATION };
});
// The user centre's reads by their tags, and some it must leave alone.
const host = hostUnderTest({
  reads,
  answer: () => answer,
  probed: [
    'Profile',
    'Session',
    'Certification',
    'Activity',
    'UnreadCounts',
    { type: 'Message', id: 'LIST' },
    { type: 'Dashboard', id: 'WORKPLACE' },
  ],
});
const { byLive, refetchedBy, writes } = host;

describe('the basic information form', () => {
  async function open() {
    renderHost(<BasicInfoForm />, host.store);
    await screen.findByDisplayValue(PROFILE.email);
  }
  const save = () => fireEvent.click(screen.getByTestId('basic-info-save'));

  it('saved, it refetches the reads profile.updated names and caches the saved profile', async () => {
    const saved = { ...PROFILE, nickname: '小李', version: 4 };
    answer = ok(saved);
    await open();
    server = { ...server, profile: saved };
    const byMutation = await refetchedBy(async () => {
      save();
      await screen.findByText('保存成功');
    });
    expect(byMutation).toEqual(await byLive({ type: 'profile.updated' }));
    expect(byMutation).toEqual(['Activity', 'Profile']);
    expect(writes()[0]).toMatchObject({ method: 'put', url: '/user/profile' });
    expect(writes()[0].body).toMatchObject({ version: 3 });
    // The form goes on from the saved profile (its new version).
    expect(profileQueries.endpoints.profile.select(undefined)(host.store.getState()).data).toEqual(
      saved,
    );
  });

  it('refused for a field, it shows the error on the field and refetches nothing', async () => {
    answer = refused('VALIDATION_FAILED', {
      fields: [{ path: 'email', message: '邮箱已被使用' }],
    });
    await open();
    const byMutation = await refetchedBy(async () => {
      save();
      await screen.findByText('邮箱已被使用');
    });
    expect(byMutation).toEqual([]);
  });
});

describe('the avatar', () => {
  it('uploaded, it refetches the reads profile.updated names and shows the new avatar', async () => {
    answer = ok({ avatar: '/uploads/avatar-1.png' });
    server = { ...server, profile: { ...PROFILE, avatar: '/uploads/avatar-1.png' } };
    renderHost(<BasicInfoForm />, host.store);
    await screen.findByDisplayValue(PROFILE.email);
    const file = new File([new Uint8Array(10)], 'me.png', { type: 'image/png' });
    const byMutation = await refetchedBy(async () => {
      fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [file] } });
      await waitFor(() => expect(writes()).toHaveLength(1));
      await waitFor(() =>
        expect(document.querySelector('img')?.getAttribute('src')).toBe('/uploads/avatar-1.png'),
      );
    });
    expect(byMutation).toEqual(await byLive({ type: 'profile.updated' }));
    expect(writes()[0]).toMatchObject({ method: 'post', url: '/user/avatar' });
  });
});

describe('the security panel', () => {
  async function changePassword() {
    renderHost(<SecurityPanel />, host.store);
    const form = screen.getByTestId('password-form');
    const [old, next, confirm] = within(form).getAllByDisplayValue('');
    fireEvent.change(old, { target: { value: 'old-Passw0rd' } });
    fireEvent.change(next, { target: { value: 'New-Passw0rd!' } });
    fireEvent.change(confirm, { target: { value: 'New-Passw0rd!' } });
    fireEvent.click(screen.getByTestId('password-submit'));
  }

  it('a changed password refetches the reads own.sessions.changed names', async () => {
    const byMutation = await refetchedBy(async () => {
      await changePassword();
      await screen.findByText('密码已修改，其他设备上的会话已退出');
    });
    expect(byMutation).toEqual(await byLive({ type: 'own.sessions.changed' }));
    expect(byMutation).toEqual(['Activity', 'Session']);
    expect(writes()[0]).toMatchObject({ method: 'post', url: '/user/password' });
  });

  it('a wrong old password is shown on its field and refetches nothing', async () => {
    answer = refused('WRONG_PASSWORD');
    const byMutation = await refetchedBy(async () => {
      await changePassword();
      await screen.findByText('原密码错误');
    });
    expect(byMutation).toEqual([]);
  });

  it('signing out the other sessions refetches the reads own.sessions.changed names', async () => {
    renderHost(<SecurityPanel />, host.store);
    const byMutation = await refetchedBy(async () => {
      fireEvent.click(screen.getByTestId('security-sign-out-others'));
      await waitFor(() => expect(writes()).toHaveLength(1));
    });
    expect(byMutation).toEqual(['Activity', 'Session']);
  });
});

describe('the session list', () => {
  it('signing out the others refetches the list (own.sessions.changed), a refusal nothing', async () => {
    renderHost(<SessionList />, host.store);
    await screen.findByText('another browser');
    const sessionReads = () => host.received.filter((r) => r.url === '/user/sessions').length;
    const before = sessionReads();
    const byMutation = await refetchedBy(async () => {
      fireEvent.click(screen.getByTestId('sign-out-others'));
      await waitFor(() => expect(writes()).toHaveLength(1));
    });
    expect(byMutation).toEqual(await byLive({ type: 'own.sessions.changed' }));
    // The list on the page is one of those reads: it asked the server again.
    expect(sessionReads()).toBeGreaterThan(before);

    answer = refused('INTERNAL', { msg: '服务器错误' });
    const afterRefusal = await refetchedBy(async () => {
      fireEvent.click(screen.getByTestId('sign-out-others'));
      await waitFor(() => expect(writes()).toHaveLength(2));
    });
    expect(afterRefusal).toEqual([]);
  });
});

describe('the certification panel', () => {
  async function withdraw() {
    renderHost(<CertificationPanel />, host.store);
    fireEvent.click(await screen.findByTestId('certification-withdraw'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
  }

  it('a withdrawn application refetches the reads certification.changed names', async () => {
    answer = ok({ ...AUDITING, status: 'withdrawn', version: 3 });
    const byMutation = await refetchedBy(async () => {
      await withdraw();
      await screen.findByText('认证申请已撤回');
    });
    expect(byMutation).toEqual(await byLive({ type: 'certification.changed' }));
    expect(byMutation).toEqual(['Activity', 'Certification']);
    expect(writes()[0]).toMatchObject({
      method: 'post',
      url: `/user/certification/records/${AUDITING.id}/withdraw`,
      body: { version: AUDITING.version },
    });
  });

  it('a submitted application refetches the reads certification.changed names', async () => {
    server = { ...server, certification: { enterpriseInfo: null, list: [] } };
    answer = ok({ ...AUDITING, id: 6, version: 1 });
    renderHost(<CertificationPanel />, host.store);
    fireEvent.click(await screen.findByTestId('certification-apply'));
    const dialog = await screen.findByRole('dialog');
    const [name, person, number, , code] = within(dialog).getAllByRole('textbox');
    fireEvent.change(name, { target: { value: '杭州某某旅行社' } });
    fireEvent.change(person, { target: { value: '王某' } });
    fireEvent.change(number, { target: { value: 'L-2026-001' } });
    fireEvent.change(code, { target: { value: '91330100-X' } });
    const byMutation = await refetchedBy(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
      await screen.findByText('认证申请已提交，等待审核');
    });
    expect(byMutation).toEqual(await byLive({ type: 'certification.changed' }));
    expect(writes()[0]).toMatchObject({ method: 'post', url: '/user/certification' });
    expect(writes()[0].body).toMatchObject({ enterpriseName: '杭州某某旅行社' });
  });

  it('a refused withdrawal refetches nothing', async () => {
    answer = refused('STALE_VERSION');
    const byMutation = await refetchedBy(async () => {
      await withdraw();
      await waitFor(() => expect(writes()).toHaveLength(1));
    });
    expect(byMutation).toEqual([]);
  });
});
