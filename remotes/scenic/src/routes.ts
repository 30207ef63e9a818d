// Exposed as `./routes`: this section's pages (declared once in pages.json, which the build
// also copies beside the manifest for the server) with their components. Loading it injects
// the section's slice into the shell's store.
import { lazy } from 'react';
import { defineSection, injectSectionBuildSlice } from '@console/shared/section';
import pages from './pages.json';

injectSectionBuildSlice('scenic', __SECTION_VERSION__);

export default defineSection(pages, __SECTION_VERSION__, {
  'scenic/list': lazy(() => import('./pages/list')),
  'scenic/maintenance': lazy(() => import('./pages/maintenance')),
  'scenic/detail': lazy(() => import('./pages/detail')),
});
