// Reads a secret for the CLI: from a hidden prompt at a terminal, or the first line of standard input when piped.
import { createInterface } from 'node:readline';

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
    const lines = createInterface({ input, output: process.stdout, terminal: true });
    // Echo nothing of what is typed; only the prompt itself is written.
    const write = (lines as unknown as { _writeToOutput: (text: string) => void })._writeToOutput.bind(lines);
    (lines as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text: string) => {
      if (text.startsWith(prompt)) write(prompt);
    };
    lines.question(prompt, (answer) => {
      lines.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}
