// Exposed as `./routes`: this section's pages attached to the shared route metadata
// (contracts/menu.ts). Loading it injects the section's slice into the shell's store.
import { lazy } from 'react';
import { defineSection, injectSectionBuildSlice } from '@console/shared/section';

injectSectionBuildSlice('guide', __SECTION_VERSION__);

export default defineSection('guide', __SECTION_VERSION__, {
  'guide/list': lazy(() => import('./pages/list')),
  'guide/allocation': lazy(() => import('./pages/allocation')),
  'guide/profile': lazy(() => import('./pages/profile')),
});
