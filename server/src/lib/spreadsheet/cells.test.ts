import { describe, expect, it } from 'vitest';
import { valueToCell, valueToCode } from './cells';
import type { SheetOption } from './sheet';

const GENDER: SheetOption[] = [
  { value: 'male', label: { 'zh-CN': '男', 'en-US': 'Male' } },
  { value: 'female', label: { 'zh-CN': '女', 'en-US': 'Female' } },
];

describe('coded columns', () => {
  it('export the label in the reader’s language', () => {
    expect(valueToCell('male', 'string', 'zh-CN', GENDER)).toBe('男');
    expect(valueToCell('female', 'string', 'en-US', GENDER)).toBe('Female');
    expect(valueToCell(['male', 'female'], 'list', 'zh-CN', GENDER)).toBe('男; 女');
  });

  it('import a label of either language or the code, English in any case', () => {
    expect(valueToCode('男', GENDER)).toBe('male');
    expect(valueToCode('FEMALE', GENDER)).toBe('female');
    expect(valueToCode('female', GENDER)).toBe('female');
    expect(valueToCode(['女', 'Male'], GENDER)).toEqual(['female', 'male']);
  });

  it('pass unknown text on so the contract reports it', () => {
    expect(valueToCode('unknown', GENDER)).toBe('unknown');
    expect(valueToCode(undefined, GENDER)).toBeUndefined();
  });
});
