import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@console/shared';
import { defineCase, percentile } from '../framework';
import { oneGuidePath, seed } from './team-guide-check';

// Issue #13: "one assignment check ≤ 20 ms p99 against 5 000 guides", measured one request at
// a time (the latency a dispatcher sees), beside the load runs of the other two cases.
export default defineCase({
  kind: 'custom',
  name: 'guide-check latency (one guide, sequential, 5k guides)',
  seed,
  async measure({ baseUrl, cookie }) {
    const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie: await cookie('operator') };
    const url = `${baseUrl}${oneGuidePath()}`;
    const times: number[] = [];
    for (let i = 0; i < 230; i++) {
      const started = performance.now();
      const res = await fetch(url, { headers });
      await res.text();
      if (!res.ok) throw new Error(`guide-check ${res.status}`);
      if (i >= 30) times.push(performance.now() - started);
    }
    return {
      requests: times.length,
      p50: `${percentile(times, 50).toFixed(1)} ms`,
      p99: `${percentile(times, 99).toFixed(1)} ms`,
    };
  },
});
