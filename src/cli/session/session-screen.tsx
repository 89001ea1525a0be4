// The session's screen on the terminal, and taking it down for a review: the review of a
// write, a command or a plan is the terminal review every other verb has (diff, hunks, split,
// edit, evidence, single keys), so the screen steps aside while it runs and comes back under
// it. Nothing printed is lost: the store keeps it, and the new screen prints only what came
// after. Reviews nest (one asks while another waits): the screen comes back after the last.
import { render, type Instance } from 'ink';
import { SessionApp, type SessionAppProps } from './session-app';
import type { SessionStore } from './session-store';

export interface ScreenStreams {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
}

/** How long taking the screen down waits for its last frame before going on anyway. */
const FRAME_WAIT_MS = 200;

export class SessionScreen {
  private instance: Instance | null = null;
  private base = 0;
  private reviews = 0;
  private rendered: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly store: SessionStore,
    private readonly props: Omit<SessionAppProps, 'store' | 'base'>,
    private readonly streams: ScreenStreams,
    /** The prompt drawn before the screen loaded: erased as the screen first draws. */
    private readonly firstFrame: { erase(): void } | null = null,
  ) {}

  get shown(): boolean {
    return this.instance !== null;
  }

  show(): void {
    if (this.instance) return;
    this.firstFrame?.erase();
    this.store.setSuspended(false);
    this.instance = render(<SessionApp store={this.store} base={this.base} {...this.props} />, {
      stdin: this.streams.stdin,
      stdout: this.streams.stdout,
      stderr: this.streams.stderr,
      exitOnCtrlC: false,
      patchConsole: false,
      onRender: () => {
        const done = this.rendered;
        this.rendered = null;
        done?.();
      },
    });
  }

  /** Takes the screen down, leaving what was printed; the prompt and status are erased. */
  async hide(): Promise<void> {
    const instance = this.instance;
    if (!instance) return;
    const drawn = new Promise<void>((resolve) => {
      this.rendered = resolve;
      setTimeout(resolve, FRAME_WAIT_MS).unref();
    });
    this.store.setSuspended(true);
    await drawn;
    this.base = this.store.snapshot().blocks.length;
    this.instance = null;
    instance.unmount();
    // Every frame written before the review starts below it.
    await new Promise<void>((resolve) => this.streams.stdout.write('', () => resolve()));
  }

  /** A review takes the terminal; the screen is down until the last review ends. */
  async beginReview(): Promise<void> {
    this.reviews += 1;
    if (this.reviews === 1) await this.hide();
    // Ink lets go of stdin unref'd: the review reads its keys from it, and while it waits for
    // one the process must stay alive (the screen refs it again when it comes back).
    this.streams.stdin.ref();
  }

  endReview(): void {
    this.reviews = Math.max(0, this.reviews - 1);
    if (this.reviews > 0) return;
    // Back on the next turn of the event loop: a review lets go of stdin by pausing it, and
    // Node stops reading a paused stdin a tick later. A screen drawn before that starts reading
    // only to be stopped, and waits for keys that never come (with nothing else to do, the
    // process ends).
    setImmediate(() => {
      if (this.reviews === 0 && !this.closed) this.show();
    });
  }

  get reviewing(): boolean {
    return this.reviews > 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.hide();
  }
}
