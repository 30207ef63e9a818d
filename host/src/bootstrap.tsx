import '@arco-design/web-react/es/_util/react-19-adapter';
import '@arco-design/web-react/dist/css/arco.css';
import './global.less';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerSections } from './sections/registry';

// Pins are asked once per page load and never cached (product.md, "Section versions").
void registerSections();

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
