// A propose run with a private copy (issue 19) against the fake Messages server and a real npm
// project whose test fails: the run edits, runs `npm test` (allowed for the run), sees it
// fail, fixes, runs it again and sees it pass; the project never changes on disk; the set
// carries both runs and the refusal; applying it makes the live tests pass.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicClient } from '../../../../src/main/core/agent/anthropic-client';
import { detectBubblewrap } from '../../../../src/main/core/sandbox/bubblewrap';
import { applyChangeSet } from '../../../../src/main/core/proposals/apply-change-set';
import { startProposalRun } from '../../../../src/main/core/proposals/run-proposal';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { runCopyFor } from '../../../../src/main/core/sandbox/run-copy';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { StoredChangeSet } from '../../../../src/main/core/store/change-set-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { createBackgroundRunRepository } from '../../../../src/main/core/store/background-run-repository';
import {
  reply,
  stallAfterText,
  type RecordedRequest,
  text,
  toolUse,
  startFakeAnthropicServer,
  type FakeAnthropicServer,
} from '../../../support/fake-anthropic-server';

const canRun = detectBubblewrap().available && detectCopySupport().available;

let temp: string;
let project: string;
let home: string;
let db: WritableDb;
let server: FakeAnthropicServer;

const SNAPSHOT_TEST = `import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { sum } from '../src/sum.js';

test('sum adds', () => {
  // Like a snapshot tool: a tracked file and ignored build output, written by the test.
  writeFileSync(new URL('./sum.snap', import.meta.url), String(sum(2, 3)) + '\\n');
  mkdirSync(new URL('../dist/', import.meta.url), { recursive: true });
  writeFileSync(new URL('../dist/out.txt', import.meta.url), 'built\\n');
  assert.equal(sum(2, 3), 5);
});
`;

/** Every file of the project with its hash, to show it never changed. */
function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (rel: string): void => {
    for (const name of readdirSync(path.join(dir, rel)).sort()) {
      const child = rel ? `${rel}/${name}` : name;
      const abs = path.join(dir, child);
      if (statSync(abs).isDirectory()) visit(child);
      else out[child] = createHash('sha256').update(readFileSync(abs)).digest('hex');
    }
  };
  visit('');
  return out;
}

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-bg-')));
  project = path.join(temp, 'proj');
  home = path.join(temp, 'home');
  mkdirSync(path.join(project, 'src'), { recursive: true });
  mkdirSync(path.join(project, 'test'), { recursive: true });
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({
      name: 'p',
      private: true,
      type: 'module',
      scripts: { test: 'node --test test/' },
    }),
  );
  writeFileSync(path.join(project, '.gitignore'), 'dist/\n');
  writeFileSync(
    path.join(project, 'src/sum.js'),
    'export function sum(a, b) {\n  return a - b;\n}\n',
  );
  writeFileSync(path.join(project, 'test/sum.test.js'), SNAPSHOT_TEST);
  db = openAppDatabase({ home });
});

afterEach(async () => {
  db.close();
  await server.close();
  rmSync(temp, { recursive: true, force: true });
});

async function drain(run: ReturnType<typeof startProposalRun>): Promise<StoredChangeSet> {
  for (;;) {
    const next = await run.events.next();
    if (next.done) return next.value;
  }
}

const npmTest = (id?: string) =>
  toolUse('run_command', { command: 'npm test', description: 'run the tests' }, id);

