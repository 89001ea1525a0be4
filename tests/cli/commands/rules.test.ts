import { existsSync, realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { appDatabasePath, openAppDatabase } from '../../../src/main/core/store/app-database';
import { createCommandRuleRepository } from '../../../src/main/core/shell/command-rule-repository';
import { createNetworkRuleRepository } from '../../../src/main/core/shell/network-rule-repository';
import { createPolicyRepository } from '../../../src/main/core/store/policy-repository';
import { projectIdFor } from '../../../src/main/core/store/project-id';
import { fakeCliIo } from '../../support/fake-cli-io';

let project: string;
let other: string;
let home: string;

beforeEach(async () => {
  project = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'sluice-rules-project-')));
  other = realpathSync(await mkdtemp(path.join(os.tmpdir(), 'sluice-rules-other-')));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-rules-home-'));
});
afterEach(async () => {
  for (const dir of [project, other, home]) await rm(dir, { recursive: true, force: true });
});

async function sluice(...argv: string[]) {
  const io = fakeCliIo({ cwd: project, env: { SLUICE_HOME: home } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), lines: () => io.lines() };
}

/** What the repositories hold for a project (the same DB Settings reads). */
function stored(root = project) {
  const db = openAppDatabase({ home });
  try {
    const id = projectIdFor(root);
    return {
      policy: createPolicyRepository(db).get(id),
      commands: createCommandRuleRepository(db).list(id),
      network: createNetworkRuleRepository(db).list(id),
    };
  } finally {
    db.close();
  }
}

interface Listing {
  root: string;
  mode: string;
  pathRules: { id: string; tool: string; pathGlob: string; action: string }[];
  commandRules: { id: string; prefix: string[]; action: string }[];
  networkRules: { id: string; hosts: string[]; prefix?: string[] }[];
}

async function listJson(): Promise<Listing> {
  const run = await sluice('rules', '--project', project, '--json');
  expect(run.code).toBe(0);
  const lines = run.lines();
  expect(lines).toHaveLength(1);
  return lines[0] as Listing;
}

