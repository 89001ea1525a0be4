// Whether a process of this machine still runs (signal 0: nothing is sent).
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
