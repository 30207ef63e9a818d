// Issue 27 item 6: the scenic writes are mutations whose `invalidatesTags` come from the one
// event → tag mapping the live channel uses (`tagsForEvent`). A spot saved in the maintenance
// form refetches exactly the reads its event names — the same the live channel would refetch
// on hearing it — and a refused save (a stale version, a field the server refuses) keeps the
// form and refetches nothing. The real form, store and mutations in jsdom; only the server (the
// HTTP client's adapter) is replaced.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { scenicSpotCreateBody, type ScenicSpot, type ScenicSpotCreateBody } from '@console/shared';
import { ERRORS } from '@console/shared/contracts/errors';
import { type ApiTag, type DomainEvent } from '@console/shared/api';
import { createStore } from '@console/shared/store';
import { scenicQueries, scenicWrites } from '../../api';
import { renderScenic, SPOT } from '../../test/render';
import {
  fakeServer,
  ok,
  restoreServer,
  writes,
  type Answer,
  type Received,
} from '../../test/server';
import { SpotForm } from './SpotForm';
import { probeTags } from '@console/shared/testing/tag-probes';

/** How long `vi.waitFor` waits (its default, 1 s, is short on a loaded 2-core CI box). */
const WAIT = { timeout: 15_000 };

/** The pages' reads, as tagged: each probed by a read that counts its fetches. */
const PROBED: ApiTag[] = [
  { type: 'ScenicSpot', id: SPOT.id },
  { type: 'ScenicSpot', id: 12 },
  { type: 'ScenicSpot', id: 'LIST' },
  { type: 'ScenicLoad', id: SPOT.id },
  { type: 'ScenicWindow', id: SPOT.id },
  { type: 'ScenicGateKey', id: SPOT.id },
  { type: 'TeamCapacity', id: 'ALL' },
  { type: 'Guide', id: 'LIST' },
  { type: 'Dashboard', id: 'WORKPLACE' },
];

/** What the server answers a write: the spot, or a refusal. */
let answer: Answer = ok(SPOT);
let received: Received[] = [];
let store: ReturnType<typeof createStore>;
let probe: Awaited<ReturnType<typeof probeTags>>;

