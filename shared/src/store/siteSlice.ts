// The site's name and default language (system config `site.*`), read before sign-in from the
// public `GET /api/site` (issue 25 defect 9). A plain fetch, like the pins: the login page must
// not wait for the API client. The shell reads it at boot; the system configuration page reads
// it again after a save, so "takes effect at once" holds in this browser too.
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { LOCALE_HEADER, SUCCESS_CODE, type Envelope } from '../contracts/envelope';
// Types only: the contracts' zod stays out of the boot chunk.
import type { SiteInfo } from '../contracts/system-config';
import { setSiteDefaultLocale, storedLocale } from '../i18n/locale';

export const SITE_INFO_URL = '/api/site';

export const loadSiteInfo = createAsyncThunk('site/load', async (): Promise<SiteInfo> => {
  const response = await fetch(SITE_INFO_URL, {
    cache: 'no-store',
    credentials: 'same-origin',
    headers: { [LOCALE_HEADER]: storedLocale() },
  });
  const body = (await response.json().catch(() => null)) as Envelope<SiteInfo> | null;
  if (!response.ok || !body || body.code !== SUCCESS_CODE)
    throw new Error(`The site settings could not be read (HTTP ${response.status})`);
  // Before the reducers run: calls made from now on send this browser's language.
  setSiteDefaultLocale(body.data.defaultLocale);
  return body.data;
});

/** `name` null: the console's own name in the reader's language (the shell's `app.title`). */
const initialState: SiteInfo = { name: null, defaultLocale: 'zh-CN' };

export const siteSlice = createSlice({
  name: 'site',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(loadSiteInfo.fulfilled, (_state, action) => action.payload);
  },
  selectors: {
    selectSiteName: (state) => state.name,
  },
});

export const { selectSiteName } = siteSlice.selectors;
