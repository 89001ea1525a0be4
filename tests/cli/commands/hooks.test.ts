// `sluice hooks` through main(), on the real engine: the app DB under SLUICE_HOME, the project's
// `.sluice/hooks.json` with a real guard script, run_command's real sandbox and the confinement.
// The project's hook does not run until approved (with --yes, off a terminal), then blocks; a
// change to its script asks again; a hook of yours is added, tested and removed.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { confinementUnavailable } from '../../../src/main/core/confinement/confined-launch';
import { detectSandbox } from '../../../src/main/core/sandbox/sandbox-detect';
import type { HookDefinition } from '../../../src/shared/hooks';
import { fakeCliIo } from '../../support/fake-cli-io';

const canConfine = confinementUnavailable(detectSandbox()) === null;

/** Blocks any run_command whose input mentions `rm -rf`; says what it read on stderr. */
const GUARD = `#!/bin/bash
input=$(cat)
case "$input" in
  *'rm -rf'*) echo "guard: refusing rm -rf in $(basename "$PWD")" >&2; exit 2 ;;
esac
echo "guard: fine"
`;

const HOOKS = {
  hooks: {
    PreToolUse: [
      {
        matcher: 'Bash',
        hooks: [{ type: 'command', command: 'bash .sluice/guard.sh', timeout: 20 }],
      },
    ],
    Stop: 'not a list',
  },
};

let temp: string;
let project: string;
let home: string;

beforeEach(() => {
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-hooks-cli-')));
  project = path.join(temp, 'project');
  home = path.join(temp, 'home');
  mkdirSync(path.join(project, '.sluice'), { recursive: true });
  mkdirSync(home);
  writeFileSync(path.join(project, '.sluice', 'hooks.json'), JSON.stringify(HOOKS));
  writeFileSync(path.join(project, '.sluice', 'guard.sh'), GUARD);
  chmodSync(path.join(project, '.sluice', 'guard.sh'), 0o755);
});
afterEach(() => rmSync(temp, { recursive: true, force: true }));

async function sluice(...argv: string[]) {
  const io = fakeCliIo({ cwd: project, env: { SLUICE_HOME: home, PATH: process.env.PATH } });
  const code = await main(['hooks', ...argv, '--project', project], io);
  return { code, out: io.out(), err: io.err(), lines: () => io.lines() };
}

async function listed(): Promise<{ hooks: HookDefinition[]; problems: string[] }> {
  const { lines } = await sluice('list', '--json');
  return lines()[0] as { hooks: HookDefinition[]; problems: string[] };
}

