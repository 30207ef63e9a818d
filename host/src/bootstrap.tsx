import '@arco-design/web-react/es/_util/react-19-adapter';
// Arco's CSS comes per component with each component (rspack.config.base.ts, transformImport).
import './global.less';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerSections } from './sections/registry';

// Pins are asked once per page load and never cached (product.md, "Section versions"). They
// carry the pinned versions' pages, which the guard needs before it decides a deep link; when
// they fail the shell renders anyway (a section's retry asks them again).
const render = () => createRoot(document.getElementById('root') as HTMLElement).render(<App />);
registerSections().then(render, render);
