// Decides whether a command line may run without asking. Rules are `{prefix, allow|ask|deny}`
// (prefix: the command's first words, `npm test`), read from the app DB, never the project.
// Every simple command of the parsed line is judged on its own; deny beats ask beats allow;
// a command no rule may judge (inline interpreter code, dynamic name, …) asks; read-only and plan
// mode deny every command; without a sandbox allow rules do not apply.
import type { ApprovalMode } from '../../../shared/approvals';
import type { CommandRule } from '../../../shared/command-approvals';
import { WRAPPER_NAMES } from './command-wrappers';
import {
  INTERPRETERS,
  type ParsedCommandLine,
  type ProjectWrite,
  type SimpleCommand,
} from './shell-parser';

export interface CommandVerdict {
  readonly action: 'allow' | 'ask' | 'deny';
  readonly decidedBy: 'rule' | 'mode';
  readonly reason: string;
  /** Prefixes the person may allow with "always allow" (empty: the offer is not made). */
  readonly suggestedPrefixes: readonly string[][];
  /**
   * The parts of the line that would run without asking if they were the whole line (each
   * allowed by a rule, the line itself asking for another part); empty when none would.
   */
  readonly allowedAlone?: readonly string[];
  /** Project files the line writes (each a reason it asks), with new text where known. */
  readonly writes?: readonly ProjectWrite[];
}

const RANK = { deny: 3, ask: 2, allow: 1 } as const;

function prefixOf(prefix: readonly string[], words: readonly (string | null)[]): boolean {
  if (prefix.length === 0 || prefix.length > words.length) return false;
  return prefix.every((word, i) => words[i] === word);
}

/**
 * Whether a rule judges the command: its prefix starts the command that runs (past wrappers);
 * a deny rule also matches the words as written (`deny timeout` still denies `timeout 5 x`).
 */
export function ruleMatches(rule: CommandRule, command: SimpleCommand): boolean {
  if (prefixOf(rule.prefix, command.words)) return true;
  return rule.action === 'deny' && prefixOf(rule.prefix, command.allWords);
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

/** Programs that are never a whole prefix: they run what they are given. */
const NEVER_ALONE = new Set(['find', ...WRAPPER_NAMES]);

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
  if (WRAPPER_NAMES.has(base))
    return `"${base}" runs another command, and rules judge that command: write the rule for the command it runs`;
  if (prefix.length === 1 && NEVER_ALONE.has(base))
    return `"${base}" alone would allow the commands its options run; add its other words`;
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
  if (policy.mode === 'read-only' || policy.mode === 'plan') {
    return {
      action: 'deny',
      decidedBy: 'mode',
      reason:
        policy.mode === 'plan'
          ? 'the conversation is in plan mode: no command may run until the person approves a plan'
          : 'the approval mode is read-only: no command may run',
      suggestedPrefixes: [],
    };
  }
  const asks: string[] = [...parsed.problems];
  const suggested: string[][] = [];
  const allowedAlone: string[] = [];
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
      allowedAlone.push(command.text);
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
      ...(parsed.writes.length ? { writes: parsed.writes } : {}),
    };
  }
  if (asks.length) {
    return {
      action: 'ask',
      decidedBy: asks.some((a) => a.includes('asked by rule')) ? 'rule' : 'mode',
      reason: asks.join('; '),
      suggestedPrefixes: unsuggestable ? [] : suggested,
      ...(allowedAlone.length ? { allowedAlone } : {}),
      ...(parsed.writes.length ? { writes: parsed.writes } : {}),
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
