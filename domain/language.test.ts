import { describe, expect, it } from 'vitest';
import { browserLanguage } from './language.ts';

const offered = ['en', 'fil', 'zh-CN'] as const;

describe('browserLanguage', () => {
  it('takes the first preferred language the product offers, Tagalog as Filipino and any Chinese as zh-CN', () => {
    expect(browserLanguage(['fil-PH', 'en-US'], offered)).toBe('fil');
    expect(browserLanguage(['tl'], offered)).toBe('fil');
    expect(browserLanguage(['ko-KR', 'zh-TW'], offered)).toBe('zh-CN');
    expect(browserLanguage(['de', 'ja'], offered)).toBeUndefined();
  });

  it('reads Accept-Language entries as they come (spaces, weights)', () => {
    expect(browserLanguage([' fil;q=0.9', 'en;q=0.8'], offered)).toBe('fil');
    expect(browserLanguage(['EN_gb'], offered)).toBe('en');
  });
});
