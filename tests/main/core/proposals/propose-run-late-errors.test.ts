// A propose run against the fake Messages server: the edit's result reaches the model with the
// changed file's error while the file that imports it is still being checked, and the model's
// next tool result carries the importer's error; the set stores the complete evidence.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicClient } from '../../../../src/main/core/agent/anthropic-client';
import type { ProjectDiagnostics } from '../../../../src/main/core/diagnostics/project-diagnostics';
import { startProposalRun } from '../../../../src/main/core/proposals/run-proposal';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
  type RecordedRequest,
} from '../../../support/fake-anthropic-server';
import { diagnostic } from '../../../support/fake-diagnostics';
import { createStagedChecker, stagedDiagnostics } from '../../../support/staged-checker';

let server: FakeAnthropicServer;
let temp: string;
let db: WritableDb;
let diagnostics: ProjectDiagnostics | null = null;

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-propose-late-run-')));
  writeFileSync(path.join(temp, 'a.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(temp, 'use.ts'), "import { a } from './a';\nexport const b = a;\n");
  db = openAppDatabase({ home: path.join(temp, '.home') });
});
afterEach(async () => {
  await diagnostics?.dispose();
  diagnostics = null;
  db.close();
  await server.close();
  rmSync(temp, { recursive: true, force: true });
});

/** The tool results a request carries, in order, as text. */
function toolResults(request: RecordedRequest | undefined): string[] {
  return (request?.body.messages ?? [])
    .flatMap((m) => (Array.isArray(m.content) ? (m.content as unknown[]) : []))
    .filter((b): b is { type: 'tool_result'; content: unknown } => {
      return (b as { type?: string }).type === 'tool_result';
    })
    .map((b) => (typeof b.content === 'string' ? b.content : JSON.stringify(b.content)));
}

describe('propose run - the importers after the result', () => {
  it('propose run - the edit result comes with the changed file; the next tool result carries the importer error', async () => {
    const checker = createStagedChecker(() => ({
      changed: [diagnostic('a.ts', 1, 'own error')],
      importers: [diagnostic('use.ts', 2, "Module './a' has no exported member 'a'.")],
    }));
    diagnostics = stagedDiagnostics(checker);
    server.enqueue(
      reply([
        toolUse('edit_file', {
          path: 'a.ts',
          edits: [{ old_text: 'export const a', new_text: 'export const z' }],
        }),
      ]),
      () => {
        // The importers' check completes while the model reads the edit's result.
        checker.releaseAll();
        return reply([toolUse('read_file', { path: 'use.ts' })]);
      },
      reply('Renamed a to z.'),
    );
    const run = startProposalRun(
      {
        db,
        workspace: await Workspace.open(temp),
        createClient: () =>
          createAnthropicClient({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 }),
        model: 'claude-test',
        diagnostics,
      },
      { prompt: 'rename a to z' },
    );
    let next = await run.events.next();
    while (!next.done) next = await run.events.next();
    const set = next.value;

    expect(server.requests).toHaveLength(3);
    const [edit] = toolResults(server.requests[1]);
    expect(edit).toContain(
      'Errors in the changed files: with all your changes so far, this change would introduce 1 error:\n- a.ts:1: own error\nThe files that import them are still being checked: their errors will be given to you before your next edit is checked.',
    );
    expect(edit).not.toContain('use.ts:2');
    const read = toolResults(server.requests[2])[1];
    expect(read).toMatch(
      /^Since your edit of a\.ts: 1 error in the files that import your changed files:\n- use\.ts:2: Module '\.\/a' has no exported member 'a'\.\n/u,
    );
    expect(read).toContain('export const b = a;');
    // The set's evidence is the run's final check, complete.
    expect(set.status).toBe('proposed');
    expect(set.evidence?.state).toBe('checked');
    expect(set.evidence?.introduced.map((d) => d.path)).toEqual(['a.ts', 'use.ts']);
  });
});
