// The sandbox's rules inside a private copy (issue 19): the folders above a nested protected
// path are bound from the copy, not from the project, so a write there lands in the run's
// layer; protected paths stay read-only; nothing reaches the project.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectBubblewrap } from '../../../../src/main/core/sandbox/bubblewrap';
import { runCommand } from '../../../../src/main/core/commands/command-runner';
import { copyMountOf, detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { createRunCopy } from '../../../../src/main/core/sandbox/run-copy';

const sandbox = detectBubblewrap();
const canRun = sandbox.available && detectCopySupport().available;
let temp: string;
let project: string;

beforeEach(() => {
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-copy-sandbox-')));
  project = path.join(temp, 'project');
  mkdirSync(path.join(project, 'sub/.git'), { recursive: true });
  writeFileSync(path.join(project, 'sub/.git/config'), '[core]\n');
  writeFileSync(path.join(project, '.env'), 'SECRET=1\n');
});
afterEach(() => rmSync(temp, { recursive: true, force: true }));

describe.skipIf(!canRun)('commands in a private copy', () => {
  it('nested protected path - its folder writes land in the copy, .git and .env stay read-only, the project untouched', async () => {
    const home = path.join(temp, 'home');
    const copy = createRunCopy(home, '00000000-0000-4000-8000-0000000000cc');
    const result = await runCommand({
      command:
        'echo new > sub/x; echo pwn > sub/.git/config; echo pwn > .env; mkdir -p .vscode; echo t > .vscode/tasks.json; cat sub/x; echo "uid=$(id -u)"; echo done',
      root: project,
      cwd: project,
      timeoutMs: 30_000,
      network: false,
      sandbox,
      hidden: [home],
      signal: new AbortController().signal,
      copy: copyMountOf(project, copy),
    });
    expect(result.output.view).toContain('new');
    expect(result.output.view).toMatch(/Read-only file system/u);
    expect(result.output.view).toContain('done');
    // The person's own uid, not uid 0 of the copy's namespace.
    expect(result.output.view).toContain(`uid=${process.getuid?.() ?? 0}`);
    expect(readFileSync(path.join(copy.upper, 'sub/x'), 'utf8')).toBe('new\n');
    expect(existsSync(path.join(project, 'sub/x'))).toBe(false);
    expect(readFileSync(path.join(project, 'sub/.git/config'), 'utf8')).toBe('[core]\n');
    expect(readFileSync(path.join(project, '.env'), 'utf8')).toBe('SECRET=1\n');
    // A protected path the command created is removed from the copy afterwards.
    expect(existsSync(path.join(copy.upper, '.vscode'))).toBe(false);
    expect(result.notes.join(' ')).toContain('.vscode');
  });
});
