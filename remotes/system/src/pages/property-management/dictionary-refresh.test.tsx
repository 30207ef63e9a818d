// Issue 27 item 6: the dictionary writes are mutations whose `invalidatesTags` come from the one
// event → tag mapping the live channel uses. An item saved in the page's dialog refetches
// exactly the reads `dictionary.changed` names — every dictionary read (this page's items and
// every form's choices) and the operation log — as the live channel would; a refused save keeps
// the dialog and refetches nothing; a row action refused because the row is out of date (its
// version, an item now in use, a list that changed) reads them again. The real page,
// store and mutations in jsdom; only the server is replaced.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS } from '@console/shared/contracts/errors';
import { systemWrites } from '../../api';
import { CATEGORY, ITEM } from '../../test/fixtures';
import { renderSystem } from '../../test/render';
import { asLiveEvent, sectionUnderTest } from '../../test/refresh';
import { ok, refused, writes, type Answer } from '../../test/server';
import PropertyManagementPage from '.';

const ITEMS_READ = `/properties/categories/${CATEGORY.code}/items`;
const DICTIONARY_READS = ['/audit', ITEMS_READ];

let answer: Answer = ok(ITEM);

const system = sectionUnderTest(() => answer);

const { refetched } = system;

/** The page on the item's category, its edit dialog open. */
async function editItem() {
  renderSystem(<PropertyManagementPage />, { store: system.store });
  await screen.findByText(ITEM.labelZh);
  fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
  return (await screen.findByTestId('item-labelZh')) as HTMLInputElement;
}
const dialog = () => document.querySelector('.arco-modal') as HTMLElement | null;
const save = () =>
  fireEvent.click(dialog()!.querySelector('.arco-btn-primary') as HTMLButtonElement);

describe('an item saved in the dialog', () => {
  it('refetches the reads dictionary.changed names, as the live channel would', async () => {
    answer = ok({ ...ITEM, labelZh: '法文', version: 3 });
    const label = await editItem();
    fireEvent.change(label, { target: { value: '法文' } });
    const byMutation = await refetched(async () => {
      save();
      expect(await screen.findByText('已保存，所有表单的选项已更新')).toBeTruthy();
    });
    expect(byMutation).toEqual(
      await refetched(
        asLiveEvent(system.store, { type: 'dictionary.changed', category: CATEGORY.code }),
      ),
    );
    expect(byMutation).toEqual(DICTIONARY_READS);
    expect(writes(system.received, 'put')[0]).toMatchObject({
      url: `/properties/items/${ITEM.id}`,
      body: { labelZh: '法文', labelEn: ITEM.labelEn, enabled: true, version: ITEM.version },
    });
  });

  it('refused as stale (409), it says so, keeps the dialog and refetches nothing', async () => {
    answer = refused('STALE_VERSION');
    const label = await editItem();
    fireEvent.change(label, { target: { value: '法文' } });
    const byMutation = await refetched(async () => {
      save();
      expect(await screen.findByText(ERRORS.STALE_VERSION.msg['zh-CN'])).toBeTruthy();
    });
    expect(byMutation).toEqual([]);
    expect(screen.getByDisplayValue('法文')).toBeTruthy();
  });

  it('a field the server refuses is shown on its item; nothing refetches', async () => {
    answer = refused('VALIDATION_FAILED', {
      fields: [{ path: 'labelEn', message: '名称已被占用' }],
    });
    await editItem();
    const byMutation = await refetched(async () => {
      save();
      expect(await screen.findByText('名称已被占用')).toBeTruthy();
    });
    expect(byMutation).toEqual([]);
    expect(dialog()).toBeTruthy();
  });
});

describe('the items table’s row writes', () => {
  const w = systemWrites.endpoints;
  const category = CATEGORY.code;

  it('enabled, deleted or moved: the dictionary reads and the log', async () => {
    answer = ok(ITEM);
    renderSystem(<PropertyManagementPage />, { store: system.store });
    await screen.findByText(ITEM.labelZh);
    const switched = await refetched(async () => {
      fireEvent.click(screen.getByRole('switch', { name: `启用 ${ITEM.labelZh}` }));
      await waitFor(() => expect(writes(system.received, 'put')).toHaveLength(1));
    });
    expect(writes(system.received, 'put')[0].body).toEqual({
      labelZh: ITEM.labelZh,
      labelEn: ITEM.labelEn,
      enabled: false,
      version: ITEM.version,
    });
    answer = ok(true);
    const deleted = await refetched(() =>
      system.store.dispatch(w.deleteItem.initiate({ category, id: ITEM.id, version: 2 })).unwrap(),
    );
    answer = ok([ITEM]);
    const moved = await refetched(() =>
      system.store.dispatch(w.reorderItems.initiate({ category, ids: [ITEM.id] })).unwrap(),
    );
    expect([switched, deleted, moved]).toEqual([
      DICTIONARY_READS,
      DICTIONARY_READS,
      DICTIONARY_READS,
    ]);
  });

  it('refused as out of date, the items are read again; refused otherwise, nothing', async () => {
    answer = refused('PROPERTY_IN_USE');
    const inUse = await refetched(() =>
      system.store.dispatch(w.deleteItem.initiate({ category, id: ITEM.id, version: 2 })),
    );
    answer = refused('STALE_VERSION');
    const stale = await refetched(() =>
      system.store.dispatch(w.setItemEnabled.initiate({ category, item: ITEM, enabled: false })),
    );
    answer = refused('VALIDATION_FAILED', {
      fields: [{ path: 'ids', message: '须恰好列出该类别的全部属性项' }],
    });
    const listChanged = await refetched(() =>
      system.store.dispatch(w.reorderItems.initiate({ category, ids: [ITEM.id] })),
    );
    // The event's reads, as after a change (another admin's change wrote the log too).
    expect([inUse, stale, listChanged]).toEqual([
      DICTIONARY_READS,
      DICTIONARY_READS,
      DICTIONARY_READS,
    ]);
    answer = refused('FORBIDDEN');
    const forbidden = await refetched(() =>
      system.store.dispatch(w.deleteItem.initiate({ category, id: ITEM.id, version: 2 })),
    );
    expect(forbidden).toEqual([]);
  });
});
