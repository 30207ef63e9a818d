import { describe, expect, it } from 'vitest';
import { valueToCell, valueToCode } from './cells';
import type { SheetOption } from './sheet';

const GENDER: SheetOption[] = [
  { value: 'male', label: { 'zh-CN': '男', 'en-US': 'Male' } },
  { value: 'female', label: { 'zh-CN': '女', 'en-US': 'Female' } },
];
const LANGUAGE: SheetOption[] = [
  { value: 'zh', label: { 'zh-CN': '中文', 'en-US': 'Chinese' } },
  { value: 'en', label: { 'zh-CN': '英语', 'en-US': 'English' } },
];
const LEVEL: SheetOption[] = [
  { value: 'native', label: { 'zh-CN': '母语', 'en-US': 'Native' } },
  { value: 'basic', label: { 'zh-CN': '基础', 'en-US': 'Basic' } },
];
const gender = { options: GENDER };
const languages = { options: LANGUAGE, qualifier: LEVEL };
const code = (value: unknown, coding: Parameters<typeof valueToCode>[1]) =>
  valueToCode(value, coding).value;

describe('coded columns', () => {
  it('export the label in the reader’s language', () => {
    expect(valueToCell('male', 'string', 'zh-CN', gender)).toBe('男');
    expect(valueToCell('female', 'string', 'en-US', gender)).toBe('Female');
    expect(valueToCell(['male', 'female'], 'list', 'zh-CN', gender)).toBe('男; 女');
    expect(valueToCell(['zh:native', 'en:basic'], 'list', 'zh-CN', languages)).toBe(
      '中文:母语; 英语:基础',
    );
    expect(valueToCell(['en:basic'], 'list', 'en-US', languages)).toBe('English:Basic');
  });

  it('import a label of either language or the code, English in any case', () => {
    expect(code('男', gender)).toBe('male');
    expect(code('FEMALE', gender)).toBe('female');
    expect(code('female', gender)).toBe('female');
    expect(code(['女', 'Male'], gender)).toEqual(['female', 'male']);
    expect(code(['中文:母语', 'english：BASIC', 'zh:basic'], languages)).toEqual([
      'zh:native',
      'en:basic',
      'zh:basic',
    ]);
  });

  it('name the texts that match no option, and pass a malformed item on for the contract', () => {
    expect(valueToCode('unknown', gender)).toEqual({ value: 'unknown', unknown: ['unknown'] });
    expect(valueToCode(['中文:母语', '法语:流利'], languages).unknown).toEqual(['法语:流利']);
    expect(valueToCode(['中文'], languages)).toEqual({ value: ['中文'], unknown: [] });
    expect(valueToCode(undefined, gender)).toEqual({ value: undefined, unknown: [] });
  });
});