describe('sluice rules', () => {
  it('rules - lists the default mode and no rules without creating the app DB', async () => {
    const run = await sluice('rules', '--project', project);
    expect(run.code).toBe(0);
    expect(run.out).toContain(`Rules for ${project}`);
    expect(run.out).toContain('Approval mode: ask');
    expect(run.out.match(/\(none\)/gu)).toHaveLength(3);
    expect(existsSync(appDatabasePath(home))).toBe(false);
    expect(await listJson()).toMatchObject({
      root: project,
      mode: 'ask',
      pathRules: [],
      commandRules: [],
      networkRules: [],
    });
  });

  it('rules add - saves each kind through the repositories; the list shows them with ids', async () => {
    const command = await sluice(
      'rules',
      'add',
      'command',
      '--allow',
      'npm',
      'test',
      '--project',
      project,
    );
    expect(command.err).toBe('');
    expect(command.code).toBe(0);
    expect(command.out).toMatch(/^Added: command rule cmdrule-\S+ {2}allow npm test\n$/u);
    const pathRule = await sluice('rules', 'add', 'path', 'src/**', '--deny', '--project', project);
    expect(pathRule.code).toBe(0);
    expect(pathRule.out).toMatch(/^Added: path rule rule-\S+ {2}deny write src\/\*\*\n$/u);
    const network = await sluice(
      'rules',
      'add',
      'network',
      'registry.npmjs.org',
      '*.GitHub.com,example.org:8443',
      '--project',
      project,
      '--prefix',
      'npm  install',
    );
    expect(network.err).toBe('');
    expect(network.code).toBe(0);

    const s = stored();
    expect(s.commands).toMatchObject([{ prefix: ['npm', 'test'], action: 'allow' }]);
    expect(s.policy.rules).toMatchObject([{ tool: 'write', pathGlob: 'src/**', action: 'deny' }]);
    expect(s.network).toMatchObject([
      {
        hosts: ['registry.npmjs.org', '*.github.com', 'example.org:8443'],
        prefix: ['npm', 'install'],
      },
    ]);

    const listing = await listJson();
    expect(listing.commandRules).toEqual(s.commands);
    expect(listing.pathRules).toEqual(s.policy.rules);
    expect(listing.networkRules).toEqual(s.network);

    const plain = await sluice('rules', 'list', '--project', project);
    expect(plain.code).toBe(0);
    const out = plain.out;
    expect(out).toContain(`  ${s.commands[0]?.id}  allow npm test\n`);
    expect(out).toContain(`  ${s.policy.rules[0]?.id}  deny write src/**\n`);
    expect(out).toContain(
      `  ${s.network[0]?.id}  registry.npmjs.org, *.github.com, example.org:8443 for commands starting npm install\n`,
    );
    // Grouped: each rule under its own heading.
    const at = (text: string) => out.indexOf(text);
    expect(at('File path rules')).toBeLessThan(at('deny write src/**'));
    expect(at('deny write src/**')).toBeLessThan(at('Command rules'));
    expect(at('Command rules')).toBeLessThan(at('allow npm test'));
    expect(at('allow npm test')).toBeLessThan(at('Network rules'));
    expect(at('Network rules')).toBeLessThan(at('registry.npmjs.org'));
  });

  it('rules add - the same rule twice is kept once', async () => {
    await sluice('rules', 'add', 'command', '--ask', 'git', 'push', '--project', project);
    const again = await sluice(
      'rules',
      'add',
      'command',
      '--ask',
      'git',
      'push',
      '--project',
      project,
    );
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/^Already there: command rule /u);
    expect(stored().commands).toHaveLength(1);
  });

  it('rules add - words after -- may start with a dash; --tool and a network rule for every command', async () => {
    const run = await sluice(
      'rules',
      'add',
      'command',
      '--deny',
      '--project',
      project,
      '--',
      'git',
      'push',
      '--force',
    );
    expect(run.code).toBe(0);
    expect(
      await sluice(
        'rules',
        'add',
        'path',
        'docs/*.md',
        '--allow',
        '--tool',
        'edit_file',
        '--project',
        project,
      ),
    ).toMatchObject({ code: 0 });
    expect(await sluice('rules', 'add', 'network', 'pypi.org', '--project', project)).toMatchObject(
      { code: 0 },
    );
    const s = stored();
    expect(s.commands).toMatchObject([{ prefix: ['git', 'push', '--force'], action: 'deny' }]);
    expect(s.policy.rules).toMatchObject([
      { tool: 'edit_file', pathGlob: 'docs/*.md', action: 'allow' },
    ]);
    expect(s.network).toEqual([{ id: expect.any(String), hosts: ['pypi.org'] }]);
    const plain = await sluice('rules', '--project', project);
    expect(plain.out).toContain('deny git push --force');
    expect(plain.out).toContain('pypi.org for every command');
  });

  it('rules add command - a bare interpreter is refused with the repository message, exit 1', async () => {
    const run = await sluice('rules', 'add', 'command', '--allow', 'python3', '--project', project);
    expect(run.code).toBe(1);
    expect(run.err).toBe(
      'sluice rules: This rule cannot be saved: "python3" alone would allow any code it is given; add its subcommand or script words.\n',
    );
    expect(run.out).toBe('');
    expect(stored().commands).toEqual([]);
  });

  it('rules add - an invalid glob or host is refused (exit 1) and nothing is saved', async () => {
    const climb = await sluice(
      'rules',
      'add',
      'path',
      '../secrets/**',
      '--allow',
      '--project',
      project,
    );
    expect(climb.code).toBe(1);
    expect(climb.err).toContain('climbs out with ".."');
    const absolute = await sluice(
      'rules',
      'add',
      'path',
      '/etc/*',
      '--allow',
      '--project',
      project,
    );
    expect(absolute.code).toBe(1);
    expect(absolute.err).toContain('is absolute');
    const host = await sluice(
      'rules',
      'add',
      'network',
      'https://evil.example/x',
      '--project',
      project,
    );
    expect(host.code).toBe(1);
    expect(host.err).toContain('This network rule cannot be saved:');
    expect(host.err).toContain('is not a host');
    const bareScope = await sluice(
      'rules',
      'add',
      'network',
      'pypi.org',
      '--prefix',
      'bash',
      '--project',
      project,
    );
    expect(bareScope.code).toBe(1);
    expect(bareScope.err).toContain('"bash" alone would allow any code');
    for (const run of [climb, absolute, host, bareScope]) expect(run.err).not.toMatch(/\n\s+at /u);
    const s = stored();
    expect([s.policy.rules, s.commands, s.network]).toEqual([[], [], []]);
  });

  it('rules - a malformed command line is a usage error (exit 2) that stores nothing', async () => {
    const cases: [string[], RegExp][] = [
      [['rules', 'add', 'firewall', 'x'], /unknown rule kind "firewall"/u],
      [['rules', 'add'], /say what to add/u],
      [['rules', 'frobnicate'], /unknown form "frobnicate"/u],
      [['rules', 'add', 'command', 'npm', 'test'], /exactly one of --allow, --ask, --deny/u],
      [['rules', 'add', 'command', '--allow', '--deny', 'npm'], /exactly one of/u],
      [['rules', 'add', 'command', '--allow'], /prefix words/u],
      [['rules', 'add', 'path', '--allow'], /exactly one path glob/u],
      [['rules', 'add', 'path', 'a', 'b', '--allow'], /exactly one path glob/u],
      [['rules', 'add', 'network'], /one or more hosts/u],
      [['rules', 'add', 'network', 'pypi.org', '--prefix', ' '], /prefix words after --prefix/u],
      [
        ['rules', 'add', 'network', 'pypi.org', '--prefix'],
        /Option '--prefix' argument is ambiguous/u,
      ],
      [['rules', 'add', 'command', '--allow', 'npm', '--prefix', 'x'], /--prefix does not go/u],
      [['rules', 'add', 'command', '--allow', 'npm', '--tool', 'x'], /--tool does not go/u],
      [['rules', 'remove'], /id of the rule/u],
      [['rules', 'remove', 'a', 'b'], /unexpected argument "b"/u],
      [['rules', 'mode'], /give the mode: ask, clean, auto-edit, read-only or plan/u],
      [['rules', 'mode', 'yolo'], /not "yolo"/u],
      [['rules', 'mode', 'propose'], /run mode/u],
      [['rules', '--bogus'], /unknown option "--bogus"/u],
    ];
    for (const [argv, message] of cases) {
      const run = await sluice(...argv, '--project', project);
      expect({ argv, code: run.code }).toEqual({ argv, code: 2 });
      expect(run.err).toMatch(message);
      expect(run.err).toContain('Usage: sluice rules');
    }
    const noProject = await sluice('rules', '--project', ' ');
    expect(noProject.code).toBe(2);
    expect(noProject.err).toContain('--project needs a folder');
    const missing = await sluice('rules', '--project', path.join(project, 'nope'));
    expect(missing.code).toBe(2);
    expect(existsSync(appDatabasePath(home))).toBe(false);
  });

  it("rules remove - removes a rule of each kind by id; an unknown id or another project's is exit 1", async () => {
    await sluice('rules', 'add', 'command', '--allow', 'npm', 'test', '--project', project);
    await sluice('rules', 'add', 'path', 'src/**', '--allow', '--project', project);
    await sluice('rules', 'add', 'network', 'pypi.org', '--project', project);
    const { commandRules, pathRules, networkRules } = await listJson();
    const ids = [commandRules[0]?.id, pathRules[0]?.id, networkRules[0]?.id] as string[];

    const foreign = await sluice('rules', 'remove', ids[0] ?? '', '--project', other);
    expect(foreign.code).toBe(1);
    expect(foreign.err).toContain(`no rule ${ids[0]} in this project`);
    expect(stored().commands).toHaveLength(1);

    const removedCommand = await sluice('rules', 'remove', ids[0] ?? '', '--project', project);
    expect(removedCommand.code).toBe(0);
    expect(removedCommand.out).toBe(`Removed command rule ${ids[0]}  allow npm test\n`);
    expect(stored().commands).toEqual([]);
    const removedPath = await sluice(
      'rules',
      'remove',
      ids[1] ?? '',
      '--project',
      project,
      '--json',
    );
    expect(removedPath.lines()).toEqual([{ removed: ids[1], kind: 'path' }]);
    expect(stored().policy.rules).toEqual([]);
    expect((await sluice('rules', 'remove', ids[2] ?? '', '--project', project)).code).toBe(0);
    expect(stored().network).toEqual([]);

    const again = await sluice('rules', 'remove', ids[2] ?? '', '--project', project);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/no rule netrule-\S+ in this project/u);
    const unknown = await sluice('rules', 'remove', 'rule-nope', '--project', project);
    expect(unknown.code).toBe(1);
  });

  it('rules remove - takes an unambiguous start of the id; an ambiguous one says which it could be', async () => {
    await sluice('rules', 'add', 'path', 'src/**', '--allow', '--project', project);
    await sluice('rules', 'add', 'path', 'docs/**', '--allow', '--project', project);
    const { pathRules } = await listJson();
    const id = pathRules[0]?.id ?? '';
    const ambiguous = await sluice('rules', 'remove', 'rule-', '--project', project);
    expect(ambiguous.code).not.toBe(0);
    expect(ambiguous.err).toContain('"rule-" names more than one rule');
    const short = await sluice('rules', 'remove', id.slice(0, 13), '--project', project);
    expect(short.code).toBe(0);
    expect(short.out).toMatch(new RegExp(`^Removed path rule ${id}  `, 'u'));
    expect(stored().policy.rules).toHaveLength(1);
  });

  it('rules remove - without an app DB is exit 1 and creates none', async () => {
    const run = await sluice('rules', 'remove', 'rule-x', '--project', project);
    expect(run.code).toBe(1);
    expect(run.err).toContain('no rule rule-x in this project');
    expect(existsSync(appDatabasePath(home))).toBe(false);
  });

  it('rules mode - stores the mode sluice ask and the app read; the list shows it', async () => {
    const set = await sluice('rules', 'mode', 'auto-edit', '--project', project);
    expect(set.code).toBe(0);
    expect(set.out).toBe('Approval mode: auto-edit (was ask).\n');
    expect(stored().policy.mode).toBe('auto-edit');
    expect(stored(other).policy.mode).toBe('ask');
    expect((await listJson()).mode).toBe('auto-edit');
    const back = await sluice('rules', 'mode', 'read-only', '--project', project, '--json');
    expect(back.lines()).toEqual([
      { mode: 'read-only', approveWhenClean: false, previous: 'auto-edit' },
    ]);
    expect(stored().policy.mode).toBe('read-only');
  });

  it('rules mode clean - asks, but applies a write whose evidence is clean; the list says so', async () => {
    const set = await sluice('rules', 'mode', 'clean', '--project', project);
    expect(set.code).toBe(0);
    expect(set.out).toBe(
      'Approval mode: clean (ask, but apply a write whose evidence is clean without asking) (was ask).\n',
    );
    expect(stored().policy).toMatchObject({ mode: 'ask', approveWhenClean: true });
    const back = await sluice('rules', 'mode', 'ask', '--project', project);
    expect(back.out).toMatch(/^Approval mode: ask \(was clean/u);
    expect(stored().policy.approveWhenClean).toBe(false);
  });

  it('rules - stored globs, prefixes and hosts are shown with control characters escaped', async () => {
    const db = openAppDatabase({ home });
    try {
      const id = projectIdFor(project);
      createPolicyRepository(db).addRule(id, {
        tool: 'write',
        pathGlob: 'src/\u001b[2J\u202e**\nx',
        action: 'allow',
      });
      createCommandRuleRepository(db).add(id, {
        prefix: ['echo', 'a\u0007b', 'two words'],
        action: 'ask',
      });
    } finally {
      db.close();
    }
    const run = await sluice('rules', '--project', project);
    expect(run.code).toBe(0);
    for (const hidden of ['\u0007', '\u001b', '\u202e']) expect(run.out).not.toContain(hidden);
    expect(run.out).toContain('src/\\u001b[2J\\u202e**\\u000ax');
    expect(run.out).toContain('ask echo a\\u0007b "two words"');
  });
});
