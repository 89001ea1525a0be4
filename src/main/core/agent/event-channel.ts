// A single-consumer async queue: producers (the stream reader, parallel tools, the retry
// guard) push events as they happen; the turn's async generator yields them in order.
export class EventChannel<T> {
  private readonly items: T[] = [];
  private waiting: (() => void) | null = null;
  private closed = false;

  push(item: T): void {
    if (this.closed) return;
    this.items.push(item);
    this.wake();
  }

  /** No more items; the iterator ends once the queue drains. */
  close(): void {
    this.closed = true;
    this.wake();
  }

  private wake(): void {
    const resolve = this.waiting;
    this.waiting = null;
    resolve?.();
  }

  async *drain(): AsyncGenerator<T> {
    for (;;) {
      const item = this.items.shift();
      if (item !== undefined) {
        yield item;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
    }
  }
}
