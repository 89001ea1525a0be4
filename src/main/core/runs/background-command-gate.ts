// The command gate of a background run. Nobody is watching, so nothing is
// ever asked: a command runs when the project's rules allow it, or when it starts with one of
// the commands the person allowed for this run when starting it (`--allow-command "npm test"`,
// the dialog's field); deny rules and read-only mode still win. Anything else is refused with
// a result that says who decided, and the refusal is kept in the change set.
import { randomUUID } from 'node:crypto';
import type {
  CommandApprovalGate,
  CommandPolicyState,
  CommandProposal,
  CommandResolution,
} from '../commands/command-approval-gate';
import { planCommand } from '../shell/command-plan';
import { evaluateCommandPolicy, validatePrefix } from '../shell/command-policy';
import { loadShellParser } from '../shell/shell-grammar';
import { parseCommandLine } from '../shell/shell-parser';
import type { CommandRule } from '../../../shared/command-approvals';

export class AllowedCommandError extends Error {
  override readonly name = 'AllowedCommandError';
}

/** `"npm test"` → `["npm", "test"]`: one simple command with plain words, a valid prefix. */
export async function parseAllowedCommands(
  texts: readonly string[],
  root: string,
): Promise<string[][]> {
  const parser = await loadShellParser();
  return texts.map((text) => {
    const parsed = parseCommandLine(parser, text, { root, cwd: root });
    const only = parsed.commands[0];
    if (parsed.problems.length || parsed.commands.length !== 1 || !only)
      throw new AllowedCommandError(
        `the allowed command "${text}" must be one plain command (its first words), such as "npm test".`,
      );
    if (only.unmatchable.length || only.words.some((w) => w === null))
      throw new AllowedCommandError(
        `the allowed command "${text}" cannot be allowed: ${only.unmatchable.join('; ') || 'a word is only known when it runs'}.`,
      );
    const prefix = only.words as string[];
    const problem = validatePrefix(prefix);
    if (problem) throw new AllowedCommandError(`the allowed command "${text}": ${problem}.`);
    return prefix;
  });
}

export interface RefusedCommand {
  readonly command: string;
  readonly cwdRelative: string;
  /** Who refused, in words. */
  readonly decidedBy: string;
  readonly reason: string;
}

export interface BackgroundGateDeps {
  /** The project's approval mode and command rules (read fresh per request). */
  readonly policy: () => CommandPolicyState;
  /** The commands the person allowed for this run, as typed ("npm test"). */
  readonly allowed: readonly string[];
  /** The project root (the parser resolves paths against it). */
  readonly root: string;
  /** The run was started with network allowed: a command may ask for it. */
  readonly allowNetwork: boolean;
  readonly onRefused: (refused: RefusedCommand) => void;
}

export type BackgroundCommandGate = Pick<CommandApprovalGate, 'request'>;

export function createBackgroundCommandGate(deps: BackgroundGateDeps): BackgroundCommandGate {
  // The shells check each allowed command before the run starts; here one that does not parse
  // allows nothing (fail closed).
  let parsed: Promise<string[][]> | undefined;
  const prefixes = (): Promise<string[][]> =>
    (parsed ??= parseAllowedCommands(deps.allowed, deps.root).catch(() => []));
  return {
    async request(proposal: CommandProposal): Promise<CommandResolution> {
      const approvalId = `background-${randomUUID()}`;
      const refuse = (decidedBy: string, reason: string): CommandResolution => {
        deps.onRefused({
          command: proposal.command,
          cwdRelative: proposal.cwdRelative,
          decidedBy,
          reason,
        });
        return { approvalId, decidedBy: 'mode', outcome: 'denied', reason };
      };
      if (proposal.network && !deps.allowNetwork)
        return refuse(
          'this run',
          `wanted to run \`${proposal.command}\` with network access: this background run was started without network, so no command may have it`,
        );
      // Every project file a background command writes lands in the run's private copy and
      // reaches the person only as a diff in the change set (protected paths are read-only in
      // the copy and never applied from a set), so a write is no reason to refuse here; writes
      // outside the project still are.
      const plan = await planCommand({ ...proposal, isIgnored: () => true }, proposal.command);
      const { parsed } = plan;
      const approve = (decidedBy: 'rule' | 'person', reason: string): CommandResolution => ({
        approvalId,
        decidedBy,
        outcome: 'approved',
        reason,
        plan,
      });
      const { mode, rules } = deps.policy();
      const sandboxed = proposal.sandboxed;
      const byRules = evaluateCommandPolicy({ mode, rules, sandboxed }, parsed);
      if (byRules.action === 'deny') return refuse('a rule of yours', byRules.reason);
      if (byRules.action === 'allow') return approve('rule', byRules.reason);
      const allowed = await prefixes();
      const runRules: CommandRule[] = allowed.map((prefix, i) => ({
        id: `run-${i}`,
        prefix,
        action: 'allow',
      }));
      const withRun = evaluateCommandPolicy(
        { mode, rules: [...rules, ...runRules], sandboxed },
        parsed,
      );
      if (withRun.action === 'allow')
        return approve('person', 'allowed for this run when it was started');
      const allowedList = allowed.length
        ? `the commands allowed for this run are ${allowed.map((p) => `\`${p.join(' ')}\``).join(', ')}`
        : 'no command was allowed for this run when it was started';
      return refuse(
        'this run',
        `wanted to run \`${proposal.command}\`: not allowed for this run. Nobody is watching a background run, so nothing is asked: no rule of yours allows it and ${allowedList} (${withRun.reason})`,
      );
    },
  };
}
