// A run's event stream read to its end by a CLI verb: each event is handed on (printed) as it
// comes, and the stream's return value (the turn's outcome, the change set) is the result.

/** Reads `events` until it returns; a throw from the stream or from `onEvent` ends the read. */
export async function drainEvents<E, R>(
  events: AsyncGenerator<E, R>,
  onEvent: (event: E) => void,
): Promise<R> {
  for (;;) {
    const next = await events.next();
    if (next.done) return next.value;
    onEvent(next.value);
  }
}