describe('sluice hooks (the real engine)', () => {
  it.skipIf(!canConfine)(
    "hooks - the project's hook lists not approved and does not run; approved with --yes it blocks; a changed script asks again",
    async () => {
      const list = await sluice('list');
      expect(list.code, list.err).toBe(0);
      const [hook] = (await listed()).hooks;
      const id = hook!.id.slice(0, 8);
      expect(list.out).toContain(
        `${id}  this project's  PreToolUse  matcher Bash  timeout 20 s\n  command: bash .sluice/guard.sh\n  not approved, so it does not run: sluice hooks approve ${id}\n`,
      );
      expect(list.out).toMatch(/Problems with \.sluice\/hooks\.json[^\n]*\n {2}[^\n]*Stop/u);

      const sample = [
        'test',
        'PreToolUse',
        '--tool',
        'run_command',
        '--input',
        '{"command":"rm -rf build"}',
      ];
      const before = await sluice(...sample);
      expect(before.code, before.err).toBe(0);
      expect(before.out).toContain(`Hook (the project's) PreToolUse on run_command`);
      expect(before.out).toContain('not run');
      expect(before.out).not.toContain('guard: refusing');

      const refused = await sluice('approve', id);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('command: bash .sluice/guard.sh');
      expect(refused.err).toContain('give --yes');
      expect((await listed()).hooks[0]?.trust).toBe('not_approved');

      const approved = await sluice('approve', id, '--yes');
      expect(approved.code, approved.err).toBe(0);
      expect(approved.out).toContain(
        `Approved ${id} (PreToolUse: bash .sluice/guard.sh) as it is now.`,
      );
      expect((await sluice('list')).out).toContain('approved as it is');

      const blocked = await sluice(...sample);
      expect(blocked.code, blocked.err).toBe(0);
      expect(blocked.out).toMatch(
        /⊘ Hook \(the project's\) PreToolUse on run_command · `bash \.sluice\/guard\.sh` · blocked \(exit 2\)/u,
      );
      expect(blocked.out).toContain('guard: refusing rm -rf in project');
      expect(blocked.out).toContain('Decision: block\n  reason: guard: refusing rm -rf in project');
      const fine = await sluice(
        'test',
        'PreToolUse',
        '--tool',
        'run_command',
        '--input',
        '{"command":"ls"}',
      );
      expect(fine.out).toContain('passed (exit 0)');

      writeFileSync(path.join(project, '.sluice', 'guard.sh'), '#!/bin/bash\nexit 0\n');
      const changed = await sluice('list');
      expect(changed.out).toContain(
        `changed since approved, so it does not run: review it, then sluice hooks approve ${id}`,
      );
      const again = await sluice('approve', '--all', '--yes', '--json');
      expect(again.code, again.err).toBe(0);
      expect(again.lines()).toEqual([
        { approved: [expect.objectContaining({ trust: 'approved' })] },
      ]);
    },
  );

  it('hooks - a hook of yours: added for this project, tested, listed as yours, removed', async () => {
    const added = await sluice(
      'add',
      'Stop',
      '--command',
      'echo "turn over: $(cat | head -c 40)"',
      '--timeout',
      '10',
    );
    expect(added.code, added.err).toBe(0);
    expect(added.out).toContain('Added a hook of yours for this project:');
    const mine = (await listed()).hooks.find((h) => h.source === 'person');
    expect(mine).toMatchObject({ event: 'Stop', timeoutSeconds: 10, matcher: null });
    const id = mine!.id.slice(0, 8);
    expect((await sluice('list')).out).toContain(`${id}  yours  Stop  timeout 10 s\n`);

    const same = await sluice(
      'add',
      'Stop',
      '--command',
      'echo "turn over: $(cat | head -c 40)"',
      '--timeout',
      '10',
    );
    expect(same.code).toBe(1);
    expect(same.err).toContain('You already have this hook');

    const removed = await sluice('remove', id);
    expect(removed.code, removed.err).toBe(0);
    expect((await listed()).hooks.filter((h) => h.source === 'person')).toEqual([]);
    const gone = await sluice('remove', id);
    expect(gone.code).toBe(1);
    expect(gone.err).toContain(`no hook "${id}" in this project`);

    const project = (await listed()).hooks[0]!;
    const notYours = await sluice('remove', project.id.slice(0, 8));
    expect(notYours.code).toBe(1);
    expect(notYours.err).toContain('remove it from that file');
  });

  it.skipIf(!detectSandbox().available)(
    'hooks test - a hook of yours runs with the sample on stdin and its output is printed',
    async () => {
      await sluice('add', 'UserPromptSubmit', '--command', 'cat', '--everywhere');
      const run = await sluice('test', 'UserPromptSubmit', '--prompt', 'ship \u001b[2J it');
      expect(run.code, run.err).toBe(0);
      expect(run.out).toContain('Hook (yours) UserPromptSubmit · `cat` · passed (exit 0)');
      expect(run.out).toContain('"prompt":"ship \\u001b[2J it"');
      expect(run.out).not.toContain('\u001b');
    },
  );

  it('hooks - an unknown event or bad JSON is a usage error, exit 2, before the project opens', async () => {
    const event = await sluice('test', 'OnSave');
    expect(event.code).toBe(2);
    expect(event.err).toContain('unknown event "OnSave"');
    expect(event.err).toContain('Usage: sluice hooks test EVENT');
    const json = await sluice('test', 'PreToolUse', '--input', '{');
    expect(json.code).toBe(2);
    expect(json.err).toContain('--input is not JSON');
  });
});
