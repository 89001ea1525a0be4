// The key reader: what a chunk of raw input is, and raw mode put back in every way a wait can
// end (a key, the wait let go, the input failing, the process exiting or being signalled).
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { decodeKey, KeyReader, RawModeError, type SignalHost } from '../../src/cli/key-reader';
import { fakeTerminal } from '../support/fake-tty';

/** A process stand-in: its listeners are real, its signals recorded instead of sent. */
function fakeHost(): SignalHost & { killed: string[]; emitter: EventEmitter } {
  const emitter = new EventEmitter();
  const killed: string[] = [];
  return {
    pid: 4242,
    emitter,
    killed,
    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),
    listenerCount: (event) => emitter.listenerCount(event),
    kill: (_pid, signal) => void killed.push(signal),
  };
}

function listening(host: ReturnType<typeof fakeHost>): number {
  return ['exit', 'SIGINT', 'SIGTERM', 'SIGHUP'].reduce(
    (sum, e) => sum + host.emitter.listenerCount(e),
    0,
  );
}

describe('decodeKey', () => {
  it('decodeKey - one printable key, Enter, Ctrl+C, Ctrl+D, a word with its Enter, and everything else as other', () => {
    expect(decodeKey('y')).toEqual({ kind: 'key', key: 'y' });
    expect(decodeKey(Buffer.from('é'))).toEqual({ kind: 'key', key: 'é' });
    expect(decodeKey('n\r')).toEqual({ kind: 'key', key: 'n' });
    expect(decodeKey('\r')).toEqual({ kind: 'enter' });
    expect(decodeKey('\n')).toEqual({ kind: 'enter' });
    expect(decodeKey('\u0003')).toEqual({ kind: 'interrupt' });
    expect(decodeKey('y\u0003')).toEqual({ kind: 'interrupt' });
    expect(decodeKey('\u0004')).toEqual({ kind: 'end' });
    expect(decodeKey('\u001b[A')).toEqual({ kind: 'other' });
    expect(decodeKey('\u001b')).toEqual({ kind: 'other' });
    expect(decodeKey('yes')).toEqual({ kind: 'other' });
    expect(decodeKey('yes\r')).toEqual({ kind: 'line', text: 'yes' });
    expect(decodeKey('a\u001b[Ab\n')).toEqual({ kind: 'other' });
    expect(decodeKey('\t')).toEqual({ kind: 'other' });
  });
});

describe('KeyReader', () => {
  it('next - raw while waiting, back as it was after the key, no listener left', async () => {
    const term = fakeTerminal([]);
    const host = fakeHost();
    const keys = new KeyReader(term.input, host);
    const press = keys.next();
    expect(term.input.isRaw).toBe(true);
    expect(listening(host)).toBe(4);
    term.input.write('q');
    await expect(press).resolves.toEqual({ kind: 'key', key: 'q' });
    expect(term.input.isRaw).toBe(false);
    expect(listening(host)).toBe(0);
    expect(term.input.listenerCount('data')).toBe(0);
    expect(term.input.isPaused()).toBe(true);
  });

  it('SIGTERM while raw - the terminal is put back, then the signal is raised again', () => {
    const term = fakeTerminal([]);
    const host = fakeHost();
    void new KeyReader(term.input, host).next();
    host.emitter.emit('SIGTERM', 'SIGTERM');
    expect(term.input.isRaw).toBe(false);
    expect(host.killed).toEqual(['SIGTERM']);
    expect(listening(host)).toBe(0);
  });

  it('SIGINT while raw with another listener - put back, and that listener decides', () => {
    const term = fakeTerminal([]);
    const host = fakeHost();
    const stopped: string[] = [];
    host.emitter.on('SIGINT', () => stopped.push('turn stopped'));
    void new KeyReader(term.input, host).next();
    host.emitter.emit('SIGINT', 'SIGINT');
    expect(term.input.isRaw).toBe(false);
    expect(stopped).toEqual(['turn stopped']);
    expect(host.killed).toEqual([]);
  });

  it('exit while raw - the terminal is put back', () => {
    const term = fakeTerminal([]);
    const host = fakeHost();
    void new KeyReader(term.input, host).next();
    host.emitter.emit('exit', 0);
    expect(term.rawCalls).toEqual([true, false]);
  });

  it('release - stops the wait and puts the terminal back; a terminal already raw stays raw', async () => {
    const term = fakeTerminal([]);
    const host = fakeHost();
    const keys = new KeyReader(term.input, host);
    void keys.next();
    keys.release();
    expect(term.input.isRaw).toBe(false);
    expect(listening(host)).toBe(0);

    term.input.setRawMode(true);
    const press = keys.next();
    term.input.write('y');
    await press;
    expect(term.input.isRaw).toBe(true);
  });

  it('an input error - rejects with it, the terminal put back', async () => {
    const term = fakeTerminal([]);
    const press = new KeyReader(term.input, fakeHost()).next();
    term.input.emit('error', new Error('EIO'));
    await expect(press).rejects.toThrow('EIO');
    expect(term.input.isRaw).toBe(false);
  });

  it('a terminal that refuses raw mode - RawModeError, nothing listening', async () => {
    const term = fakeTerminal([], { refuseRaw: true });
    const host = fakeHost();
    await expect(new KeyReader(term.input, host).next()).rejects.toBeInstanceOf(RawModeError);
    expect(listening(host)).toBe(0);
  });

  it('the input ended - end, now and for every later wait', async () => {
    const term = fakeTerminal([]);
    const keys = new KeyReader(term.input, fakeHost());
    const press = keys.next();
    term.input.end();
    await expect(press).resolves.toEqual({ kind: 'end' });
    await expect(keys.next()).resolves.toEqual({ kind: 'end' });
    expect(term.input.isRaw).toBe(false);
  });
});
