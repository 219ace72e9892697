// Reads Prometheus' text format as the tests need it: the value of one sample, by metric name and labels.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Every sample of a scrape (comment lines left out). */
export function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!.replace(/\\(.)/g, '$1');
    out.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return out;
}

/** The value of the sample `name` whose labels include `labels`; undefined when there is none, and an error when several match. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples(text).filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** The sum of every sample `name` whose labels include `labels` (0 when none). */
export function total(text: string, name: string, labels: Record<string, string> = {}): number {
  return samples(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);
}
