// CPU time of a process tree, read from Linux /proc: what a benchmark on a shared machine reports
// next to wall time, because CPU time hardly moves with the load others put on the machine.
import { execSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

const clockTicksPerSecond = process.platform === 'linux' ? Number(execSync('getconf CLK_TCK').toString().trim()) : Number.NaN;

interface ProcessStat {
  parentPid: number;
  /** utime + stime + cutime + cstime in clock ticks: its own CPU and that of the children it reaped. */
  ticks: number;
  /** cutime + cstime alone: grows when it reaps a child. */
  reapedTicks: number;
}

async function readStat(pid: number): Promise<ProcessStat | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // Fields after the command name's closing parenthesis: state, ppid, ... utime (12th), stime, cutime, cstime.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const reapedTicks = Number(fields[13]) + Number(fields[14]);
  return { parentPid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) + reapedTicks, reapedTicks };
}

/**
 * CPU time (user and system, microseconds) used so far by `rootPid` and every process under it,
 * including those that already ended (their parent reaped them, so it counts in the parent's
 * cutime/cstime): PostgreSQL's backends come and go with the pool. Null off Linux.
 */
export async function processTreeCpuUs(rootPid: number): Promise<number | null> {
  if (!Number.isFinite(clockTicksPerSecond)) return null;
  // A child reaped while /proc is read would count in neither its own entry nor its parent's
  // (a pooled backend exiting when idle took seconds of CPU with it): read again until none was.
  for (let attempt = 1; ; attempt++) {
    const before = await readStat(rootPid);
    if (before === null) return null;
    const ticks = await treeTicks(rootPid);
    const after = await readStat(rootPid);
    if (ticks === null || after === null) return null;
    if (after.reapedTicks === before.reapedTicks || attempt === 5) return (ticks / clockTicksPerSecond) * 1e6;
  }
}

/** Clock ticks of `rootPid` and every process under it, as /proc shows them now. */
async function treeTicks(rootPid: number): Promise<number | null> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const stats = new Map<number, ProcessStat>();
  for (const pid of pids) {
    const stat = await readStat(pid);
    if (stat) stats.set(pid, stat);
  }
  if (!stats.has(rootPid)) return null;
  const inTree = new Set([rootPid]);
  // Parents before children is not guaranteed by pid order: repeat until nothing joins.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, stat] of stats) {
      if (!inTree.has(pid) && inTree.has(stat.parentPid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of inTree) ticks += stats.get(pid)!.ticks;
  return ticks;
}

/** The PostgreSQL server's main process (postmaster) behind a connection, when it runs on this machine. */
export async function postgresServerPid(backendPid: number): Promise<number | null> {
  return (await readStat(backendPid))?.parentPid ?? null;
}
