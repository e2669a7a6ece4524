import { readdirSync, readFileSync } from 'node:fs';

// Where the machine's cores went during a load: the service instances (each with its child
// processes), the PostgreSQL server, the load generator (this process) and the rest (the kernel,
// other programs), as shares of the cores' time. Linux only (/proc); elsewhere nothing is said.

interface Proc {
  ppid: number;
  comm: string;
  ticks: number;
}

function processes(): Map<number, Proc> {
  const all = new Map<number, Proc>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      all.set(Number(name), {
        comm: stat.slice(stat.indexOf('(') + 1, close),
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return all;
}

/** Ticks of the machine as a whole: busy and all. */
function machine(): CpuSnapshot['machine'] {
  const lines = readFileSync('/proc/stat', 'utf8').split('\n');
  const cpu = lines[0]!.split(/\s+/).slice(1).map(Number);
  const all = cpu.reduce((s, n) => s + n, 0);
  return { busy: all - cpu[3]! - (cpu[4] ?? 0), all, cores: lines.filter((l) => /^cpu\d+ /.test(l)).length };
}

export interface CpuSnapshot {
  procs: Map<number, Proc>;
  machine: { busy: number; all: number; cores: number };
}

export function cpuSnapshot(): CpuSnapshot | null {
  try {
    return { procs: processes(), machine: machine() };
  } catch {
    return null;
  }
}

/** A process and its descendants, by pid. */
function tree(procs: Map<number, Proc>, root: number): number[] {
  const found = [root];
  for (let i = 0; i < found.length; i++)
    for (const [pid, p] of procs) if (p.ppid === found[i] && !found.includes(pid)) found.push(pid);
  return found;
}

/**
 * "instances 1.21 cores, PostgreSQL 0.52, load generator 0.18, the rest 0.07, idle 0.02": the cores
 * each took between two snapshots, out of the machine's.
 */
export function cpuSplit(before: CpuSnapshot | null, after: CpuSnapshot | null, instances: number[]): string {
  if (!before || !after) return 'CPU split not known here';
  const used = (pids: Iterable<number>) => {
    let ticks = 0;
    for (const pid of pids) ticks += (after.procs.get(pid)?.ticks ?? 0) - (before.procs.get(pid)?.ticks ?? 0);
    return ticks;
  };
  // The machine's line counts every core's ticks: one core's share of them is the time that passed.
  const wall = (after.machine.all - before.machine.all) / after.machine.cores;
  const share = (ticks: number) => (ticks / wall).toFixed(2);
  const instanceTicks = used(new Set(instances.flatMap((pid) => tree(after.procs, pid))));
  const postgres = used([...after.procs].filter(([, p]) => p.comm.startsWith('postgres')).map(([pid]) => pid));
  const generator = used([process.pid]);
  const busy = after.machine.busy - before.machine.busy;
  const rest = Math.max(0, busy - instanceTicks - postgres - generator);
  const idle = after.machine.all - before.machine.all - busy;
  return `instances ${share(instanceTicks)} cores, PostgreSQL ${share(postgres)}, load generator ${share(generator)}, the rest ${share(rest)}, idle ${share(idle)}`;
}
