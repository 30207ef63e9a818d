// The CLI's side of the sections socket (cli/sections-socket.ts serves it): hands a command to
// the running server that holds the embedded database. Apart from the serving side, which runs
// the commands of cli/sections.ts, so that cli/sections.ts can load this without an import
// cycle (issue 27 item 5).
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';

/** `<dataDir>/run/sections.sock`. */
export const sectionsSocketPath = (dataDir: string) => path.join(dataDir, 'run', 'sections.sock');

export interface Request {
  argv: string[];
  user: string;
}

export type Reply = { out: string } | { err: string } | { code: number };

/**
 * Sends a command to the server holding `dataDir`; resolves its exit code (64: usage error),
 * or null when no server answers on the socket.
 */
export function forwardToServer(
  dataDir: string,
  argv: string[],
  user: string,
  print: { out: (line: string) => void; err: (line: string) => void },
): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = net.createConnection(sectionsSocketPath(dataDir));
    let code: number | null = null;
    let connected = false;
    socket.once('connect', () => {
      connected = true;
      readline.createInterface({ input: socket }).on('line', (line) => {
        const reply = JSON.parse(line) as Reply;
        if ('out' in reply) print.out(reply.out);
        else if ('err' in reply) print.err(reply.err);
        else code = reply.code;
      });
      socket.write(`${JSON.stringify({ argv, user } satisfies Request)}\n`);
    });
    socket.once('error', () => resolve(connected ? 1 : null));
    socket.once('close', () => resolve(connected ? (code ?? 1) : null));
  });
}
