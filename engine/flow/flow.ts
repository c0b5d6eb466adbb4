/**
 * The information-step flow as pure functions over an ordered list of steps (in the app, the flow product staff
 * published, seeded from config/flow.json) and the set of steps the borrower has completed: where to resume, where a
 * valid submit leads, and the progress i of n.
 * The engine knows no product: the caller passes the steps.
 */

/** One step: its name (keys the saved section), its form schema, its route and the route after it. */
export interface FlowStepEntry {
  readonly step: string;
  readonly schema: string;
  readonly route: string;
  readonly next: string;
}

/** The steps a borrower has completed (validated and submitted), by step name. */
export type CompletedSteps = ReadonlySet<string> | readonly string[];

function isDone(completed: CompletedSteps, step: string): boolean {
  return Array.isArray(completed) ? completed.includes(step) : (completed as ReadonlySet<string>).has(step);
}

/** The step shown at `route` (query and trailing slash ignored), or undefined. */
export function stepAt(steps: readonly FlowStepEntry[], route: string): FlowStepEntry | undefined {
  const path = (route.split('?')[0] ?? route).replace(/(.)\/+$/u, '$1');
  return steps.find((s) => s.route === path);
}

/** The step by name, or undefined. */
export function stepNamed(steps: readonly FlowStepEntry[], name: string): FlowStepEntry | undefined {
  return steps.find((s) => s.step === name);
}

/** The first step, in flow order, that is not completed; undefined when every step is. */
export function firstIncomplete(steps: readonly FlowStepEntry[], completed: CompletedSteps): FlowStepEntry | undefined {
  return steps.find((s) => !isDone(completed, s.step));
}

/** Where the flow ends: the last step's `next` (for example the home page). */
export function flowEnd(steps: readonly FlowStepEntry[]): string | undefined {
  return steps[steps.length - 1]?.next;
}

/** Where the borrower resumes: the first incomplete step's route, or where the flow ends when all are complete. */
export function resumeRoute(steps: readonly FlowStepEntry[], completed: CompletedSteps): string | undefined {
  return firstIncomplete(steps, completed)?.route ?? flowEnd(steps);
}

/**
 * Where a valid submit of `current` leads (`current` counted as completed): following `next` from it, the first step
 * not yet completed; when the chain leaves the flow (e.g. /homeIndex) while an earlier step is still incomplete,
 * that step; else where the chain ends. A cycle in `next` ends at the resume route.
 */
export function nextRoute(
  steps: readonly FlowStepEntry[],
  completed: CompletedSteps,
  current: string,
): string | undefined {
  const done = new Set<string>([...completed, current]);
  const start = stepNamed(steps, current);
  if (!start) return resumeRoute(steps, done);
  let route = start.next;
  const seen = new Set<string>([start.step]);
  for (let step = stepAt(steps, route); step; step = stepAt(steps, route)) {
    if (!done.has(step.step)) return step.route;
    if (seen.has(step.step)) return resumeRoute(steps, done);
    seen.add(step.step);
    route = step.next;
  }
  return firstIncomplete(steps, done)?.route ?? route;
}

/** The progress of a step: its 1-based position and the number of steps; undefined for a step not in the flow. */
export function progressOf(
  steps: readonly FlowStepEntry[],
  step: string,
): { index: number; total: number } | undefined {
  const i = steps.findIndex((s) => s.step === step);
  return i < 0 ? undefined : { index: i + 1, total: steps.length };
}
