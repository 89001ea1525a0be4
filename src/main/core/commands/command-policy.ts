// Decides whether a command line may run without asking. Rules are `{prefix, allow|ask|deny}`
// (prefix: the command's first words, `npm test`), read from the app DB, never the project.
// Every simple command of the parsed line is judged on its own; deny beats ask beats allow;
// a command no rule may judge (inline interpreter code, dynamic name, …) asks; read-only mode
// denies every command; without a sandbox allow rules do not apply.
import type { ApprovalMode } from '../../../shared/approvals';
import type { CommandRule } from '../../../shared/command-approvals';
import { INTERPRETERS, type ParsedCommandLine, type SimpleCommand } from './shell-parser';

export interface CommandVerdict {
  readonly action: 'allow' | 'ask' | 'deny';
  readonly decidedBy: 'rule' | 'mode';
  readonly reason: string;
  /** Prefixes the person may allow with "always allow" (empty: the offer is not made). */
  readonly suggestedPrefixes: readonly string[][];
}

const RANK = { deny: 3, ask: 2, allow: 1 } as const;

export function ruleMatches(rule: CommandRule, command: SimpleCommand): boolean {
  if (rule.prefix.length === 0 || rule.prefix.length > command.words.length) return false;
  return rule.prefix.every((word, i) => command.words[i] === word);
}

function strongestRule(
  rules: readonly CommandRule[],
  command: SimpleCommand,
): CommandRule | undefined {
  let strongest: CommandRule | undefined;
  for (const rule of rules) {
    if (ruleMatches(rule, command) && (!strongest || RANK[rule.action] > RANK[strongest.action]))
      strongest = rule;
  }
  return strongest;
}

const SUBCOMMAND = /^[A-Za-z0-9][A-Za-z0-9:._-]*$/u;
const RUNNERS = new Set(['run', 'run-script', 'exec', 'x', 'dlx']);
/** Programs whose first argument is a subcommand (`git log`, `npm test`, `cargo build`). */
const SUBCOMMAND_TOOLS = new Set([
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'npx',
  'git',
  'cargo',
  'go',
  'docker',
  'podman',
  'kubectl',
  'make',
  'pip',
  'pip3',
  'poetry',
  'uv',
  'dotnet',
  'mvn',
  'gradle',
  'gradlew',
  'deno',
  'rustup',
  'gh',
  'terraform',
  'bundle',
  'rake',
  'mix',
  'composer',
  'swift',
  'nx',
  'turbo',
  'just',
  'tox',
]);

/**
 * The prefix "always allow" offers for a command: its name plus its subcommand words for
 * tools that have them (`npm test`, `npm run build`, `git log`), an interpreter with its script
 * or module (`python3 -m pytest`, `node --test`), never a bare interpreter; null when none fits.
 */
export function prefixFor(command: SimpleCommand): string[] | null {
  if (command.unmatchable.length) return null;
  const [name, ...rest] = command.words;
  if (name === null || name === undefined) return null;
  const base = name.split('/').pop() ?? name;
  const prefix = [name];
  const next = (i: number): string | null => {
    const word = rest[i];
    return typeof word === 'string' ? word : null;
  };
  if (SUBCOMMAND_TOOLS.has(base)) {
    const first = next(0);
    if (first !== null && SUBCOMMAND.test(first)) {
      prefix.push(first);
      const second = next(1);
      if (RUNNERS.has(first) && second !== null && SUBCOMMAND.test(second)) prefix.push(second);
    }
  } else if (INTERPRETERS.has(base)) {
    const first = next(0);
    if (first !== null) {
      prefix.push(first);
      const second = next(1);
      if (first === '-m' && second !== null) prefix.push(second);
    }
  }
  return validatePrefix(prefix) === null ? prefix : null;
}

/** Why a prefix cannot be a rule, or null when it can. */
export function validatePrefix(prefix: readonly string[]): string | null {
  if (prefix.length === 0) return 'the prefix is empty';
  if (prefix.some((w) => !w || w.includes('\0') || w.length > 200))
    return 'each prefix word must be 1-200 characters without NUL';
  if (prefix.length > 8) return 'a prefix has at most 8 words';
  const base = prefix[0]?.split('/').pop() ?? '';
  if (prefix.length === 1 && INTERPRETERS.has(base))
    return `"${base}" alone would allow any code it is given; add its subcommand or script words`;
  return null;
}

export function describePrefix(prefix: readonly string[]): string {
  return prefix.join(' ');
}

export interface CommandPolicyInput {
  readonly mode: ApprovalMode;
  readonly rules: readonly CommandRule[];
  readonly sandboxed: boolean;
}

export function evaluateCommandPolicy(
  policy: CommandPolicyInput,
  parsed: ParsedCommandLine,
): CommandVerdict {
  if (policy.mode === 'read-only') {
    return {
      action: 'deny',
      decidedBy: 'mode',
      reason: 'the approval mode is read-only: no command may run',
      suggestedPrefixes: [],
    };
  }
  const asks: string[] = [...parsed.problems];
  const suggested: string[][] = [];
  /** The allow rules that matched, named as the person wrote them. */
  const allowedBy: string[] = [];
  let unsuggestable = parsed.problems.length > 0;
  for (const command of parsed.commands) {
    const rule = strongestRule(policy.rules, command);
    if (rule?.action === 'deny') {
      return {
        action: 'deny',
        decidedBy: 'rule',
        reason: `denied by rule "deny ${describePrefix(rule.prefix)}" (matched \`${command.text}\`)`,
        suggestedPrefixes: [],
      };
    }
    if (command.unmatchable.length) {
      asks.push(`\`${command.text}\`: ${command.unmatchable.join('; ')}`);
      unsuggestable = true;
      continue;
    }
    if (rule?.action === 'allow') {
      const named = `\`${describePrefix(rule.prefix)}\``;
      if (!allowedBy.includes(named)) allowedBy.push(named);
      continue;
    }
    asks.push(
      rule
        ? `\`${command.text}\` is asked by rule "ask ${describePrefix(rule.prefix)}"`
        : `no rule allows \`${command.text}\``,
    );
    const prefix = rule ? null : prefixFor(command);
    if (prefix === null) unsuggestable = true;
    else if (!suggested.some((p) => describePrefix(p) === describePrefix(prefix)))
      suggested.push(prefix);
  }
  if (parsed.commands.length === 0 && parsed.problems.length === 0)
    asks.push('the command line runs no command the parser could find');
  if (!policy.sandboxed) {
    return {
      action: 'ask',
      decidedBy: 'mode',
      reason: `no sandbox is available, so every command asks${asks.length ? `; ${asks.join('; ')}` : ''}`,
      suggestedPrefixes: [],
    };
  }
  if (asks.length) {
    return {
      action: 'ask',
      decidedBy: asks.some((a) => a.includes('asked by rule')) ? 'rule' : 'mode',
      reason: asks.join('; '),
      suggestedPrefixes: unsuggestable ? [] : suggested,
    };
  }
  return {
    action: 'allow',
    decidedBy: 'rule',
    reason: allowedBy.length
      ? `allowed by ${allowedBy.length === 1 ? 'rule' : 'rules'} ${allowedBy.join(', ')}`
      : 'every command in it is allowed by a rule',
    suggestedPrefixes: [],
  };
}
