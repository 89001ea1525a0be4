// What the model is told after a write tool: exactly what happened, with
// enough text around rejected or edited parts that it need not re-read the file to continue.
import {
  computeLineDiff,
  formatUnifiedDiff,
  splitLinesKeepEol,
  type ProposalHunk,
} from './bounded-line-diff';
import type { Proposal } from './proposal';
import {
  changedLineIndexes,
  isChangedLine,
  lineKey,
  linesOfSelectors,
} from '../../../shared/hunk-selection';
import type { DecisionSource } from '../../../shared/approvals';

const AROUND = 3;

function sourceText(decidedBy: DecisionSource, reason: string): string {
  switch (decidedBy) {
    case 'person':
      return 'the person approved it';
    case 'rule':
    case 'mode':
      return `applied without asking (${reason})`;
    case 'abort':
      return 'aborted';
    default:
      return String(decidedBy);
  }
}

function changeSize(proposal: Proposal): string {
  let added = 0;
  let removed = 0;
  for (const hunk of proposal.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added += 1;
      else if (line.startsWith('-')) removed += 1;
    }
  }
  return `+${added} −${removed} lines in ${proposal.hunks.length} hunk${proposal.hunks.length === 1 ? '' : 's'}`;
}

function tail(proposal: Proposal, checkpointId: string | undefined, extra: string[]): string {
  const lines = [...proposal.notes, ...extra];
  if (checkpointId)
    lines.push(`Checkpoint ${checkpointId} records the change (the person can undo it).`);
  return lines.length ? `\n${lines.join('\n')}` : '';
}

export function appliedMessage(
  proposal: Proposal,
  decidedBy: DecisionSource,
  reason: string,
  checkpointId: string | undefined,
  extra: string[],
): string {
  const verb = proposal.isNewFile ? 'Created' : 'Applied the edit to';
  return `${verb} ${proposal.path} (${changeSize(proposal)}); ${sourceText(decidedBy, reason)}.${tail(proposal, checkpointId, extra)}`;
}

/** Numbered lines [from, to) of text, 1-based numbers. */
function numbered(text: string, from: number, to: number): string {
  const lines = splitLinesKeepEol(text);
  const end = Math.min(to, lines.length);
  const width = String(end).length;
  const out: string[] = [];
  for (let i = Math.max(0, from); i < end; i += 1)
    out.push(`${String(i + 1).padStart(width)}| ${(lines[i] ?? '').replace(/\r?\n$/u, '')}`);
  return out.join('\n');
}

function wholeHunks(ids: readonly string[]): boolean {
  return ids.every((id) => /^h\d+$/u.test(id));
}

function selectionNames(ids: readonly string[]): string {
  return wholeHunks(ids) ? `hunk${ids.length === 1 ? '' : 's'} ${ids.join(', ')}` : ids.join(', ');
}

export function partialMessage(
  proposal: Proposal,
  approvedIds: readonly string[],
  rejectedIds: readonly string[],
  reason: string | undefined,
  finalText: string,
  checkpointId: string | undefined,
  extra: string[],
): string {
  const read = linesOfSelectors(proposal.hunks, approvedIds);
  const kept = 'keys' in read ? read.keys : new Set<string>();
  const parts = [
    `Partly applied to ${proposal.path}: the person approved ${selectionNames(approvedIds)} and rejected ${selectionNames(rejectedIds)}${reason ? ` (reason: ${reason})` : ' (no reason given)'}.${wholeHunks(approvedIds) && wholeHunks(rejectedIds) ? '' : ' (h2 names a hunk, h2.1 one change of it, h2@5 its fifth line.)'}`,
  ];
  let delta = 0;
  for (const hunk of proposal.hunks as ProposalHunk[]) {
    const changed = changedLineIndexes(hunk);
    const keptHere = changed.filter((i) => kept.has(lineKey(hunk.id, i)));
    const grown = keptHere.filter((i) => hunk.lines[i]?.startsWith('+')).length;
    const shrunk = keptHere.length - grown;
    const start = hunk.oldIndex + delta;
    delta += grown - shrunk;
    if (keptHere.length === changed.length) continue;
    const length = hunk.oldLines + grown - shrunk;
    const notWritten = hunk.lines.filter(
      (line, i) => !isChangedLine(line) || !kept.has(lineKey(hunk.id, i)),
    );
    parts.push(
      keptHere.length === 0
        ? `Rejected hunk ${hunk.id} (@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@) was not written. It proposed:`
        : `Hunk ${hunk.id} was written in part; these of its changed lines were not:`,
      keptHere.length === 0 ? hunk.lines.join('\n') : notWritten.join('\n'),
      `The file now reads there (lines ${start + 1}–${start + length}, with context):`,
      numbered(finalText, start - AROUND, start + length + AROUND),
    );
  }
  return `${parts.join('\n')}${tail(proposal, checkpointId, extra)}`;
}

export function editedMessage(
  proposal: Proposal,
  finalText: string,
  checkpointId: string | undefined,
  extra: string[],
): string {
  const diff = computeLineDiff(proposal.after, finalText);
  const body = diff.hunks.length
    ? formatUnifiedDiff(proposal.path, false, diff.hunks)
        .replace(/^--- a\//u, '--- proposal/')
        .replace(/\n\+\+\+ b\//u, '\n+++ written/')
    : '(the final text equals your proposal apart from line endings)\n';
  return `The person edited your proposal for ${proposal.path} before it was written. What was written differs from your proposal by:\n${body}${tail(proposal, checkpointId, extra).replace(/^\n/u, '')}`;
}

export function rejectedMessage(
  proposal: Proposal,
  decidedBy: DecisionSource,
  reason: string | undefined,
): string {
  if (decidedBy === 'abort')
    return `The change to ${proposal.path} was not written: ${reason ?? 'the turn was aborted'}.`;
  // Nobody decided: no person could be asked (no terminal), so the mode refused it.
  if (decidedBy === 'mode' || decidedBy === 'rule')
    return `The change to ${proposal.path} was not written: nobody could be asked${reason ? ` (${reason})` : ''}. Nothing was changed; tell the person what you wanted to change.`;
  return `The person rejected the change to ${proposal.path}; nothing was written.${reason ? ` Their reason: ${reason}` : ' They gave no reason; ask them what they want instead of retrying the same change.'}`;
}

export function deniedMessage(proposal: Proposal, reason: string): string {
  return `Not written: the approval policy denies writing ${proposal.path} (${reason}). Nothing was changed. Do not retry this write; tell the person what you wanted to change instead.`;
}

export function conflictMessage(proposal: Proposal, currentHash: string): string {
  const now = proposal.isNewFile
    ? 'a file now exists there'
    : currentHash === 'absent'
      ? 'the file no longer exists'
      : `sha256 now ${currentHash.slice(0, 12)}…`;
  return `Conflict: ${proposal.path} changed on disk after the proposal was made (base ${proposal.baseHash === 'absent' ? 'absent' : `sha256 ${proposal.baseHash.slice(0, 12)}…`}, ${now}). Nothing was written. Re-read the file with read_file and propose the change again against its current content.`;
}
