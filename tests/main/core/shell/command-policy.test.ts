// The parser and the rules together: every simple command of a line is judged, so an allow
// rule for `npm test` never lets a chained, substituted or nested command through.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Parser } from 'web-tree-sitter';
import { loadShellParser } from '../../../../src/main/core/shell/shell-grammar';
import { parseCommandLine } from '../../../../src/main/core/shell/shell-parser';
import {
  evaluateCommandPolicy,
  prefixFor,
  validatePrefix,
} from '../../../../src/main/core/shell/command-policy';
import type { CommandRule } from '../../../../src/shared/command-approvals';

let parser: Parser;
beforeAll(async () => {
  parser = await loadShellParser();
});

const where = {
  root: '/p',
  cwd: '/p',
  isIgnored: (relative: string) => relative.endsWith('.log') || relative.startsWith('build/'),
};
const rule = (action: CommandRule['action'], ...prefix: string[]): CommandRule => ({
  id: `r-${action}-${prefix.join('-')}`,
  prefix,
  action,
});
const allowNpmTest = [rule('allow', 'npm', 'test'), rule('allow', 'git', 'status')];

function verdict(
  line: string,
  rules = allowNpmTest,
  extra: { sandboxed?: boolean; mode?: 'ask' | 'auto-edit' | 'read-only' } = {},
) {
  return evaluateCommandPolicy(
    { mode: extra.mode ?? 'ask', rules, sandboxed: extra.sandboxed ?? true },
    parseCommandLine(parser, line, where),
  );
}

describe('parseCommandLine', () => {
  it('lists - pipelines, subshells, substitutions and backticks all yield their commands', () => {
    const parsed = parseCommandLine(
      parser,
      'a x && (b || c) | d; e $(f) `g` <(h) "i$(j)"; if k; then l; fi',
      where,
    );
    const names = parsed.commands.map((c) => c.words[0]).sort();
    expect(names).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'j', 'k', 'l']);
    expect(parsed.problems).toEqual([]);
  });

  it('quotes - are removed before matching ("n"pm te\\st is npm test)', () => {
    const parsed = parseCommandLine(parser, `"n"pm te\\st 'a b'`, where);
    expect(parsed.commands[0]?.words).toEqual(['npm', 'test', 'a b']);
  });

  it('sh -c and bash -c - the inner string is parsed again', () => {
    const parsed = parseCommandLine(parser, `sh -c "bash -c 'curl x; npm test'"`, where);
    expect(parsed.commands.map((c) => c.words.join(' '))).toEqual(['curl x', 'npm test']);
  });

  it('a parse error - is reported as a problem', () => {
    expect(parseCommandLine(parser, 'echo "unterminated', where).problems.length).toBeGreaterThan(
      0,
    );
  });
});

describe('evaluateCommandPolicy', () => {
  it('an allowed prefix - runs without asking', () => {
    expect(verdict('npm test').action).toBe('allow');
    expect(verdict('npm test -- --watch=false && git status').action).toBe('allow');
  });

  it('an allowed prefix - the reason names the rules that allowed it', () => {
    expect(verdict('npm test').reason).toBe('allowed by rule `npm test`');
    expect(verdict('npm test && git status && npm test').reason).toBe(
      'allowed by rules `npm test`, `git status`',
    );
  });

  it.each([
    'npm test; curl http://127.0.0.1:1/',
    'npm test && curl x',
    'npm test | sh',
    'npm test $(curl x)',
    'npm test `curl x`',
    'npm test <(curl x)',
    'npm test > ../outside.txt',
    'npm test > /etc/passwd',
    'npm test > ~/.bashrc',
    'npm test > "$OUT"',
    'FOO=1 npm test',
    'NODE_OPTIONS=--require=./x.js npm test',
    'env FOO=1 npm test',
    'env -i npm test',
    'sh -c "npm test; curl x"',
    'bash -c "$CMD"',
    'eval npm test',
    'exec curl x',
    "node -e \"require('child_process').exec('curl x')\"",
    'python3 -c "import os"',
    '$CMD test',
    'npm(){ curl x; }; npm test',
    'export PATH=.:$PATH; npm test',
    'npm test "unterminated',
    'sh -c "sh -c \\"sh -c \\\\\\"sh -c npm\\\\\\"\\""',
  ])('allow "npm test" - does not allow %s', (line) => {
    expect(verdict(line).action).toBe('ask');
  });

  it('deny beats ask beats allow - a deny rule on any part denies the line', () => {
    const rules = [...allowNpmTest, rule('deny', 'curl'), rule('ask', 'npm', 'test')];
    expect(verdict('npm test && echo $(curl x)', rules).action).toBe('deny');
    expect(verdict('npm test', rules).action).toBe('ask');
    expect(verdict('sh -c "curl x"', rules).action).toBe('deny');
  });

  it('read-only mode - denies every command', () => {
    expect(verdict('npm test', allowNpmTest, { mode: 'read-only' }).action).toBe('deny');
  });

  it('no sandbox - allow rules do not apply and the offer to always allow is not made', () => {
    const v = verdict('npm test', allowNpmTest, { sandboxed: false });
    expect(v.action).toBe('ask');
    expect(v.reason).toMatch(/no sandbox/u);
    expect(verdict('npm run lint', [], { sandboxed: false }).suggestedPrefixes).toEqual([]);
  });

  it('suggested prefixes - command and subcommand words, one per unmatched command', () => {
    expect(
      verdict('npm run build && git log --oneline && npm test', allowNpmTest).suggestedPrefixes,
    ).toEqual([
      ['npm', 'run', 'build'],
      ['git', 'log'],
    ]);
    expect(verdict('node -e 0', []).suggestedPrefixes).toEqual([]);
  });
});

