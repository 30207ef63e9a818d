import type { Locale } from '@console/shared/contracts/locale';

/** The language switchers' choices (navbar, navbarless actions, login page), each in its own language. */
export const LOCALE_OPTIONS: { value: Locale; label: string }[] = [
  { value: 'zh-CN', label: '中文' },
  { value: 'en-US', label: 'English' },
];
