// The spot form round trip through the real Arco form (issue 25): opened on a spot and saved
// untouched it sends every field of the update contract as the spot has it; one field changed,
// only that field differs. A refetched spot never refills the form; a newer version is announced.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { scenicSpotCreateBody, scenicSpotUpdateBody, type ScenicSpot } from '@console/shared';
import { renderScenic, SPOT } from '../../test/render';
import { fakeServer, ok, restoreServer, writes } from '../../test/server';
import { SpotForm } from './SpotForm';

/** How long `vi.waitFor` waits (its default, 1 s, is short on a loaded 2-core CI box). */
const WAIT = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  restoreServer();
});

/** What an untouched save of `spot` sends: every field of the update contract, as it is. */
const untouched = (spot: ScenicSpot) =>
  Object.fromEntries(
    Object.keys(scenicSpotUpdateBody.shape).map((k) => [k, spot[k as keyof ScenicSpot]]),
  );

/** Every optional field of the create contract empty (its default), the rest as SPOT. */
const EMPTY_OPTIONALS: ScenicSpot = {
  ...SPOT,
  ...Object.fromEntries(
    Object.entries(scenicSpotCreateBody.shape)
      .filter(([, field]) => field.safeParse(undefined).success)
      .map(([key, field]) => [key, field.parse(undefined)]),
  ),
};

const input = (field: string) =>
  within(screen.getByTestId(`field-${field}`)).getAllByRole('textbox')[0] as HTMLInputElement;

async function saveAndGetBody(spot: ScenicSpot, edit?: () => void) {
  const received = fakeServer(() => ok({ ...spot, version: 4 }));
  renderScenic(<SpotForm spot={spot} onSaved={() => {}} />);
  await screen.findByDisplayValue(spot.name);
  edit?.();
  fireEvent.click(screen.getByTestId('spot-save'));
  await vi.waitFor(() => expect(writes(received, 'put')).toHaveLength(1), WAIT);
  const [update] = writes(received, 'put');
  expect(update.url).toBe(`/scenic/spots/${spot.id}`);
  return update.body;
}

describe('the spot form round trip', () => {
  it.each([
    ['every field set', SPOT],
    ['every optional field empty', EMPTY_OPTIONALS],
  ])('a spot with %s, saved untouched, is sent back as it is', async (_, spot) => {
    expect(await saveAndGetBody(spot)).toEqual(untouched(spot));
  });

  it('one field changed (the address), only the address differs', async () => {
    const body = await saveAndGetBody(SPOT, () =>
      fireEvent.change(input('address'), { target: { value: '新地址' } }),
    );
    expect(body).toEqual({ ...untouched(SPOT), address: '新地址' });
  });

  it('images are one per line and come back as the list', async () => {
    const body = await saveAndGetBody(SPOT, () =>
      fireEvent.change(input('images'), { target: { value: ' /img/a.png \n\n/img/b.png' } }),
    );
    expect(body).toEqual({ ...untouched(SPOT), images: ['/img/a.png', '/img/b.png'] });
  });
});

describe('the spot form while the page refetches the spot', () => {
  it('a refetch (a gate reading moved the load) keeps what the user typed', async () => {
    const { rerender } = renderScenic(<SpotForm spot={SPOT} onSaved={() => {}} />);
    await screen.findByDisplayValue(SPOT.name);
    fireEvent.change(input('name'), { target: { value: '西湖（编辑中）' } });
    await act(async () =>
      rerender(
        <SpotForm spot={{ ...SPOT, load: { ...SPOT.load, inPark: 3500 } }} onSaved={() => {}} />,
      ),
    );
    expect(input('name').value).toBe('西湖（编辑中）');
    expect(screen.queryByTestId('spot-changed-elsewhere')).toBeNull();
  });

  it('a newer version keeps the edit and says so; reload shows the newer spot', async () => {
    const { rerender } = renderScenic(<SpotForm spot={SPOT} onSaved={() => {}} />);
    await screen.findByDisplayValue(SPOT.name);
    fireEvent.change(input('name'), { target: { value: '西湖（编辑中）' } });
    const newer = { ...SPOT, city: '宁波', version: SPOT.version + 1 };
    await act(async () => rerender(<SpotForm spot={newer} onSaved={() => {}} />));
    expect(input('name').value).toBe('西湖（编辑中）');
    expect(input('city').value).toBe('杭州');
    expect(screen.getByTestId('spot-changed-elsewhere').textContent).toContain('已被他人修改');
    fireEvent.click(screen.getByTestId('spot-reload'));
    expect(await screen.findByDisplayValue('宁波')).toBeTruthy();
    expect(input('name').value).toBe(SPOT.name);
  });
});
