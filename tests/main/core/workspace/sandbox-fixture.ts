// A real project folder with real symlinks beside a sibling folder holding a secret, for the
// sandbox's bad-input tests (issue 2 "Bad input"). Not a test file: imported by several.
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SandboxRule } from '../../../../src/main/core/workspace/workspace';

export interface SandboxFixture {
  /** Temp folder holding both the project and its evil sibling. */
  readonly base: string;
  /** The project root (a realpath). */
  readonly root: string;
  /** `<root>-evil`, outside the root. */
  readonly sibling: string;
  /** Content of `<root>-evil/secret`; must never appear in any result. */
  readonly secret: string;
  cleanup(): Promise<void>;
}

export async function createSandboxFixture(): Promise<SandboxFixture> {
  const base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-sandbox-')));
  const root = path.join(base, 'proj');
  const sibling = `${root}-evil`;
  const secret = `SECRET-${Math.random().toString(36).slice(2)}-CONTENT`;
  await mkdir(path.join(root, 'sub'), { recursive: true });
  await mkdir(sibling);
  await writeFile(path.join(sibling, 'secret'), `${secret}\n`);
  await writeFile(path.join(root, 'a.txt'), 'alpha line\nbeta line\n');
  await writeFile(path.join(root, 'sub', 'inner.txt'), 'inner text\n');
  await symlink(path.join(sibling, 'secret'), path.join(root, 'link-out'));
  await symlink('../proj-evil', path.join(root, 'dir-out'));
  await symlink('loop-b', path.join(root, 'loop-a'));
  await symlink('loop-a', path.join(root, 'loop-b'));
  return { base, root, sibling, secret, cleanup: () => rm(base, { recursive: true, force: true }) };
}

/** Every bad path from issue 2, with the rule it must be refused by. */
export function badPaths(
  fixture: SandboxFixture,
): { name: string; path: string; rule: SandboxRule }[] {
  return [
    { name: '../x', path: '../x', rule: 'outside-root' },
    { name: '/etc/passwd', path: '/etc/passwd', rule: 'outside-root' },
    { name: 'sub/../../x', path: 'sub/../../x', rule: 'outside-root' },
    { name: 'sibling <root>-evil/secret', path: '../proj-evil/secret', rule: 'outside-root' },
    {
      name: 'absolute path into the sibling',
      path: path.join(fixture.sibling, 'secret'),
      rule: 'outside-root',
    },
    { name: 'symlink to a file outside', path: 'link-out', rule: 'symlink-outside' },
    { name: 'symlinked dir leading outside', path: 'dir-out/secret', rule: 'symlink-outside' },
    { name: 'symlinked dir itself', path: 'dir-out', rule: 'symlink-outside' },
    { name: 'symlink loop', path: 'loop-a', rule: 'symlink-loop' },
    { name: 'a\\u0000b', path: 'a\u0000b', rule: 'nul-byte' },
    { name: 'an escape sequence', path: '\u001b[2Jevil.ts', rule: 'invalid-path' },
    { name: 'a newline', path: 'new\nline.ts', rule: 'invalid-path' },
    { name: 'a right-to-left override', path: 'a\u202egnp.ts', rule: 'invalid-path' },
    { name: 'a 10,000-character path', path: 'a/'.repeat(5000), rule: 'path-too-long' },
    { name: 'CON', path: 'CON', rule: 'device-name' },
    { name: '..\\..\\x', path: '..\\..\\x', rule: 'outside-root' },
  ];
}
