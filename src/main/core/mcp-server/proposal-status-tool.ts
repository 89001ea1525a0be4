// proposal_status (for `sluice mcp`): what the person decided about a change
// set: its status and reason, and per file which hunks were accepted and which rejected.
import { z } from 'zod';
import { acceptedHunkIds } from '../../../shared/change-set-notes';
import type { ChangeSetStatus } from '../../../shared/change-sets';
import type { StoredChangeSet, StoredChangeSetFile } from '../store/change-set-repository';
import { defineTool, ok, toolError } from '../tools/tool';

function hunkLine(file: StoredChangeSetFile, set: StoredChangeSet): string {
  const all = file.hunks.map((h) => h.id);
  const note = file.note ? ` (${file.note})` : '';
  switch (file.state) {
    case 'pending':
      return `- ${file.path}: not reviewed yet (hunks ${all.join(', ') || 'none'})`;
    case 'applied':
      return `- ${file.path}: accepted, all hunks (${all.join(', ')}) written`;
    case 'partly-applied': {
      const accepted = new Set(acceptedHunkIds(file.note));
      const rejected = all.filter((id) => !accepted.has(id));
      return `- ${file.path}: partly accepted: hunks ${[...accepted].join(', ')} written; rejected ${rejected.join(', ') || 'none'}`;
    }
    case 'rejected':
      return `- ${file.path}: rejected, no hunk written${file.note && file.note !== set.statusReason ? note : ''}`;
    case 'conflict':
    case 'refused':
      return `- ${file.path}: not written: ${file.state}${note}`;
    default:
      return `- ${file.path}: ${String(file.state)}${note}`;
  }
}

/** The statuses a person's review sets, so their reason is the person's; others are Sluice's. */
const PERSON_DECIDED: ReadonlySet<ChangeSetStatus> = new Set([
  'accepted',
  'partly-accepted',
  'rejected',
]);

export function describeChangeSet(set: StoredChangeSet): string {
  const lines = [`Change set ${set.id}: ${set.status}`];
  if (set.statusReason)
    lines.push(
      PERSON_DECIDED.has(set.status)
        ? `The person's reason: ${set.statusReason}`
        : `Sluice's note: ${set.statusReason}`,
    );
  if (set.needsRecheck) lines.push(`Needs a re-check: ${set.needsRecheck}`);
  lines.push(...set.files.map((f) => hunkLine(f, set)));
  if (!set.files.length) lines.push('- (no file changed)');
  if (set.status === 'proposed')
    lines.push(
      'Nothing of it is on disk yet: the person reviews it in the inbox or with `sluice proposal`.',
    );
  return lines.join('\n');
}

export function createProposalStatusTool(deps: {
  load: (id: string) => StoredChangeSet | null;
  currentId: () => string | null;
}) {
  return defineTool({
    name: 'proposal_status',
    description:
      'Report what the person decided about a change set your edits made: its status (proposed, accepted, partly-accepted, rejected, …), their reason, and per file which hunks were accepted and which rejected. Without change_set_id it reports the current set.',
    schema: z.object({ change_set_id: z.string().min(1).max(100).optional() }).strict(),
    kind: 'read',
    label: (input) => `Status of change set ${input.change_set_id ?? '(current)'}`,
    run(input) {
      const id = input.change_set_id ?? deps.currentId();
      if (!id)
        return Promise.resolve(ok('No change set yet: edit_file and create_file start one.'));
      const set = deps.load(id);
      if (!set) return Promise.resolve(toolError(`There is no change set ${id} in this project.`));
      return Promise.resolve(ok(describeChangeSet(set)));
    },
  });
}
