import { useEffect } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { selectLocale, useAppSelector } from '@console/shared/store';

/** Dates formatted with dayjs follow the console's locale (Arco's pickers follow ConfigProvider). */
export function useDayjsLocale(): void {
  const locale = useAppSelector(selectLocale);
  useEffect(() => {
    dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
  }, [locale]);
}
