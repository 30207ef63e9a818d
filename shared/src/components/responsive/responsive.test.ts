import { describe, expect, it } from 'vitest';
import { upFrom } from './index';

describe('upFrom', () => {
  it('holds each value up to the next breakpoint that names another', () => {
    expect(upFrom({ xs: 1, md: 2 })).toEqual({
      xs: 1,
      sm: 1,
      md: 2,
      lg: 2,
      xl: 2,
      xxl: 2,
      xxxl: 2,
    });
    expect(upFrom({ xs: 1, md: 2, xxl: 3 })).toMatchObject({ lg: 2, xl: 2, xxl: 3, xxxl: 3 });
  });
});
