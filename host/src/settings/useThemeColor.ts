import { useEffect } from 'react';
import { DEFAULT_SETTINGS, selectSettings, useAppSelector } from '@console/shared/store';
import { clearPrimaryShades } from './prepaint';

/**
 * Whether `color` is the seed's default, whose ten shades (light and dark) Arco's stylesheet
 * already carries (settings.test.ts compares them): the page needs no generated palette.
 */
export const isStylesheetColor = (color: string) =>
  color.toUpperCase() === DEFAULT_SETTINGS.themeColor.toUpperCase();

/**
 * Applies the theme colour's ten shades (light or dark palette) whenever either changes. The
 * palette generator is fetched only for a colour other than the default.
 */
export function useThemeColor(): void {
  const { themeColor, theme } = useAppSelector(selectSettings);
  useEffect(() => {
    if (isStylesheetColor(themeColor)) {
      clearPrimaryShades();
      return;
    }
    let current = true;
    void import('./themeColor').then(({ applyThemeColor }) => {
      if (current) applyThemeColor(themeColor, theme === 'dark');
    });
    return () => {
      current = false;
    };
  }, [themeColor, theme]);
}
