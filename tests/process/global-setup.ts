// Before the process tests: compile the server if its sources changed since the last build (they run the compiled bundle).
import { execFileSync } from 'node:child_process';

export default function compileServer(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { stdio: 'inherit' });
}