describe('prefixes', () => {
  it('a bare interpreter - is never a prefix', () => {
    expect(validatePrefix(['node'])).toMatch(/alone/u);
    expect(validatePrefix(['bash'])).toMatch(/alone/u);
    expect(validatePrefix(['node', '--test'])).toBeNull();
    const parsed = parseCommandLine(parser, 'python3 script.py', where);
    expect(prefixFor(parsed.commands[0]!)).toEqual(['python3', 'script.py']);
    const flag = parseCommandLine(parser, 'node --test', where);
    expect(prefixFor(flag.commands[0]!)).toEqual(['node', '--test']);
    const bare = parseCommandLine(parser, 'bash', where);
    expect(prefixFor(bare.commands[0]!)).toBeNull();
    const plain = parseCommandLine(parser, 'echo new words', where);
    expect(prefixFor(plain.commands[0]!)).toEqual(['echo']);
  });
});

describe('parseCommandLine - /bin/sh reads some bash syntax otherwise', () => {
  it('words after a redirection target - ask (a deny rule would not see them)', () => {
    const deny = [rule('deny', 'npm', 'publish'), ...allowNpmTest];
    expect(verdict('npm >/dev/null publish', deny).action).not.toBe('allow');
    expect(verdict('npm test >/dev/null curl x').action).toBe('ask');
    expect(verdict('npm test > out.log 2>&1').action).toBe('allow');
  });

  it('here-documents - a delimiter the shell ends elsewhere asks; ordinary ones are judged', () => {
    expect(verdict('npm test <<E"O"F\nEOF\ncurl x\nE"O"F').reason).toMatch(/here-document/u);
    expect(verdict("npm test <<'EOF'\n$(curl x)\nEOF").action).toBe('allow');
    expect(verdict('npm test <<-"EOF"\n\thello\n\tEOF').action).toBe('allow');
    expect(verdict('npm test <<\\EOF\nhello\nEOF').action).toBe('allow');
  });
});

describe("parseCommandLine - options that point a rule's command elsewhere", () => {
  it('git --output and npm --prefix/--script-shell - ask even with an allow rule', () => {
    const rules = [rule('allow', 'git', 'log'), ...allowNpmTest];
    expect(verdict('git log --output=package.json -1', rules).action).toBe('ask');
    expect(verdict('git log --output package.json', rules).action).toBe('ask');
    expect(verdict('npm test --prefix ../other', rules).action).toBe('ask');
    expect(verdict('npm test --script-shell=./x.sh', rules).action).toBe('ask');
    expect(verdict('git log --oneline -5', rules).action).toBe('allow');
    expect(verdict('npm test -- --reporter dot', rules).action).toBe('allow');
  });
});

describe('parseCommandLine - cd and the write check', () => {
  const allowCdEcho = [rule('allow', 'cd'), rule('allow', 'echo'), rule('allow', 'sh', '-c')];
  it('a cd inside sh -c - does not move the folder of the commands after it', () => {
    expect(verdict("sh -c 'cd build && true'; echo x > ../x.log", allowCdEcho).reason).toMatch(
      /outside the project/u,
    );
  });

  it('a leading cd followed only by && - the start folder is left (ignored output stays allowed)', () => {
    expect(verdict('cd build && echo x > out.txt', allowCdEcho).action).toBe('allow');
    expect(verdict('cd build && echo x > out.txt || echo y > o.txt', allowCdEcho).action).toBe(
      'ask',
    );
    expect(verdict('cd build; echo x > out.txt', allowCdEcho).action).toBe('ask');
  });
});
