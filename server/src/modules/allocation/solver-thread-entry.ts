// Worker-thread entry of the plan solver (started by solver-thread.ts): solves one problem at
// a time, in the order they come, with a HiGHS runtime that stays warm between plans.
import { parentPort } from 'node:worker_threads';
import { solvePlan, warmUpSolver } from './solver';
import type { SolveOptions } from './plan-model';
import { problemFromWire, solutionToWire, wireBuffers, type WireProblem } from './solver-wire';

type Request =
  | { id: number; kind: 'solve'; problem: WireProblem; options: SolveOptions }
  | { id: number; kind: 'warm-up' };

let queue = Promise.resolve();
parentPort!.on('message', (req: Request) => {
  queue = queue.then(async () => {
    try {
      if (req.kind === 'warm-up') {
        await warmUpSolver();
        parentPort!.postMessage({ id: req.id });
        return;
      }
      const solution = solutionToWire(await solvePlan(problemFromWire(req.problem), req.options));
      parentPort!.postMessage({ id: req.id, solution }, wireBuffers(solution));
    } catch (e) {
      parentPort!.postMessage({ id: req.id, error: e instanceof Error ? e.message : String(e) });
    }
  });
});
