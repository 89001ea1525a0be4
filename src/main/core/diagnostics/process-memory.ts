// Resident memory of a child process (a language server), from /proc on Linux.
import { readFileSync } from 'node:fs';

/** VmRSS of `pid` in bytes; null where /proc is not available or the process is gone. */
export function readRssBytes(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
