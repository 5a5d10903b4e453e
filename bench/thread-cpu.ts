// CPU time of one thread, from Linux's /proc: what a server's event loop spent during a run, whatever
// else shared the machine or the process (the bench's own process also runs the load generator's thread).
import { readFileSync } from 'node:fs';

/** Linux reports thread times in ticks of 1/100 s (USER_HZ, fixed for user space). */
const MS_PER_TICK = 10;

/**
 * User plus system time, in milliseconds, from the text of `/proc/<pid>/task/<tid>/stat`. The thread's
 * name (field 2, in parentheses) may hold spaces and parentheses: fields are counted after its last `)`.
 */
export function parseTaskStat(text: string): number | undefined {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // After the name: state (3), …, utime (14) and stime (15), i.e. indexes 11 and 12 here.
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  return Number.isInteger(user) && Number.isInteger(system) ? (user + system) * MS_PER_TICK : undefined;
}

/** CPU milliseconds of process `pid`'s main thread so far; undefined where /proc cannot tell (not Linux). */
export function mainThreadCpuMs(pid: number): number | undefined {
  try {
    return parseTaskStat(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}
