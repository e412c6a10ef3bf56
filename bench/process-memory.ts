import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status), or undefined when it is gone. */
export function rssMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a JVM's resident memory is: its Java heap (committed, used, and how much of it is resident:
 * the heap is committed up front but a page is only resident once touched) and the rest (page cache,
 * metaspace, threads, code). Through `jcmd GC.heap_info` and /proc/<pid>/smaps; undefined without jcmd.
 */
export function jvmMemory(
  pid: number | undefined,
): { heapCommittedMb: number; heapUsedMb: number; heapRssMb: number; otherRssMb: number } | undefined {
  if (!pid) return undefined;
  try {
    const info = execFileSync('jcmd', [String(pid), 'GC.heap_info'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 20_000,
    });
    const m = /total (\d+)K, used (\d+)K \[0x([0-9a-f]+), 0x([0-9a-f]+)\)/.exec(info);
    if (!m) return undefined;
    const [lo, hi] = [BigInt(`0x${m[3]}`), BigInt(`0x${m[4]}`)];
    let heapKb = 0;
    let otherKb = 0;
    let inHeap = false;
    for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
      const range = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
      if (range) {
        const start = BigInt(`0x${range[1]}`);
        inHeap = start >= lo && start < hi;
        continue;
      }
      const rss = /^Rss:\s+(\d+) kB/.exec(line);
      if (rss) {
        if (inHeap) heapKb += Number(rss[1]);
        else otherKb += Number(rss[1]);
      }
    }
    return {
      heapCommittedMb: Math.round(Number(m[1]) / 1024),
      heapUsedMb: Math.round(Number(m[2]) / 1024),
      heapRssMb: Math.round(heapKb / 1024),
      otherRssMb: Math.round(otherKb / 1024),
    };
  } catch {
    return undefined;
  }
}
