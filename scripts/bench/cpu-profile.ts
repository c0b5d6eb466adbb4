/** Where the time goes in a V8 CPU profile (CDP `Profiler.stop`): self and inclusive time by function. */

/** Where a profiled function is: its name, script URL and 0-based line and column. */
export interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
  readonly columnNumber?: number;
}

/** The parts of a CDP `Profiler.Profile` read here. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: CallFrame;
    readonly children?: readonly number[];
  }[];
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

/** One function's share of the profile. */
export interface FunctionTime {
  readonly fn: string;
  readonly selfMs: number;
  readonly totalMs: number;
}

const IGNORED = new Set(['(idle)', '(root)', '(program)']);

function label(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const file = frame.url.split('/').at(-1) ?? '';
  return `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
}

/** Self and inclusive milliseconds per function (recursion counted once per sample), and the busy total. */
export function functionTimes(profile: CpuProfile): { busyMs: number; functions: FunctionTime[] } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busy = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // timeDeltas[i] is the time before sample i, so sample i lasts until sample i+1.
  for (let i = 0; i < samples.length; i += 1) {
    const node = byId.get(samples[i] ?? -1);
    const ms = (deltas[i + 1] ?? 0) / 1000;
    if (!node || IGNORED.has(node.callFrame.functionName)) continue;
    busy += ms;
    const own = label(node.callFrame);
    self.set(own, (self.get(own) ?? 0) + ms);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const at = byId.get(id);
      if (!at || IGNORED.has(at.callFrame.functionName)) continue;
      const key = label(at.callFrame);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + ms);
    }
  }
  const functions = [...total.entries()].map(([fn, totalMs]) => ({ fn, selfMs: self.get(fn) ?? 0, totalMs }));
  return { busyMs: busy, functions };
}

/** Self milliseconds per group (`group` names the group of a frame: its package, say), largest first. */
export function selfTimeBy(
  profile: CpuProfile,
  group: (frame: CallFrame) => string,
): { group: string; selfMs: number }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const out = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1) {
    const node = byId.get(samples[i] ?? -1);
    if (!node || IGNORED.has(node.callFrame.functionName)) continue;
    const key = group(node.callFrame);
    out.set(key, (out.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...out.entries()].map(([g, selfMs]) => ({ group: g, selfMs })).sort((a, b) => b.selfMs - a.selfMs);
}

/**
 * The package, or the repo folder, of an absolute source path from a source map: `@rjsf/core`, `react-dom`,
 * `engine/form`, `engine/form/stand-ins`, `forms/compiled`, `scripts/bench/page`...
 */
export function packageOf(source: string): string {
  const path = source.replace(/^file:\/\//u, '').replace(/\\/gu, '/');
  const at = path.lastIndexOf('node_modules/');
  if (at >= 0) return /^node_modules\/((?:@[^/]+\/)?[^/]+)/u.exec(path.slice(at))?.[1] ?? path;
  const ours = /(?:^|\/)((?:engine|forms|scripts|src|domain|locales|config)\/.*)\/[^/]+$/u.exec(path);
  return ours?.[1] ?? path;
}
