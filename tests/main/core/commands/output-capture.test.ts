import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutputCapture, stripAnsi } from '../../../../src/main/core/commands/output-capture';

describe('OutputCapture', () => {
  it('small output - is shown whole, ANSI stripped', () => {
    const capture = new OutputCapture({ headBytes: 100, tailBytes: 100, logBytes: 1000 });
    capture.push(Buffer.from('\u001b[31mred\u001b[0m\nplain\n'));
    const out = capture.finish();
    expect(out.view).toBe('red\nplain\n');
    expect(out.totalLines).toBe(2);
    expect(out.linesCut).toBe(0);
  });

  it('long output - keeps head and tail and counts the lines cut', () => {
    const capture = new OutputCapture({ headBytes: 20, tailBytes: 20, logBytes: 1000 });
    for (let i = 1; i <= 100; i += 1) capture.push(Buffer.from(`line ${i}\n`));
    const out = capture.finish();
    expect(out.totalLines).toBe(100);
    expect(out.view.startsWith('line 1\nline 2\n')).toBe(true);
    expect(out.view.endsWith('line 99\nline 100\n')).toBe(true);
    const shown = out.view.split('\n').filter((l) => l.startsWith('line ')).length;
    expect(out.linesCut).toBe(100 - shown);
    expect(out.view).toContain(`[${out.linesCut} lines`);
  });

  it('log file - keeps the full output up to its bound and says when it stopped', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sluice-capture-'));
    try {
      const log = path.join(dir, 'out.log');
      const capture = new OutputCapture({ headBytes: 4, tailBytes: 4, logBytes: 10 }, log);
      capture.push(Buffer.from('0123456789abcdef'));
      const out = capture.finish();
      expect(readFileSync(log, 'utf8')).toBe('0123456789');
      expect(out.logTruncated).toBe(true);
      expect(out.totalBytes).toBe(16);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stripAnsi - removes colour and cursor sequences, keeps text', () => {
    expect(stripAnsi('\u001b[1;32mok\u001b[0m \u001b[2K\u001b[1Gdone')).toBe('ok done');
  });
});
