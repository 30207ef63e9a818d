import { describe, expect, it } from 'vitest';
import { hasElementPermission } from './elementPermission';

describe('element-level permission by role list (seed §6)', () => {
  it('keeps the element for a listed role and for an empty list', () => {
    expect(hasElementPermission(['admin', 'operator'], 'operator')).toBe(true);
    expect(hasElementPermission([], 'user')).toBe(true);
  });

  it('removes the element when the list lacks the role', () => {
    expect(hasElementPermission(['admin'], 'user')).toBe(false);
  });

  it('throws when no list is given', () => {
    expect(() => hasElementPermission(undefined, 'admin')).toThrow(/role list/);
    expect(() => hasElementPermission(null, 'admin')).toThrow(/role list/);
  });
});
