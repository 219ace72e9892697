// Reads a secret for the CLI: from a hidden prompt at a terminal, or the first line of standard input when piped.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

export async function readSecret(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    // Piped: the first line is the secret (`printf '%s\n' "$PASSWORD" | npm run cli -- set-password a@b.c`).
    const lines = createInterface({ input, terminal: false });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  return new Promise((resolve) => {
    // Echo nothing of what is typed: readline writes to a stream that passes the prompt on, then goes quiet.
    let muted = false;
    const output = new Writable({
      // Done at once, so nothing waits in the stream's buffer to be judged after `muted` has changed.
      write(chunk, encoding, done) {
        if (!muted) process.stdout.write(chunk, encoding);
        done();
      },
    });
    const lines = createInterface({ input, output, terminal: true });
    lines.question(prompt, (answer) => {
      lines.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    // `question` has written the prompt by now; the keys typed after it stay unseen.
    muted = true;
  });
}
