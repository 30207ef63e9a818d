// Issue 27 item 6: a guide's writes are mutations whose `invalidatesTags` come from the one
// event → tag mapping the live channel uses (`tagsForEvent`). Saving a guide in the drawer
// refetches exactly the reads its event names — the same ones the live channel refetches
// when it hears that event — and a refused save (a stale version) refetches nothing. The real
// drawer, store and mutation in jsdom; only the server (the HTTP client's adapter) is replaced.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import type { PropertyItem } from '@console/shared';
import { type ApiTag, type DomainEvent } from '@console/shared/api';
import { createStore } from '@console/shared/store';
import zhCN from '../../locale/zh-CN';
import { guideQueries, guideWrites } from '../../api';
import { allocationWrites } from '../allocation/api';
import { FULL_GUIDE } from '../../test/fixtures';
import { GuideDrawer } from './GuideDrawer';
import { fakeServer, restoreServer, type Answer } from '@console/shared/testing/fake-server';
import { probeTags } from '@console/shared/testing/tag-probes';

/** How long `vi.waitFor` waits (its default, 1 s, is short on a loaded 2-core CI box). */
const WAIT = { timeout: 15_000 };

const ZH: PropertyItem = {
  id: 1,
  value: 'zh',
  labelZh: '中文',
  labelEn: 'Chinese',
  sortOrder: 0,
  enabled: true,
};

/** The pages' reads, as tagged: each probed by a read that counts its fetches. */
const PROBED: ApiTag[] = [
  { type: 'Guide', id: 7 },
  { type: 'Guide', id: 8 },
  { type: 'Guide', id: 'LIST' },
  { type: 'GuideAudit', id: 7 },
  { type: 'GuideAudit', id: 8 },
  { type: 'GuideUnavailability', id: 7 },
  { type: 'Team', id: 'LIST' },
  { type: 'Allocation', id: 'ALL' },
  { type: 'AllocationRules', id: 'ALL' },
  { type: 'Dashboard', id: 'WORKPLACE' },
];

/** What the server answers a write: the guide, or a refusal. */
let answer: Answer = { status: 200, body: {} };
let store: ReturnType<typeof createStore>;
let probe: Awaited<ReturnType<typeof probeTags>>;

beforeEach(async () => {
  fakeServer(
    (url) => (url.startsWith('/properties') ? [ZH] : FULL_GUIDE),
    () => answer,
  );
  store = createStore();
  probe = await probeTags(store, PROBED);
});
afterEach(() => {
  cleanup();
  probe.stop();
  restoreServer();
});

/** The probed reads that fetched again after `act` (the refetches settle meanwhile). */
const refetchedBy = (act: () => unknown) => probe.refetchedBy(act);

/** What the live channel does when it hears `event`: invalidate the event's tags. */
const asLiveEvent = (event: DomainEvent) => probe.asLiveEvent(event);

function openDrawer(onSaved = vi.fn()) {
  void store.dispatch(guideQueries.util.upsertQueryData('guideDictionary', 'guide_language', [ZH]));
  void store.dispatch(guideQueries.util.upsertQueryData('guideDictionary', 'guide_specialty', []));
  render(
    <Provider store={store}>
      <IntlProvider locale="zh-CN" messages={zhCN}>
        <GuideDrawer guide={FULL_GUIDE} visible onClose={() => {}} onSaved={onSaved} />
      </IntlProvider>
    </Provider>,
  );
  return onSaved;
}

describe('a guide saved in the drawer', () => {
  it('refetches the reads the guide.updated event names, as the live channel would', async () => {
    answer = { status: 200, body: { code: 20000, msg: 'ok', data: { ...FULL_GUIDE, version: 2 } } };
    const onSaved = openDrawer();
    await screen.findByDisplayValue('李雷');
    const byMutation = await refetchedBy(async () => {
      fireEvent.click(screen.getByText('保存'));
      await vi.waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), WAIT);
    });
    const byLiveEvent = await refetchedBy(asLiveEvent({ type: 'guide.updated', guideId: 7 }));

    expect(byMutation).toEqual(byLiveEvent);
    // The profile (the guide, its history), the guide list and — tagged with the guide list —
    // the allocation page's reads; not another guide's, nor the leave calendar or the rules.
    expect(byMutation).toEqual(['Guide:7', 'Guide:LIST', 'GuideAudit:7']);
  });

  it('refused as stale (409), it says so, keeps the form and refetches nothing', async () => {
    answer = {
      status: 409,
      body: {
        code: 40900,
        msg: '该导游已被他人修改，请刷新后重试',
        error: 'VERSION_CONFLICT',
        data: null,
      },
    };
    const onSaved = openDrawer();
    await screen.findByDisplayValue('李雷');
    const refetched = await refetchedBy(async () => {
      fireEvent.click(screen.getByText('保存'));
      expect(await screen.findByText('该导游已被他人修改，请刷新后重试')).toBeTruthy();
    });
    expect(refetched).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByDisplayValue('李雷')).toBeTruthy();
  });
});

describe('the other guide and allocation writes', () => {
  const ok = (data: unknown) => ({ status: 200, body: { code: 20000, msg: 'ok', data } });

  it('a status change refreshes what guide.status.changed names', async () => {
    answer = ok({ ...FULL_GUIDE, status: 'suspended', version: 2 });
    const byMutation = await refetchedBy(() =>
      store
        .dispatch(
          guideWrites.endpoints.changeGuideStatus.initiate({
            id: 7,
            body: { status: 'suspended', reason: '休假', version: 1 },
          }),
        )
        .unwrap(),
    );
    const byEvent = await refetchedBy(asLiveEvent({ type: 'guide.status.changed', guideId: 7 }));
    expect(byMutation).toEqual(byEvent);
    expect(byMutation).toContain('Guide:7');
  });

  it('a leave period removed refreshes the calendar, the history and the lists', async () => {
    answer = ok(true);
    const byMutation = await refetchedBy(() =>
      store
        .dispatch(guideWrites.endpoints.removeUnavailability.initiate({ id: 7, periodId: 3 }))
        .unwrap(),
    );
    expect(byMutation).toEqual(['Guide:LIST', 'GuideAudit:7', 'GuideUnavailability:7']);
  });

  it('the allocation rules saved refresh the rules and every score shown', async () => {
    answer = ok({ soft: [], hard: [] });
    const byMutation = await refetchedBy(() =>
      store.dispatch(allocationWrites.endpoints.saveRules.initiate({ soft: [] })).unwrap(),
    );
    const byEvent = await refetchedBy(asLiveEvent({ type: 'allocation.rules.changed' }));
    expect(byMutation).toEqual(byEvent);
    expect(byMutation).toEqual(['Allocation:ALL', 'AllocationRules:ALL']);
  });
});
