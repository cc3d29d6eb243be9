import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { postgresServerPid, processTreeCpuUs } from './process-cpu.js';

describe.skipIf(process.platform !== 'linux')('process tree CPU time', () => {
  it('counts the CPU time of a child that already ended', async () => {
    const before = (await processTreeCpuUs(process.pid))!;
    // Burns 300 ms of CPU time (not wall time: the machine may be busy), then exits.
    execFileSync(process.execPath, ['-e', 'while (process.cpuUsage().user < 300_000) {}']);
    const after = (await processTreeCpuUs(process.pid))!;
    expect(after - before).toBeGreaterThanOrEqual(300_000);
  });

  it('finds the parent of a process, and nothing for one that does not exist', async () => {
    expect(await postgresServerPid(process.pid)).toBe(process.ppid);
    expect(await processTreeCpuUs(2 ** 22 + 1)).toBeNull();
  });
});
