// Issue 27 item 6: the users page's writes are mutations whose `invalidatesTags` come from the
// one event → tag mapping the live channel uses (`tagsForEvent`). A user saved in the form
// refetches exactly the reads `system.user.changed` names — the users list, the user's
// sessions, the roles (they carry user counts) and the operation log — the same the live
// channel would refetch on hearing it; a refused save (a stale version, a field the server
// refuses) keeps the form and refetches nothing. The real form, store and mutations in jsdom;
// only the server (the HTTP client's adapter) is replaced.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PERMISSIONS, userFormValues, type SystemUser } from '@console/shared';
import { ERRORS } from '@console/shared/contracts/errors';
import { userWrites } from '../../usersApi';
import { ROLES, user } from '../../test/fixtures';
import { renderSystem } from '../../test/render';
import { asLiveEvent, sectionUnderTest } from '../../test/refresh';
import { ok, refused, writes, type Answer } from '../../test/server';
import { UserFormModal } from './UserFormModal';
import { PasswordResetModal } from './PasswordModals';

const TARGET = user(9, ['reader']);
/** What system.user.changed names for user 9, as the section caches its reads. */
const USER_9_READS = ['/audit', '/system/roles', '/system/users', '/system/users/9/sessions'];

let answer: Answer = ok(TARGET);

const system = sectionUnderTest(() => answer);

const { refetched } = system;
const byEvent = (userId: number) =>
  refetched(asLiveEvent(system.store, { type: 'system.user.changed', userId }));

function openForm(target: SystemUser | null) {
  const onSaved = vi.fn();
  renderSystem(
    <UserFormModal
      user={target}
      roles={ROLES}
      me={{ id: 1, permissions: PERMISSIONS }}
      onClose={() => {}}
      onSaved={onSaved}
    />,
    { store: system.store },
  );
  return onSaved;
}

const okButton = () => screen.getByRole('button', { name: /保\s*存/ });

