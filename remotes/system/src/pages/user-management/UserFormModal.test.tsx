// The user form (issue 25): opened on a user, saved untouched, it sends exactly the record's
// values (the form round trip); it offers only roles the caller may grant (the grant ceiling),
// never lets a user change their own roles, and never offers to reset one's own password or
// that of a user holding more (jsdom).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { PERMISSIONS, userFormValues, type SystemUser } from '@console/shared';
import { createStore } from '@console/shared/store';
import zhCN from '../../locale/zh-CN';
import { ROLES, user, USERADM } from '../../test/fixtures';
import { fakeServer, ok, restoreServer, writes, type Received } from '../../test/server';
import { UserFormModal } from './UserFormModal';
import { mayResetPassword, roleChoices } from './grantableRoles';

/** What the server answers the save: the user as it was. */
let saved: SystemUser;
let received: Received[] = [];
beforeEach(() => {
  received = fakeServer(() => ok(saved));
});
afterEach(() => {
  cleanup();
  restoreServer();
});

/** The body of the one update the form sent (through the real mutation and client). */
const updateSent = () => {
  const puts = writes(received, 'put');
  expect(puts).toHaveLength(1);
  return puts[0];
};

function open(target: SystemUser | null, me: { id: number; permissions: readonly string[] }) {
  const onSaved = vi.fn();
  render(
    <Provider store={createStore()}>
      <IntlProvider locale="zh-CN" messages={zhCN}>
        <UserFormModal user={target} roles={ROLES} me={me} onClose={() => {}} onSaved={onSaved} />
      </IntlProvider>
    </Provider>,
  );
  return { onSaved };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

describe('the user form', () => {
  it.each([
    ['every optional field set', user(9, ['operator', 'reader'])],
    ['every optional field empty', user(9, ['reader'], { email: '', phone: '' })],
  ])('saved untouched, sends the record as it is (%s)', async (_, target) => {
    saved = target;
    const { onSaved } = open(target, { id: 1, permissions: PERMISSIONS });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(updateSent()).toMatchObject({
      url: `/system/users/${target.id}`,
      body: userFormValues(target),
    });
  });

  it('sends the one field changed and the rest as it was', async () => {
    const target = user(9, ['operator']);
    saved = target;
    const { onSaved } = open(target, { id: 1, permissions: PERMISSIONS });
    const phone = screen.getByDisplayValue('13900001111');
    fireEvent.change(phone, { target: { value: '010-12345678' } });
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(updateSent().body).toEqual({ ...userFormValues(target), phone: '010-12345678' });
  });

  it('locks the roles of one’s own account', () => {
    open(user(3, ['useradm']), { id: 3, permissions: USERADM });
    expect(screen.getByText('不能修改您自己的角色')).toBeTruthy();
    const select = screen.getByTestId('user-field-roles');
    expect(select.className).toMatch(/arco-select-disabled/);
  });

  it('offers another user’s roles to edit', () => {
    open(user(9, ['reader']), { id: 3, permissions: USERADM });
    expect(screen.queryByText('不能修改您自己的角色')).toBeNull();
    expect(screen.getByTestId('user-field-roles').className).not.toMatch(/arco-select-disabled/);
  });
});

describe('the roles the form offers', () => {
  it('are those within the caller’s active role, and those the user already holds', () => {
    const offered = (held: readonly string[], kept: string[] = []) =>
      roleChoices(ROLES, held, kept)
        .filter((c) => c.grantable)
        .map((c) => c.role.code);
    expect(offered(PERMISSIONS)).toEqual(['admin', 'operator', 'useradm', 'reader']);
    expect(offered(USERADM)).toEqual(['useradm', 'reader']);
    // Keeping a role the user has grants nothing.
    expect(offered(USERADM, ['operator'])).toEqual(['operator', 'useradm', 'reader']);
    const admin = roleChoices(ROLES, USERADM, []).find((c) => c.role.code === 'admin')!;
    expect(admin.missing).toEqual(PERMISSIONS.filter((p) => !USERADM.includes(p)));
  });

  it('password resets: never one’s own, never a user holding more', () => {
    const me = { id: 3, permissions: USERADM };
    expect(mayResetPassword(user(3, ['useradm']), me, ROLES)).toBe(false);
    expect(mayResetPassword(user(9, ['admin']), me, ROLES)).toBe(false);
    expect(mayResetPassword(user(9, ['reader']), me, ROLES)).toBe(true);
    expect(mayResetPassword(user(9, ['admin']), { id: 1, permissions: PERMISSIONS }, ROLES)).toBe(
      true,
    );
  });
});
