// A minimal Server-Sent Events reader over node:http for tests: collects `id:`/`data:` frames
// and tells when the server ended the stream.
import http from 'node:http';

/** How long `next` waits by default before it calls a frame missing. */
const DEFAULT_NEXT_TIMEOUT_MS = 20_000;

export interface SseFrame {
  id?: string;
  data: { type: string } & Record<string, unknown>;
  at: number;
}

export interface SseStream {
  status: number;
  frames: SseFrame[];
  /** Resolves when the server ends (or drops) the stream. */
  ended: Promise<void>;
  isEnded(): boolean;
  close(): void;
  /**
   * Waits until a frame matching `pred` arrived (or fails after `timeoutMs`, by default long
   * enough for a loaded 2-core box: a test proves the frame comes, not how fast).
   */
  next(pred: (f: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
}

export function openStream(
  port: number,
  cookie: string | undefined,
  headers: Record<string, string> = {},
  query = '',
): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/api/events${query}`,
        headers: { ...(cookie ? { cookie: `tc_session=${cookie}` } : {}), ...headers },
      },
      (res) => {
        const frames: SseFrame[] = [];
        const waiters = new Set<() => void>();
        let ended = false;
        let buffer = '';
        let endResolve!: () => void;
        const endedP = new Promise<void>((r) => (endResolve = r));
        const finish = () => {
          ended = true;
          endResolve();
          for (const w of waiters) w();
        };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let id: string | undefined;
            let data: string | undefined;
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) id = line.slice(4);
              else if (line.startsWith('data: ')) data = line.slice(6);
            }
            if (data !== undefined) frames.push({ id, data: JSON.parse(data), at: Date.now() });
          }
          for (const w of waiters) w();
        });
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
        resolve({
          status: res.statusCode ?? 0,
          frames,
          ended: endedP,
          isEnded: () => ended,
          close: () => req.destroy(),
          next(pred, timeoutMs = DEFAULT_NEXT_TIMEOUT_MS) {
            return new Promise((ok, fail) => {
              const check = () => {
                const found = frames.find(pred);
                if (found) {
                  waiters.delete(check);
                  clearTimeout(timer);
                  ok(found);
                } else if (ended) {
                  waiters.delete(check);
                  clearTimeout(timer);
                  fail(new Error('stream ended before the frame arrived'));
                }
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(new Error(`no matching frame within ${timeoutMs} ms`));
              }, timeoutMs);
              waiters.add(check);
              check();
            });
          },
        });
      },
    );
    req.on('error', reject);
  });
}
