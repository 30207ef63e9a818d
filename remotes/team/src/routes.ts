// Exposed as `./routes`: this section's pages (declared once in pages.json, which the build
// also copies beside the manifest for the server) with their components. Loading it injects
// the section's slice into the shell's store.
import { lazy } from 'react';
import { defineSection, injectSectionBuildSlice } from '@console/shared/section';
import pages from './pages.json';

injectSectionBuildSlice('team', __SECTION_VERSION__);

export default defineSection(pages, __SECTION_VERSION__, {
  'team/waiting': lazy(() => import('./pages/waiting')),
  'team/ongoing': lazy(() => import('./pages/ongoing')),
  'team/history': lazy(() => import('./pages/history')),
  'team/new': lazy(() => import('./pages/new')),
  'team/detail': lazy(() => import('./pages/detail')),
  'team/templates': lazy(() => import('./pages/templates')),
  'team/work-order': lazy(() => import('./pages/work-order')),
});
