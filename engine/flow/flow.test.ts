import { describe, expect, it } from 'vitest';
import { firstIncomplete, flowEnd, nextRoute, progressOf, resumeRoute, stepAt, type FlowStepEntry } from './flow.ts';

const steps: FlowStepEntry[] = [
  { step: 'identityInfo', schema: 'identity', route: '/identityInfo', next: '/baseInfo' },
  { step: 'baseInfo', schema: 'baseInfo', route: '/baseInfo', next: '/contact' },
  { step: 'contact', schema: 'contact', route: '/contact', next: '/bankInfo' },
  { step: 'bankInfo', schema: 'bankInfo', route: '/bankInfo', next: '/homeIndex' },
];

describe('flow', () => {
  it('finds the step of a route, ignoring the query', () => {
    expect(stepAt(steps, '/contact?from=home')?.step).toBe('contact');
    expect(stepAt(steps, '/homeIndex')).toBeUndefined();
  });

  it('resumes at the first incomplete step, in flow order, and at the end once all are complete', () => {
    expect(firstIncomplete(steps, [])?.step).toBe('identityInfo');
    expect(resumeRoute(steps, ['identityInfo', 'contact'])).toBe('/baseInfo');
    expect(resumeRoute(steps, new Set(['identityInfo', 'baseInfo', 'contact', 'bankInfo']))).toBe('/homeIndex');
    expect(flowEnd(steps)).toBe('/homeIndex');
  });

  it('leads a valid submit to the next step, skipping completed ones', () => {
    expect(nextRoute(steps, [], 'identityInfo')).toBe('/baseInfo');
    expect(nextRoute(steps, ['baseInfo'], 'identityInfo')).toBe('/contact');
    expect(nextRoute(steps, [], 'contact')).toBe('/bankInfo');
  });

  it('sends the last step back to an earlier incomplete step, else to where the flow ends', () => {
    expect(nextRoute(steps, ['baseInfo'], 'bankInfo')).toBe('/identityInfo');
    expect(nextRoute(steps, ['identityInfo', 'baseInfo', 'contact'], 'bankInfo')).toBe('/homeIndex');
  });

  it('survives a cycle in next', () => {
    const cyclic = [
      { ...steps[0]!, next: '/baseInfo' },
      { ...steps[1]!, next: '/identityInfo' },
    ];
    expect(nextRoute(cyclic, ['baseInfo'], 'identityInfo')).toBe('/identityInfo');
  });

  it('gives the progress i of n', () => {
    expect(progressOf(steps, 'contact')).toEqual({ index: 3, total: 4 });
    expect(progressOf(steps, 'bankName')).toBeUndefined();
  });
});
