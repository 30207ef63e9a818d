// Worker-thread entry of the plan solver (started by solver-thread.ts): solves one problem at
// a time, in the order they come, with a HiGHS runtime that stays warm between plans.
import { parentPort } from 'node:worker_threads';
import { solvePlan, warmUpSolver } from './solver';
import type { SolveOptions } from './plan-model';
import { solutionToWire, wireBuffers, type WireProblem } from './solver-wire';

/** However late the request arrives, the solver gets this long (its greedy start and a bound). */
const MIN_SOLVE_MS = 200;

type Request =
  | { id: number; kind: 'solve'; problem: WireProblem; options: SolveOptions; sentAt: number }
  | { id: number; kind: 'warm-up' };

let queue = Promise.resolve();
/** Plans asked for and not begun: the warm-up gives way to them. */
let waiting = 0;
parentPort!.on('message', (req: Request) => {
  if (req.kind === 'solve') waiting++;
  queue = queue.then(async () => {
    if (req.kind === 'solve') waiting--;
    try {
      if (req.kind === 'warm-up') {
        await warmUpSolver(() => waiting > 0);
        parentPort!.postMessage({ id: req.id });
        return;
      }
      // The time it took to get here counts against the solve's budget.
      const timeLimitMs =
        req.options.timeLimitMs === undefined
          ? undefined
          : Math.max(MIN_SOLVE_MS, req.options.timeLimitMs - (Date.now() - req.sentAt));
      const solution = solutionToWire(
        await solvePlan(req.problem, { ...req.options, timeLimitMs }),
      );
      parentPort!.postMessage({ id: req.id, solution }, wireBuffers(solution));
    } catch (e) {
      parentPort!.postMessage({ id: req.id, error: e instanceof Error ? e.message : String(e) });
    }
  });
});
