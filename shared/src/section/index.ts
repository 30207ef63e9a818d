export { defineSection, type SectionModule, type SectionRoute } from './defineSection';
export {
  injectSectionBuildSlice,
  sectionLoaded,
  selectLoadedSections,
  type SectionBuildState,
} from './sectionBuildSlice';
export { SectionPending } from './SectionPending';
