// The hostile review of command rules (issue 22 items 1-4 and 7): each line is one a rule let
// run although no rule allows what it does. Every case runs twice in the real sandbox with
// real npm, perl, python and make: once straight (the attack works: the planted effect
// happens) and once through the real approval gate with the rules of the case, where no
// terminal answers (it must ask, so it never runs and the effect never happens).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Parser } from 'web-tree-sitter';
import { CommandApprovalGate } from '../../../../src/main/core/commands/command-approval-gate';
import { detectBubblewrap } from '../../../../src/main/core/sandbox/bubblewrap';
import { evaluateCommandPolicy } from '../../../../src/main/core/shell/command-policy';
import { runCommand } from '../../../../src/main/core/commands/command-runner';
import { loadShellParser } from '../../../../src/main/core/shell/shell-grammar';
import { parseCommandLine } from '../../../../src/main/core/shell/shell-parser';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import type { CommandApprovalRequest, CommandRule } from '../../../../src/shared/command-approvals';

const sandbox = detectBubblewrap();
const describeSandboxed = sandbox.available ? describe : describe.skip;
if (!sandbox.available) console.warn(`hostile-rules: skipped, ${sandbox.detail}`);

let parser: Parser;
let base: string;
let root: string;
let workspace: Workspace;

beforeAll(async () => {
  parser = await loadShellParser();
});

beforeEach(async () => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-hostile-rules-')));
  root = path.join(base, 'project');
  mkdirSync(path.join(root, 'src'), { recursive: true });
  mkdirSync(path.join(root, 'build'));
  writeFileSync(path.join(root, 'src', 'app.ts'), 'original\n');
  writeFileSync(path.join(root, '.gitignore'), 'build/\n*.log\n');
  writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'p', version: '1.0.0', scripts: { test: 'node -e 0' } }),
  );
  // Planted code: each writes the marker file `pwned` in the project when it runs.
  const mark = "require('fs').writeFileSync(require('path').join(process.cwd(), 'pwned'), 'x')";
  writeFileSync(path.join(root, 'evil.cjs'), `${mark};\n`);
  writeFileSync(path.join(root, 'evil.py'), "open('pwned', 'w').write('x')\n");
  writeFileSync(path.join(root, 'evil.mk'), 'test:\n\ttouch pwned\n');
  writeFileSync(path.join(root, 'Makefile'), 'test:\n\ttrue\n');
  workspace = await Workspace.open(root);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const rule = (...prefix: string[]): CommandRule => ({
  id: `allow-${prefix.join('-')}`,
  prefix,
  action: 'allow',
});

function direct(command: string) {
  return runCommand({
    command,
    root,
    cwd: root,
    timeoutMs: 60_000,
    network: false,
    sandbox,
    signal: new AbortController().signal,
  });
}

/**
 * The line through the real gate under `rules`, as `sluice ask` without a terminal answers
 * (nobody can approve); it runs in the sandbox only if the rules let it run unasked.
 */
async function gated(command: string, rules: readonly CommandRule[]) {
  let asked: CommandApprovalRequest | null = null;
  const gate: CommandApprovalGate = new CommandApprovalGate({
    policy: () => ({ mode: 'ask', rules }),
    addAllowRule: () => undefined,
  });
  const resolution = await gate.request(
    {
      command,
      root,
      cwd: root,
      cwdRelative: '',
      description: 'hostile',
      network: false,
      timeoutSeconds: 60,
      sandboxed: true,
      sandboxDetail: 'test',
      isIgnored: (relative) => workspace.isIgnored(relative, false),
    },
    {
      signal: new AbortController().signal,
      emit: (event) => {
        if (event.type !== 'command_approval_request') return;
        asked = event.request;
        void gate.decide(
          {
            approvalId: event.request.approvalId,
            commandHash: event.request.commandHash,
            decision: { type: 'reject', reason: 'there is no terminal to ask the person' },
          },
          'mode',
        );
      },
    },
  );
  if (resolution.outcome === 'approved') await direct(resolution.plan.command);
  return { asked: asked as CommandApprovalRequest | null, resolution };
}

const pwned = () => existsSync(path.join(root, 'pwned'));
const appIntact = () =>
  existsSync(path.join(root, 'src', 'app.ts')) &&
  readFileSync(path.join(root, 'src', 'app.ts'), 'utf8') === 'original\n';

function reset(): void {
  rmSync(path.join(root, 'pwned'), { force: true });
  writeFileSync(path.join(root, 'src', 'app.ts'), 'original\n');
}

