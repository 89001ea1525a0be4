// pyright's disk side against a real temp folder, with a recording connection: what pyright is
// told of the disk, and which modules' errors on disk are kept.
import { mkdtempSync, realpathSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createPyrightDiskSide } from '../../../../../src/main/core/diagnostics/python/pyright-disk-side';
import type { Diagnostic } from '../../../../../src/shared/diagnostics';

let root = '';
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = '';
});

function recording(): { connection: MessageConnection; told: unknown[] } {
  const told: unknown[] = [];
  const connection = {
    sendNotification: (method: string, params: unknown) => {
      told.push({ method, params });
      return Promise.resolve();
    },
  } as unknown as MessageConnection;
  return { connection, told };
}

const error: Diagnostic = {
  path: 'app.py',
  line: 1,
  column: 1,
  code: 'reportAssignmentType',
  message: 'no',
  lineText: 'x: int = ""',
  source: 'pyright',
};

describe('pyright disk side', () => {
  it('sync - tells pyright of changed, created and deleted modules, and forgets every kept error', async () => {
    root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-pydisk-')));
    const write = (file: string, text: string): void => writeFileSync(path.join(root, file), text);
    write('app.py', 'x: int = ""\n');
    write('shapes.py', 'def area() -> int: ...\n');
    write('notes.txt', 'not Python\n');
    const disk = createPyrightDiskSide(root);
    const { connection, told } = recording();
    // A fresh server reads the disk itself: nothing to tell.
    expect(await disk.sync(connection, true)).toBe(false);
    disk.remember('app.py', 'x: int = ""\n', [error]);
    expect(disk.before('app.py', 'x: int = ""\n')).toEqual([error]);
    // Another text of the file is not what was kept.
    expect(disk.before('app.py', 'x: int = 1\n')).toBeUndefined();
    expect(await disk.sync(connection, true)).toBe(false);
    expect(disk.size()).toBe(1);

    write('shapes.py', 'def area() -> str: ...\n');
    unlinkSync(path.join(root, 'app.py'));
    write('helpers.py', 'value = 1\n');
    // A background step takes only the watcher's news: the created file.
    disk.noticed(['helpers.py', 'notes.txt']);
    expect(await disk.sync(connection, false)).toBe(true);
    expect(disk.size()).toBe(0);
    // A check compares every file: the changed one and the deleted one.
    expect(await disk.sync(connection, true)).toBe(true);
    const uri = (file: string): string => pathToFileURL(path.join(root, file)).href;
    expect(told).toEqual([
      {
        method: 'workspace/didChangeWatchedFiles',
        params: { changes: [{ uri: uri('helpers.py'), type: 1 }] },
      },
      {
        method: 'workspace/didChangeWatchedFiles',
        params: {
          changes: [
            { uri: uri('app.py'), type: 3 },
            { uri: uri('shapes.py'), type: 2 },
          ],
        },
      },
    ]);
    // Told once: the next look finds nothing new.
    expect(await disk.sync(connection, true)).toBe(false);
  });

  it('reset - a new server starts over: nothing kept, the disk as it is now', async () => {
    root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-pydisk-')));
    writeFileSync(path.join(root, 'app.py'), 'x = 1\n');
    const disk = createPyrightDiskSide(root);
    const { connection, told } = recording();
    await disk.sync(connection, true);
    disk.remember('app.py', 'x = 1\n', []);
    writeFileSync(path.join(root, 'app.py'), 'x = 22\n');
    disk.reset();
    expect(disk.size()).toBe(0);
    expect(await disk.sync(connection, true)).toBe(false);
    expect(told).toEqual([]);
  });
});
