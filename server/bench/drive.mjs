// Runs autocannon in its own process and prints its result as JSON on stdout.
// Input: one JSON argument with url, method, headers, body, connections, duration.
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2]);
const result = await autocannon({
  url: opts.url,
  method: opts.method,
  headers: opts.headers,
  body: opts.body,
  connections: opts.connections,
  duration: opts.duration,
});
process.stdout.write(
  JSON.stringify({
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }),
);
