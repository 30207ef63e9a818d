import { defineCase, median, percentile } from '../framework';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@console/shared';

const SAMPLES = 100;

// Sign-in latency: 100 sequential logins (argon2id verification dominates). Each comes from
// its own forwarded address so the per-source limit (30/min) does not refuse them.
export default defineCase({
  kind: 'custom',
  name: 'login latency (100 sequential)',
  async measure({ baseUrl }) {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/user/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
          'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${i % 250}`,
        },
        body: JSON.stringify({ username: 'operator', password: 'Operator123' }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`login answered ${res.status}`);
      times.push(performance.now() - started);
    }
    return {
      'median ms': Number(median(times).toFixed(1)),
      'p99 ms': Number(percentile(times, 99).toFixed(1)),
      samples: SAMPLES,
    };
  },
});
