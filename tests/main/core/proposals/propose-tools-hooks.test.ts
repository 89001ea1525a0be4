// An MCP client's set (edits proposed at once, each checked with the whole set): the person's
// hooks see every file of the set in their copy, the model reads what they said under the edit,
// the set stores it, and nothing is held back or written.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import {
  createProposalHooks,
  type ProposalHooks,
} from '../../../../src/main/core/hooks/proposal-hooks';
import { OverlayWorkspace } from '../../../../src/main/core/proposals/overlay-workspace';
import { createProposeTools } from '../../../../src/main/core/proposals/propose-tools';
import { ProposalOverlay } from '../../../../src/main/core/proposals/proposal-overlay';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { runTool, type ToolDefinition } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { hookProject, hooksOf, personHook, type HookProject } from '../../../support/hook-projects';

const canRun = detectSandbox().available && detectCopySupport().available;

let project: HookProject | undefined;
let hooks: ProposalHooks | undefined;
afterEach(() => {
  hooks?.dispose();
  project?.cleanup();
});

describe.skipIf(!canRun)('propose tools and hooks', () => {
  it('overlay edits - the hooks see the whole set, the model reads them, the set stores them', async () => {
    project = hookProject({ 'a.txt': 'one\n' });
    hooks = createProposalHooks({
      hooks: hooksOf([
        personHook('cat $SLUICE_CHANGED_FILES; echo "TODO left in b.txt" >&2; exit 2'),
      ]),
      root: project.root,
      home: project.home,
    });
    const overlay = new ProposalOverlay();
    const stored: ProposalEvidence[] = [];
    const tools = new Map<string, ToolDefinition>(
      createProposeTools({
        overlay,
        policy: () => ({ mode: 'ask', rules: [] }),
        onEvidence: (e) => stored.push(e),
        review: 'at-once',
        tests: { hooks, key: 'set-1' },
      }).map((t) => [t.name, t]),
    );
    const ctx = {
      workspace: OverlayWorkspace.over(await Workspace.open(project.root), overlay),
      signal: new AbortController().signal,
      conversationId: 'c1',
    };
    const edit = tools.get('edit_file');
    const create = tools.get('create_file');
    if (!edit || !create) throw new Error('missing tools');
    await runTool(edit, { path: 'a.txt', edits: [{ old_text: 'one', new_text: 'two' }] }, ctx);
    const result = await runTool(create, { path: 'b.txt', content: 'TODO\n' }, ctx);
    expect(result.status).toBe('ok');
    expect(result.content).toContain(
      'Not yet applied. Hooks on your changes so far: cat — blocks the change: TODO left in b.txt',
    );
    const last = stored.at(-1);
    expect(last?.hooks?.state).toBe('blocked');
    expect(last?.hooks?.runs[0]?.output).toContain('two\nTODO');
    expect(readFileSync(path.join(project.root, 'a.txt'), 'utf8')).toBe('one\n');
  });
});
