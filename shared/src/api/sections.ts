// The host's section map: which build of each section this environment runs.
import type { SectionName, SectionPages } from '../contracts/menu';
import { request } from './client';

export interface SectionPin {
  version: string;
  /** URL of the section's `mf-manifest.json`. */
  entry: string;
  /** The pages this version declares (null: published before versions declared pages). */
  pages: SectionPages | null;
}

export interface SectionPins {
  environment: string;
  sections: Partial<Record<SectionName, SectionPin>>;
}

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
