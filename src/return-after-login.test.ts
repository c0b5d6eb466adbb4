// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberReturn, takeReturn } from './return-after-login.ts';

beforeEach(() => sessionStorage.clear());

describe('coming back after a login', () => {
  it('gives the remembered page once', () => {
    rememberReturn('/appointLoanList?from=notice', 1_000);
    expect(takeReturn(2_000)).toBe('/appointLoanList?from=notice');
    expect(takeReturn(3_000)).toBeNull();
  });

  it('forgets a sign-in left unfinished for long', () => {
    rememberReturn('/appointLoan', 0);
    expect(takeReturn(16 * 60 * 1000)).toBeNull();
    expect(takeReturn(0)).toBeNull();
  });

  it('never leads to another site, nor reads a damaged entry', () => {
    for (const path of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'appointLoan']) {
      rememberReturn(path, 0);
      expect(takeReturn(1)).toBeNull();
    }
    sessionStorage.setItem('returnAfterLogin', '{not json');
    expect(takeReturn()).toBeNull();
  });
});
