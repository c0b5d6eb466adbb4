/** `npm run staff -- <command>`: staff accounts from the command line (server/services/staff/cli.ts). */
import { runStaffCli } from '#server/services/staff/cli.ts';

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const done = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          done();
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          done();
          reject(new Error('cancelled'));
          return;
        }
        value = ch === '\u007f' || ch === '\b' ? value.slice(0, -1) : value + ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function askPassword(): Promise<string> {
  const first = await askHidden('Password (12 characters or more): ');
  const second = await askHidden('Again: ');
  if (first !== second) throw new Error('The two passwords differ.');
  return first;
}

try {
  process.exitCode = await runStaffCli(process.argv.slice(2), {
    env: process.env,
    print: (line) => console.log(line),
    ...(process.stdin.isTTY && { askPassword }),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
