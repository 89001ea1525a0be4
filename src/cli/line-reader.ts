// The terminal's answers, a line at a time, for the approval prompts.
import { createInterface } from 'node:readline';

/**
 * Reads answers line by line; null once the input has ended. It listens to the input only
 * while a prompt waits (detach() between approvals), so the process can exit and an editor
 * can own the terminal; lines already read stay buffered.
 */
export class LineReader {
  private readonly lines: string[] = [];
  private readonly waiters: Array<(line: string | null) => void> = [];
  private ended = false;
  private detaching = false;
  private rl: ReturnType<typeof createInterface> | null = null;

  constructor(private readonly input: NodeJS.ReadableStream) {}

  private attach(): void {
    if (this.rl || this.ended) return;
    const rl = createInterface({ input: this.input, terminal: false });
    rl.on('line', (line) => {
      const waiter = this.waiters.shift();
      if (waiter) waiter(line);
      else this.lines.push(line);
    });
    rl.on('close', () => {
      this.rl = null;
      if (this.detaching) return;
      this.ended = true;
      for (const waiter of this.waiters.splice(0)) waiter(null);
    });
    this.rl = rl;
  }

  next(): Promise<string | null> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.ended) return Promise.resolve(null);
    this.attach();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Gives up the lines being waited for (their waits end with null); the input is let go. */
  cancel(): void {
    for (const waiter of this.waiters.splice(0)) waiter(null);
    this.detach();
  }

  detach(): void {
    if (!this.rl) return;
    this.detaching = true;
    this.rl.close();
    this.detaching = false;
  }
}
