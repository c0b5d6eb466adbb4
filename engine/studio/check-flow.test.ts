import { describe, expect, it } from 'vitest';
import { checkFlow, FLOW_END, normalizeFlow } from './check-flow.ts';
import { FLOW, FORM_NAMES } from '#tests/unit/studio-seed.ts';
import { readFileSync } from 'node:fs';

const routes = (JSON.parse(readFileSync('config/routes.json', 'utf8')) as { routes: { path: string }[] }).routes.map(
  (r) => r.path,
);
const ctx = { forms: FORM_NAMES, routes };
const codes = (steps: typeof FLOW.steps) =>
  checkFlow({ steps }, ctx).map((c) => [c.code.replace('studio.checks.', ''), c.path]);

describe('checkFlow', () => {
  it('passes the seed flow', () => {
    expect(checkFlow(FLOW, ctx)).toEqual([]);
  });

  it('refuses a form that does not exist and a route the app does not know', () => {
    const steps = structuredClone(FLOW.steps);
    steps[1]!.schema = 'incomeInfo';
    steps[2]!.route = '/baseInfo3';
    steps[1]!.next = '/baseInfo3';
    expect(codes(steps)).toEqual([
      ['flowFormMissing', '/steps/1/schema'],
      ['flowRouteUnknown', '/steps/2/route'],
    ]);
  });

  it('refuses a step, a route or a form twice', () => {
    const steps = normalizeFlow([...FLOW.steps, FLOW.steps[0]!]);
    expect(codes(steps)).toEqual([
      ['flowDuplicateStep', '/steps/7/step'],
      ['flowDuplicateRoute', '/steps/7/route'],
      ['flowDuplicateForm', '/steps/7/schema'],
    ]);
  });

  it('refuses an empty flow', () => {
    expect(codes([])).toEqual([['flowEmpty', '/steps']]);
  });

  it('refuses a next that is not the following step, with the expected one', () => {
    const steps = [FLOW.steps[1]!, FLOW.steps[0]!, ...FLOW.steps.slice(2)];
    const checks = checkFlow({ steps }, ctx);
    expect(checks.map((c) => [c.path, c.params['expected']])).toEqual([
      ['/steps/0/next', '/identityInfo'],
      ['/steps/1/next', '/baseInfo2'],
    ]);
    expect(checkFlow({ steps: normalizeFlow(steps) }, ctx)).toEqual([]);
  });
});

describe('normalizeFlow', () => {
  it('recomputes each next from the order; the last step goes to the end of the flow', () => {
    const steps = [FLOW.steps[6]!, FLOW.steps[0]!];
    expect(normalizeFlow(steps).map((s) => [s.step, s.next])).toEqual([
      ['bankInfo', '/identityInfo'],
      ['identityInfo', FLOW_END],
    ]);
    expect(FLOW_END).toBe('/homeIndex');
    expect(normalizeFlow(FLOW.steps)).toEqual(FLOW.steps);
  });

  it('keeps the other properties and does not change its argument', () => {
    const steps = structuredClone(FLOW.steps);
    normalizeFlow(steps.slice().reverse());
    expect(steps).toEqual(FLOW.steps);
  });
});
