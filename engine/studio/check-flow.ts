/**
 * The checks of a step order draft and its normal form. Each step shows an existing form at a known screen, no step,
 * screen or form twice, and each step's `next` is the step after it (the last one's the flow's end). Pure.
 */
import { check } from './types.ts';
import type { Check, FlowContentLike, FlowStepLike } from './types.ts';

/** Where the app goes after the last step (config/flow.json). */
export const FLOW_END = '/homeIndex';

/** What checkFlow needs beside the draft: the forms that exist and the app's screens (config/routes.json paths). */
export interface FlowCheckContext {
  readonly forms: readonly string[];
  readonly routes: readonly string[];
}

/** The steps with each `next` recomputed from their order: the following step's route, the last one `end`. */
export function normalizeFlow<T extends FlowStepLike>(steps: readonly T[], end: string = FLOW_END): T[] {
  return steps.map((step, index) => ({ ...step, next: steps[index + 1]?.route ?? end }));
}

/** The checks of a flow draft. */
export function checkFlow(content: FlowContentLike, ctx: FlowCheckContext): Check[] {
  const out: Check[] = [];
  const { steps } = content;
  if (steps.length === 0) return [check('error', 'flowEmpty', '/steps')];
  const forms = new Set(ctx.forms);
  const routes = new Set(ctx.routes);
  const seen = { step: new Set<string>(), route: new Set<string>(), schema: new Set<string>() };
  const normal = normalizeFlow(steps);
  steps.forEach((entry, index) => {
    const at = `/steps/${index}`;
    const { step } = entry;
    if (!forms.has(entry.schema))
      out.push(check('error', 'flowFormMissing', `${at}/schema`, { step, form: entry.schema }));
    if (!routes.has(entry.route))
      out.push(check('error', 'flowRouteUnknown', `${at}/route`, { step, route: entry.route }));
    if (seen.step.has(step)) out.push(check('error', 'flowDuplicateStep', `${at}/step`, { step }));
    if (seen.route.has(entry.route))
      out.push(check('error', 'flowDuplicateRoute', `${at}/route`, { step, route: entry.route }));
    if (seen.schema.has(entry.schema))
      out.push(check('error', 'flowDuplicateForm', `${at}/schema`, { step, form: entry.schema }));
    seen.step.add(step);
    seen.route.add(entry.route);
    seen.schema.add(entry.schema);
    const expected = normal[index]?.next ?? FLOW_END;
    if (entry.next !== expected)
      out.push(check('error', 'flowNext', `${at}/next`, { step, next: entry.next, expected }));
  });
  return out;
}
