import '@arco-design/web-react/es/_util/react-19-adapter';
// Arco's CSS comes per component with each component (rspack.config.base.ts, transformImport).
import './global.less';
import { createRoot } from 'react-dom/client';
import { loadSiteInfo, store } from '@console/shared/store';
import { App } from './App';
import { registerSections } from './sections/registry';
import { listenForSectionErrors } from './sections/reports';
import { installArcoAria } from './a11y/install';
import './a11y/a11y.less';

// Pins are asked once per page load and never cached (product.md, "Section versions"). They
// carry the pinned versions' pages, which the guard needs before it decides a deep link; when
// they fail the shell renders anyway (a section's retry asks them again). The site's name and
// default language come alongside, so the first paint has both (issue 25 defect 9); without
// them the console's own name and language.
// Errors from sections' chunks are reported per section version (issue 30).
listenForSectionErrors();
const render = () => {
  createRoot(document.getElementById('root') as HTMLElement).render(<App />);
  // Arco's ARIA, corrected where every section renders (issue 28).
  installArcoAria();
};
const ready = (p: Promise<unknown>) => p.catch(() => undefined);
void Promise.all([ready(registerSections()), ready(store.dispatch(loadSiteInfo()))]).then(render);
