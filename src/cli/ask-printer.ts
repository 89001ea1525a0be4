// `sluice ask`'s human output: the answer to stdout as it streams, the steps (the images
// attached, tools, hook runs, retries, errors, who decided each approval) to stderr, below any approval
// question still open there.
import type { AgentEvent } from '../shared/agent-events';
import { hookStepWords } from '../shared/hook-words';
import { imageListWords } from '../shared/image-attachments';
import { missingCase } from '../shared/missing-case';
import { planDecisionWords } from '../shared/plans';
import { outsideText, stepLineText, terminalCommandOutput } from './terminal-safe-text';
import type { TrackedIo } from './stderr-line-tracker';

function firstLine(text: string, max = 160): string {
  const line = text.split('\n').find((l) => l.trim()) ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Who decided and what, in words: "approved by you", "allowed by rule `npm test`". */
export function decisionWords(event: Extract<AgentEvent, { type: 'approval_resolved' }>): string {
  if (event.outcome === 'aborted' || event.decidedBy === 'abort')
    return 'stopped: the turn was aborted before a decision';
  switch (event.decidedBy) {
    case 'person':
      switch (event.outcome) {
        case 'approved':
          return 'approved by you';
        case 'edited':
          return 'approved by you, as you edited it';
        case 'partially_approved':
          return 'partly approved by you';
        case 'rejected':
          return 'rejected by you';
        default:
          return missingCase(event.outcome);
      }
    case 'rule':
      return (
        event.reason ?? (event.outcome === 'rejected' ? 'denied by a rule' : 'allowed by a rule')
      );
    case 'mode':
      return (
        event.reason ??
        (event.outcome === 'rejected'
          ? 'rejected by the approval mode'
          : 'approved by the approval mode')
      );
    default:
      return missingCase(event.decidedBy);
  }
}

/**
 * Human rendering: the answer to stdout as it streams; steps and problems to stderr. Text from
 * outside (tool results, an MCP server's errors, command output, API messages) is shown with
 * its control and bidi characters visible (terminal-safe-text.ts), never obeyed.
 */
export function createHumanPrinter({ io, atLineStart }: TrackedIo): (event: AgentEvent) => void {
  let midLine = false;
  const step = (text: string) => {
    if (midLine) io.stdout.write('\n');
    midLine = false;
    // A question of an approval prompt may be open on stderr: the step goes below it.
    io.stderr.write(`${atLineStart() ? '' : '\n'}${text}\n`);
  };
  return (event) => {
    switch (event.type) {
      case 'text_delta':
        io.stdout.write(outsideText(event.text));
        midLine = !event.text.endsWith('\n');
        return;
      case 'tool_start':
        step(`→ ${stepLineText(event.label)}`);
        return;
      case 'tool_end':
        if (event.shownAs) {
          step(`  ${event.status === 'ok' ? '✓' : '↺'} ${stepLineText(event.shownAs)}`);
          return;
        }
        step(
          `  ${event.status === 'ok' ? '✓' : '✗'} ${stepLineText(event.name)}${event.status === 'ok' ? '' : ` (${event.status}): ${stepLineText(firstLine(event.result))}`}`,
        );
        return;
      case 'retry':
        step(`↻ retry ${event.attempt}: ${stepLineText(event.reason)}`);
        return;
      case 'error':
        step(`error (${stepLineText(event.kind)}): ${stepLineText(event.message)}`);
        return;
      case 'approval_resolved':
        step(`  ${stepLineText(decisionWords(event))}`);
        return;
      case 'plan_resolved':
        step(`  ${stepLineText(planDecisionWords(event))}`);
        return;
      case 'hook_run': {
        const words = hookStepWords(event.run, event.message);
        const indent = event.toolUseId ? '  ' : '';
        step(
          [
            `${indent}${words.icon} ${stepLineText(words.line)}`,
            ...words.lines.map((line) => `${indent}    ${stepLineText(line)}`),
          ].join('\n'),
        );
        return;
      }
      case 'turn_end':
        if (midLine) io.stdout.write('\n');
        midLine = false;
        if (event.reason !== 'end_turn' && event.reason !== 'error' && event.message)
          io.stderr.write(`${stepLineText(event.message)}\n`);
        return;
      case 'command_output':
        // Live output goes to stderr, so stdout stays the model's answer.
        if (midLine) io.stdout.write('\n');
        midLine = false;
        io.stderr.write(terminalCommandOutput(event.text));
        return;
      case 'turn_start':
        if (event.images?.length) step(`Attached ${stepLineText(imageListWords(event.images))}`);
        return;
      // The approval session prompts on the terminal (and says a late check's result there).
      case 'usage':
      case 'approval_request':
      case 'approval_evidence':
      case 'command_approval_request':
      case 'tool_call_approval_request':
      case 'plan_request':
        return;
      default:
        missingCase(event);
    }
  };
}
