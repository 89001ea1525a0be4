// The terminal approver on the CLI's own streams: questions on stderr, answers from stdin,
// colour only on a colour terminal, and what a decision would write checked through the
// project's selection checks.
import type { SelectionEvidence } from '../main/core/evidence/selection-evidence';
import type { CliIo } from './cli-io';
import { createTerminalApprover, type TerminalApprover } from './terminal-approval';
import { terminalCheck } from './terminal-check';

export function ioApprover(io: CliIo, selection: SelectionEvidence | undefined): TerminalApprover {
  return createTerminalApprover({
    input: io.stdin,
    output: io.stderr,
    interactive: Boolean(io.stdin.isTTY && io.stderr.isTTY),
    color: Boolean(io.stderr.isTTY) && !io.env.NO_COLOR,
    env: io.env,
    checkDecision: terminalCheck(selection),
  });
}
