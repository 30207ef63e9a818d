// This section on its own dev server, without the shell (`npm run dev -w remotes/guide`).
import { mountStandalone } from '@console/shared/section/standalone';
import messages from './locale';
import section from './routes';

mountStandalone(
  section,
  messages,
  document.getElementById('root') ?? document.body.appendChild(document.createElement('div')),
);
