import { useEffect } from 'react';
import { selectSettings, useAppSelector } from '@console/shared/store';
import { applyThemeColor } from './themeColor';

/** Applies the theme colour's ten shades (light or dark palette) whenever either changes. */
export function useThemeColor(): void {
  const { themeColor, theme } = useAppSelector(selectSettings);
  useEffect(() => {
    applyThemeColor(themeColor, theme === 'dark');
  }, [themeColor, theme]);
}
