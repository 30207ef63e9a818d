// Exposed as `./routes`: this section's pages attached to the shared route metadata
// (contracts/menu.ts). Loading it injects the section's slice into the shell's store.
import { lazy } from 'react';
import { defineSection, injectSectionBuildSlice } from '@console/shared/section';

injectSectionBuildSlice('dashboard', __SECTION_VERSION__);

export default defineSection('dashboard', __SECTION_VERSION__, {
  'dashboard/workplace': lazy(() => import('./pages/workplace')),
  'dashboard/monitor': lazy(() => import('./pages/monitor')),
  'dashboard/analysis': lazy(() => import('./pages/analysis')),
  'dashboard/multi-analysis': lazy(() => import('./pages/multi-analysis')),
});
