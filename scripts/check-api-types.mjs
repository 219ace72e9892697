// Fails when src/contract/schema.d.ts is not what openapi.yaml generates (run `npm run gen:api`).
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const out = join(mkdtempSync(join(tmpdir(), 'schema-')), 'schema.d.ts');
const result = spawnSync('npx', ['openapi-typescript', 'openapi.yaml', '-o', out], { encoding: 'utf8' });
if (result.status !== 0) {
  console.error(result.stderr || result.stdout);
  process.exit(1);
}
const committed = readFileSync('src/contract/schema.d.ts', 'utf8');
if (readFileSync(out, 'utf8') !== committed) {
  console.error('src/contract/schema.d.ts is stale: run `npm run gen:api` and commit the result.');
  process.exit(1);
}
console.log('API types match openapi.yaml');
