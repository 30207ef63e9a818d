import { defineCase } from '../framework';

// The call every page makes first: the session lookup, roles and profile.
export default defineCase({
  kind: 'load',
  name: 'GET /api/user/info',
  request: { path: '/api/user/info', as: 'admin' },
});
