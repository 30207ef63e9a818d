export { defineSection, type SectionModule, type SectionRoute } from './defineSection';
export { injectSectionBuildSlice, selectLoadedSections, type SectionBuildState } from './sectionBuildSlice';
export { SectionPending } from './SectionPending';
