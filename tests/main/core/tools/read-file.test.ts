import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  READ_FILE_MAX_BYTES,
  READ_FILE_MAX_LINES,
  createReadFileTool,
} from '../../../../src/main/core/tools/read-file';
import { MAX_TOOL_RESULT_CHARS, runTool } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { toolContext } from './tool-context';

let root: string;
let ws: Workspace;
const tool = createReadFileTool();
const read = (input: unknown) => runTool(tool, input, toolContext(ws));

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-read-')));
  ws = await Workspace.open(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('read_file', () => {
  it('returns numbered lines with a header', async () => {
    await writeFile(path.join(root, 'app.ts'), 'const a = 1;\r\nconst b = 2;\n');
    const result = await read({ path: 'app.ts' });
    expect(result).toEqual({
      status: 'ok',
      content: 'app.ts (lines 1-2 of 2)\n    1\tconst a = 1;\n    2\tconst b = 2;',
    });
  });

  it('reads a start_line/end_line window', async () => {
    await writeFile(
      path.join(root, 'n.txt'),
      Array.from({ length: 50 }, (_, i) => `line ${i + 1}`).join('\n'),
    );
    const result = await read({ path: 'n.txt', start_line: 10, end_line: 12 });
    expect(result.content).toBe(
      'n.txt (lines 10-12 of 50)\n   10\tline 10\n   11\tline 11\n   12\tline 12',
    );
  });

  it('refuses a window past the end or reversed - with the line count', async () => {
    await writeFile(path.join(root, 'n.txt'), 'one\ntwo\n');
    expect(await read({ path: 'n.txt', start_line: 5 })).toMatchObject({
      status: 'error',
      content: expect.stringMatching(/has 2 lines/),
    });
    expect(await read({ path: 'n.txt', start_line: 2, end_line: 1 })).toMatchObject({
      status: 'error',
    });
  });

  it(`caps at ${READ_FILE_MAX_LINES} lines - and says where to continue`, async () => {
    await writeFile(
      path.join(root, 'long.txt'),
      Array.from({ length: 5000 }, (_, i) => `l${i + 1}`).join('\n'),
    );
    const result = await read({ path: 'long.txt' });
    const lines = result.content.split('\n');
    expect(lines[0]).toBe('long.txt (lines 1-2000 of 5000)');
    expect(lines.filter((l) => /^\s+\d+\t/.test(l))).toHaveLength(READ_FILE_MAX_LINES);
    expect(result.content).toMatch(/2000 lines cap.*start_line: 2001/);
    const next = await read({ path: 'long.txt', start_line: 2001 });
    expect(next.content.split('\n')[1]).toBe(' 2001\tl2001');
  });

  it('caps by size below the central result limit - and says where to continue', async () => {
    const line = 'x'.repeat(1000);
    await writeFile(
      path.join(root, 'wide.txt'),
      Array.from({ length: 1000 }, () => line).join('\n'),
    );
    const result = await read({ path: 'wide.txt' });
    expect(Buffer.byteLength(result.content)).toBeLessThanOrEqual(READ_FILE_MAX_BYTES);
    expect(result.content.length).toBeLessThanOrEqual(MAX_TOOL_RESULT_CHARS);
    expect(result.content).not.toMatch(/output truncated/);
    const match =
      /cap per read was reached\. To read more, call read_file again with start_line: (\d+)\./.exec(
        result.content,
      );
    expect(match).not.toBeNull();
    const next = await read({ path: 'wide.txt', start_line: Number(match?.[1]) });
    expect(next.content.split('\n')[0]).toMatch(new RegExp(`^wide.txt \\(lines ${match?.[1]}-`));
  });

  it('cuts long lines and says by how much', async () => {
    await writeFile(path.join(root, 'wide.js'), `${'w'.repeat(3000)}\nnext\n`);
    const wide = await read({ path: 'wide.js' });
    expect(wide.content).toContain(`    1\t${'w'.repeat(2000)} … [line cut: 1000 more characters]`);
    expect(wide.content).toContain('    2\tnext');
    expect(wide.content).toMatch(/1 long line\(s\) were cut at 2000 characters/);
    await writeFile(path.join(root, 'min.js'), 'y'.repeat(100_000));
    const min = await read({ path: 'min.js' });
    expect(min.content).toContain(`    1\t${'y'.repeat(2000)} … [line cut: 98000 more bytes]`);
    expect(min.content.length).toBeLessThan(3000);
  });

  it('reads windows of files larger than maxFileBytes, streamed', async () => {
    const small = await Workspace.open(root, { maxFileBytes: 1000 });
    await writeFile(
      path.join(root, 'big.log'),
      Array.from({ length: 3000 }, (_, i) => `entry ${i + 1}`).join('\n'),
    );
    const result = await runTool(
      tool,
      { path: 'big.log', start_line: 2500, end_line: 2501 },
      toolContext(small),
    );
    expect(result.content).toBe(
      'big.log (lines 2500-2501 of 3000)\n 2500\tentry 2500\n 2501\tentry 2501',
    );
  });

  it('stops scanning at maxScanBytes - and says so', async () => {
    const small = await Workspace.open(root, { maxScanBytes: 1000 });
    await writeFile(
      path.join(root, 'big.log'),
      Array.from({ length: 3000 }, (_, i) => `entry ${i + 1}`).join('\n'),
    );
    const head = await runTool(tool, { path: 'big.log' }, toolContext(small));
    expect(head.content.split('\n')[0]).toMatch(/^big\.log \(lines 1-\d+ of at least \d+\)$/);
    expect(head.content).toMatch(/limit maxScanBytes/);
    const far = await runTool(tool, { path: 'big.log', start_line: 2900 }, toolContext(small));
    expect(far).toMatchObject({
      status: 'error',
      content: expect.stringMatching(/beyond the first \d+ lines.*limit maxScanBytes/),
    });
  });

  it('describes binary files instead of dumping them', async () => {
    await writeFile(
      path.join(root, 'logo.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    );
    const result = await read({ path: 'logo.png' });
    expect(result).toEqual({
      status: 'ok',
      content: 'logo.png is a binary file (PNG image, 12 B); its content is not shown.',
    });
  });

  it('reports an empty file, a folder and a missing file clearly', async () => {
    await writeFile(path.join(root, 'empty.txt'), '');
    expect((await read({ path: 'empty.txt' })).content).toMatch(/empty/);
    expect(await read({ path: '.' })).toMatchObject({
      status: 'error',
      content: expect.stringMatching(/is a folder.*list_files/),
    });
    expect(await read({ path: 'nope.ts' })).toMatchObject({
      status: 'error',
      content: expect.stringMatching(/does not exist/),
    });
  });

  it('turns invalid input into a message the model can act on', async () => {
    const result = await read({ path: 'a', start_line: 0, extra: true });
    expect(result.status).toBe('error');
    expect(result.content).toMatch(/start_line/);
  });
});
