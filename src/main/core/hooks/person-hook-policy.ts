// What the person's own rules say of one of their hooks' command lines, read fresh at each run:
// a deny rule refuses it (the hook does not run, and says which rule), and their network rules
// give it the hosts a command like it may reach. The approval mode does not apply: a hook is a
// check the person set, and plan or read-only mode must not switch their checks off. Nobody is
// asked: the person wrote the hook.
import type { CommandRule } from '../../../shared/command-approvals';
import { planCommand } from '../shell/command-plan';
import { evaluateCommandPolicy } from '../shell/command-policy';
import type { ScopedHosts } from '../shell/network-rule-repository';
import type { PersonHookPolicy } from './hook-process';

export interface PersonHookPolicyDeps {
  readonly root: string;
  readonly sandboxed: boolean;
  readonly commandRules: () => readonly CommandRule[];
  readonly networkRules: () => readonly ScopedHosts[];
  readonly isIgnored?: (relative: string) => boolean;
}

export function personHookPolicy(
  deps: PersonHookPolicyDeps,
): (command: string) => Promise<PersonHookPolicy> {
  return async (command) => {
    const plan = await planCommand(
      {
        root: deps.root,
        cwd: deps.root,
        network: false,
        networkRules: deps.networkRules(),
        ...(deps.isIgnored ? { isIgnored: deps.isIgnored } : {}),
      },
      command,
    );
    const verdict = evaluateCommandPolicy(
      { mode: 'ask', rules: deps.commandRules(), sandboxed: deps.sandboxed },
      plan.parsed,
    );
    if (verdict.action === 'deny')
      return { refused: `your command rules refuse its command: ${verdict.reason}` };
    return { hosts: plan.network.hosts };
  };
}