/** The attack works straight, and the gate asks for it under `rules` (so it never ran). */
async function expectHeld(line: string, rules: readonly CommandRule[], effect: () => boolean) {
  await direct(line);
  expect(effect(), `the attack itself works: ${line}`).toBe(true);
  reset();
  const { asked, resolution } = await gated(line, rules);
  expect(asked, `asked for: ${line}`).not.toBeNull();
  expect(resolution.outcome).toBe('rejected');
  expect(effect()).toBe(false);
  return asked as CommandApprovalRequest;
}

const appChanged = () => !appIntact();

describeSandboxed('hostile rules - wrappers are transparent (item 1)', () => {
  it.each([
    ['timeout', 'timeout 5 rm -f src/app.ts', ['timeout', '60']],
    ['nice', 'nice -n 5 rm -f src/app.ts', ['nice']],
    ['stdbuf', 'stdbuf -oL rm -f src/app.ts', ['stdbuf', '-oL']],
    ['xargs', 'echo src/app.ts | xargs rm -f', ['xargs']],
    ['env', 'env rm -f src/app.ts', ['env']],
    ['ionice', 'ionice -c 3 rm -f src/app.ts', ['ionice']],
    ['nohup', 'nohup rm -f src/app.ts', ['nohup']],
    ['time', 'time -p rm -f src/app.ts', ['time']],
    ['command', 'command rm -f src/app.ts', ['command']],
  ])('a rule naming %s - does not allow what it wraps', async (_name, line, prefix) => {
    const asked = await expectHeld(line, [rule(...prefix), rule('echo')], appChanged);
    expect(asked.reason).toMatch(/no rule allows/u);
    expect(asked.suggestedPrefixes.flat()).not.toContain(prefix[0]);
  });

  it('always allow on `timeout 60 npm test` - offers `npm test`, which then runs wrapped', async () => {
    const { asked } = await gated('timeout 60 npm test', []);
    expect(asked?.suggestedPrefixes).toEqual([['npm', 'test']]);
    const second = await gated('timeout 60 nice -n 2 npm test', [rule('npm', 'test')]);
    expect(second.asked).toBeNull();
    expect(second.resolution.outcome).toBe('approved');
  });

  it('a wrapper option Sluice does not judge - asks, and no prefix is offered', async () => {
    const { asked } = await gated('timeout --frobnicate 5 npm test', [rule('npm', 'test')]);
    expect(asked?.reason).toMatch(/timeout is given an option Sluice does not judge/u);
    expect(asked?.suggestedPrefixes).toEqual([]);
  });
});