describe.skipIf(!canRun)('background run in a private copy', () => {
  it('propose run in a project that is not a git repository - tests fail, the fix passes, the project never changes, the set carries the evidence', async () => {
    server.enqueue(
      reply([npmTest()]),
      reply([
        toolUse('edit_file', {
          path: 'src/sum.js',
          edits: [{ old_text: 'a - b', new_text: 'a + b' }],
        }),
      ]),
      reply([npmTest()]),
      reply([toolUse('run_command', { command: 'npm install left-pad', description: 'a helper' })]),
      reply([text('Fixed sum; the tests pass.')]),
    );
    const before = fingerprint(project);
    const workspace = await Workspace.open(project);
    const run = startProposalRun(
      {
        db,
        workspace,
        createClient: () =>
          createAnthropicClient({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 }),
        model: 'claude-test',
        background: { home, parallel: 2 },
      },
      { prompt: 'fix sum', allowCommands: ['npm test'] },
    );
    const set = await drain(run);
    expect(fingerprint(project)).toEqual(before);
    expect(set.status).toBe('proposed');

    const results = (server.requests.at(-1)?.body.messages ?? [])
      .flatMap((m) => (Array.isArray(m.content) ? m.content : []))
      .filter(
        (b): b is { type: 'tool_result'; content: string; is_error?: boolean } =>
          (b as { type: string }).type === 'tool_result',
      );
    const toText = (c: unknown) => (typeof c === 'string' ? c : JSON.stringify(c));
    expect(toText(results[0]?.content)).toContain('exit code 1');
    expect(toText(results[2]?.content)).toContain('exit code 0');
    expect(toText(results[3]?.content)).toContain('not allowed for this run');

    expect(set.files.map((f) => f.path)).toEqual(['src/sum.js', 'test/sum.snap']);
    expect(set.files.find((f) => f.path === 'test/sum.snap')?.finalText).toBe('5\n');
    expect(set.commands.map((c) => [c.command, c.outcome, c.exitCode, c.passed])).toEqual([
      ['npm test', 'ran', 1, false],
      ['npm test', 'ran', 0, true],
      ['npm install left-pad', 'refused', null, false],
    ]);
    expect(set.commands[0]?.decidedBy).toBe('you allowed it for this run');
    expect(set.commands[2]?.reason).toContain(
      'wanted to run `npm install left-pad`: not allowed for this run',
    );
    expect(set.checks).toMatch(/^`npm test` passed \d+ seconds? after the last edit\./u);
    expect(set.checks).toContain('1 command was refused');
    // Ignored build output stayed in the copy, never in the set or the project.
    expect(existsSync(path.join(runCopyFor(home, set.id).upper, 'dist/out.txt'))).toBe(true);
    expect(existsSync(path.join(project, 'dist'))).toBe(false);

    const applied = await applyChangeSet({ db, workspace, home }, { changeSetId: set.id });
    expect(applied.status).toBe('accepted');
    expect(existsSync(runCopyFor(home, set.id).dir)).toBe(false);
    const live = execFileSync('npm', ['test'], { cwd: project, encoding: 'utf8' });
    expect(live).toContain('pass 1');
  }, 60_000);
});

describe.skipIf(!canRun)('refine of a background run', () => {
  it('refine - continues in the same private copy (its ignored build output is still there), then the old copy is gone', async () => {
    server.enqueue(
      reply([npmTest()]),
      reply([text('Tests fail; left as is.')]),
      reply([
        toolUse('run_command', {
          command: 'cat dist/out.txt',
          description: 'what the last run built',
        }),
      ]),
      reply([text('Still there.')]),
    );
    const workspace = await Workspace.open(project);
    const deps = {
      db,
      workspace,
      createClient: () =>
        createAnthropicClient({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 }),
      model: 'claude-test',
      background: { home, parallel: 2 },
    };
    const first = await drain(
      startProposalRun(deps, { prompt: 'try', allowCommands: ['npm test'] }),
    );
    expect(first.status).toBe('proposed');
    expect(existsSync(path.join(runCopyFor(home, first.id).upper, 'dist/out.txt'))).toBe(true);
    const refined = await drain(
      startProposalRun(deps, {
        prompt: 'check the build',
        refines: first.id,
        allowCommands: ['cat dist/out.txt'],
      }),
    );
    expect(refined.status).toBe('proposed');
    expect(refined.commands[0]).toMatchObject({ command: 'cat dist/out.txt', passed: true });
    expect(refined.commands[0]?.head).toContain('built');
    expect(existsSync(runCopyFor(home, first.id).dir)).toBe(false);
    expect(existsSync(runCopyFor(home, refined.id).dir)).toBe(true);
    // The first run's rewritten snapshot came along in the refined set.
    expect(refined.files.map((f) => f.path)).toEqual(['test/sum.snap']);
  }, 60_000);
});

