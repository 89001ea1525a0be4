// run_command through the real gate, app DB, rules, checkpoints and sandbox: what the person
// is asked, what each decision does on disk, and what the model is told.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import type {
  CommandApprovalRequest,
  CommandDecision,
} from '../../../../src/shared/command-approvals';
import { createProjectCommands } from '../../../../src/main/core/commands/project-commands';
import {
  detectBubblewrap,
  type SandboxAvailability,
} from '../../../../src/main/core/sandbox/bubblewrap';
import { createRunCommandTool } from '../../../../src/main/core/tools/run-command';
import { createReadCommandOutputTool } from '../../../../src/main/core/tools/read-command-output';
import { runTool, type ToolContext } from '../../../../src/main/core/tools/tool';
import { SymbolIndex } from '../../../../src/main/core/index/symbol-index';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createPolicyRepository } from '../../../../src/main/core/store/policy-repository';
import { createCheckpointRepository } from '../../../../src/main/core/store/checkpoint-repository';
import { undoCheckpoint } from '../../../../src/main/core/checkpoints/undo-checkpoint';

const sandbox = detectBubblewrap();
const itSandboxed = sandbox.available ? it : it.skip;

let project: string;
let home: string;
let db: WritableDb;

beforeEach(async () => {
  project = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-run-')));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-run-home-'));
  db = openAppDatabase({ home });
});
afterEach(async () => {
  db.close();
  await Promise.all([project, home].map((d) => rm(d, { recursive: true, force: true })));
});

type Decider = (request: CommandApprovalRequest) => CommandDecision | null;

async function setup(
  decider: Decider = () => ({ type: 'run_once' }),
  options: {
    mode?: 'ask' | 'auto-edit' | 'read-only';
    sandbox?: SandboxAvailability;
    limits?: Parameters<typeof withLimits>[1];
    /** Who answers: 'mode' is the CLI without a terminal (nobody could be asked). */
    decidedBy?: 'person' | 'mode';
  } = {},
) {
  const workspace = await Workspace.open(project);
  createPolicyRepository(db).setMode('p1', options.mode ?? 'ask');
  const checkpoints = createCheckpointRepository(db, 'p1');
  const commands = createProjectCommands({
    db,
    projectId: 'p1',
    home,
    checkpoints,
    sandbox: options.sandbox ?? sandbox,
  });
  const events: AgentEvent[] = [];
  const asked: CommandApprovalRequest[] = [];
  const controller = new AbortController();
  const ctx: ToolContext = {
    workspace,
    signal: controller.signal,
    conversationId: 'c1',
    turnId: 't1',
    toolUseId: 'u1',
    commands: withLimits(commands.port, options.limits),
    emit: (event) => {
      events.push(event);
      if (event.type !== 'command_approval_request') return;
      asked.push(event.request);
      const decision = decider(event.request);
      if (decision)
        void commands.gate.decide(
          {
            approvalId: event.request.approvalId,
            commandHash: event.request.commandHash,
            decision,
          },
          options.decidedBy ?? 'person',
        );
    },
  };
  return { ctx, events, asked, commands, checkpoints, controller, workspace };
}

function withLimits(
  port: NonNullable<ToolContext['commands']>,
  limits?: NonNullable<ToolContext['commands']>['limits'],
) {
  return limits ? { ...port, limits } : port;
}

const tool = createRunCommandTool();
const run = (ctx: ToolContext, command: string, extra: Record<string, unknown> = {}) =>
  runTool(tool, { command, description: 'test', ...extra }, ctx);

