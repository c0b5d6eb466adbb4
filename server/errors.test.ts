import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_STATUS } from './errors.ts';

describe('error catalogue', () => {
  it.each(['en', 'fil', 'zh-CN'])('has a %s text for every code', (lng) => {
    const catalog = JSON.parse(readFileSync(`locales/${lng}/errors.json`, 'utf8')) as Record<string, string>;
    expect(Object.keys(ERROR_STATUS).filter((code) => typeof catalog[code] !== 'string')).toEqual([]);
  });

  it('answers bad input with a 4xx and only server faults with a 5xx', () => {
    const fives = Object.entries(ERROR_STATUS)
      .filter(([, status]) => status >= 500)
      .map(([code]) => code);
    expect(fives.sort()).toEqual(['PROVIDER_UNAVAILABLE', 'SERVER_ERROR', 'SMS_SEND_FAILED']);
    expect(new ApiError('CODE_INVALID').status).toBe(400);
  });

  it("fills a message's {{placeholders}} from the answer's fields", () => {
    expect(new ApiError('REAPPLY_LATER', { reapplyAfter: '2026-07-01' }).message).toContain('from 2026-07-01');
  });
});
