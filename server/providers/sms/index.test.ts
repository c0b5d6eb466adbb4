import { describe, expect, it } from 'vitest';
import { createSmsProvider, readSmsSettings } from './index.ts';

describe('readSmsSettings', () => {
  it('defaults to the console outbox', () => {
    expect(readSmsSettings({})).toEqual({ settings: { provider: 'console' }, problems: [] });
  });

  it('reads Semaphore with its key, sender name and base URL', () => {
    const env = {
      SMS_PROVIDER: 'semaphore',
      SEMAPHORE_API_KEY: 'k1',
      SEMAPHORE_SENDER_NAME: 'PesoAgad',
      SEMAPHORE_BASE_URL: 'http://127.0.0.1:9',
    };
    expect(readSmsSettings(env)).toEqual({
      settings: { provider: 'semaphore', apiKey: 'k1', senderName: 'PesoAgad', baseUrl: 'http://127.0.0.1:9' },
      problems: [],
    });
    expect(
      readSmsSettings({ SMS_PROVIDER: 'semaphore', SEMAPHORE_API_KEY: 'k1', SEMAPHORE_SENDER_NAME: '' }).settings,
    ).toEqual({ provider: 'semaphore', apiKey: 'k1' });
  });

  it('lists every problem, naming the variable to fix and never echoing the key', () => {
    const { settings, problems } = readSmsSettings({
      SMS_PROVIDER: 'semaphore',
      SEMAPHORE_SENDER_NAME: 'PesoAgadLoans',
      SEMAPHORE_BASE_URL: 'ftp://x',
    });
    expect(settings).toBeUndefined();
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/SEMAPHORE_API_KEY is required/);
    expect(problems.join('\n')).toMatch(/SEMAPHORE_SENDER_NAME must be at most 11 characters/);
    expect(problems.join('\n')).toMatch(/SEMAPHORE_BASE_URL must be an http\(s\) URL/);

    const bad = readSmsSettings({ SMS_PROVIDER: 'twilio' });
    expect(bad.settings).toBeUndefined();
    expect(bad.problems).toEqual(['SMS_PROVIDER must be one of console, semaphore, got "twilio"']);
  });
});

describe('createSmsProvider', () => {
  it('builds the console outbox, printing through the given log', async () => {
    const lines: string[] = [];
    const outbox = createSmsProvider({ provider: 'console' }, (line) => lines.push(line));
    expect(outbox.name).toBe('console');
    await outbox.send({ to: '+639171234567', text: 'code 1234' });
    expect(lines).toEqual(['SMS to +639171234567: "code 1234"']);
    expect(outbox.lastTo('+639171234567')?.text).toBe('code 1234');
  });

  it('builds the Semaphore adapter', () => {
    expect(createSmsProvider({ provider: 'semaphore', apiKey: 'k1' }).name).toBe('semaphore');
  });
});
