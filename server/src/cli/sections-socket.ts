// The sections CLI beside a running embedded server (issue #12 point 9). PGlite admits one
// process per data directory, so while `npm start` runs the CLI cannot open the database: the
// server listens on a Unix socket in a directory of the data dir that only its OS user can
// enter (mode 0700), and the CLI hands it the command. Whoever can open that socket could
// already read the database files, so no further token is asked; the audit trail names the
// CLI's OS user as with the direct path. On PostgreSQL, or with the server stopped, the CLI
// opens the database itself.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import type { Db } from '../db/types';
import type { SectionsOptions } from '../modules/sections/service';
import { describeError, runSectionsCommand, UsageError } from './sections';
import { sectionsSocketPath, type Reply, type Request } from './sections-forward';

/** Serves CLI commands on the socket; returns a function that stops serving. */
export async function serveSectionsSocket(
  dataDir: string,
  base: { db: Db; options: SectionsOptions },
): Promise<() => Promise<void>> {
  const socketPath = sectionsSocketPath(dataDir);
  const dir = path.dirname(socketPath);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  // A socket left by a server that died (the data-dir lock says none runs now).
  fs.rmSync(socketPath, { force: true });
  // One command at a time, as from one terminal.
  let queue: Promise<void> = Promise.resolve();
  const server = net.createServer((socket) => {
    const send = (reply: Reply) => socket.write(`${JSON.stringify(reply)}\n`);
    const lines = readline.createInterface({ input: socket });
    lines.once('line', (line) => {
      lines.close();
      queue = queue.then(async () => {
        let request: Request;
        try {
          request = JSON.parse(line) as Request;
          if (!Array.isArray(request.argv) || typeof request.user !== 'string') throw new Error();
        } catch {
          send({ err: 'Malformed request' });
          send({ code: 1 });
          socket.end();
          return;
        }
        try {
          await runSectionsCommand(request.argv.map(String), {
            ...base,
            actor: { id: null, name: `cli:${request.user.slice(0, 32)}` },
            out: (text) => send({ out: text }),
          });
          send({ code: 0 });
        } catch (err) {
          send({ err: describeError(err) });
          send({ code: err instanceof UsageError ? 64 : 1 });
        }
        socket.end();
      });
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}
