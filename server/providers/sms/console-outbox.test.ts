import { describe, expect, it } from 'vitest';
import { createConsoleOutbox } from './console-outbox.ts';
import { SmsSendError } from './sms-provider.ts';

const to = '+639171234567';

describe('console outbox', () => {
  it('sends on a later tick, prints one line with number and text, and keeps the message', async () => {
    const lines: string[] = [];
    const outbox = createConsoleOutbox({ log: (line) => lines.push(line) });
    const sending = outbox.send({ to, text: 'Your PesoAgad code is 4821' });
    expect(outbox.messages()).toEqual([]);
    expect(lines).toEqual([]);

    const receipt = await sending;
    expect(receipt.provider).toBe('console');
    expect(lines).toEqual([`SMS to ${to}: "Your PesoAgad code is 4821"`]);
    const [kept] = outbox.messages();
    expect(kept).toMatchObject({ id: receipt.id, to, text: 'Your PesoAgad code is 4821' });
    expect(kept?.at).toBeInstanceOf(Date);
    expect(outbox.lastTo(to)?.text).toMatch(/\b4821\b/);
  });

  it('prints a multi-line text on one line', async () => {
    const lines: string[] = [];
    const outbox = createConsoleOutbox({ log: (line) => lines.push(line) });
    await outbox.send({ to, text: 'Code 1234\nDo not share it' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    expect(lines[0]).toContain('Code 1234');
  });

  it('gives each message its own id and finds the latest one to a number', async () => {
    const outbox = createConsoleOutbox({ log: () => {} });
    const a = await outbox.send({ to, text: 'first 1111' });
    await outbox.send({ to: '+639981112222', text: 'other 2222' });
    const c = await outbox.send({ to, text: 'second 3333' });
    expect(a.id).not.toBe(c.id);
    expect(outbox.lastTo(to)).toMatchObject({ id: c.id, text: 'second 3333' });
    expect(outbox.lastTo('+639000000000')).toBeUndefined();
  });

  it('keeps only the last `keep` messages', async () => {
    const outbox = createConsoleOutbox({ log: () => {}, keep: 3 });
    for (let i = 1; i <= 5; i++) await outbox.send({ to, text: `code ${i}` });
    expect(outbox.messages().map((m) => m.text)).toEqual(['code 3', 'code 4', 'code 5']);
  });

  it('hands out a copy: callers cannot change what it keeps', async () => {
    const outbox = createConsoleOutbox({ log: () => {} });
    await outbox.send({ to, text: 'code 1' });
    (outbox.messages() as unknown[]).length = 0;
    expect(outbox.messages()).toHaveLength(1);
  });

  it.each(['09171234567', '639171234567', '+6391712345678', '+14155550123', '+63 917 123 4567', ''])(
    'rejects the recipient %j with a non-retryable SmsSendError, printing and keeping nothing',
    async (bad) => {
      const lines: string[] = [];
      const outbox = createConsoleOutbox({ log: (line) => lines.push(line) });
      const error = await outbox.send({ to: bad, text: 'code 1234' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmsSendError);
      expect((error as SmsSendError).retryable).toBe(false);
      expect(lines).toEqual([]);
      expect(outbox.messages()).toEqual([]);
    },
  );

  it('rejects an empty text', async () => {
    const outbox = createConsoleOutbox({ log: () => {} });
    await expect(outbox.send({ to, text: '  ' })).rejects.toMatchObject({ name: 'SmsSendError', retryable: false });
  });

  it('refuses a nonsense keep', () => {
    expect(() => createConsoleOutbox({ keep: -1 })).toThrow(RangeError);
    expect(() => createConsoleOutbox({ keep: 1.5 })).toThrow(RangeError);
  });
});
