// Each section injects a slice into the shell's store when it loads (architecture.md); this one
// records which build of the section is running, shown in the footer for whoever pins versions.
import { createAction, createSlice } from '@reduxjs/toolkit';
import { SECTION_NAMES, type SectionName } from '../contracts/menu';
import { rootReducer, store, type RootState } from '../store';

export interface SectionBuildState {
  version: string;
}

export type SectionSliceKey = `section_${SectionName}`;

declare module '../store' {
  interface LazyLoadedSlices {
    section_dashboard: SectionBuildState;
    section_guide: SectionBuildState;
    section_scenic: SectionBuildState;
    section_team: SectionBuildState;
    section_system: SectionBuildState;
  }
}

/** Dispatched once a section's slice is injected, so the store state includes it at once. */
export const sectionLoaded = createAction<{ section: SectionName; version: string }>(
  'sections/loaded',
);

/** Creates and injects the section's build slice into the shared root reducer. */
export function injectSectionBuildSlice(section: SectionName, version: string) {
  const slice = createSlice({
    name: `section_${section}` as SectionSliceKey,
    initialState: { version } satisfies SectionBuildState,
    reducers: {},
  });
  const injected = slice.injectInto(rootReducer);
  store.dispatch(sectionLoaded({ section, version }));
  return injected;
}

/** Versions of the sections loaded in this page so far. */
export function selectLoadedSections(state: RootState): Partial<Record<SectionName, string>> {
  const out: Partial<Record<SectionName, string>> = {};
  for (const name of SECTION_NAMES) {
    const slice = (state as Partial<Record<SectionSliceKey, SectionBuildState>>)[`section_${name}`];
    if (slice) out[name] = slice.version;
  }
  return out;
}
