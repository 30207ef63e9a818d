import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Locale } from '../contracts/locale';
import { storedLocale, storeLocale } from '../i18n/locale';

export const localeSlice = createSlice({
  name: 'locale',
  initialState: () => ({ locale: storedLocale() }),
  reducers: {
    localeChanged(state, action: PayloadAction<Locale>) {
      storeLocale(action.payload);
      state.locale = action.payload;
    },
  },
  selectors: {
    selectLocale: (state) => state.locale,
  },
});

export const { localeChanged } = localeSlice.actions;
export const { selectLocale } = localeSlice.selectors;
