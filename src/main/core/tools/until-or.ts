// A bounded wait: for a promise, at most so long, and never past an abort.
/** Waits for `promise`, at most `ms` and never past an abort. */
export async function untilOr(
  promise: Promise<unknown>,
  ms: number,
  signal: AbortSignal,
): Promise<void> {
  if (ms <= 0 || signal.aborted) return;
  let timer: NodeJS.Timeout | undefined;
  let onAbort = (): void => undefined;
  await Promise.race([
    promise,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      onAbort = () => resolve();
      signal.addEventListener('abort', onAbort, { once: true });
    }),
  ]);
  clearTimeout(timer);
  signal.removeEventListener('abort', onAbort);
}
