// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { hydratable } from './prerendered.ts';

const root = (prerender?: string) => {
  const el = document.createElement('div');
  if (prerender !== undefined) el.dataset['prerender'] = prerender;
  return el;
};

describe('hydratable', () => {
  it("hydrates a page drawn for this browser's language, path and session", () => {
    expect(hydratable(root('fil /start out'), 'fil', '/start', false)).toBe(true);
    expect(hydratable(root('en /homeIndex in'), 'en', '/homeIndex', true)).toBe(true);
    expect(hydratable(root('zh-CN /guildDetail any'), 'zh-CN', '/guildDetail', true)).toBe(true);
    expect(hydratable(root('zh-CN /guildDetail any'), 'zh-CN', '/guildDetail', false)).toBe(true);
  });

  it('draws over a page drawn for another language, path or session, or none', () => {
    expect(hydratable(root('en /start out'), 'fil', '/start', false)).toBe(false);
    expect(hydratable(root('en /start out'), 'en', '/login', false)).toBe(false);
    expect(hydratable(root('en /start out'), 'en', '/start', true)).toBe(false);
    expect(hydratable(root('en /homeIndex in'), 'en', '/homeIndex', false)).toBe(false);
    expect(hydratable(root(), 'en', '/start', false)).toBe(false);
    expect(hydratable(root(''), 'en', '', false)).toBe(false);
  });
});
