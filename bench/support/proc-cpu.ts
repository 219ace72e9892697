// CPU time of a process or of its threads, from Linux's /proc: what the benchmarks print beside wall time.
import { readFileSync, readdirSync } from 'node:fs';

/** CPU milliseconds (user + system) a process, or one of its threads, has used so far; 0 when it is gone. */
export function cpuMs(pid: number, thread?: number): number {
  try {
    const fields = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** CPU milliseconds of each thread of a process, by thread id. */
export function threadCpuMs(pid: number): Map<number, number> {
  return new Map(readdirSync(`/proc/${pid}/task`).map((t) => [Number(t), cpuMs(pid, Number(t))]));
}
