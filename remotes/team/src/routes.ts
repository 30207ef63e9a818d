// Exposed as `./routes`: this section's pages attached to the shared route metadata
// (contracts/menu.ts). Loading it injects the section's slice into the shell's store.
import { lazy } from 'react';
import { defineSection, injectSectionBuildSlice } from '@console/shared/section';

injectSectionBuildSlice('team', __SECTION_VERSION__);

export default defineSection('team', __SECTION_VERSION__, {
  'team/waiting': lazy(() => import('./pages/waiting')),
  'team/ongoing': lazy(() => import('./pages/ongoing')),
  'team/history': lazy(() => import('./pages/history')),
  'team/new': lazy(() => import('./pages/new')),
  'team/detail': lazy(() => import('./pages/detail')),
});