describe.skipIf(!canRun)('several background runs at once', () => {
  it('three runs on one git project - each sees only its own edits, .git stays read-only', async () => {
    execFileSync('git', ['init', '-q'], { cwd: project });
    const gitConfig = readFileSync(path.join(project, '.git/config'));
    // Each run writes its letter into shared.txt, then reads it back through a command; the
    // replies are chosen per request from the run's prompt, however the requests interleave.
    const script = (request: RecordedRequest) => {
      const messages = request.body.messages ?? [];
      const first = messages[0]?.content;
      const prompt = typeof first === 'string' ? first : JSON.stringify(first);
      const letter = /run ([ABC])/u.exec(prompt)?.[1] ?? '?';
      switch (messages.length) {
        case 1:
          return reply([toolUse('create_file', { path: 'shared.txt', content: `${letter}\n` })]);
        case 3:
          return reply([
            toolUse('run_command', {
              command: 'cat shared.txt; echo x >> .git/config',
              description: 'read back, try .git',
            }),
          ]);
        default:
          return reply([text(`done ${letter}`)]);
      }
    };
    server.enqueue(...Array.from({ length: 9 }, () => script));
    const workspace = await Workspace.open(project);
    const runs = ['A', 'B', 'C'].map((letter) =>
      startProposalRun(
        {
          db,
          workspace,
          createClient: () =>
            createAnthropicClient({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 }),
          model: 'claude-test',
          background: { home, parallel: 3 },
        },
        { prompt: `run ${letter}`, allowCommands: ['cat shared.txt', 'echo x'] },
      ),
    );
    const sets = await Promise.all(runs.map(drain));
    sets.forEach((set, i) => {
      const letter = 'ABC'[i] as string;
      expect(set.status).toBe('proposed');
      expect(set.files.map((f) => [f.path, f.finalText])).toEqual([['shared.txt', `${letter}\n`]]);
      expect(set.commands).toHaveLength(1);
      expect(set.commands[0]?.head).toContain(`${letter}\n`);
      expect(set.commands[0]?.head).toMatch(/Read-only file system|Permission denied/u);
      expect(set.commands[0]?.head).not.toMatch(
        new RegExp(`^[${'ABC'.replace(letter, '')}]$`, 'mu'),
      );
    });
    expect(existsSync(path.join(project, 'shared.txt'))).toBe(false);
    expect(readFileSync(path.join(project, '.git/config'))).toEqual(gitConfig);
  }, 60_000);
});

describe('the queue and Stop', () => {
  it('parallel 1 - the second run waits queued; Stop from elsewhere ends both, each with its reason', async () => {
    server.enqueue(stallAfterText('working'));
    const workspace = await Workspace.open(project);
    const deps = {
      db,
      workspace,
      createClient: () =>
        createAnthropicClient({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 }),
      model: 'claude-test',
      background: { home, parallel: 1, queuePollMs: 20 },
    };
    const first = startProposalRun(deps, { prompt: 'first' });
    const second = startProposalRun(deps, { prompt: 'second' });
    const firstDone = drain(first);
    const secondDone = drain(second);
    const runs = createBackgroundRunRepository(db);
    const until = Date.now() + 10_000;
    while (server.requests.length < 1 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    expect(runs.get(first.changeSetId)?.state).toBe('running');
    expect(runs.get(second.changeSetId)?.state).toBe('queued');
    runs.requestStop(second.changeSetId);
    const queued = await secondDone;
    expect(queued.status).toBe('failed');
    expect(queued.statusReason).toBe('the run was stopped while it waited in the queue');
    expect(server.requests).toHaveLength(1);
    runs.requestStop(first.changeSetId);
    const running = await firstDone;
    expect(running.status).toBe('failed');
    expect(running.statusReason).toBe('the run was stopped before it finished');
    expect(runs.get(first.changeSetId)?.state).toBe('ended');
    expect(existsSync(runCopyFor(home, first.changeSetId).dir)).toBe(false);
  }, 30_000);
});
