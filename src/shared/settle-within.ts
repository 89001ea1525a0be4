// Waiting for something at most so long: the promise's value when it settles in time, else
// what `fallback` gives then. The timer never outlives the wait.
export async function settleWithin<T, F>(
  promise: Promise<T>,
  ms: number,
  fallback: () => F,
): Promise<T | F> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<F>((resolve) => {
        timer = setTimeout(() => resolve(fallback()), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
