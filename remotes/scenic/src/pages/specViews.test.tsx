// The spot's views are generated from SCENIC_FIELD_SPECS (issue 27): the maintenance form has
// one labelled item per field (the spec's label, required where the contract says), prices in
// yuan over a record in fen, and an untouched save sends the record back; the list's columns
// and the detail card read the same labels; every label is a message in both languages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createIntl } from 'react-intl';
import {
  SCENIC_FIELD_SPECS,
  SCENIC_FORM_GROUPS,
  SCENIC_SORT_FIELDS,
  scenicSpotCreateBody,
  scenicSpotUpdateBody,
  specKeys,
} from '@console/shared';
import { requiredFields } from '@console/shared/contracts/required';
import zhCN from '../locale/zh-CN';
import enUS from '../locale/en-US';
import { renderScenic, SPOT } from '../test/render';
import { fakeServer, ok, restoreServer, writes } from '../test/server';
import { SpotForm } from './maintenance/SpotForm';
import { EMPTY, toBody, toForm } from './maintenance/spotFormValues';
import { spotColumns } from './list/columns';
import { SpotInfoCard } from './detail/SpotInfoCard';

/** How long `vi.waitFor` waits (its default, 1 s, is short on a loaded 2-core CI box). */
const WAIT = { timeout: 15_000 };

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  restoreServer();
});

const KEYS = specKeys(SCENIC_FIELD_SPECS);
const item = (key: string) => screen.getByTestId(`field-${key}`);

describe('the spot form from the field specs', () => {
  it('one item per field, in its group, labelled by its spec; required as the contract says', async () => {
    renderScenic(<SpotForm spot={SPOT} onSaved={() => {}} />);
    await screen.findByDisplayValue(SPOT.name);
    // The fields are exactly the update contract's (less its version), each in a listed group.
    expect([...KEYS].sort()).toEqual(
      Object.keys(scenicSpotUpdateBody.shape)
        .filter((k) => k !== 'version')
        .sort(),
    );
    for (const key of KEYS)
      expect(SCENIC_FORM_GROUPS as readonly string[]).toContain(SCENIC_FIELD_SPECS[key].group);
    const required = requiredFields(scenicSpotCreateBody);
    for (const key of KEYS) {
      const el = item(key);
      expect(el.querySelector('label')?.textContent).toContain(
        SCENIC_FIELD_SPECS[key].label['zh-CN'],
      );
      expect(!!el.querySelector('.arco-form-item-symbol'), key).toBe(required.has(key));
    }
  });

  it('prices in yuan on screen, in fen in the body; a changed price is sent in fen', async () => {
    const received = fakeServer(() => ok({ ...SPOT, version: 4 }));
    renderScenic(<SpotForm spot={SPOT} onSaved={() => {}} />);
    await screen.findByDisplayValue(SPOT.name);
    const adult = within(item('priceAdult')).getByRole('spinbutton') as HTMLInputElement;
    expect(adult.value).toBe('50.50');
    expect(item('priceAdult').textContent).toContain('元');
    fireEvent.change(adult, { target: { value: '61.3' } });
    fireEvent.click(screen.getByTestId('spot-save'));
    await vi.waitFor(() => expect(writes(received, 'put')).toHaveLength(1), WAIT);
    expect(writes(received, 'put')[0].body).toMatchObject({ priceAdult: 6130, priceChild: 2525 });
  });

  it('the form values are the record’s fields; a new spot starts from the blanks', () => {
    expect(toBody(toForm(SPOT))).toEqual(
      Object.fromEntries(KEYS.map((k) => [k, SPOT[k as keyof typeof SPOT]])),
    );
    expect(EMPTY).toMatchObject({ grade: 'none', priceAdult: 0, images: [], address: '' });
  });
});

describe('the spot columns and card from the field specs', () => {
  const intl = createIntl({ locale: 'en-US', messages: enUS });
  const columns = spotColumns({
    intl,
    categoryLabel: (v) => v,
    canMaintain: true,
    onDetail: () => {},
    onEdit: () => {},
    onDelete: () => {},
  });

  it('each spec column titled by the spec label; sortable only where the server sorts', () => {
    for (const key of KEYS.filter((k) => 'column' in SCENIC_FIELD_SPECS[k])) {
      const column = columns.find((c) => c.key === key)!;
      const spec = SCENIC_FIELD_SPECS[key] as { column: { sortable?: boolean; hidden?: boolean } };
      expect(column.title).toBe(SCENIC_FIELD_SPECS[key].label['en-US']);
      expect(column.sortable).toBe(spec.column.sortable);
      expect(column.defaultHidden).toBe(spec.column.hidden);
    }
    // Every column that sorts, of a spec or written here (the region, the load), sends a
    // sort field the server accepts.
    const sorting = columns.filter((c) => c.sortable).map((c) => c.key);
    expect(sorting).toEqual(expect.arrayContaining(['province', 'loadPercent']));
    for (const key of sorting) expect(SCENIC_SORT_FIELDS as readonly string[]).toContain(key);
    // The derived and composite columns keep their keys (the user's column settings).
    expect(columns.map((c) => c.key)).toEqual([
      'code',
      'name',
      'grade',
      'category',
      'province',
      'avgVisitMinutes',
      'dailyCapacity',
      'instantCapacity',
      'loadPercent',
      'status',
      'hours',
      'maxPaxPerGuide',
      'priceAdult',
      'priceChild',
      'actions',
    ]);
    const price = columns.find((c) => c.key === 'priceAdult')!;
    render(<>{price.render!(SPOT.priceAdult as never, SPOT, 0)}</>);
    expect(screen.getByText('50.50 yuan')).toBeTruthy();
  });

  it('the detail card: a row per field on the card, prices in yuan, the category’s label', async () => {
    renderScenic(<SpotInfoCard spot={SPOT} />);
    // The category's label once the dictionary is read.
    await within(screen.getByTestId('card-category')).findByText('自然风光');
    const card = screen.getByTestId('spot-info');
    for (const key of KEYS) {
      const onCard = (SCENIC_FIELD_SPECS[key] as { card?: unknown }).card !== false;
      expect(!!within(card).queryByTestId(`card-${key}`), key).toBe(onCard);
    }
    expect(screen.getByTestId('card-priceAdult').textContent).toBe('50.50 元');
    expect(screen.getByTestId('card-reservationRequired').textContent).toBe('是');
    expect(screen.getByTestId('spot-code').textContent).toBe(SPOT.code);
    expect(screen.getByTestId('card-openTime').textContent).toContain('06:30');
    expect(screen.getByTestId('spot-description').textContent).toBe(SPOT.description);
    expect(within(card).getByText('成人票价')).toBeTruthy();
  });
});

describe('the labels, one copy in both languages', () => {
  it('every field’s label is its scenic.field message in zh-CN and en-US', () => {
    for (const key of KEYS) {
      expect((zhCN as Record<string, string>)[`scenic.field.${key}`]).toBe(
        SCENIC_FIELD_SPECS[key].label['zh-CN'],
      );
      expect((enUS as Record<string, string>)[`scenic.field.${key}`]).toBe(
        SCENIC_FIELD_SPECS[key].label['en-US'],
      );
    }
    expect(Object.keys(enUS).sort()).toEqual(Object.keys(zhCN).sort());
  });
});
