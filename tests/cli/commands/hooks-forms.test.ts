// `sluice hooks`' forms over a project's hooks held by the fake of the engine's port: what each
// form prints (escaped), its JSON, approving on a terminal (y/n), off one (--yes), and every
// malformed command line refused in words before any project is opened.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHooksCommand } from '../../../src/cli/commands/hooks-forms';
import { UsageError, type CliIo } from '../../../src/cli/cli-io';
import {
  createFakeProjectHooks,
  projectHook,
  type FakeProjectHooks,
} from '../../support/fake-project-hooks';
import { fakeCliIo } from '../../support/fake-cli-io';
import { fakeTerminal } from '../../support/fake-tty';

let project: string;
beforeEach(() => {
  project = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-hooks-forms-')));
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

const lint = projectHook('PostToolUse', 'npm run lint', { matcher: 'edit_file|create_file' });
const guard = projectHook('PreToolUse', 'guard.sh \u001b]0;pwned\u0007', {
  trust: 'changed',
  timeoutSeconds: 5,
});

function command(hooks: FakeProjectHooks) {
  let closed = 0;
  const verb = createHooksCommand(() => ({ hooks, close: async () => void (closed += 1) }));
  return { verb, closed: () => closed };
}

async function sluiceHooks(hooks: FakeProjectHooks, args: string[], io?: CliIo) {
  const used = io ?? fakeCliIo({ cwd: project });
  const { verb, closed } = command(hooks);
  const code = await verb.run([...args, '--project', project], used);
  return { code, closed: closed(), io: used as ReturnType<typeof fakeCliIo> };
}

describe('sluice hooks list', () => {
  it("hooks list - each hook's id, whose, event, matcher, timeout, command and trust; the file's problems; outside text escaped", async () => {
    const hooks = createFakeProjectHooks({
      project: [lint, guard],
      problems: ['hooks.Stop: expected an array \u001b[2J'],
    });
    hooks.add({ event: 'Stop', command: 'notify-send done', scope: 'everywhere' });
    const { code, io, closed } = await sluiceHooks(hooks, ['list']);
    expect(code).toBe(0);
    expect(closed).toBe(1);
    const out = io.out();
    const personId = hooks.list()[0]!.id.slice(0, 8);
    expect(out).toContain(`${personId}  yours  Stop  timeout 60 s\n  command: notify-send done\n`);
    expect(out).toContain(
      `${lint.id.slice(0, 8)}  this project's  PostToolUse  matcher edit_file|create_file  timeout 60 s\n  command: npm run lint\n  not approved, so it does not run: sluice hooks approve ${lint.id.slice(0, 8)}\n`,
    );
    expect(out).toContain(
      `changed since approved, so it does not run: review it, then sluice hooks approve ${guard.id.slice(0, 8)}`,
    );
    expect(out).toContain('Problems with .sluice/hooks.json');
    expect(out).not.toContain('\u001b');
    expect(out).toContain('guard.sh \\u001b]0;pwned\\u0007');
  });

  it('hooks list --json - the hooks and the problems as one line; none says how to add one', async () => {
    const hooks = createFakeProjectHooks({ project: [lint], problems: ['bad'] });
    const { io } = await sluiceHooks(hooks, ['list', '--json']);
    expect(io.lines()).toEqual([{ root: project, hooks: [lint], problems: ['bad'] }]);
    const empty = await sluiceHooks(createFakeProjectHooks(), []);
    expect(empty.io.out()).toContain('none. Add one with sluice hooks add EVENT --command CMD');
  });
});

describe('sluice hooks add and remove', () => {
  it('hooks add - a hook of yours for this project or every project, the event in any case', async () => {
    const hooks = createFakeProjectHooks();
    const added = await sluiceHooks(hooks, [
      'add',
      'pretooluse',
      '--matcher',
      'run_command',
      '--command',
      './check.sh',
      '--timeout',
      '30',
    ]);
    expect(added.code).toBe(0);
    const [hook] = hooks.list();
    expect(hook).toMatchObject({ event: 'PreToolUse', matcher: 'run_command', timeoutSeconds: 30 });
    expect(hooks.scopes.get(hook!.id)).toBe('project');
    expect(added.io.out()).toContain('Added a hook of yours for this project:');
    await sluiceHooks(hooks, ['add', 'Stop', '--command', 'say done', '--everywhere', '--json']);
    expect(hooks.scopes.get(hooks.list()[1]!.id)).toBe('everywhere');
  });

  it('hooks remove - by a start of its id; a project hook is refused with where to remove it', async () => {
    const hooks = createFakeProjectHooks({ project: [lint] });
    const mine = hooks.add({ event: 'Stop', command: 'say done', scope: 'project' });
    const removed = await sluiceHooks(hooks, ['remove', mine.id.slice(0, 6)]);
    expect(removed.code).toBe(0);
    expect(removed.io.out()).toContain('Removed:\n');
    expect(hooks.list()).toEqual([lint]);
    const refused = await sluiceHooks(hooks, ['remove', lint.id.slice(0, 8)]);
    expect(refused.code).toBe(1);
    expect(refused.io.err()).toContain(
      "is this project's, from .sluice/hooks.json: remove it from that file",
    );
    expect(hooks.list()).toEqual([lint]);
  });

  it('hooks remove - an id naming no hook fails in words, as other verbs do', async () => {
    const hooks = createFakeProjectHooks({ project: [lint] });
    const { code, io } = await sluiceHooks(hooks, ['remove', 'abcdef99']);
    expect(code).toBe(1);
    expect(io.err()).toMatch(
      /no hook "abcdef99" in this project \(sluice hooks list shows the ids\)/u,
    );
    const approve = await sluiceHooks(hooks, ['approve', 'abcdef99', '--yes']);
    expect(approve.code).toBe(1);
    expect(hooks.list()).toEqual([lint]);
  });
});

describe('sluice hooks approve', () => {
  it('hooks approve - off a terminal without --yes: shown, refused, nothing approved', async () => {
    const hooks = createFakeProjectHooks({ project: [lint] });
    const { code, io } = await sluiceHooks(hooks, ['approve', lint.id.slice(0, 8)]);
    expect(code).toBe(1);
    expect(io.err()).toContain('command: npm run lint');
    expect(io.err()).toContain('PostToolUse');
    expect(io.err()).toContain(
      'there is no terminal to ask you; to approve exactly what is shown, give --yes',
    );
    expect(hooks.list()[0]?.trust).toBe('not_approved');
  });

  it('hooks approve --all --yes - approves every project hook not approved, said one a line', async () => {
    const hooks = createFakeProjectHooks({ project: [lint, guard] });
    const { code, io } = await sluiceHooks(hooks, ['approve', '--all', '--yes']);
    expect(code).toBe(0);
    expect(hooks.list().map((h) => h.trust)).toEqual(['approved', 'approved']);
    expect(io.out()).toContain(
      `Approved ${lint.id.slice(0, 8)} (PostToolUse: npm run lint) as it is now.`,
    );
    const again = await sluiceHooks(hooks, ['approve', '--all', '--yes']);
    expect(again.io.out()).toContain('Every project hook is approved as it is now.');
  });

  it('hooks approve - on a terminal: the hook shown, then y approves and n does not', async () => {
    for (const [answer, trust, code] of [
      ['y', 'approved', 0],
      ['n', 'not_approved', 1],
    ] as const) {
      const hooks = createFakeProjectHooks({ project: [lint] });
      const terminal = fakeTerminal([answer]);
      const io: CliIo = {
        ...fakeCliIo({ cwd: project }),
        stdin: terminal.input,
        stderr: Object.assign(terminal.output, { isTTY: true }),
      };
      const result = await sluiceHooks(hooks, ['approve', lint.id.slice(0, 8)], io);
      expect(result.code).toBe(code);
      expect(terminal.shown()).toContain('command: npm run lint');
      expect(terminal.shown()).toContain('Approve this hook exactly as shown?');
      expect(hooks.list()[0]?.trust).toBe(trust);
    }
  });

  it('hooks approve - one of your hooks, or both an ID and --all, is a usage error', async () => {
    const hooks = createFakeProjectHooks({ project: [lint] });
    const mine = hooks.add({ event: 'Stop', command: 'x', scope: 'project' });
    await expect(sluiceHooks(hooks, ['approve', mine.id.slice(0, 8), '--yes'])).rejects.toThrow(
      /is yours: only the project's hooks need approving/u,
    );
    await expect(sluiceHooks(hooks, ['approve', lint.id, '--all'])).rejects.toThrow(
      /one ID or --all, not both/u,
    );
    await expect(sluiceHooks(hooks, ['approve'])).rejects.toThrow(/give the ID/u);
  });
});

describe('sluice hooks test', () => {
  it('hooks test - each run with its outcome, exit, time and first lines; the decision; a block is exit 0', async () => {
    const hooks = createFakeProjectHooks({
      project: [{ ...lint, trust: 'approved' }],
      run: () => ({
        outcome: 'blocked',
        exitCode: 2,
        output: 'src/a.ts:1 lint error\n\u001b[31mred\u001b[0m',
        reason: 'lint failed',
      }),
    });
    const { code, io } = await sluiceHooks(hooks, [
      'test',
      'PostToolUse',
      '--tool',
      'edit_file',
      '--input',
      '{"path":"src/a.ts"}',
    ]);
    expect(code).toBe(0);
    expect(hooks.tests).toEqual([
      { event: 'PostToolUse', sample: { toolName: 'edit_file', toolInput: { path: 'src/a.ts' } } },
    ]);
    const out = io.out();
    expect(out).toContain(
      `⊘ Hook (the project's) PostToolUse on edit_file · \`npm run lint\` · blocked (exit 2) · 0.0 s  (hook ${lint.id.slice(0, 8)})\n`,
    );
    expect(out).toContain('    lint failed\n    src/a.ts:1 lint error\n');
    expect(out).not.toContain('\u001b');
    expect(out).toContain('Decision: block\n  reason: lint failed');
  });

  it('hooks test - a failed hook is exit 1; no matching hook says so', async () => {
    const failing = createFakeProjectHooks({
      run: () => ({ outcome: 'failed', exitCode: 1, output: 'boom' }),
    });
    failing.add({ event: 'Stop', command: 'false', scope: 'project' });
    expect((await sluiceHooks(failing, ['test', 'Stop'])).code).toBe(1);
    const none = await sluiceHooks(createFakeProjectHooks(), [
      'test',
      'PreToolUse',
      '--tool',
      'read_file',
    ]);
    expect(none.code).toBe(0);
    expect(none.io.out()).toBe('No PreToolUse hook matches for read_file; nothing ran.\n');
  });

  it('hooks test - a tool event without --tool is about run_command, as Settings starts', async () => {
    const hooks = createFakeProjectHooks();
    await sluiceHooks(hooks, ['test', 'PreToolUse']);
    await sluiceHooks(hooks, ['test', 'UserPromptSubmit', '--prompt', 'ship it']);
    expect(hooks.tests).toEqual([
      { event: 'PreToolUse', sample: { toolName: 'run_command' } },
      { event: 'UserPromptSubmit', sample: { prompt: 'ship it' } },
    ]);
  });
});

describe('sluice hooks - malformed command lines', () => {
  const refused: [string[], RegExp][] = [
    [['nope'], /unknown form "nope" \(list, add, remove, approve or test\)/u],
    [
      ['add', 'BeforeTool', '--command', 'x'],
      /unknown event "BeforeTool" \(PreToolUse, PostToolUse, UserPromptSubmit, Stop or SessionStart\)/u,
    ],
    [['add', 'Stop'], /give the command the hook runs: --command CMD/u],
    [['add', 'Stop', '--command', 'x', '--matcher', 'Bash'], /--matcher picks tools/u],
    [
      ['add', 'Stop', '--command', 'x', '--timeout', '0'],
      /--timeout must be a whole number from 1 to 600/u,
    ],
    [['add', 'Stop', '--command', 'x', '--tool', 'y'], /--tool does not go with "hooks add"/u],
    [['test', 'PreToolUse', '--tool', 'run_command', '--input', '{nope'], /--input is not JSON/u],
    [
      ['test', 'PreToolUse', '--tool', 'run_command', '--input', '[1]'],
      /--input must be a JSON object/u,
    ],
    [['test', 'PreToolUse', '--tool', ' '], /--tool needs a tool name/u],
    [['test', 'Stop', '--prompt', 'hi'], /--prompt goes with UserPromptSubmit/u],
    [['remove', 'not-hex!'], /is not a hook id/u],
    [['list', 'extra'], /unexpected argument "extra"/u],
  ];
  it('hooks - each is a usage error in words, and no project is opened', async () => {
    for (const [args, message] of refused) {
      const { verb, closed } = command(createFakeProjectHooks());
      const io = fakeCliIo({ cwd: project });
      await expect(verb.run(args, io), args.join(' ')).rejects.toThrow(UsageError);
      await expect(verb.run(args, io), args.join(' ')).rejects.toThrow(message);
      expect(closed()).toBe(0);
    }
  });
});