describe('run_command', () => {
  itSandboxed(
    'run once - asks with the card facts, runs, streams, lists and checkpoints changes',
    async () => {
      await writeFile(path.join(project, 'a.txt'), 'old\n');
      const { ctx, events, asked, checkpoints, workspace } = await setup();
      const result = await run(ctx, 'echo new > a.txt && echo made > b.txt && echo hello', {
        timeout_s: 30,
      });
      expect(result.status).toBe('ok');
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({
        cwd: '',
        sandboxed: true,
        network: false,
        timeoutSeconds: 30,
      });
      // It writes project files that are not ignored: a person's call each time (issue 22 item 7).
      expect(asked[0]?.suggestedPrefixes).toEqual([]);
      expect(asked[0]?.reason).toMatch(/writes the project file a\.txt/u);
      expect(
        events
          .filter((e) => e.type === 'command_output')
          .map((e) => e.type === 'command_output' && e.text)
          .join(''),
      ).toContain('hello');
      expect(result.content).toMatch(/exit code 0/u);
      expect(result.content).toMatch(/M a\.txt/u);
      expect(result.content).toMatch(/\+ b\.txt/u);
      expect(result.content).toContain('untrusted data');
      const recorded = checkpoints.list();
      expect(recorded.map((c) => c.path).sort()).toEqual(['a.txt', 'b.txt']);
      const aCheckpoint = recorded.find((c) => c.path === 'a.txt');
      await undoCheckpoint({ workspace, store: checkpoints }, aCheckpoint!.id);
      expect(await readFile(path.join(project, 'a.txt'), 'utf8')).toBe('old\n');
    },
  );

  it('reject - nothing runs and the model gets the reason', async () => {
    const { ctx } = await setup(() => ({ type: 'reject', reason: 'not now' }));
    const result = await run(ctx, 'touch made.txt');
    expect(result.status).toBe('rejected');
    expect(result.content).toContain('not now');
    expect(existsSync(path.join(project, 'made.txt'))).toBe(false);
  });

  itSandboxed(
    'always allow - saves the prefix, and the next run does not ask; a chain still asks',
    async () => {
      const { ctx, asked, commands } = await setup((request) =>
        request.suggestedPrefixes.length ? { type: 'always_allow' } : { type: 'reject' },
      );
      expect((await run(ctx, 'git status --short')).status).not.toBe('rejected');
      expect(commands.rules.list('p1').map((r) => r.prefix.join(' '))).toEqual(['git status']);
      await run(ctx, 'git status');
      expect(asked).toHaveLength(1);
      const chained = await run(ctx, 'git status; touch pwned.txt');
      expect(asked).toHaveLength(2);
      expect(asked[1]?.suggestedPrefixes).toEqual([['touch']]);
      expect(chained.status).toBe('ok');
    },
  );

  itSandboxed('an allow rule - the stream says which rule let the command run', async () => {
    const { ctx, events, asked, commands } = await setup();
    commands.rules.add('p1', { prefix: ['echo'], action: 'allow' });
    expect((await run(ctx, 'echo hi')).status).toBe('ok');
    expect(asked).toHaveLength(0);
    expect(events.filter((e) => e.type === 'approval_resolved')).toMatchObject([
      { outcome: 'approved', decidedBy: 'rule', reason: 'allowed by rule `echo`' },
    ]);
  });

  it.each([
    // /bin/sh (dash) reads `a &>f b` as `a &` then `>f b`: b runs.
    ['&> (bash syntax, background to sh)', 'ls &>/dev/null touch pwned.txt'],
    ['&>>', 'ls &>>log.txt touch pwned.txt'],
    // sh ends the here-document at the line EOF (quote removal); the grammar at E"O"F.
    ['a here-document ending early', 'ls <<E"O"F\nEOF\ntouch pwned.txt\nE"O"F'],
  ])('an allow rule for ls - does not run %s without asking', async (_name, line) => {
    const { ctx, asked, commands } = await setup(() => ({ type: 'reject', reason: 'no' }));
    commands.rules.add('p1', { prefix: ['ls'], action: 'allow' });
    const result = await run(ctx, line);
    expect(result.status).toBe('rejected');
    expect(asked).toHaveLength(1);
    expect(existsSync(path.join(project, 'pwned.txt'))).toBe(false);
  });

  itSandboxed(
    'outside_sandbox - always asks, even with an allow rule, and the card says so',
    async () => {
      const { ctx, asked, commands } = await setup(() => ({ type: 'reject', reason: 'no' }));
      commands.rules.add('p1', { prefix: ['echo'], action: 'allow' });
      expect((await run(ctx, 'echo hi')).status).toBe('ok');
      expect(asked).toHaveLength(0);
      const result = await run(ctx, 'echo hi', { outside_sandbox: true });
      expect(result.status).toBe('rejected');
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({ sandboxed: false, network: true });
      expect(asked[0]?.sandboxDetail).toMatch(/outside the sandbox/u);
      expect(asked[0]?.suggestedPrefixes).toEqual([]);
    },
  );

  itSandboxed(
    'network rule - the request names only its hosts; the listed host is reached, others refused and reported',
    async () => {
      let hits = 0;
      const server = createServer((_req, res) => {
        hits += 1;
        res.end('HELLO');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as { port: number }).port;
      try {
        const { ctx, asked, commands } = await setup();
        commands.networkRules.add('p1', [`127.0.0.1:${port}`]);
        const result = await run(
          ctx,
          `curl -s -m 5 http://127.0.0.1:${port}/; curl -s -m 5 http://127.0.0.1:${port + 1}/x; curl -s -m 5 https://example.com/`,
        );
        expect(hits).toBe(1);
        expect(asked[0]?.networkHosts).toEqual([`127.0.0.1:${port}`]);
        expect(asked[0]?.network).toBe(false);
        expect(result.content).toContain('HELLO');
        expect(result.content).toContain(
          `network requests allowed by the proxy: 1, to 127.0.0.1:${port} (1); refused: 2\n- 127.0.0.1:${port + 1} is not in the allowed host list\n- example.com:443 is not in the allowed host list\nDo not work around this`,
        );
        // Full network for one command is still the person's call, and the request says full network.
        await run(ctx, 'true', { network: true });
        expect(asked[1]?.networkHosts).toBeUndefined();
        expect(asked[1]?.network).toBe(true);
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  );

  itSandboxed(
    'a 64 GB sparse file left by the command - the result comes at once, listing it as not restorable',
    async () => {
      const { ctx } = await setup();
      const started = Date.now();
      const result = await run(ctx, 'truncate -s 64G big.bin && echo made');
      expect(result.status).toBe('ok');
      // Hashing 64 GB of zeros would take minutes; the snapshot knows it by its metadata.
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(result.content).toMatch(/big\.bin/u);
    },
  );

  it('changed files - the index in the context re-reads each file the command changed', async () => {
    const none = { available: false, detail: 'bubblewrap (bwrap) is not installed' };
    await writeFile(path.join(project, 'old.ts'), 'export function gone(): void {}\n');
    const { ctx, workspace } = await setup(() => ({ type: 'run_once' }), { sandbox: none });
    const index = SymbolIndex.open({ source: workspace, home: null });
    try {
      await index.ensureBuilt();
      expect(index.findDefinition('gone').definitions).toHaveLength(1);
      const result = await run(
        { ...ctx, symbolIndex: index },
        "printf 'export function made(): void {}\\n' > made.ts && rm old.ts",
      );
      expect(result.status).toBe('ok');
      expect(index.findDefinition('made').definitions.map((d) => d.path)).toEqual(['made.ts']);
      expect(index.findDefinition('gone').definitions).toHaveLength(0);
    } finally {
      await index.close();
    }
  });

  it('read-only mode - denies every command without asking', async () => {
    const { ctx, asked } = await setup(undefined, { mode: 'read-only' });
    const result = await run(ctx, 'touch made.txt');
    expect(result.status).toBe('denied');
    expect(asked).toHaveLength(0);
    expect(existsSync(path.join(project, 'made.txt'))).toBe(false);
  });

  itSandboxed('a file the command deletes - is a checkpoint, and undo puts it back', async () => {
    await writeFile(path.join(project, 'gone.txt'), 'keep me\n', { mode: 0o640 });
    const { ctx, checkpoints, workspace } = await setup();
    const result = await run(ctx, 'rm gone.txt');
    expect(result.status).toBe('ok');
    expect(result.content).toMatch(/- gone\.txt\n/u);
    expect(result.content).not.toContain('not restorable');
    expect(existsSync(path.join(project, 'gone.txt'))).toBe(false);
    const [deletion] = checkpoints.list();
    expect(deletion).toMatchObject({ path: 'gone.txt', change: 'deleted' });
    const undone = await undoCheckpoint({ workspace, store: checkpoints }, deletion!.id);
    expect(undone.refused).toEqual([]);
    expect(await readFile(path.join(project, 'gone.txt'), 'utf8')).toBe('keep me\n');
  });

  itSandboxed(
    'a Unix socket of its own - is refused by the sandbox, and the model is told how tsx runs without one',
    async () => {
      const { ctx } = await setup();
      const result = await run(
        ctx,
        `node -e "require('net').createServer().listen('/tmp/own.sock')"`,
      );
      expect(result.content).toContain('listen EPERM');
      expect(result.content).toContain('The sandbox refuses Unix sockets');
      expect(result.content).toContain('node --import tsx FILE');
    },
  );

  describe('what the model is told when a command does not run - who decided, and why', () => {
    it('no terminal - nobody decided; each part no rule allows is named, and the allowed part alone would run', async () => {
      const { ctx, commands } = await setup(
        () => ({ type: 'reject', reason: 'there is no terminal to ask the person' }),
        { decidedBy: 'mode' },
      );
      commands.rules.add('p1', { prefix: ['npm', 'test'], action: 'allow' });
      const result = await run(ctx, 'npm test && touch pwned && curl -s x');
      expect(result.status).toBe('rejected');
      expect(result.content).not.toMatch(/person rejected/iu);
      expect(result.content).toContain('no person decided: there is no terminal to ask the person');
      expect(result.content).toContain('no rule allows `touch pwned`');
      expect(result.content).toContain('no rule allows `curl -s x`');
      expect(result.content).toContain('`npm test` alone would run without asking');
    });

    it('no terminal, nothing allowed - it does not claim a part would run', async () => {
      const { ctx } = await setup(() => ({ type: 'reject', reason: 'no terminal' }), {
        decidedBy: 'mode',
      });
      const result = await run(ctx, 'touch pwned');
      expect(result.content).toContain('no rule allows `touch pwned`');
      expect(result.content).not.toContain('alone would run');
    });

    it('a deny rule - says a deny rule refused it', async () => {
      const { ctx, asked, commands } = await setup();
      commands.rules.add('p1', { prefix: ['curl'], action: 'deny' });
      const result = await run(ctx, 'curl -s x');
      expect(result.status).toBe('denied');
      expect(asked).toHaveLength(0);
      expect(result.content).toContain('a deny rule the person set refuses it');
      expect(result.content).toContain('deny curl');
    });

    it('read-only mode - says the mode decided', async () => {
      const { ctx } = await setup(undefined, { mode: 'read-only' });
      const result = await run(ctx, 'touch made.txt');
      expect(result.content).toContain('read-only mode');
      expect(result.content).not.toMatch(/person rejected|deny rule/iu);
    });

    it('the person - is named only when a person rejected it', async () => {
      const { ctx } = await setup(() => ({ type: 'reject', reason: 'not now' }));
      const result = await run(ctx, 'touch made.txt');
      expect(result.content).toContain(
        'The person rejected the command; it was not run. Their reason: not now',
      );
    });
  });

  it('read-only mode - denies every command without asking', async () => {
    const { ctx, asked } = await setup(undefined, { mode: 'read-only' });
    const result = await run(ctx, 'touch made.txt');
    expect(result.status).toBe('denied');
    expect(asked).toHaveLength(0);
    expect(existsSync(path.join(project, 'made.txt'))).toBe(false);
  });

  itSandboxed('edit - runs the command as the person edited it, and says so', async () => {
    const { ctx } = await setup(() => ({ type: 'edit', command: 'echo edited > e.txt' }));
    const result = await run(ctx, 'echo original > e.txt');
    expect(await readFile(path.join(project, 'e.txt'), 'utf8')).toBe('edited\n');
    expect(result.content).toContain('edited the command');
    // The step names what ran, not what was proposed.
    expect(result.shownAs).toBe('Ran your edited command: echo edited > e.txt');
  });

  it('no sandbox - the card says so, allow rules do not apply, "always" is refused', async () => {
    const none = { available: false, detail: 'bubblewrap (bwrap) is not installed' };
    let refusal = '';
    const { ctx, asked, commands } = await setup(() => null, { sandbox: none });
    commands.rules.add('p1', { prefix: ['echo'], action: 'allow' });
    const pending = run(ctx, 'echo hi');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ sandboxed: false });
    expect(asked[0]?.sandboxDetail).toBe('bubblewrap (bwrap) is not installed');
    const request = asked[0]!;
    const answer = await commands.gate.decide({
      approvalId: request.approvalId,
      commandHash: request.commandHash,
      decision: { type: 'always_allow' },
    });
    if (!answer.accepted) refusal = answer.reason;
    expect(refusal).toMatch(/cannot be allowed always/u);
    await commands.gate.decide({
      approvalId: request.approvalId,
      commandHash: request.commandHash,
      decision: { type: 'run_once' },
    });
    const result = await pending;
    expect(result.content).toContain('NOT sandboxed');
  });

  it('Seatbelt (macOS) - the card says "sandboxed (Seatbelt)", allow rules apply, it runs', async () => {
    // A stand-in for sandbox-exec that runs what follows `-f profile` (no Seatbelt on Linux).
    const fake = path.join(home, 'sandbox-exec');
    await writeFile(fake, '#!/bin/sh\nshift 2\nexec "$@"\n', { mode: 0o755 });
    const seatbelt: SandboxAvailability = { available: true, kind: 'seatbelt', detail: fake };
    await writeFile(path.join(project, '.gitignore'), '*.log\n');
    const { ctx, asked } = await setup(() => ({ type: 'always_allow' }), { sandbox: seatbelt });
    const first = await run(ctx, 'echo hi > hi.log');
    expect(first.status).toBe('ok');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      sandboxed: true,
      sandboxName: 'Seatbelt',
      sandboxDetail: 'project writable, protected paths read-only',
    });
    expect(first.content).toContain('in ., sandboxed, network off');
    expect(await readFile(path.join(project, 'hi.log'), 'utf8')).toBe('hi\n');
    expect((await run(ctx, 'echo again')).status).toBe('ok');
    expect(asked).toHaveLength(1);
  });

  it('abort while asking - rejects, nothing runs', async () => {
    const { ctx, controller } = await setup(() => null);
    const pending = run(ctx, 'touch made.txt');
    setTimeout(() => controller.abort(), 50);
    expect((await pending).status).toBe('rejected');
    expect(existsSync(path.join(project, 'made.txt'))).toBe(false);
  });

  itSandboxed('long output - head and tail for the model, the rest readable by range', async () => {
    const { ctx } = await setup(undefined, {
      limits: { output: { headBytes: 200, tailBytes: 200, logBytes: 1 << 20 } },
    });
    const result = await run(ctx, 'seq 1 5000');
    expect(result.content).toMatch(/lines \(.*\) cut from the middle/u);
    expect(result.content).toContain('\n5000\n');
    const id = /Full output id: (cmd-[0-9a-f-]+)/u.exec(result.content)?.[1];
    expect(id).toBeDefined();
    const range = await runTool(
      createReadCommandOutputTool(),
      { id, start_line: 2500, line_count: 2 },
      ctx,
    );
    expect(range.content).toContain('2500\t2500\n2501\t2501');
  });

  it('too many files to track - fails closed before running', async () => {
    await writeFile(path.join(project, 'a.txt'), 'a');
    await writeFile(path.join(project, 'b.txt'), 'b');
    const { ctx } = await setup(undefined, {
      limits: { snapshot: { maxFiles: 1, maxKeptBytes: 1 << 20, maxFileBytes: 1 << 20 } },
    });
    const result = await run(ctx, 'touch made.txt');
    expect(result.status).toBe('error');
    expect(result.content).toMatch(/maxFiles/u);
    expect(existsSync(path.join(project, 'made.txt'))).toBe(false);
  });

  it('cwd outside the project - is refused', async () => {
    const { ctx, asked } = await setup();
    const result = await run(ctx, 'ls', { cwd: '..' });
    expect(result.status).toBe('error');
    expect(asked).toHaveLength(0);
  });
});
