import { describe, expect, it } from 'vitest';
import { filterLabelWidth } from './FilterForm';
import { columnsWidth } from './SearchTable';

describe('the filter labels share one width', () => {
  it('is the widest label plus its padding, so no label wraps', () => {
    expect(filterLabelWidth([40, 120.2, 80], 400)).toBe(137);
  });
  it('never takes more than half a field; a longer label wraps to two lines at most', () => {
    // "Licence expiring within (days)" (~200 px) beside a 300 px field.
    expect(filterLabelWidth([200], 300)).toBe(150);
  });
});

describe('a table with every column sized scrolls instead of squeezing them', () => {
  it('sums the widths', () => {
    expect(columnsWidth([{ width: 100 }, { width: 190 }, { width: 200 }])).toBe(490);
  });
  it('lets the table size itself when a column has no width', () => {
    expect(columnsWidth([{ width: 100 }, {}])).toBeUndefined();
    expect(columnsWidth([])).toBeUndefined();
  });
});
