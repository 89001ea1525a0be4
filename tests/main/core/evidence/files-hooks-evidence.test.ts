// The hooks over a set of files (a propose run's end, an MCP client's set, the inbox's re-check):
// every file's text is laid over the project in one copy, the hooks see them all, and a part
// that comes after the deadline replaces only the hooks' part, completing the evidence.
import { afterEach, describe, expect, it } from 'vitest';
import { isCompleteEvidence, type ProposalEvidence } from '../../../../src/shared/diagnostics';
import { filesEvidence } from '../../../../src/main/core/evidence/files-evidence';
import {
  createProposalHooks,
  type ProposalHooks,
} from '../../../../src/main/core/hooks/proposal-hooks';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { hookProject, hooksOf, personHook, type HookProject } from '../../../support/hook-projects';

const canRun = detectSandbox().available && detectCopySupport().available;

let project: HookProject | undefined;
let hooks: ProposalHooks | undefined;
afterEach(() => {
  hooks?.dispose();
  project?.cleanup();
});

function open(command: string): ProposalHooks {
  project = hookProject({ 'src/a.txt': 'a on disk\n' });
  hooks = createProposalHooks({
    hooks: hooksOf([personHook(command)]),
    root: project.root,
    home: project.home,
  });
  return hooks;
}

const files = [
  { path: 'src/a.txt', text: 'a as proposed\n', baseHash: 'h-a', baseText: 'a on disk\n' },
  { path: 'src/new.txt', text: 'a new file\n', baseHash: 'h-new', baseText: null },
];

describe.skipIf(!canRun)('files hooks evidence', () => {
  it('files hooks - every file of the set is in the copy and named to the hook', async () => {
    const check = open('cat src/a.txt src/new.txt; echo "$SLUICE_CHANGED_FILES" | wc -l');
    const evidence = await filesEvidence(files, {
      hooks: check,
      against: 'bases',
      deadlineMs: 1000,
      testKey: 'set-1',
      testDeadlineMs: 30_000,
      conversationId: 'run-conversation',
      onLate: () => undefined,
    });
    expect(evidence.state).toBe('not_checked');
    expect(evidence.hooks?.state).toBe('passed');
    expect(evidence.hooks?.runs[0]?.output).toBe('a as proposed\na new file\n2');
    expect(evidence.hooks?.runs[0]?.toolName).toBe('edit_file');
  });

  it('files hooks - past the deadline the hooks are running, and their result completes the evidence', async () => {
    const check = open('sleep 1; echo "2 problems" >&2; exit 2');
    const late: ProposalEvidence[] = [];
    const evidence = await filesEvidence(files, {
      hooks: check,
      against: 'bases',
      deadlineMs: 1000,
      testKey: 'set-2',
      testDeadlineMs: 150,
      onLate: (e) => late.push(e),
    });
    expect(evidence.hooks?.state).toBe('running');
    expect(isCompleteEvidence(evidence)).toBe(false);
    await expect.poll(() => late.length, { timeout: 10_000 }).toBe(1);
    expect(late[0]?.hooks?.state).toBe('blocked');
    expect(late[0]?.hooks?.runs[0]?.reason).toBe('2 problems');
    expect(late[0] && isCompleteEvidence(late[0])).toBe(true);
  });
});
