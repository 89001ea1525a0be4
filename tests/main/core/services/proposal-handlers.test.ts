import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeSetSummary, ChangeSetView } from '../../../../src/shared/contract';
import { createAnthropicClient } from '../../../../src/main/core/agent/anthropic-client';
import { startProposalRun } from '../../../../src/main/core/proposals/run-proposal';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { reply, toolUse, type FakeAnthropicServer } from '../../../support/fake-anthropic-server';
import {
  startAppServicesHarness,
  waitFor,
  type AppServicesHarness,
} from '../../../support/app-services-harness';

let harness: AppServicesHarness;
let project: string;
let home: string;
let db: WritableDb;
let events: { event: string; payload: unknown }[];
let server: FakeAnthropicServer;

const MAIN = [
  'const a = 1;',
  ...Array.from({ length: 8 }, (_, i) => `// ${i}`),
  'const b = 2;',
  '',
].join('\n');

beforeEach(async () => {
  harness = await startAppServicesHarness({ prefix: 'sluice-inbox-', files: { 'main.ts': MAIN } });
  ({ project, home, db, events, server } = harness);
});

afterEach(() => harness.close());

const call = <T>(channel: string, payload: unknown): Promise<T> =>
  harness.call<T>(channel, payload);

const editBoth = () =>
  toolUse('edit_file', {
    path: 'main.ts',
    edits: [
      { old_text: 'const a = 1;', new_text: 'const a = 10;' },
      { old_text: 'const b = 2;', new_text: 'const b = 20;' },
    ],
  });

describe('proposals service', () => {
  it('a set made by another process - appears through proposals.changed and the list', async () => {
    server.enqueue(reply([editBoth()]), reply('done elsewhere'));
    const other = openAppDatabase({ home });
    try {
      const run = startProposalRun(
        {
          db: other,
          workspace: await Workspace.open(project),
          createClient: () =>
            createAnthropicClient({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 }),
          model: 'claude-sonnet-5-5',
        },
        { prompt: 'from the CLI' },
      );
      for (let next = await run.events.next(); !next.done; next = await run.events.next());
    } finally {
      other.close();
    }
    await waitFor(() => events.some((e) => e.event === 'proposals.changed'), 'proposals.changed');
    const list = await call<ChangeSetSummary[]>('proposals.list', {});
    expect(list).toMatchObject([
      { prompt: 'from the CLI', status: 'proposed', paths: ['main.ts'] },
    ]);
  });

  it('proposals.get - names the files that changed on disk since the run, and the written files undone since', async () => {
    server.enqueue(reply([editBoth()]), reply('done'));
    const run = startProposalRun(
      {
        db,
        workspace: await Workspace.open(project),
        createClient: () =>
          createAnthropicClient({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 }),
        model: 'claude-sonnet-5-5',
      },
      { prompt: 'bump' },
    );
    for (let next = await run.events.next(); !next.done; next = await run.events.next());
    const id = run.changeSetId;
    expect((await call<ChangeSetView>('proposals.get', { id })).changedOnDisk).toEqual([]);
    writeFileSync(path.join(project, 'main.ts'), `${MAIN}// edited by hand\n`);
    expect((await call<ChangeSetView>('proposals.get', { id })).changedOnDisk).toEqual(['main.ts']);
    writeFileSync(path.join(project, 'main.ts'), MAIN);
    // Accept is bound to the revision shown: another one is refused, nothing written.
    const shown = await call<ChangeSetView>('proposals.get', { id });
    expect(shown.revision).toMatch(/^[0-9a-f]{64}$/u);
    await expect(call('proposals.apply', { id, seenRevision: 'an-older-look' })).rejects.toThrow(
      /changed while you were looking at it/u,
    );
    expect(readFileSync(path.join(project, 'main.ts'), 'utf8')).toBe(MAIN);
    const applied = await call<{ files: { checkpointId: string | null }[] }>('proposals.apply', {
      id,
      seenRevision: shown.revision,
    });
    const checkpointId = applied.files[0]?.checkpointId;
    expect(checkpointId).toBeTruthy();
    expect((await call<ChangeSetView>('proposals.get', { id })).undone).toEqual([]);
    await call('checkpoints.undo', { id: checkpointId, force: false });
    const after = await call<ChangeSetView>('proposals.get', { id });
    expect(after.undone).toEqual(['main.ts']);
    expect(readFileSync(path.join(project, 'main.ts'), 'utf8')).toBe(MAIN);
  });

  it('run in background, review per hunk, refine - lands in the inbox, applies, supersedes', async () => {
    server.enqueue(reply([editBoth()]), reply('first version'));
    const started = await call<{ changeSetId: string }>('proposals.runInBackground', {
      text: 'bump',
    });
    const status = async (id: string) =>
      (await call<ChangeSetSummary[]>('proposals.list', {})).find((s) => s.id === id)?.status;
    await waitFor(async () => (await status(started.changeSetId)) === 'proposed', 'the run');
    expect(events.some((e) => e.event === 'agent')).toBe(true);
    const view = await call<ChangeSetView>('proposals.get', { id: started.changeSetId });
    expect(view.steps.some((s) => s.type === 'tool' && s.name === 'edit_file')).toBe(true);
    expect(view.files[0]?.hunks.map((h) => h.id)).toEqual(['h1', 'h2']);
    expect(readFileSync(path.join(project, 'main.ts'), 'utf8')).toBe(MAIN);

    server.enqueue(
      reply([
        toolUse('edit_file', {
          path: 'main.ts',
          edits: [{ old_text: 'const a = 10;', new_text: 'const a = 11;' }],
        }),
      ]),
      reply('refined'),
    );
    const refined = await call<{ changeSetId: string }>('proposals.refine', {
      id: started.changeSetId,
      text: 'make a 11',
    });
    await waitFor(async () => (await status(refined.changeSetId)) === 'proposed', 'the refine');
    expect(await status(started.changeSetId)).toBe('superseded');
    const refinedView = await call<ChangeSetView>('proposals.get', { id: refined.changeSetId });
    expect(refinedView.files[0]?.finalText).toContain('const a = 11;');
    expect(refinedView.files[0]?.finalText).toContain('const b = 20;');

    const result = await call<{ status: string }>('proposals.apply', {
      id: refined.changeSetId,
      selection: { hunks: { 'main.ts': ['h2'] } },
    });
    expect(result.status).toBe('partly-accepted');
    expect(readFileSync(path.join(project, 'main.ts'), 'utf8')).toBe(
      MAIN.replace('const b = 2;', 'const b = 20;'),
    );
    const stale = await harness.dispatch('proposals.apply', { id: started.changeSetId });
    expect(stale).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('superseded') },
    });
  });
});
