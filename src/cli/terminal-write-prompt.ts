// A proposed write on a terminal: the card (path, why asked, the model's words, the diff and
// its evidence), then y (write it) / n (reject, with a reason) / e (your own version in
// $EDITOR, shown with its diff and evidence before it is written) / h (hunk by hunk, with
// split and edit) / a (always allow this path or a glob).
import type { ApprovalRequest } from '../shared/approvals';
import { visibleUntrusted } from '../shared/untrusted-text';
import { renderDiffLines } from './diff-lines';
import { renderEvidence } from './evidence-lines';
import { walkHunks } from './terminal-hunk-walk';
import { reviewKept, type KeptAnswer } from './terminal-kept-review';
import { CLOSED_REASON, MAX_TRIES, type Choice, type PromptKit } from './terminal-prompt';
import { outsideLine } from './terminal-safe-text';
import type { TerminalAnswer, WriteAskContext } from './terminal-answers';

const CLOSED: TerminalAnswer = { decision: { type: 'reject', reason: CLOSED_REASON } };

function reasonQuestion(context: WriteAskContext): string {
  return context.modelReads
    ? 'Why? (optional, Claude reads it) > '
    : 'Why? (optional, kept in the audit trail) > ';
}

function showCard(request: ApprovalRequest, kit: PromptKit): void {
  const { c, out } = kit;
  out(
    `\n${c.bold(`${request.isNewFile ? 'New file' : 'Change to'} ${outsideLine(request.path)}`)} ${c.dim(`(${request.reason})`)}\n`,
  );
  if (request.description) out(`${visibleUntrusted(request.description)}\n`);
  if (request.coarseDiff)
    out(
      c.dim(
        '(The diff was too large to compute line by line within the time bound; it is shown as one replaced block.)\n',
      ),
    );
  out(`${renderDiffLines(request.unifiedDiff.replace(/\n$/u, '').split('\n'), kit.color)}\n`);
  if (request.evidence) out(renderEvidence(request.evidence, kit.color));
}

export async function askWriteOnTerminal(
  request: ApprovalRequest,
  kit: PromptKit,
  context: WriteAskContext,
): Promise<TerminalAnswer> {
  showCard(request, kit);
  const always = request.protectedPath ? '' : ' / [a]lways allow';
  const perHunk = !request.isNewFile && request.hunks.length > 0 ? ' / [h]unk by hunk' : '';
  const edit = context.editable === false ? '' : ' / [e]dit';
  const choices: Choice[] = [
    { key: 'y', word: 'yes' },
    { key: 'n', word: 'no' },
    ...(edit ? [{ key: 'e', word: 'edit' }] : []),
    ...(perHunk ? [{ key: 'h', word: 'hunk by hunk' }] : []),
    ...(always ? [{ key: 'a', word: 'always allow' }] : []),
  ];
  for (let tries = 0; tries < MAX_TRIES; tries += 1) {
    const answer = await kit.choose(`Apply? [y]es / [n]o${edit}${perHunk}${always} > `, choices);
    if (answer === null) return CLOSED;
    const chosen = await answerKey(answer.toLowerCase(), request, kit, context);
    if (chosen === 'closed') return CLOSED;
    if (chosen === 'back') {
      tries = 0;
      continue;
    }
    if (chosen) return chosen;
    kit.out(
      `Please answer y, n${edit ? ', e' : ''}${perHunk ? ', h' : ''}${always ? ' or a' : ''}.\n`,
    );
  }
  return { decision: { type: 'reject', reason: 'no valid answer was given' } };
}

/** One answer to the change's question; null: not an answer; back: ask it again. */
async function answerKey(
  key: string,
  request: ApprovalRequest,
  kit: PromptKit,
  context: WriteAskContext,
): Promise<TerminalAnswer | 'back' | 'closed' | null> {
  switch (key) {
    case 'y':
    case 'yes':
      return { decision: { type: 'approve' } };
    case 'n':
    case 'no': {
      const why = await kit.reason(reasonQuestion(context));
      return { decision: { type: 'reject', ...(why ? { reason: why } : {}) } };
    }
    case 'e':
    case 'edit':
      return context.editable === false ? null : editWhole(request, kit, context);
    case 'h': {
      if (request.isNewFile || request.hunks.length === 0) return null;
      const walked = await walkHunks(request, kit, context.editable !== false);
      if (walked.kind === 'decided') return { decision: walked.decision };
      if (walked.kind === 'back') {
        kit.out(`${walked.message}\n`);
        return 'back';
      }
      return reviewKept(request, walked.decision, walked.text, kit, {
        what: walked.what,
        reasons: walked.reasons,
        reasonQuestion: reasonQuestion(context),
      });
    }
    case 'a': {
      if (request.protectedPath) return null;
      const glob = await kit.prompt(`Always allow edits to (path or glob) [${request.path}] > `);
      if (glob === null) return 'closed';
      return { decision: { type: 'approve' }, alwaysAllowGlob: glob || request.path };
    }
    default:
      return null;
  }
}

async function editWhole(
  request: ApprovalRequest,
  kit: PromptKit,
  context: WriteAskContext,
): Promise<KeptAnswer> {
  let content: string;
  try {
    kit.reader.detach();
    content = await kit.editText(request.after, request.path);
  } catch (error) {
    kit.out(
      `The editor failed: ${outsideLine(error instanceof Error ? error.message : String(error))}\n`,
    );
    return 'back';
  }
  if (content === request.after) {
    kit.out('You left the proposal as it was.\n');
    return 'back';
  }
  return reviewKept(request, { type: 'edit', content }, content, kit, {
    what: 'your version',
    reasonQuestion: reasonQuestion(context),
  });
}
