// Exposed as `./routes`: this section's pages attached to the shared route metadata
// (contracts/menu.ts). Loading it injects the section's slice into the shell's store.
import { lazy } from 'react';
import { defineSection, injectSectionBuildSlice } from '@console/shared/section';

injectSectionBuildSlice('scenic', __SECTION_VERSION__);

export default defineSection('scenic', __SECTION_VERSION__, {
  'scenic/list': lazy(() => import('./pages/list')),
  'scenic/maintenance': lazy(() => import('./pages/maintenance')),
  'scenic/detail': lazy(() => import('./pages/detail')),
});