describe('a user saved in the form', () => {
  it('refetches the reads system.user.changed names, as the live channel would', async () => {
    answer = ok({ ...TARGET, version: 8 });
    const onSaved = openForm(TARGET);
    const byMutation = await refetched(async () => {
      fireEvent.click(okButton());
      await waitFor(() => expect(onSaved).toHaveBeenCalledWith(null));
    });
    expect(byMutation).toEqual(await byEvent(TARGET.id));
    // Not another user's sessions, nor the config, the dictionary or the backups.
    expect(byMutation).toEqual(USER_9_READS);
    expect(writes(system.received, 'put')[0]).toMatchObject({
      url: '/system/users/9',
      body: userFormValues(TARGET),
    });
  });

  it('created, it refetches the lists and hands over the password shown once', async () => {
    answer = ok({ user: user(12, ['reader']), password: 'Gen3rated!pw' });
    const onSaved = openForm(null);
    fireEvent.change(screen.getByTestId('field-username'), { target: { value: 'u12' } });
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: '李雷' } });
    fireEvent.change(screen.getByTestId('field-email'), { target: { value: 'li@example.cn' } });
    fireEvent.click(screen.getByTestId('user-field-roles').querySelector('.arco-select-view')!);
    fireEvent.click(await screen.findByText('角色reader'));
    const byMutation = await refetched(async () => {
      fireEvent.click(okButton());
      await waitFor(() => expect(onSaved).toHaveBeenCalled());
    });
    expect(onSaved.mock.calls[0][0]).toMatchObject({ password: 'Gen3rated!pw' });
    expect(byMutation).toEqual(await byEvent(12));
    expect(byMutation).toEqual(['/audit', '/system/roles', '/system/users']);
  });

  it('refused as stale (409), it says so, keeps the form and refetches nothing', async () => {
    answer = refused('STALE_VERSION');
    const onSaved = openForm(TARGET);
    fireEvent.change(screen.getByDisplayValue(TARGET.phone), { target: { value: '010-12345678' } });
    const byMutation = await refetched(async () => {
      fireEvent.click(okButton());
      expect(await screen.findByText(ERRORS.STALE_VERSION.msg['zh-CN'])).toBeTruthy();
    });
    expect(byMutation).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByDisplayValue('010-12345678')).toBeTruthy();
    expect(okButton().className).not.toContain('loading');
  });

  it('a field the server refuses is shown on its item; nothing refetches', async () => {
    answer = refused('VALIDATION_FAILED', { fields: [{ path: 'email', message: '邮箱已被占用' }] });
    const onSaved = openForm(TARGET);
    const byMutation = await refetched(async () => {
      fireEvent.click(okButton());
      await waitFor(() =>
        expect(screen.getByTestId('field-email').closest('.arco-form-item')!.textContent).toContain(
          '邮箱已被占用',
        ),
      );
    });
    expect(byMutation).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('a password reset', () => {
  function openReset() {
    const onDone = vi.fn();
    renderSystem(<PasswordResetModal user={TARGET} onClose={() => {}} onDone={onDone} />, {
      store: system.store,
    });
    return onDone;
  }
  const resetButton = () => screen.getByRole('button', { name: /重置/ });

  it('generated: hands over the password shown once and refetches the user’s reads', async () => {
    answer = ok({ user: TARGET, password: 'N3w!generated' });
    const onDone = openReset();
    const byMutation = await refetched(async () => {
      fireEvent.click(resetButton());
      await waitFor(() => expect(onDone).toHaveBeenCalled());
    });
    expect(onDone.mock.calls[0][0]).toMatchObject({ password: 'N3w!generated' });
    expect(byMutation).toEqual(USER_9_READS);
    expect(writes(system.received, 'post')[0]).toMatchObject({
      url: '/system/users/9/password',
      body: {},
    });
  });

  it('a password the policy refuses is shown on the form; nothing refetches', async () => {
    answer = refused('PASSWORD_POLICY', { fields: [{ path: 'password', message: '至少 8 位' }] });
    const onDone = openReset();
    fireEvent.click(screen.getByText('由管理员设置'));
    await waitFor(() => expect(document.querySelector('input[type="password"]')).toBeTruthy());
    fireEvent.change(document.querySelector('input[type="password"]')!, {
      target: { value: 'short' },
    });
    const byMutation = await refetched(async () => {
      fireEvent.click(resetButton());
      expect(await screen.findByText('至少 8 位')).toBeTruthy();
    });
    expect(byMutation).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('the users table’s row writes', () => {
  const run = <T,>(action: { unwrap(): Promise<T> }) => action.unwrap();
  const w = userWrites.endpoints;

  it('enable, unlock, delete and a session revoked refetch the user’s reads', async () => {
    const expected = await byEvent(TARGET.id);
    expect(expected).toEqual(USER_9_READS);
    answer = ok(TARGET);
    const toggled = await refetched(() =>
      run(system.store.dispatch(w.setUserEnabled.initiate({ id: 9, version: 7, enabled: false }))),
    );
    const unlocked = await refetched(() =>
      run(system.store.dispatch(w.unlockUser.initiate({ id: 9 }))),
    );
    answer = ok(true);
    const revoked = await refetched(() =>
      run(system.store.dispatch(w.revokeUserSession.initiate({ id: 9, sessionId: 3 }))),
    );
    const deleted = await refetched(() =>
      run(system.store.dispatch(w.deleteUser.initiate({ id: 9, version: 7 }))),
    );
    expect([toggled, unlocked, revoked, deleted]).toEqual([expected, expected, expected, expected]);
    expect(writes(system.received, 'post')[0].body).toEqual({ enabled: false, version: 7 });
    expect(writes(system.received, 'delete').map((r) => [r.url, r.params])).toEqual([
      ['/system/users/9/sessions/3', undefined],
      ['/system/users/9', { version: 7 }],
    ]);
  });

  it('refused as stale, the row is read again; refused otherwise, nothing refetches', async () => {
    answer = refused('STALE_VERSION');
    const stale = await refetched(() =>
      system.store.dispatch(w.setUserEnabled.initiate({ id: 9, version: 6, enabled: false })),
    );
    expect(stale).toEqual(USER_9_READS);
    answer = refused('LAST_ADMIN');
    const lastAdmin = await refetched(() =>
      system.store.dispatch(w.deleteUser.initiate({ id: 9, version: 7 })),
    );
    expect(lastAdmin).toEqual([]);
  });
});
