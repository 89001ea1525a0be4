import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

let root: string;
let ws: Workspace;

const opts = { startLine: 1, maxLines: 100_000, maxChars: 10_000_000, maxLineChars: 100_000 };

async function windowOf(
  content: string | Buffer,
  options: Partial<typeof opts> & { endLine?: number } = {},
) {
  await writeFile(path.join(root, 'f.txt'), content);
  return ws.readLineWindow('f.txt', { ...opts, ...options });
}

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-window-')));
  ws = await Workspace.open(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('readLineWindow', () => {
  it('splits lines like text.split(/\\r?\\n/) without a trailing empty line', async () => {
    for (const content of ['a\nb\n', 'a\r\nb', '\n', 'x', 'a\n\n\nb\n\n', 'é\r\n✓\n']) {
      const expected = content.split(/\r?\n/);
      if (expected.length > 1 && expected[expected.length - 1] === '') expected.pop();
      const window = await windowOf(content);
      expect({ content, lines: window.lines.map((l) => l.text), total: window.totalLines }).toEqual(
        {
          content,
          lines: expected,
          total: expected.length,
        },
      );
    }
  });

  it('handles lines that span read chunks', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `${i}:${'z'.repeat(7000 + i)}`);
    const window = await windowOf(lines.join('\n'), { startLine: 10, endLine: 30 });
    expect(window.lines.map((l) => l.text)).toEqual(lines.slice(9, 30));
    expect(window.totalLines).toBe(40);
  });

  it('caps by lines and by characters, saying which', async () => {
    const content = Array.from({ length: 50 }, (_, i) => `line ${i + 1}`).join('\n');
    expect((await windowOf(content, { maxLines: 5 })).cappedBy).toBe('maxLines');
    const byChars = await windowOf(content, { maxChars: 20 });
    expect(byChars.cappedBy).toBe('maxChars');
    expect(byChars.lines.map((l) => l.text)).toEqual(['line 1', 'line 2']);
  });

  it('flags binary content without returning lines', async () => {
    const window = await windowOf(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1]));
    expect(window).toMatchObject({ binary: true, lines: [] });
    expect([...window.head.subarray(0, 4)]).toEqual([0x7f, 0x45, 0x4c, 0x46]);
  });

  it('refuses bad paths like every other read', async () => {
    await expect(ws.readLineWindow('../x', opts)).rejects.toMatchObject({ rule: 'outside-root' });
  });
});
