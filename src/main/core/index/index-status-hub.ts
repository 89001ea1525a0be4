// Who hears how the index is doing: standing notices (an incomplete listing, a watcher on
// polling) and the listeners of status changes, at most one update per 100 ms unless forced.
// A listener's failure never stops indexing.
import type { IndexStatus } from '../../../shared/contract/symbol-service';

const MIN_INTERVAL_MS = 100;

export class IndexStatusHub {
  private readonly listeners = new Set<(status: IndexStatus) => void>();
  private readonly notices = new Map<string, string>();
  private lastEmit = 0;

  constructor(private readonly counts: () => Omit<IndexStatus, 'notices'>) {}

  status(): IndexStatus {
    return {
      ...this.counts(),
      ...(this.notices.size ? { notices: [...this.notices.values()] } : {}),
    };
  }

  /** Sets (or clears, with undefined) a notice; true when that changed anything. */
  setNotice(key: string, text: string | undefined): boolean {
    if (text === this.notices.get(key)) return false;
    if (text === undefined) this.notices.delete(key);
    else this.notices.set(key, text);
    return true;
  }

  /** Adds a listener; returns its remover. */
  listen(listener: (status: IndexStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(force = false): void {
    if (!this.listeners.size) return;
    const now = Date.now();
    if (!force && now - this.lastEmit < MIN_INTERVAL_MS) return;
    this.lastEmit = now;
    const status = this.status();
    for (const listener of this.listeners) {
      try {
        listener(status);
      } catch {
        // a listener's failure must not stop indexing
      }
    }
  }
}