describeSandboxed('hostile rules - tool options that run code ask under any rule (item 2)', () => {
  it('npm test --node-options=--require=./evil.cjs - asks under an npm test rule', async () => {
    const asked = await expectHeld(
      'npm test --node-options=--require=./evil.cjs',
      [rule('npm', 'test')],
      pwned,
    );
    expect(asked.reason).toMatch(/npm's option --node-options=.* can run code/u);
    expect(asked.suggestedPrefixes).toEqual([]);
  });

  it('make test -f evil.mk - asks under a make test rule', async () => {
    await expectHeld('make test -f evil.mk', [rule('make', 'test')], pwned);
  });

  it('make test --eval - asks under a make test rule', async () => {
    await expectHeld("make --eval='x: ; touch pwned' test x", [rule('make', 'test')], pwned);
  });

  it('git -c core.fsmonitor - asks under a git status rule', async () => {
    // Made on the host: inside, a .git the command creates is removed after it (protected).
    execFileSync('git', ['init', '-q'], { cwd: root });
    await expectHeld(
      "git -c core.fsmonitor='touch pwned; false' status",
      [rule('git', 'status')],
      pwned,
    );
  });
});

// The table of options that run code, one line per row (docs/ARCHITECTURE.md, run_command);
// the rows above also run for real. pytest and go are not reachable inside this sandbox's
// PATH here, so their rows are judged by the policy alone.
describe('hostile rules - the code-running options table (item 2)', () => {
  it.each([
    ['npm test --node-options=--require=./evil.cjs', ['npm', 'test']],
    ['npm test --foo=bar', ['npm', 'test']],
    ['npm run build --script-shell ./x.sh', ['npm', 'run', 'build']],
    ['pnpm test --config.node-options=--require=./e.cjs', ['pnpm', 'test']],
    ['yarn test --require ./evil.cjs', ['yarn', 'test']],
    ['npx --package=evil vitest', ['npx', 'vitest']],
    ['npx -c "touch pwned"', ['npx']],
    ['git -c core.fsmonitor=./evil status', ['git', 'status']],
    ['git --exec-path=./evil status', ['git', 'status']],
    ['git fetch --upload-pack=./evil origin', ['git', 'fetch']],
    ['git --git-dir=planted status', ['git', 'status']],
    ['make test -f evil.mk', ['make', 'test']],
    ["make test --eval='x: ; touch pwned'", ['make', 'test']],
    ["make test CC='sh -c evil'", ['make', 'test']],
    ['cargo build --config build.rustc-wrapper="./evil"', ['cargo', 'build']],
    ['pytest -p evil', ['pytest']],
    ['pytest --rootdir=../other', ['pytest']],
    ['python3 -m pytest -pevil', ['python3', '-m', 'pytest']],
    ['go build -toolexec=./evil .', ['go', 'build']],
    ['go test -exec ./evil ./...', ['go', 'test']],
    ['echo npm | xargs npm test', ['npm', 'test']],
  ])('%s - asks under a rule for %j', (line, prefix) => {
    const verdict = evaluateCommandPolicy(
      { mode: 'ask', rules: [rule(...prefix)], sandboxed: true },
      parseCommandLine(parser, line, { root, cwd: root }),
    );
    expect(verdict.action).toBe('ask');
    expect(verdict.suggestedPrefixes).toEqual([]);
  });

  it('the same tools without such options - are allowed by their rule', () => {
    for (const [line, prefix] of [
      ['npm test -- --watch=false', ['npm', 'test']],
      ['npm test --silent', ['npm', 'test']],
      ['npx vitest run --coverage', ['npx', 'vitest']],
      ['git log --oneline -5', ['git', 'log']],
      ['make test', ['make', 'test']],
      ['cargo test -- --nocapture', ['cargo', 'test']],
      ['pytest -q tests', ['pytest']],
      ['go test -count=1 ./...', ['go', 'test']],
    ] as const) {
      const verdict = evaluateCommandPolicy(
        { mode: 'ask', rules: [rule(...prefix)], sandboxed: true },
        parseCommandLine(parser, line, { root, cwd: root }),
      );
      expect(verdict.action, line).toBe('allow');
    }
  });
});

describeSandboxed('hostile rules - inline code and commands that run commands (item 3)', () => {
  it.each([
    ['perl -E', `perl -E 'open F, ">", "pwned"'`, ['perl', '-E']],
    ['python3 -Sc joined', `python3 -Sc"open('pwned','w')"`, ['python3', '-S']],
    ['node --eval=', `node --eval="require('./evil.cjs')"`, ['node', '--eval']],
    ['node -p', `node -p "require('./evil.cjs')"`, ['node', '-p']],
    ['find -exec', 'find src -name app.ts -exec rm {} +', ['find']],
  ])('%s - asks under the prefix it used to be offered', async (_name, line, prefix) => {
    const effect = line.startsWith('find') ? appChanged : pwned;
    const asked = await expectHeld(line, [rule(...prefix)], effect);
    expect(asked.suggestedPrefixes).toEqual([]);
  });

  // Interpreters not installed here: judged by the policy, under the prefix the old check offered.
  it.each([
    ['php -r', `php -r 'touch("pwned");'`, ['php', '-r']],
    ['deno eval', `deno eval 'Deno.writeTextFileSync("pwned", "")'`, ['deno', 'eval']],
    ['pwsh -Command', `pwsh -Command 'New-Item pwned'`, ['pwsh', '-Command']],
    ['pwsh -c', `pwsh -c 'New-Item pwned'`, ['pwsh', '-c']],
    ['powershell -EncodedCommand', 'powershell -EncodedCommand AAAA', ['powershell']],
    ['ruby -e', `ruby -e 'File.write("pwned", "")'`, ['ruby', '-e']],
    ['ruby -ne', `ruby -ne 'File.write("pwned", "")' x`, ['ruby', '-ne']],
    ['ruby -e joined', `ruby -e'File.write("pwned", "")'`, ['ruby']],
    ['ruby -r', 'ruby -r./evil app.rb', ['ruby', '-r./evil']],
    ['perl -M', 'perl -Mevil app.pl', ['perl', '-Mevil']],
    ['python -c joined', `python3 -c'open("pwned","w")'`, ['python3']],
    ['python - (stdin)', 'cat evil.py | python3 -', ['python3', '-'], ['cat']],
    ['node --require', 'node --require ./evil.cjs app.js', ['node', '--require']],
    ['node -pe', `node -pe 'require("./evil.cjs")'`, ['node', '-pe']],
    ['bun --preload', 'bun --preload ./evil.ts test', ['bun', 'test']],
  ])('%s - asks, and no prefix is offered', (_name, line, prefix, extra = []) => {
    const verdict = evaluateCommandPolicy(
      {
        mode: 'ask',
        rules: [rule(...prefix), ...(extra.length ? [rule(...extra)] : [])],
        sandboxed: true,
      },
      parseCommandLine(parser, line, { root, cwd: root }),
    );
    expect(verdict.action).toBe('ask');
    expect(verdict.suggestedPrefixes).toEqual([]);
  });

  it('a bare find or xargs - is never offered as a prefix', async () => {
    const find = await gated('find src -name "*.ts"', []);
    expect(find.asked?.suggestedPrefixes.some((p) => p.length === 1 && p[0] === 'find')).toBe(
      false,
    );
    const xargs = await gated('echo a | xargs', []);
    expect(xargs.asked?.suggestedPrefixes.flat()).not.toContain('xargs');
  });
});

describeSandboxed('hostile rules - writes to project files ask (items 4 and 7)', () => {
  it.each([
    ['npm test > src/app.ts', [rule('npm', 'test')]],
    ['echo x > src/app.ts', [rule('echo')]],
    ['echo x | tee src/app.ts', [rule('echo'), rule('tee')]],
    ['echo x | dd of=src/app.ts', [rule('echo'), rule('dd')]],
    ['sed -i s/original/pwned/ src/app.ts', [rule('sed')]],
    ['truncate -s 0 src/app.ts', [rule('truncate')]],
    ['cd src && echo x > app.ts', [rule('cd'), rule('echo')]],
    ['cd build && cd ../src && echo x > app.ts', [rule('cd'), rule('echo')]],
  ])('%s - asks under rules for each of its commands', async (line, rules) => {
    const asked = await expectHeld(line, rules, appChanged);
    expect(asked.reason).toMatch(/writes the project file src\/app\.ts/u);
  });

  it('a write whose new text is known - the request carries it as a diff against the file now', async () => {
    const replaced = await gated('echo fresh > src/app.ts', [rule('echo')]);
    expect(replaced.asked?.proposedWrites).toEqual([
      {
        path: 'src/app.ts',
        isNewFile: false,
        append: false,
        hunks: [expect.objectContaining({ lines: ['-original', '+fresh'] })],
      },
    ]);
    const created = await gated("cat <<'EOF' > src/new.ts\nconst a = $b;\nEOF", [rule('cat')]);
    expect(created.asked?.proposedWrites).toEqual([
      expect.objectContaining({
        path: 'src/new.ts',
        isNewFile: true,
        hunks: [expect.objectContaining({ lines: ['+const a = $b;'] })],
      }),
    ]);
    const appended = await gated("printf 'more\\n' >> src/app.ts", [rule('printf')]);
    expect(appended.asked?.proposedWrites?.[0]).toMatchObject({ append: true });
    expect(appended.asked?.proposedWrites?.[0]?.hunks[0]?.lines).toEqual([' original', '+more']);
    // Unknown content (a command's output) still asks; there is just no diff to show.
    const unknown = await gated('npm test > src/app.ts', [rule('npm', 'test')]);
    expect(unknown.asked?.reason).toMatch(/writes the project file src\/app\.ts/u);
    expect(unknown.asked?.proposedWrites).toBeUndefined();
    expect(appIntact()).toBe(true);
  });

  it('ignored output (build/, *.log) - stays allowed and is written', async () => {
    const rules = [rule('npm', 'test'), rule('echo'), rule('cd')];
    for (const line of [
      'npm test > build/test.log 2>&1',
      'echo done >> run.log',
      'cd build && echo x > out.txt',
    ]) {
      const { asked, resolution } = await gated(line, rules);
      expect(asked, line).toBeNull();
      expect(resolution.outcome).toBe('approved');
    }
    expect(readFileSync(path.join(root, 'run.log'), 'utf8')).toBe('done\n');
    expect(readFileSync(path.join(root, 'build', 'out.txt'), 'utf8')).toBe('x\n');
  });

  it('cd /tmp && echo x > out.txt - is judged like echo x > /tmp/out.txt', () => {
    const rules = [rule('cd'), rule('echo')];
    const judge = (line: string) =>
      evaluateCommandPolicy(
        { mode: 'ask', rules, sandboxed: true },
        parseCommandLine(parser, line, { root, cwd: root }),
      );
    expect(judge('echo x > /tmp/out.txt').action).toBe('ask');
    const viaCd = judge('cd /tmp && echo x > out.txt');
    expect(viaCd.action).toBe('ask');
    expect(viaCd.reason).toMatch(/outside the project/u);
    for (const line of [
      'cd "$D" && echo x > out.txt',
      'cd - && echo x > out.txt',
      'cd && echo x > o',
    ])
      expect(judge(line).reason, line).toMatch(/only known at run time/u);
    // A cd in a subshell or one that fails still counts: the check covers both folders.
    expect(judge('(cd src); echo x > ../out.txt').reason).toMatch(/outside the project/u);
  });
});
