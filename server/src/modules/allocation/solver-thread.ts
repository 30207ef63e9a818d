// The plan solver off the event loop: HiGHS is synchronous Wasm that holds its thread for up to
// the time limit, and no request may stall other users' requests (the brief). One worker
// thread for the process, started on first use (or by warmUpSolverThread at start-up), keeps
// its HiGHS runtime warm between plans and solves them one after another. If the worker dies
// or overruns, the plan falls back to the greedy baseline in this thread and `method` says so.
import { Worker } from 'node:worker_threads';
import { workerEntryUrl } from '../../lib/worker-url';
import type { PlanProblem, PlanSolution, SolveOptions } from './plan-model';
import { DEFAULT_SOLVE_TIME_MS, greedyPlan } from './solver';
import {
  copyWire,
  problemToWire,
  solutionFromWire,
  wireBuffers,
  type WireProblem,
  type WireSolution,
} from './solver-wire';
import { solverRuns, type SolverRun } from '../../lib/ops-channels';

/** Past its time limit by this much, a solve is given up and the worker replaced. */
const OVERRUN_MS = 30_000;

interface Reply {
  id: number;
  solution?: WireSolution;
  error?: string;
}

interface Waiter {
  resolve: (r: Reply) => void;
  reject: (e: Error) => void;
}

/** A running worker and the requests it has not answered yet. */
interface SolverThread {
  worker: Worker;
  pending: Map<number, Waiter>;
}

let current: Promise<SolverThread> | null = null;
let nextId = 1;

function thread(): Promise<SolverThread> {
  if (current) return current;
  const started: Promise<SolverThread> = workerEntryUrl(
    import.meta.url,
    'allocation-solver-worker',
    './solver-thread-entry.ts',
  ).then((url) => {
    const t: SolverThread = { worker: new Worker(url), pending: new Map() };
    t.worker.unref();
    t.worker.on('message', (reply: Reply) => {
      const waiter = t.pending.get(reply.id);
      t.pending.delete(reply.id);
      if (t.pending.size === 0) t.worker.unref();
      waiter?.resolve(reply);
    });
    const gone = (error: Error) => {
      if (current === started) current = null;
      for (const waiter of t.pending.values()) waiter.reject(error);
      t.pending.clear();
    };
    t.worker.on('error', gone);
    t.worker.on('exit', (code) => gone(new Error(`solver thread exited (${code})`)));
    return t;
  });
  started.catch(() => {
    if (current === started) current = null;
  });
  current = started;
  return started;
}

async function ask(
  message: Record<string, unknown>,
  transfer: ArrayBuffer[],
  timeoutMs: number,
): Promise<Reply> {
  const t = await thread();
  const id = nextId++;
  return new Promise<Reply>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Overran: the worker is replaced; whatever else it was doing fails with it.
      t.pending.delete(id);
      reject(new Error('solver thread overran its time limit'));
      void t.worker.terminate();
    }, timeoutMs);
    t.pending.set(id, {
      resolve: (r) => {
        clearTimeout(timer);
        resolve(r);
      },
      reject: (e) => {
        clearTimeout(timer);
        reject(e);
      },
    });
    t.worker.ref();
    t.worker.postMessage({ id, ...message }, transfer);
  });
}

/** solvePlan (solver.ts) in the worker thread; the greedy plan if the thread fails. */
export async function solveOffThread(
  problem: PlanProblem | WireProblem,
  options: SolveOptions = {},
): Promise<PlanSolution> {
  const limit = options.timeLimitMs ?? DEFAULT_SOLVE_TIME_MS;
  const started = performance.now();
  const solution = await solveOrFallBack(problem, options, limit);
  if (solverRuns.hasSubscribers) {
    const run: SolverRun = {
      seconds: (performance.now() - started) / 1000,
      method: solution.method,
    };
    solverRuns.publish(run);
  }
  return solution;
}

async function solveOrFallBack(
  problem: PlanProblem | WireProblem,
  options: SolveOptions,
  limit: number,
): Promise<PlanSolution> {
  // The columns are handed over (transferred); a problem given as columns keeps its own for
  // the fallback.
  const wire = 'pairTeams' in problem ? copyWire(problem) : problemToWire(problem);
  try {
    const reply = await ask(
      { kind: 'solve', problem: wire, options, sentAt: Date.now() },
      wireBuffers(wire),
      limit + OVERRUN_MS,
    );
    if (reply.solution) return solutionFromWire(reply.solution);
    throw new Error(reply.error ?? 'no solution');
  } catch (e) {
    const solution = greedyPlan(problem);
    const why = e instanceof Error ? e.message : String(e);
    return { ...solution, method: `greedy-fallback (${why})` };
  }
}

/**
 * Starts the worker and solves a mid-size plan in it once, so the first real plan neither
 * pays for loading HiGHS nor for the Wasm code's warm-up. Call once at start-up, unawaited.
 */
export async function warmUpSolverThread(): Promise<void> {
  await ask({ kind: 'warm-up' }, [], 120_000);
}

/** Stops the worker (on shutdown); the next plan starts a new one. */
export async function stopSolverThread(): Promise<void> {
  const t = current;
  current = null;
  if (t) await (await t).worker.terminate();
}
