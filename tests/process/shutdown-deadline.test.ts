// The shutdown's safety nets in a real process: a closer that hangs cannot keep it past 5 s, one that fails makes the exit non-zero.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';

/** Starts the fixture under tsx, sends SIGTERM once it is ready, and reports how it ended. */
async function stopFixture(mode: 'hang' | 'fail'): Promise<{ code: number | null; ms: number; lines: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/process/fixtures/stubborn-closer.ts', mode], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  while (!printed.includes('ready')) {
    if (child.exitCode !== null) throw new Error(`fixture ended early: ${printed}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const signalled = Date.now();
  child.kill('SIGTERM');
  const code = await exited;
  return { code, ms: Date.now() - signalled, lines: printed.trim().split('\n') };
}

describe('Shutdown', () => {
  it('exits 1 within 5 s when closing hangs, saying why in one line', async () => {
    const ended = await stopFixture('hang');
    expect(ended.code).toBe(1);
    expect(ended.ms).toBeLessThan(5000);
    expect(ended.lines).toEqual(['ready', 'Shutdown did not finish within 4.5 s: exiting anyway.']);
  });

  it('closes the rest and exits 1 when one closer fails', async () => {
    const ended = await stopFixture('fail');
    expect(ended.code).toBe(1);
    expect(ended.lines).toEqual(['ready', 'Shutdown: closing the stubborn resource failed: the disk went away', 'first resource closed']);
  });
});
