import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time used by processes, from Linux's /proc: what a phase costs in work, whatever else the
 * machine runs beside it (a rate falls when another process takes the cores; the CPU spent per
 * unit of work does not, or far less).
 */

/** /proc counts in clock ticks of 10 ms (USER_HZ is 100 on Linux). */
const TICK_MS = 10;

/** User plus system CPU (ms) a process has used, or null once it is gone. */
function procCpuMs(pid: number | string): { comm: string; ms: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid …": the name may hold spaces, so the fields are read after its ")".
  const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 (utime) and 15 (stime) of proc(5); `fields` starts at field 3.
  return { comm, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
}

/** CPU (ms) used so far by every PostgreSQL server process of the machine that is still running. */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const proc = procCpuMs(entry);
    if (proc?.comm === 'postgres') total += proc.ms;
  }
  return total;
}

export interface CpuSplit {
  /** The server process. */
  serverMs: number;
  /** PostgreSQL's processes (0 on PGlite, which runs inside the server). */
  postgresMs: number;
  /** This process: the load generator. */
  benchMs: number;
}

/** Starts counting; the function returned gives the CPU each part used since. */
export function startCpuCount(serverPid: number): () => CpuSplit {
  const server = procCpuMs(serverPid)?.ms ?? 0;
  const postgres = postgresCpuMs();
  const bench = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(bench);
    return {
      serverMs: (procCpuMs(serverPid)?.ms ?? server) - server,
      postgresMs: postgresCpuMs() - postgres,
      benchMs: (used.user + used.system) / 1000,
    };
  };
}
