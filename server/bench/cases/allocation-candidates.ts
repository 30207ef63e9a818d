import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@console/shared';
import { defineCase, percentile } from '../framework';
import { checkedTeamId, seed } from './team-guide-check';

// Issue #14 (architecture.md, "Performance targets"): the ranked candidates of one team —
// every hard rule over 5 000 guides plus the soft score of the eligible ones, a page of 20 —
// at most 100 ms p99, measured one request at a time (what a dispatcher waits for). Same pool
// as the guide-check cases (busy, on leave, without language, level, certification …).
export default defineCase({
  kind: 'custom',
  name: 'allocation-candidates (one team, sequential, 5k guides)',
  seed,
  async measure({ baseUrl, cookie }) {
    const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie: await cookie('operator') };
    const url = `${baseUrl}/api/allocation/teams/${checkedTeamId()}/candidates?pageSize=20`;
    const times: number[] = [];
    let eligible = 0;
    for (let i = 0; i < 230; i++) {
      const started = performance.now();
      const res = await fetch(url, { headers });
      const body = (await res.json()) as { data: { eligibleTotal: number } };
      if (!res.ok) throw new Error(`candidates ${res.status}`);
      eligible = body.data.eligibleTotal;
      if (i >= 30) times.push(performance.now() - started);
    }
    return {
      requests: times.length,
      eligible,
      p50: `${percentile(times, 50).toFixed(1)} ms`,
      p99: `${percentile(times, 99).toFixed(1)} ms`,
      target: '≤ 100 ms p99 (PostgreSQL)',
    };
  },
});
