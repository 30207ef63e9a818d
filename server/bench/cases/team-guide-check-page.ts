import { defineCase } from '../framework';
import { path, PREFIX, seed } from './team-guide-check';

// Issue #13: a page of the guide check over the 5 000 guides of the pool (every one evaluated
// against the team's hard rules in one statement, eligible first, then by name).
export default defineCase({
  kind: 'load',
  name: 'GET /api/teams/:id/guide-check (page of 20 over 5k guides, all evaluated)',
  seed,
  get request() {
    return { path: path(`keyword=${PREFIX}&pageSize=20`), as: 'operator' as const };
  },
});
