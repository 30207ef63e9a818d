import { defineCase } from '../framework';

// A form's choices: one dictionary category's items.
export default defineCase({
  kind: 'load',
  name: 'GET /api/properties/items',
  request: { path: '/api/properties/items?category=guide_language', as: 'user' },
});
