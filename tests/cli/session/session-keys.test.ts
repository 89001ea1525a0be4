// The session's own keys with a clock the test moves: Esc stops a running turn, Ctrl+C stops
// it and says how to leave, a second Ctrl+C within the window leaves, a late one only warns
// again; SIGINT while a review has the terminal stops the turn without leaving.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAVE_WINDOW_MS, sessionKeys } from '../../../src/cli/session/session-keys';
import { SessionStore } from '../../../src/cli/session/session-store';

let clock = 0;
let store: SessionStore;
let running: boolean;
let interrupts: number;
let left: number;

function keys() {
  return sessionKeys({
    store,
    controller: {
      interrupt: () => {
        interrupts += 1;
        const was = running;
        running = false;
        return was;
      },
    },
    leave: () => (left += 1),
    now: () => clock,
  });
}

/** The notices the session printed. */
function said(): string[] {
  return store.snapshot().blocks.flatMap((block) => (block.kind === 'notice' ? [block.text] : []));
}

beforeEach(() => {
  vi.useFakeTimers();
  clock = 1_000_000;
  store = new SessionStore({ mode: 'ask', model: 'claude-sonnet-5-5' });
  running = false;
  interrupts = 0;
  left = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('sessionKeys', () => {
  it('escape - stops the running turn and says so', () => {
    running = true;
    keys().escape();
    expect(interrupts).toBe(1);
    expect(said()).toEqual([]);
    expect(store.snapshot().hint).toBe('Stopping the turn (Esc)…');
    expect(left).toBe(0);
  });

  it('escape - with no turn running says nothing', () => {
    keys().escape();
    expect(said()).toEqual([]);
  });

  it('ctrlC - once: stops the turn and hints how to leave, without leaving', () => {
    running = true;
    keys().ctrlC();
    expect(interrupts).toBe(1);
    expect(left).toBe(0);
    expect(said()).toEqual([]);
    expect(store.snapshot().hint).toBe('Press Ctrl+C again to leave.');
  });

  it('ctrlC - twice within the window leaves and clears the hint', () => {
    const k = keys();
    k.ctrlC();
    clock += LEAVE_WINDOW_MS - 1;
    k.ctrlC();
    expect(left).toBe(1);
    expect(store.snapshot().hint).toBeNull();
  });

  it('ctrlC - a second press after the window only hints again', () => {
    const k = keys();
    k.ctrlC();
    clock += LEAVE_WINDOW_MS + 1;
    k.ctrlC();
    expect(left).toBe(0);
    expect(store.snapshot().hint).toBe('Press Ctrl+C again to leave.');
    clock += 10;
    k.ctrlC();
    expect(left).toBe(1);
  });

  it('ctrlC - the hint goes away by itself once the window has passed', () => {
    keys().ctrlC();
    vi.advanceTimersByTime(LEAVE_WINDOW_MS - 1);
    expect(store.snapshot().hint).not.toBeNull();
    vi.advanceTimersByTime(2);
    expect(store.snapshot().hint).toBeNull();
  });

  it('watchSignals - SIGINT stops the turn without leaving; undone, it is not caught', () => {
    const k = keys();
    const before = process.listenerCount('SIGINT');
    const stop = k.watchSignals();
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    running = true;
    process.emit('SIGINT', 'SIGINT');
    expect(interrupts).toBe(1);
    expect(left).toBe(0);
    expect(store.snapshot().hint).toBe('Stopping the turn (Ctrl+C)…');
    stop();
    expect(process.listenerCount('SIGINT')).toBe(before);
  });
});
