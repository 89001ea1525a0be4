// Waiting on an Ink screen in tests: React draws after input arrives, so a test polls the last
// frame until it shows what it expects (or fails with the frame it saw). Keys as a terminal
// sends them.

export const KEYS = {
  enter: '\r',
  escape: '\u001b',
  up: '\u001b[A',
  down: '\u001b[B',
  tab: '\t',
  backspace: '\u007f',
  delete: '\u001b[3~',
  left: '\u001b[D',
  ctrlC: '\u0003',
} as const;

/** Polls `frame()` until `check` passes on it; throws with the last frame after `timeoutMs`. */
export async function frameWhere(
  frame: () => string | undefined,
  check: (shown: string) => boolean,
  timeoutMs = 5_000,
): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const shown = frame() ?? '';
    if (check(shown)) return shown;
    if (Date.now() > until) throw new Error(`the screen never matched; it shows:\n${shown}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Lets pending input and effects run (Ink reads input on the next turns of the loop). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 30));
}
