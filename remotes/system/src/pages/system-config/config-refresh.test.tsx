// Issue 27 item 6: the config save is a mutation whose `invalidatesTags` come from the one
// event → tag mapping the live channel uses. Saved after confirming its diff, it refetches
// exactly the reads `system.config.changed` names — the config and the operation log — as the
// live channel would, and the page shows the saved entries from the answer at once; a refused
// save (a stale version) keeps the changes on the page and refetches nothing. The real page,
// store and mutation in jsdom; only the server is replaced.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS } from '@console/shared/contracts/errors';
import { CONFIG } from '../../test/fixtures';
import { renderSystem } from '../../test/render';
import { asLiveEvent, sectionUnderTest } from '../../test/refresh';
import { ok, refused, writes, type Answer } from '../../test/server';
import SystemConfigPage from '.';

const NAME = '江南旅行社运营台';
/** The entries after the save: the site's name set. */
const SAVED = CONFIG.map((e) =>
  e.key === 'site.name' ? { ...e, value: NAME, overridden: true, version: 1 } : e,
);

let answer: Answer = ok(SAVED);
/** The entries the server holds: the saved ones once a save succeeded. */
let held = CONFIG;

beforeEach(() => {
  held = CONFIG;
  answer = ok(SAVED);
});
const system = sectionUnderTest(
  () => {
    if (answer.status === 200) held = SAVED;
    return answer;
  },
  (url) => (url === '/system-config' ? held : undefined),
);

const { refetched } = system;

/** The page, its site name changed (the page's own read settled). */
async function changeName() {
  renderSystem(<SystemConfigPage />, { store: system.store });
  await screen.findByTestId('system-config');
  const input = document.querySelector('[data-config-key="site.name"] input')!;
  fireEvent.change(input, { target: { value: NAME } });
}

/** Saves the change, its diff confirmed. */
async function save() {
  fireEvent.click(screen.getByRole('button', { name: /保存 1 项修改/ }));
  await screen.findByTestId('config-diff');
  const modal = document.querySelector('.arco-modal')!;
  fireEvent.click(modal.querySelector('.arco-btn-primary') as HTMLButtonElement);
}

const shownName = () =>
  (document.querySelector('[data-config-key="site.name"] input') as HTMLInputElement).value;

describe('the config saved after its diff', () => {
  it('refetches the reads system.config.changed names, as the live channel would', async () => {
    await changeName();
    const byMutation = await refetched(async () => {
      await save();
      expect(await screen.findByText('已保存，立即生效')).toBeTruthy();
    });
    expect(byMutation).toEqual(
      await refetched(asLiveEvent(system.store, { type: 'system.config.changed' })),
    );
    expect(byMutation).toEqual(['/audit', '/system-config']);
    expect(writes(system.received, 'put')[0].body).toEqual({
      changes: [{ key: 'site.name', value: NAME, version: 0 }],
    });
    // The saved entries are the page's: nothing left to save, the value marked as set.
    await waitFor(() => expect(screen.getByRole('button', { name: '没有修改' })).toBeTruthy());
    expect(shownName()).toBe(NAME);
  });

  it('refused as stale (409), it says so, keeps the change and refetches nothing', async () => {
    answer = refused('STALE_VERSION');
    await changeName();
    const byMutation = await refetched(async () => {
      await save();
      expect(await screen.findByText(ERRORS.STALE_VERSION.msg['zh-CN'])).toBeTruthy();
    });
    expect(byMutation).toEqual([]);
    expect(screen.getByRole('button', { name: /保存 1 项修改/ })).toBeTruthy();
    expect(shownName()).toBe(NAME);
  });
});