beforeEach(async () => {
  received = fakeServer(() => answer);
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

async function openForm(spot: ScenicSpot | null) {
  const onSaved = vi.fn();
  renderScenic(<SpotForm spot={spot} onSaved={onSaved} />, { store });
  if (spot) await screen.findByDisplayValue(spot.name);
  return onSaved;
}

const save = () => fireEvent.click(screen.getByTestId('spot-save'));
const cachedSpot = (id: number) => scenicQueries.endpoints.scenicSpot.select(id)(store.getState());

describe('a spot saved in the maintenance form', () => {
  it('refetches the reads scenic.spot.updated names, as the live channel would', async () => {
    answer = ok({ ...SPOT, version: 4 });
    const onSaved = await openForm(SPOT);
    const byMutation = await refetchedBy(async () => {
      save();
      await vi.waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), WAIT);
    });
    const byLiveEvent = await refetchedBy(
      asLiveEvent({ type: 'scenic.spot.updated', spotId: SPOT.id }),
    );

    expect(byMutation).toEqual(byLiveEvent);
    // The spot (its detail, the teams planned there), the lists, its load series and the
    // teams' day capacity; not another spot's, nor its windows or keys.
    expect(byMutation).toEqual([
      'ScenicLoad:11',
      'ScenicSpot:11',
      'ScenicSpot:LIST',
      'TeamCapacity:ALL',
    ]);
    // The form goes on from what the server saved: the page's spot is the answer.
    expect(onSaved.mock.calls[0][0]).toMatchObject({ id: SPOT.id, version: 4 });
    expect(writes(received, 'put')[0].body).toMatchObject({ version: SPOT.version });
  });

  it('created, it refetches the lists scenic.spot.created names and is cached as answered', async () => {
    answer = ok({ ...SPOT, id: 12, version: 1 });
    const body = Object.fromEntries(
      Object.keys(scenicSpotCreateBody.shape).map((k) => [k, SPOT[k as keyof ScenicSpot]]),
    ) as ScenicSpotCreateBody;
    const byMutation = await refetchedBy(() =>
      store.dispatch(scenicWrites.endpoints.createSpot.initiate(body)).unwrap(),
    );
    const byLiveEvent = await refetchedBy(asLiveEvent({ type: 'scenic.spot.created', spotId: 12 }));
    expect(byMutation).toEqual(byLiveEvent);
    expect(byMutation).toEqual(['ScenicSpot:LIST']);
    // The page opens the new spot from the answer (no spinner while it asks again).
    expect(cachedSpot(12).data).toMatchObject({ id: 12, version: 1 });
  });

  it('refused as stale (409), it says so, keeps the form and refetches nothing', async () => {
    const stale = ERRORS.STALE_VERSION;
    answer = {
      status: stale.status,
      body: { code: stale.code, msg: stale.msg['zh-CN'], error: 'STALE_VERSION', data: null },
    };
    const onSaved = await openForm(SPOT);
    fireEvent.change(within(screen.getByTestId('field-address')).getAllByRole('textbox')[0], {
      target: { value: '新地址' },
    });
    const refetched = await refetchedBy(async () => {
      save();
      expect(await screen.findByText(stale.msg['zh-CN'])).toBeTruthy();
    });
    expect(refetched).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByDisplayValue('新地址')).toBeTruthy();
    expect(screen.getByTestId('spot-save').className).not.toContain('loading');
  });

  it('a field the server refuses is shown on its item; nothing refetches', async () => {
    const invalid = ERRORS.VALIDATION_FAILED;
    answer = {
      status: invalid.status,
      body: {
        code: invalid.code,
        msg: invalid.msg['zh-CN'],
        error: 'VALIDATION_FAILED',
        data: null,
        fields: [{ path: 'code', message: '编码已被占用' }],
      },
    };
    const onSaved = await openForm(SPOT);
    const refetched = await refetchedBy(async () => {
      save();
      await vi.waitFor(
        () => expect(screen.getByTestId('field-code').textContent).toContain('编码已被占用'),
        WAIT,
      );
    });
    expect(refetched).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('the other scenic writes refresh what their event names', () => {
  it('a spot deleted: the spot, the lists and its load', async () => {
    answer = ok(true);
    const byMutation = await refetchedBy(() =>
      store
        .dispatch(
          scenicWrites.endpoints.deleteSpot.initiate({ id: SPOT.id, version: SPOT.version }),
        )
        .unwrap(),
    );
    const byEvent = await refetchedBy(
      asLiveEvent({ type: 'scenic.spot.deleted', spotId: SPOT.id }),
    );
    expect(byMutation).toEqual(byEvent);
    expect(byMutation).toEqual(['ScenicLoad:11', 'ScenicSpot:11', 'ScenicSpot:LIST']);
    expect(writes(received, 'delete')[0].params).toEqual({ version: SPOT.version });
  });

  it('a window added, edited or removed: the windows, the spot, its load and the capacity', async () => {
    const period = {
      startAt: '2031-03-01T02:00:00.000Z',
      endAt: '2031-03-02T02:00:00.000Z',
      reason: '检修',
      capacity: 0,
    };
    const byEvent = await refetchedBy(
      asLiveEvent({ type: 'scenic.window.changed', spotId: SPOT.id }),
    );
    expect(byEvent).toEqual([
      'ScenicLoad:11',
      'ScenicSpot:11',
      'ScenicSpot:LIST',
      'ScenicWindow:11',
      'TeamCapacity:ALL',
    ]);
    answer = ok({ id: 5, spotId: SPOT.id, ...period, phase: 'upcoming', version: 1 });
    const added = await refetchedBy(() =>
      store
        .dispatch(scenicWrites.endpoints.addWindow.initiate({ id: SPOT.id, body: period }))
        .unwrap(),
    );
    const edited = await refetchedBy(() =>
      store
        .dispatch(
          scenicWrites.endpoints.updateWindow.initiate({
            id: SPOT.id,
            windowId: 5,
            body: { ...period, version: 1 },
          }),
        )
        .unwrap(),
    );
    answer = ok(true);
    const removed = await refetchedBy(() =>
      store
        .dispatch(
          scenicWrites.endpoints.removeWindow.initiate({ id: SPOT.id, windowId: 5, version: 2 }),
        )
        .unwrap(),
    );
    expect([added, edited, removed]).toEqual([byEvent, byEvent, byEvent]);
  });

  it('a gate key created or revoked: the spot’s keys only', async () => {
    answer = ok({ id: 3, spotId: SPOT.id, name: '东门', prefix: 'gk_ab', key: 'gk_abcdef' });
    const byMutation = await refetchedBy(() =>
      store
        .dispatch(scenicWrites.endpoints.createGateKey.initiate({ id: SPOT.id, name: '东门' }))
        .unwrap(),
    );
    const byEvent = await refetchedBy(
      asLiveEvent({ type: 'scenic.gateKey.changed', spotId: SPOT.id }),
    );
    expect(byMutation).toEqual(byEvent);
    expect(byMutation).toEqual(['ScenicGateKey:11']);
    answer = ok({
      id: 3,
      spotId: SPOT.id,
      name: '东门',
      prefix: 'gk_ab',
      revokedAt: '2026-11-27T00:00:00.000Z',
    });
    const revoked = await refetchedBy(() =>
      store
        .dispatch(scenicWrites.endpoints.revokeGateKey.initiate({ id: SPOT.id, keyId: 3 }))
        .unwrap(),
    );
    expect(revoked).toEqual(['ScenicGateKey:11']);
  });

  it('a refused window (an overlap, 409) refetches nothing', async () => {
    const conflict = ERRORS.CONFLICT;
    answer = {
      status: conflict.status,
      body: { code: conflict.code, msg: conflict.msg['zh-CN'], error: 'CONFLICT', data: null },
    };
    const refetched = await refetchedBy(async () => {
      const result = await store.dispatch(
        scenicWrites.endpoints.addWindow.initiate({
          id: SPOT.id,
          body: {
            startAt: '2031-03-01T02:00:00.000Z',
            endAt: '2031-03-02T02:00:00.000Z',
            reason: '检修',
            capacity: 0,
          },
        }),
      );
      expect(result.error).toMatchObject({ status: 409, code: 'CONFLICT' });
    });
    expect(refetched).toEqual([]);
  });
});
