// The maintenance windows of a spot: the table shows them in the operation's zone, and the
// window form round-trips through the real Arco form (issue 25): saved untouched it sends the
// window as it is (to the second, though the picker shows minutes); one field changed, only it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ScenicMaintenanceWindow } from '@console/shared';
import { renderScenic, SPOT } from '../../test/render';
import { fakeServer, ok, restoreServer, writes } from '../../test/server';
import { WindowsTable } from './WindowsTable';
import { pickerText, windowBody, windowToForm } from './WindowEditor';

/** How long `vi.waitFor` waits (its default, 1 s, is short on a loaded 2-core CI box). */
const WAIT = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  restoreServer();
});

const WINDOW: ScenicMaintenanceWindow = {
  id: 5,
  spotId: SPOT.id,
  // 10:00:30 and 18:15:45 in Beijing: the seconds come from an import or the API.
  startAt: '2031-03-01T02:00:30.000Z',
  endAt: '2031-03-03T10:15:45.000Z',
  reason: '栈道检修',
  capacity: 400,
  phase: 'upcoming',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdBy: 1,
  version: 2,
};
const UNTOUCHED = {
  startAt: WINDOW.startAt,
  endAt: WINDOW.endAt,
  reason: WINDOW.reason,
  capacity: WINDOW.capacity,
  version: WINDOW.version,
};

describe('the window form values', () => {
  it('shows the window’s times in the operation’s zone, whatever the browser’s', () => {
    expect(pickerText(WINDOW.startAt)).toBe('2031-03-01 10:00');
    expect(windowToForm(WINDOW).range).toEqual(['2031-03-01 10:00', '2031-03-03 18:15']);
  });

  it('keeps an instant whose minute was left as shown; a moved one is read in the zone', () => {
    const values = windowToForm(WINDOW);
    expect(windowBody(values, WINDOW)).toEqual({
      startAt: WINDOW.startAt,
      endAt: WINDOW.endAt,
      reason: WINDOW.reason,
      capacity: WINDOW.capacity,
    });
    const moved = windowBody({ ...values, range: ['2031-03-01 09:30', values.range![1]] }, WINDOW);
    expect(moved.startAt).toBe('2031-03-01T01:30:00.000Z');
    expect(moved.endAt).toBe(WINDOW.endAt);
  });

  it('a new window starts closed (capacity 0) with no period', () => {
    expect(windowToForm(null)).toEqual({ capacity: 0 });
  });
});

describe('the windows table', () => {
  const setup = () => renderScenic(<WindowsTable spot={SPOT} />, { windows: [SPOT.id, [WINDOW]] });

  it('lists the window in the operation’s zone with its phase', async () => {
    setup();
    const card = await screen.findByTestId('windows-card');
    expect(within(card).getByText('栈道检修')).toBeTruthy();
    expect(within(card).getByText(/03-01 10:00/)).toBeTruthy();
    expect(within(card).getByText(/03-03 18:15/)).toBeTruthy();
  });

  async function saveEdited(edit?: () => void) {
    const received = fakeServer(
      () => ok({ ...WINDOW, version: WINDOW.version + 1 }),
      (url) => (url.endsWith('/maintenance') ? [WINDOW] : undefined),
    );
    setup();
    fireEvent.click(await screen.findByText('编辑'));
    const form = await screen.findByTestId('window-form');
    expect(within(form).getByDisplayValue('栈道检修')).toBeTruthy();
    edit?.();
    const dialog = form.closest('.arco-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /确定|OK/ }));
    await vi.waitFor(() => expect(writes(received, 'put')).toHaveLength(1), WAIT);
    const [update] = writes(received, 'put');
    expect(update.url).toBe(`/scenic/spots/${SPOT.id}/maintenance/${WINDOW.id}`);
    return update.body;
  }

  it('a window saved untouched is sent back as it is, to the second', async () => {
    expect(await saveEdited()).toEqual(UNTOUCHED);
  });

  it('one field changed (the reason), only the reason differs', async () => {
    const body = await saveEdited(() =>
      fireEvent.change(screen.getByDisplayValue('栈道检修'), { target: { value: '索道检修' } }),
    );
    expect(body).toEqual({ ...UNTOUCHED, reason: '索道检修' });
  });
});
