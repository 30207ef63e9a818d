export {
  defineSection,
  type DeclaredPages,
  type SectionModule,
  type SectionRoute,
} from './defineSection';
export {
  injectSectionBuildSlice,
  sectionLoaded,
  selectLoadedSections,
  type SectionBuildState,
} from './sectionBuildSlice';
export { SectionPending } from './SectionPending';
export {
  pinnedRoutes,
  pinnedSections,
  setPinnedPages,
  usePinnedRoutes,
  usePinnedSections,
} from './catalogue';
export { fetchPins, PINS_URL, type SectionPin, type SectionPins } from './pins';
