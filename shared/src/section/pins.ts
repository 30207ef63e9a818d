// The pins: which build of each section this environment runs, with the pages each pinned
// version declares (product.md, "Section versions"; issue 17). Asked once per page load, never
// cached, before the shell renders. The one call made without the API client: the shell's
// first paint (the login page) must not wait for the client and its cache to download
// (issue 16, first-load budget); the call is silent and never a 401 (the pins are public).
import { LOCALE_HEADER, SUCCESS_CODE, type Envelope } from '../contracts/envelope';
// Types only: the contracts' zod stays out of the boot chunk.
import type { SectionPin, SectionPinsResponse } from '../contracts/sections';
import { storedLocale } from '../i18n/locale';

export type { SectionPin };
export type SectionPins = SectionPinsResponse;

export const PINS_URL = '/api/sections/pins';

export async function fetchPins(): Promise<SectionPins> {
  const response = await fetch(PINS_URL, {
    cache: 'no-store',
    credentials: 'same-origin',
    headers: { [LOCALE_HEADER]: storedLocale() },
  });
  const body = (await response.json().catch(() => null)) as Envelope<SectionPins> | null;
  if (!response.ok || !body || body.code !== SUCCESS_CODE)
    throw new Error(`The section pins could not be read (HTTP ${response.status})`);
  return body.data;
}
