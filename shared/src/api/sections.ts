// The host's section map: which build of each section this environment runs.
// Types only: the boot chunk stays zod-free.
import type { SectionPin, SectionPinsResponse } from '../contracts/sections';
import { request } from './client';

export type { SectionPin };
export type SectionPins = SectionPinsResponse;

export const sectionsApi = {
  /** Asked at every boot and never cached (product.md, "Section versions"). */
  pins: () =>
    request<SectionPins>({
      method: 'GET',
      url: '/sections/pins',
      adapter: 'fetch',
      fetchOptions: { cache: 'no-store' },
      silent: true,
      skipAuthRedirect: true,
    }),
};
