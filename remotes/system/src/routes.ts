// Exposed as `./routes`: this section's pages (declared once in pages.json, which the build
// also copies beside the manifest for the server) with their components. Loading it injects
// the section's slice into the shell's store.
import { lazy } from 'react';
import { defineSection, injectSectionBuildSlice } from '@console/shared/section';
import pages from './pages.json';

injectSectionBuildSlice('system', __SECTION_VERSION__);

export default defineSection(pages, __SECTION_VERSION__, {
  'system/property-management': lazy(() => import('./pages/property-management')),
  'system/user-management': lazy(() => import('./pages/user-management')),
  'system/role-management': lazy(() => import('./pages/role-management')),
  'system/system-config': lazy(() => import('./pages/system-config')),
  'system/operation-log': lazy(() => import('./pages/operation-log')),
  'system/backup-restore': lazy(() => import('./pages/backup-restore')),
});
