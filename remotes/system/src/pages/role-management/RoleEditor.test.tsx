// The role editor (issue 25): opened on a role, saved untouched, it sends exactly the record's
// values (the form round trip); a permission the caller's active role lacks cannot be added,
// one the role already has may stay or go (the grant ceiling), in jsdom.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import {
  PERMISSION_CATALOGUE,
  PERMISSIONS,
  roleFormValues,
  type SystemRole,
  type UserInfo,
} from '@console/shared';
import { createStore, fetchUserInfo } from '@console/shared/store';
import { setPinnedPages } from '@console/shared/section';
import { DECLARED_PAGES } from '@console/shared/testing/declared-sections';
import zhCN from '../../locale/zh-CN';
import { fakeServer, ok, restoreServer, writes, type Received } from '../../test/server';
import { RoleEditor } from './RoleEditor';

beforeAll(() => setPinnedPages(DECLARED_PAGES));
/** What the server answers the save (the role as the test gives it). */
let saved: SystemRole | null = null;
let received: Received[] = [];
beforeEach(() => {
  received = fakeServer(() => ok(saved));
});
afterEach(() => {
  cleanup();
  restoreServer();
});

/** The one write of `method` the editor sent (through the real mutation and client). */
const sent = (method: 'put' | 'post') => {
  const found = writes(received, method);
  expect(found).toHaveLength(1);
  return found[0];
};

const ROLE_WRITER = ['system:read', 'system:role:write', 'guide:read'];

const role = (permissions: string[], over: Partial<SystemRole> = {}): SystemRole => ({
  id: 5,
  code: 'dispatch',
  name: '调度',
  nameEn: 'Dispatch',
  description: '第一行\n第二行',
  permissions: permissions as SystemRole['permissions'],
  builtIn: false,
  userCount: 2,
  updatedAt: '2026-11-01T00:00:00.000Z',
  version: 3,
  ...over,
});

function open(target: SystemRole | null, held: readonly string[]) {
  const store = createStore();
  store.dispatch(
    fetchUserInfo.fulfilled({ id: 1, permissions: [...held] } as UserInfo, 'test', undefined),
  );
  const onSaved = vi.fn();
  render(
    <Provider store={store}>
      <IntlProvider locale="zh-CN" messages={zhCN}>
        <RoleEditor role={target} readOnly={false} onClose={() => {}} onSaved={onSaved} />
      </IntlProvider>
    </Provider>,
  );
  return { onSaved };
}

const box = (p: string) =>
  screen.getByTestId(`perm-${p}`).querySelector('input') as HTMLInputElement;

describe('the role editor', () => {
  it.each([
    ['every optional field set', role(['guide:read', 'team:write'])],
    ['every optional field empty', role([], { description: '' })],
  ])('saved untouched, sends the record as it is (%s)', async (_, target) => {
    saved = target;
    const { onSaved } = open(target, PERMISSIONS);
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent('put')).toMatchObject({
      url: `/system/roles/${target.id}`,
      body: roleFormValues(target),
    });
  });

  it('offers only the permissions the caller holds, and keeps those the role has', async () => {
    // The role has team:write, which the caller lacks: it may stay or go, not come back new.
    const target = role(['guide:read', 'team:write']);
    saved = target;
    const { onSaved } = open(target, ROLE_WRITER);
    for (const p of PERMISSIONS) {
      const addable = ROLE_WRITER.includes(p) || target.permissions.includes(p);
      expect(box(p).disabled, p).toBe(!addable);
      expect(screen.queryByTestId(`perm-beyond-${p}`) !== null, p).toBe(!addable);
    }
    expect(screen.getAllByText('您没有此权限，不能授予').length).toBe(PERMISSIONS.length - 4);
    fireEvent.click(box('team:write'));
    fireEvent.click(box('system:read'));
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent('put').body).toEqual({
      ...roleFormValues(target),
      permissions: ['guide:read', 'system:read'],
    });
  });

  it('a new role offers only what the caller holds', () => {
    open(null, ROLE_WRITER);
    for (const p of PERMISSIONS) expect(box(p).disabled, p).toBe(!ROLE_WRITER.includes(p));
  });
});

describe('a group’s select-all box (issue 26 item 14)', () => {
  const inGroup = (g: string) =>
    PERMISSION_CATALOGUE.filter((p) => p.section === g).map((p) => p.code);
  const group = (g: string) => screen.getByTestId(`perm-group-${g}`);
  const groupInput = (g: string) => group(g).querySelector('input') as HTMLInputElement;
  const indeterminate = (g: string) => group(g).className.includes('indeterminate');

  it('selects and clears the whole group for a caller holding it all', async () => {
    saved = role([]);
    open(null, PERMISSIONS);
    const guide = inGroup('guide');
    expect(guide.length).toBeGreaterThan(1);
    expect(groupInput('guide').checked).toBe(false);
    fireEvent.click(box(guide[0]));
    expect(indeterminate('guide')).toBe(true);
    fireEvent.click(groupInput('guide'));
    for (const p of guide) expect(box(p).checked, p).toBe(true);
    expect(groupInput('guide').checked).toBe(true);
    expect(indeterminate('guide')).toBe(false);
    fireEvent.click(groupInput('guide'));
    for (const p of guide) expect(box(p).checked, p).toBe(false);
    fireEvent.click(groupInput('guide'));
    fireEvent.change(screen.getByTestId('role-field-code'), { target: { value: 'guides' } });
    fireEvent.change(screen.getByTestId('role-field-name'), { target: { value: '导游' } });
    fireEvent.change(screen.getByTestId('role-field-nameEn'), { target: { value: 'Guides' } });
    fireEvent.click(screen.getByTestId('role-save'));
    await waitFor(() => expect(writes(received, 'post')).toHaveLength(1));
    expect((sent('post').body as { permissions: string[] }).permissions).toEqual(guide);
  });

  it('never selects a permission beyond the caller’s ceiling', () => {
    // ROLE_WRITER holds guide:read but not guide:write; no scenic permission at all.
    open(null, ROLE_WRITER);
    fireEvent.click(groupInput('guide'));
    for (const p of inGroup('guide')) expect(box(p).checked, p).toBe(ROLE_WRITER.includes(p));
    expect(indeterminate('guide')).toBe(true);
    fireEvent.click(groupInput('guide'));
    for (const p of inGroup('guide')) expect(box(p).checked, p).toBe(false);
    expect(groupInput('scenic').disabled).toBe(true);
  });
});
