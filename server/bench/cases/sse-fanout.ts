// SSE fan-out (issue #16): 1 000 browsers' streams open on one instance (`GET /api/events`,
// each with its own connection), then one event — a notice the admin publishes — must reach
// all of them. Delivery latency is measured per stream from the moment the notice was sent
// (so it includes the write, the commit, NOTIFY/LISTEN on PostgreSQL and the fan-out), over
// several rounds — and, apart, the notice's own answer time and the fan-out spread (each
// stream's arrival after the first's); the server's RSS is read idle, with the streams open and after the rounds.
import http from 'node:http';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@console/shared';
import { defineCase, median, percentile } from '../framework';

const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 1000);
const ROUNDS = 5;

interface Stream {
  req: http.ClientRequest;
  /** Called with the arrival time of each `message.created` frame. */
  onNotice: ((at: number) => void) | null;
}

function open(url: URL, cookie: string, agent: http.Agent): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { req: null as unknown as http.ClientRequest, onNotice: null };
    stream.req = http.get(
      { host: url.hostname, port: url.port, path: '/api/events', headers: { cookie }, agent },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (frame.includes('"message.created"')) stream.onNotice?.(at);
          }
        });
        resolve(stream);
      },
    );
    stream.req.on('error', reject);
  });
}

export default defineCase({
  kind: 'custom',
  name: `SSE fan-out (${CLIENTS} streams, one event)`,
  async measure({ baseUrl, cookie, serverRss }) {
    const url = new URL(baseUrl);
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const userCookie = await cookie('user');
    const adminCookie = await cookie('admin');
    const rssIdle = serverRss();
    const streams: Stream[] = [];
    const openStarted = performance.now();
    // Opened 50 at a time, as browsers arriving.
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = Math.min(50, CLIENTS - i);
      streams.push(
        ...(await Promise.all(Array.from({ length: batch }, () => open(url, userCookie, agent)))),
      );
    }
    const openMs = performance.now() - openStarted;
    const rssOpen = serverRss();

    const latencies: number[] = [];
    const spreads: number[] = [];
    const answers: number[] = [];
    let missed = 0;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const arrived: number[] = [];
        const all = new Promise<void>((resolve) => {
          for (const s of streams) {
            s.onNotice = (at) => {
              s.onNotice = null;
              arrived.push(at);
              if (arrived.length === streams.length) resolve();
            };
          }
        });
        const sent = performance.now();
        const res = await fetch(`${baseUrl}/api/message/notice`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [CSRF_HEADER]: CSRF_HEADER_VALUE,
            cookie: adminCookie,
          },
          body: JSON.stringify({ title: `压测公告 ${round}`, content: '扇出测试' }),
        });
        await res.arrayBuffer();
        answers.push(performance.now() - sent);
        if (!res.ok) throw new Error(`notice answered ${res.status}`);
        await Promise.race([all, new Promise((r) => setTimeout(r, 10_000))]);
        missed += streams.length - arrived.length;
        latencies.push(...arrived.map((at) => at - sent));
        // The fan-out alone: each stream's arrival after the first stream's.
        const first = Math.min(...arrived);
        spreads.push(...arrived.map((at) => at - first));
        for (const s of streams) s.onNotice = null;
        await new Promise((r) => setTimeout(r, 500));
      }
    } finally {
      for (const s of streams) s.req.destroy();
      agent.destroy();
    }
    const rssAfter = serverRss();
    const mb = (b: number) => Math.round(b / 1024 / 1024);
    return {
      streams: CLIENTS,
      rounds: ROUNDS,
      'open all s': Number((openMs / 1000).toFixed(1)),
      delivered: latencies.length,
      missed,
      'p50 ms': Number(median(latencies).toFixed(1)),
      'p99 ms': Number(percentile(latencies, 99).toFixed(1)),
      'max ms': Number(Math.max(...latencies).toFixed(1)),
      'notice answer ms (median)': Number(median(answers).toFixed(1)),
      'fan-out spread p99 ms': Number(percentile(spreads, 99).toFixed(1)),
      'rss idle MB': mb(rssIdle),
      'rss streams open MB': mb(rssOpen),
      'rss after MB': mb(rssAfter),
    };
  },
});
