// Issue 27 item 6: the role writes are mutations whose `invalidatesTags` come from the one
// event → tag mapping the live channel uses. A role saved in the editor refetches exactly the
// reads `system.role.changed` names — the roles, the users (they show role names) and the
// operation log — as the live channel would; a refused save keeps the editor and refetches
// nothing; a delete refused because the role gained users reads the roles again. The real
// editor, store and mutations in jsdom; only the server is replaced.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { roleFormValues } from '@console/shared';
import { ERRORS } from '@console/shared/contracts/errors';
import { setPinnedPages } from '@console/shared/section';
import { DECLARED_PAGES } from '@console/shared/testing/declared-sections';
import { userWrites } from '../../usersApi';
import { role } from '../../test/fixtures';
import { renderSystem } from '../../test/render';
import { asLiveEvent, sectionUnderTest } from '../../test/refresh';
import { ok, refused, writes, type Answer } from '../../test/server';
import { RoleEditor } from './RoleEditor';

const TARGET = { ...role(5, 'dispatch', ['guide:read']), userCount: 2, version: 3 };
const ROLE_READS = ['/audit', '/system/roles', '/system/users'];

let answer: Answer = ok(TARGET);

beforeAll(() => setPinnedPages(DECLARED_PAGES));
const system = sectionUnderTest(() => answer);

const { refetched } = system;

function openEditor() {
  const onSaved = vi.fn();
  renderSystem(<RoleEditor role={TARGET} readOnly={false} onClose={() => {}} onSaved={onSaved} />, {
    store: system.store,
  });
  return onSaved;
}

const save = () => fireEvent.click(screen.getByTestId('role-save'));

describe('a role saved in the editor', () => {
  it('refetches the reads system.role.changed names, as the live channel would', async () => {
    answer = ok({ ...TARGET, version: 4 });
    const onSaved = openEditor();
    const byMutation = await refetched(async () => {
      save();
      await waitFor(() => expect(onSaved).toHaveBeenCalled());
    });
    expect(byMutation).toEqual(
      await refetched(asLiveEvent(system.store, { type: 'system.role.changed' })),
    );
    // Not the sessions, the config, the dictionary or the backups.
    expect(byMutation).toEqual(ROLE_READS);
    expect(writes(system.received, 'put')[0].body).toEqual(roleFormValues(TARGET));
  });

  it('refused as stale (409), it says so, keeps the editor and refetches nothing', async () => {
    answer = refused('STALE_VERSION');
    const onSaved = openEditor();
    fireEvent.change(screen.getByTestId('role-field-name'), { target: { value: '调度组' } });
    const byMutation = await refetched(async () => {
      save();
      expect(await screen.findByText(ERRORS.STALE_VERSION.msg['zh-CN'])).toBeTruthy();
    });
    expect(byMutation).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByDisplayValue('调度组')).toBeTruthy();
    expect(screen.getByTestId('role-save').className).not.toContain('loading');
  });

  it('a field the server refuses is shown on its item; nothing refetches', async () => {
    answer = refused('VALIDATION_FAILED', {
      fields: [{ path: 'nameEn', message: '名称已被占用' }],
    });
    const onSaved = openEditor();
    const byMutation = await refetched(async () => {
      save();
      expect(await screen.findByText('名称已被占用')).toBeTruthy();
    });
    expect(byMutation).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('a role deleted', () => {
  const remove = () =>
    system.store.dispatch(userWrites.endpoints.deleteRole.initiate({ id: 5, version: 3 }));

  it('refetches what system.role.changed names', async () => {
    answer = ok(true);
    expect(await refetched(() => remove().unwrap())).toEqual(ROLE_READS);
    expect(writes(system.received, 'delete')[0].params).toEqual({ version: 3 });
  });

  it('refused because users hold it now, the roles are read again (their counts)', async () => {
    answer = refused('ROLE_IN_USE');
    expect(await refetched(remove)).toEqual(ROLE_READS);
  });

  it('refused as built in, nothing refetches', async () => {
    answer = refused('BUILTIN_ROLE');
    expect(await refetched(remove)).toEqual([]);
  });
});
