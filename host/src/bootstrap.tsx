import '@arco-design/web-react/es/_util/react-19-adapter';
// Arco's CSS comes per component with each component (rspack.config.base.ts, transformImport).
import './global.less';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerSections } from './sections/registry';

// Pins are asked once per page load and never cached (product.md, "Section versions").
void registerSections();

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
