// run_command's question on a terminal: the command, where and how it runs (sandbox,
// network, timeout), the files it would write, then run once, always allow a prefix, edit,
// set this run's network, or reject with a reason.
import type { CommandApprovalRequest, NetworkGrant } from '../shared/command-approvals';
import { visibleUntrusted } from '../shared/untrusted-text';
import { outsideLine } from './terminal-safe-text';
import { askNetworkGrant, describeGrant, describeRequestNetwork } from './command-network-prompt';
import { describeCommandWrite } from './diff-lines';
import { CLOSED_REASON, MAX_TRIES, type Choice, type PromptKit } from './terminal-prompt';
import type { TerminalCommandAnswer } from './terminal-answers';

const closedCommand: TerminalCommandAnswer = {
  decision: { type: 'reject', reason: CLOSED_REASON },
};

export async function askCommandOnTerminal(
  request: CommandApprovalRequest,
  kit: PromptKit,
): Promise<TerminalCommandAnswer> {
  const { c, color, out, prompt, reason } = kit;
  out(`\n${c.bold('Run a command')} ${c.dim(`(${request.reason})`)}\n`);
  if (request.description) out(`${visibleUntrusted(request.description)}\n`);
  out(`  ${c.cyan('$')} ${visibleUntrusted(request.command)}\n`);
  const sandbox = request.sandboxed
    ? `sandboxed${request.sandboxName ? ` (${request.sandboxName})` : ''}: ${request.sandboxDetail} · `
    : '';
  out(
    c.dim(
      `  in ${outsideLine(request.cwd || '.')} · ${sandbox}${describeRequestNetwork(request)} · timeout ${request.timeoutSeconds} s\n`,
    ),
  );
  // Said once: not sandboxed, why, and what that means.
  if (!request.sandboxed)
    out(
      `  ${c.red('NOT SANDBOXED')} (${request.sandboxDetail}): it runs with your full rights, files and network.\n`,
    );
  for (const write of request.proposedWrites ?? []) out(describeCommandWrite(write, color));
  const prefixes = request.suggestedPrefixes.map((p) => `"${outsideLine(p.join(' '))}"`).join(', ');
  const always = prefixes ? ` / [a]lways allow ${prefixes}` : '';
  // Inside the sandbox the person may set this run's network ("w"); outside it cannot be limited.
  const networkKey = request.sandboxed ? ' / [w] network for this run' : '';
  const choices: Choice[] = [
    { key: 'y', word: 'yes, once' },
    ...(prefixes ? [{ key: 'a', word: 'always allow' }] : []),
    { key: 'e', word: 'edit' },
    ...(networkKey ? [{ key: 'w', word: 'network for this run' }] : []),
    { key: 'n', word: 'no' },
  ];
  let grant: NetworkGrant | undefined;
  const withGrant = (): { network?: NetworkGrant } => (grant ? { network: grant } : {});
  for (let tries = 0; tries < MAX_TRIES; tries += 1) {
    const chosen = grant ? ` (${describeGrant(grant)} for this run)` : '';
    const answer = await kit.choose(
      `Run it${chosen}? [y]es once${always} / [e]dit${networkKey} / [n]o > `,
      choices,
    );
    if (answer === null) return closedCommand;
    switch (answer.toLowerCase()) {
      case 'y':
      case 'yes':
        return { decision: { type: 'run_once', ...withGrant() } };
      case 'a':
        if (prefixes) return { decision: { type: 'always_allow', ...withGrant() } };
        break;
      case 'w':
        if (request.sandboxed) {
          const picked = await askNetworkGrant(kit);
          if (picked === null) return closedCommand;
          if (picked) {
            grant = picked;
            continue;
          }
          out('Please answer o, h (then the hosts) or f.\n');
          continue;
        }
        break;
      case 'e':
      case 'edit': {
        const command = await prompt('Command to run instead > ');
        if (command === null) return closedCommand;
        if (command) return { decision: { type: 'edit', command, ...withGrant() } };
        break;
      }
      case 'n':
      case 'no': {
        const why = await reason('Why? (optional, tell the model) > ');
        return { decision: { type: 'reject', ...(why ? { reason: why } : {}) } };
      }
      default:
        break;
    }
    out(`Please answer y, e, n${always ? ', a' : ''}${networkKey ? ' or w' : ''}.\n`);
  }
  return { decision: { type: 'reject', reason: 'no valid answer was given' } };
}
