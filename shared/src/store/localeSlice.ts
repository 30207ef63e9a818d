import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Locale } from '../contracts/locale';
import { chosenLocale, storedLocale, storeLocale } from '../i18n/locale';
import { loadSiteInfo } from './siteSlice';

export const localeSlice = createSlice({
  name: 'locale',
  initialState: () => ({ locale: storedLocale() }),
  reducers: {
    localeChanged(state, action: PayloadAction<Locale>) {
      storeLocale(action.payload);
      state.locale = action.payload;
    },
  },
  extraReducers: (builder) => {
    // A browser that has not chosen a language takes the site's default (system config).
    builder.addCase(loadSiteInfo.fulfilled, (state, action) => {
      if (!chosenLocale()) state.locale = action.payload.defaultLocale;
    });
  },
  selectors: {
    selectLocale: (state) => state.locale,
  },
});

export const { localeChanged } = localeSlice.actions;
export const { selectLocale } = localeSlice.selectors;
