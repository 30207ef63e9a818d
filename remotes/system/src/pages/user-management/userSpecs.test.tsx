// The user views are generated from USER_FIELD_SPECS and USER_STATE_SPECS (issue 27): the form's
// items carry the specs' labels (the username on create only, with its rule under it), the
// contract's errors show on their fields all at once and nothing is sent; the table's columns
// are titled by the same labels (email and phone hidden at first); the labels are the
// section's messages in both languages (jsdom).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createIntl, IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import {
  PERMISSIONS,
  USER_FIELD_SPECS,
  USER_STATE_SPECS,
  specKeys,
  type SystemRole,
  type SystemUser,
} from '@console/shared';
import { createStore } from '@console/shared/store';
import zhCN from '../../locale/zh-CN';
import enUS from '../../locale/en-US';
import { user } from '../../test/fixtures';
import { fakeServer, ok, restoreServer, type Received } from '../../test/server';
import { UserFormModal } from './UserFormModal';
import { userColumns } from './columns';

let received: Received[] = [];
beforeEach(() => {
  received = fakeServer(() => ok(null));
});
afterEach(() => {
  cleanup();
  restoreServer();
});

const ROLES: SystemRole[] = [
  {
    id: 4,
    code: 'reader',
    name: '只读',
    nameEn: 'Reader',
    description: '',
    permissions: ['system:read'],
    builtIn: false,
    userCount: 0,
    updatedAt: '2026-11-01T00:00:00.000Z',
    version: 1,
  },
];
const USER = user(9, ['reader'], {
  username: 'han',
  roles: [{ code: 'reader', name: '只读', nameEn: 'Reader' }],
});

function open(target: SystemUser | null) {
  render(
    <Provider store={createStore()}>
      <IntlProvider locale="zh-CN" messages={zhCN}>
        <UserFormModal
          user={target}
          roles={ROLES}
          me={{ id: 1, permissions: PERMISSIONS }}
          onClose={() => {}}
          onSaved={() => {}}
        />
      </IntlProvider>
    </Provider>,
  );
}
const labelOf = (key: string) =>
  screen.getByTestId(`field-${key}`).closest('.arco-form-item')?.querySelector('label')
    ?.textContent;

describe('the user form from the field specs', () => {
  it('create: every field labelled by its spec, the username with its rule', () => {
    open(null);
    for (const key of ['username', 'name', 'email', 'phone'])
      expect(labelOf(key)).toContain(USER_FIELD_SPECS[key as 'name'].label['zh-CN']);
    expect(screen.getByText(zhCN['users.hint.username'])).toBeTruthy();
    expect(screen.getByTestId('user-field-roles')).toBeTruthy();
  });

  it('edit: no username (chosen once)', () => {
    open(USER);
    expect(screen.queryByTestId('field-username')).toBeNull();
    expect((screen.getByTestId('field-name') as HTMLInputElement).value).toBe(USER.name);
  });

  it('create with nothing filled: the contract’s errors, all at once; nothing is sent', async () => {
    open(null);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.getByText('至少分配一个角色')).toBeTruthy());
    const item = (key: string) => screen.getByTestId(`field-${key}`).closest('.arco-form-item')!;
    expect(item('name').querySelector('.arco-form-message')?.textContent).toBeTruthy();
    expect(item('username').querySelector('.arco-form-message')?.textContent).toBeTruthy();
    expect(received.filter((r) => r.method !== 'get')).toEqual([]);
  });
});

describe('the user table from the field specs', () => {
  it('titles each field’s column by its label; email and phone hidden at first', () => {
    const none = () => {};
    const columns = userColumns({
      intl: createIntl({ locale: 'en-US', messages: enUS }),
      canWrite: false,
      canReset: () => false,
      isOwn: () => false,
      onEdit: none,
      onReset: none,
      onSessions: none,
      onToggle: none,
      onUnlock: none,
      onDelete: none,
    });
    const specs = { ...USER_FIELD_SPECS, ...USER_STATE_SPECS };
    expect(columns.map((c) => c.key)).toEqual([
      'username',
      'name',
      'email',
      'phone',
      'roles',
      'enabled',
      'locked',
      'lastLoginAt',
      'createdAt',
    ]);
    for (const c of columns) expect(c.title).toBe(specs[c.key as 'name'].label['en-US']);
    expect(columns.filter((c) => c.defaultHidden).map((c) => c.key)).toEqual(['email', 'phone']);
  });

  it('every label is its users.field message in zh-CN and en-US', () => {
    for (const specs of [USER_FIELD_SPECS, USER_STATE_SPECS])
      for (const key of specKeys(specs)) {
        const spec = (specs as Record<string, { label: Record<string, string> }>)[key];
        expect((zhCN as Record<string, string>)[`users.field.${key}`]).toBe(spec.label['zh-CN']);
        expect((enUS as Record<string, string>)[`users.field.${key}`]).toBe(spec.label['en-US']);
      }
  });
});
