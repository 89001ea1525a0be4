import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  jsonLine,
  outsideLine,
  stepLineText,
  terminalCommandOutput,
  terminalSafeIo,
  terminalSafeStream,
} from '../../src/cli/terminal-safe-text';

const hostile =
  'ok\u001b]0;title\u0007\u001b[2J\u001b[H\u0007 \u202eevil\u001b[31mred\u001b[0m\r\n';

describe('terminal-safe text', () => {
  it('step line - every escape, bell, bidi override and line break is visible, nothing is obeyed', () => {
    const shown = stepLineText(hostile);
    // eslint-disable-next-line no-control-regex
    expect(shown).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/u);
    expect(shown).toContain('\\u001b]0;title\\u0007');
    expect(shown).toContain('\\u202eevil');
  });

  it('command output - colours, newlines and carriage returns stay; titles, screen clears, bells and bidi overrides are shown', () => {
    const shown = terminalCommandOutput(hostile);
    expect(shown).toContain('\u001b[31mred\u001b[0m\r\n');
    expect(shown).toContain('\\u001b]0;title\\u0007\\u001b[2J\\u001b[H\\u0007 \\u202eevil');
    // eslint-disable-next-line no-control-regex
    const colours = /\u001b\[[\d;]*m/gu;
    // eslint-disable-next-line no-control-regex
    const obeyed = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u202e]/u;
    expect(shown.replace(colours, '')).not.toMatch(obeyed);
  });

  it('command output - a colour sequence cut between two chunks is shown, not obeyed', () => {
    expect(terminalCommandOutput('a\u001b[3')).toBe('a\\u001b[3');
  });
});

describe('the terminal-safe boundary and --json lines', () => {
  it('jsonLine - bidi, zero-width, C1 and DEL are \\u-escaped; the value reads back exact', () => {
    const value = { name: `a\u202eb\u200bc\u0085d\u007fe${hostile}` };
    const line = jsonLine(value);
    // eslint-disable-next-line no-control-regex
    expect(line.trimEnd()).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b\u202e]/u);
    expect(line).toContain('a\\u202eb\\u200bc\\u0085d\\u007fe');
    expect(JSON.parse(line)).toEqual(value);
  });

  it('terminalSafeStream - a write is made safe (colours kept), the rest of the stream is its own', async () => {
    const sink = new PassThrough();
    let written = '';
    sink.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
    const safe = terminalSafeStream(sink);
    safe.write(`file ${hostile}`);
    expect(safe).toBeInstanceOf(PassThrough);
    const drained = new Promise<void>((resolve) => safe.once('finish', () => resolve()));
    safe.end();
    await drained;
    expect(written).toBe(`file ${terminalCommandOutput(hostile)}`);
    expect(written).toContain('\u001b[31mred\u001b[0m');
    expect(written).not.toContain('\u001b]0;');
  });

  it('terminalSafeIo - both streams of an io are behind the boundary, text already made safe is unchanged', () => {
    let out = '';
    let err = '';
    const io = terminalSafeIo({
      stdout: { write: (t: string) => (out += t), isTTY: true },
      stderr: { write: (t: string) => (err += t) },
      stdin: Readable.from([]),
      env: {},
      cwd: '/',
    });
    io.stdout.write(`\u001b[5A\u001b[J${outsideLine(hostile)}`);
    io.stderr.write('\u001b]52;c;cHduZWQ=\u0007');
    expect(io.stdout.isTTY).toBe(true);
    expect(out).toBe(`\\u001b[5A\\u001b[J${outsideLine(hostile)}`);
    expect(err).toBe('\\u001b]52;c;cHduZWQ=\\u0007');
  });
});
