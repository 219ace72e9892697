// The lazy chunks' preload tables leave out the stylesheets the app's page carries inline: the rewritten chunk still
// runs, each dynamic import gets its other files in their order, and the lines after the table keep their length.
import { describe, expect, it } from 'vitest';
import { withoutPreloads } from '../../scripts/vite-inline-css-preloads';

const INLINE = new Set(['assets/index-X.css']);
const TABLE = 'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js","assets/index-X.css","assets/b.css"])))=>i.map(i=>d[i]);\n';
const BODY = 'return [__vite__mapDeps([0,1,2]), __vite__mapDeps([2,1]), __vite__mapDeps([1])];';

/** What each dynamic import of the chunk `code` would preload. */
const preloads = (code: string) => new Function(code)() as string[][];

describe('withoutPreloads', () => {
  it('leaves the inlined stylesheet out of every dynamic import, keeping the others in order', () => {
    expect(preloads(TABLE + BODY)).toEqual([['assets/a.js', 'assets/index-X.css', 'assets/b.css'], ['assets/b.css', 'assets/index-X.css'], ['assets/index-X.css']]);
    const rewritten = withoutPreloads(TABLE + BODY, INLINE);
    expect(preloads(rewritten)).toEqual([['assets/a.js', 'assets/b.css'], ['assets/b.css'], []]);
    expect(rewritten).not.toContain('index-X.css');
  });

  it('keeps every line after the table as long as it was, so the source map still points right', () => {
    const rewritten = withoutPreloads(`${TABLE}${BODY}\nconst after = 1;`, INLINE);
    const [, ...lines] = rewritten.split('\n');
    expect(lines.map((line) => line.length)).toEqual([BODY.length, 'const after = 1;'.length]);
  });

  it('leaves a chunk that preloads nothing inlined as it was', () => {
    const other = TABLE.replace('"assets/index-X.css"', '"assets/c.css"') + BODY;
    expect(withoutPreloads(other, INLINE)).toBe(other);
    expect(withoutPreloads(BODY, INLINE)).toBe(BODY);
  });

  it('fails the build when a chunk names an inlined stylesheet outside a table it can read (Vite changed its output)', () => {
    const changed = TABLE.replace('const __vite__mapDeps=', 'const __vite__preloadDeps=') + BODY;
    expect(() => withoutPreloads(changed, INLINE)).toThrow(/index-X\.css/);
  });
});
