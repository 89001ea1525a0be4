import {
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { agentEventSchema } from '../../src/shared/agent-events';
import { createAskCommand } from '../../src/cli/commands/ask';
import { decisionWords } from '../../src/cli/ask-printer';
import type { CliIo } from '../../src/cli/cli-io';
import { main } from '../../src/cli/main';
import { openAppDatabase } from '../../src/main/core/store/app-database';
import { createPolicyRepository } from '../../src/main/core/store/policy-repository';
import { projectIdFor } from '../../src/main/core/store/project-id';
import {
  overloaded,
  reply,
  startFakeAnthropicServer,
  toolUse,
  unauthorized,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';

let server: FakeAnthropicServer;
let project: string;
let home: string;

beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-ask-project-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-ask-home-'));
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'tiny-app' }));
});
afterEach(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function makeIo(stdin = '', env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const input = Readable.from(stdin ? [Buffer.from(stdin)] : []) as Readable & { isTTY?: boolean };
  const io: CliIo = {
    stdout: { write: (t: string) => out.push(t) },
    stderr: { write: (t: string) => err.push(t) },
    stdin: input,
    env: {
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: server.baseURL,
      SLUICE_HOME: home,
      ...env,
    },
    cwd: os.tmpdir(),
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

const ask = createAskCommand({ maxRetries: 1, onInterrupt: () => () => undefined });

describe('sluice ask', () => {
  it('streams the answer and shows each step - exit 0', async () => {
    server.enqueue(
      reply([toolUse('read_file', { path: 'package.json' })]),
      reply('It is tiny-app.'),
    );
    const { io, stdout, stderr } = makeIo();
    const code = await ask.run(['What is this project?', '--project', project], io);
    expect(code).toBe(0);
    expect(stdout()).toContain('It is tiny-app.');
    expect(stderr()).toMatch(/→ .*package\.json/);
    expect(stderr()).toContain('✓ read_file');
    expect(server.requests[0]?.body.model).toBe('claude-sonnet-5-5');
  });

  it('--json - prints every AgentEvent as NDJSON, each valid against the schema', async () => {
    server.enqueue(reply('hello'));
    const { io, stdout } = makeIo();
    expect(
      await ask.run(['hi', '--project', project, '--json', '--model', 'claude-haiku-4-5'], io),
    ).toBe(0);
    const events = stdout()
      .trim()
      .split('\n')
      .map((line) => agentEventSchema.parse(JSON.parse(line)));
    expect(events[0]).toMatchObject({ type: 'turn_start', model: 'claude-haiku-4-5' });
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'end_turn' });
    expect(events.some((e) => e.type === 'usage')).toBe(true);
  });

  it('prompt from stdin and --conversation - continues the stored conversation', async () => {
    server.enqueue(reply('first answer'), reply('second answer'));
    const first = makeIo('first question');
    expect(await ask.run(['--project', project, '--json'], first.io)).toBe(0);
    const conversationId = (
      JSON.parse(first.stdout().split('\n')[0] ?? '{}') as { conversationId: string }
    ).conversationId;
    const second = makeIo();
    expect(
      await ask.run(
        ['and then?', '--project', project, '--conversation', conversationId],
        second.io,
      ),
    ).toBe(0);
    expect(server.requests[1]?.body.messages?.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
    ]);
  });

  it('API failure after retries - exit 1 with the reason on stderr', async () => {
    server.enqueue(overloaded(0.001), overloaded(0.001));
    const { io, stderr } = makeIo();
    expect(await ask.run(['hi', '--project', project], io)).toBe(1);
    expect(stderr()).toContain('overloaded');
  });

  it('401 and a missing key - exit 1 saying to set ANTHROPIC_API_KEY', async () => {
    server.enqueue(unauthorized());
    const bad = makeIo();
    expect(await ask.run(['hi', '--project', project], bad.io)).toBe(1);
    expect(bad.stderr()).toContain('ANTHROPIC_API_KEY');
    const missing = makeIo('', { ANTHROPIC_API_KEY: undefined });
    expect(await ask.run(['hi', '--project', project], missing.io)).toBe(1);
    expect(missing.stderr()).toContain('ANTHROPIC_API_KEY');
  });

  it('round limit - --max-turns stops the turn, exit 1, conversation can be continued', async () => {
    server.enqueue(reply([toolUse('read_file', { path: 'package.json' })]));
    const { io, stderr } = makeIo();
    expect(await ask.run(['loop', '--project', project, '--max-turns', '1'], io)).toBe(1);
    expect(stderr()).toContain('Stopped after 1 rounds');
  });

  it('writes without a terminal - rejected in ask mode, applied with --mode auto-edit, read-only denies', async () => {
    const create = (name: string) =>
      reply([toolUse('create_file', { path: name, content: 'new\n' })]);
    server.enqueue(
      create('one.txt'),
      reply('could not'),
      create('two.txt'),
      reply('created'),
      create('three.txt'),
      reply('denied'),
    );
    const asked = makeIo();
    expect(await ask.run(['make one', '--project', project], asked.io)).toBe(0);
    expect(asked.stderr()).toContain('✗ create_file');
    expect(existsSync(path.join(project, 'one.txt'))).toBe(false);

    const auto = makeIo();
    expect(await ask.run(['make two', '--project', project, '--mode', 'auto-edit'], auto.io)).toBe(
      0,
    );
    expect(auto.stderr()).toContain('✓ create_file');
    expect(readFileSync(path.join(project, 'two.txt'), 'utf8')).toBe('new\n');

    const readOnly = makeIo();
    expect(
      await ask.run(
        ['make three', '--project', project, '--mode', 'read-only', '--json'],
        readOnly.io,
      ),
    ).toBe(0);
    expect(readOnly.stdout()).toContain('"status":"denied"');
    expect(existsSync(path.join(project, 'three.txt'))).toBe(false);
  });

  it('decision words - who decided and what, never "approval approved (person)"', () => {
    const base = {
      type: 'approval_resolved' as const,
      conversationId: 'c',
      turnId: 't',
      approvalId: 'a',
    };
    expect(decisionWords({ ...base, outcome: 'approved', decidedBy: 'person' })).toBe(
      'approved by you',
    );
    expect(decisionWords({ ...base, outcome: 'rejected', decidedBy: 'person' })).toBe(
      'rejected by you',
    );
    expect(
      decisionWords({
        ...base,
        outcome: 'approved',
        decidedBy: 'rule',
        reason: 'allowed by rule `npm test`',
      }),
    ).toBe('allowed by rule `npm test`');
    expect(decisionWords({ ...base, outcome: 'aborted', decidedBy: 'abort' })).toMatch(/aborted/u);
  });

  it('closing line - how to continue fits one 80-column line, its ")" included', async () => {
    server.enqueue(reply('hi'));
    const { io, stderr } = makeIo();
    expect(await ask.run(['hi', '--project', project], io)).toBe(0);
    const last = stderr().trimEnd().split('\n').at(-1) ?? '';
    expect(last).toMatch(/^\(continue it with --conversation [0-9a-f-]{36}\)$/u);
    expect(last.length).toBeLessThanOrEqual(80);
  });

  it('one index per run - find_definition sees a rename edit_file just applied, and the index is the persistent one', async () => {
    writeFileSync(
      path.join(project, 'cart.ts'),
      'export function total(): number {\n  return 1;\n}\n',
    );
    server.enqueue(
      reply([toolUse('find_definition', { name: 'total' })]),
      reply([
        toolUse('edit_file', {
          path: 'cart.ts',
          edits: [{ old_text: 'function total', new_text: 'function grandTotal' }],
        }),
      ]),
      reply([toolUse('find_definition', { name: 'grandTotal' })]),
      reply('renamed'),
    );
    const { io, stderr } = makeIo();
    expect(await ask.run(['rename', '--project', project, '--mode', 'auto-edit'], io)).toBe(0);
    expect(stderr()).not.toContain('✗');
    const last = JSON.stringify(server.requests.at(-1)?.body.messages?.at(-1));
    expect(last).toMatch(/grandTotal[^"]*cart\.ts/u);
    expect(last).not.toMatch(/No definition named/u);
    expect(existsSync(path.join(home, 'index'))).toBe(true);
  });

  it("no --mode - the project's own setting applies (read-only set in the app stays read-only)", async () => {
    const db = openAppDatabase({ home });
    createPolicyRepository(db).setMode(projectIdFor(realpathSync(project)), 'read-only');
    db.close();
    server.enqueue(
      reply([toolUse('create_file', { path: 'four.txt', content: 'new\n' })]),
      reply('denied'),
      reply([toolUse('create_file', { path: 'five.txt', content: 'new\n' })]),
      reply('created'),
    );
    const stored = makeIo();
    expect(await ask.run(['make four', '--project', project, '--json'], stored.io)).toBe(0);
    expect(stored.stderr()).toContain("Mode: read-only (this project's setting");
    expect(stored.stdout()).toContain('"status":"denied"');
    expect(existsSync(path.join(project, 'four.txt'))).toBe(false);

    const overridden = makeIo();
    expect(
      await ask.run(['make five', '--project', project, '--mode', 'auto-edit'], overridden.io),
    ).toBe(0);
    expect(overridden.stderr()).not.toContain('Mode:');
    expect(readFileSync(path.join(project, 'five.txt'), 'utf8')).toBe('new\n');
  });

  it('approver - taken at the first question only, and let go when the turn ends', async () => {
    const built: string[] = [];
    const withApprovals = createAskCommand({
      maxRetries: 1,
      onInterrupt: () => () => undefined,
      approver: {
        ask: async () => (built.push('asked'), { decision: { type: 'approve' } }),
        close: () => void built.push('closed'),
      },
    });
    server.enqueue(reply('no writes here'));
    expect(await withApprovals.run(['just read', '--project', project], makeIo().io)).toBe(0);
    expect(built).toEqual([]);
    server.enqueue(reply([toolUse('create_file', { path: 'one.txt', content: 'x' })]), reply('ok'));
    expect(await withApprovals.run(['make one', '--project', project], makeIo().io)).toBe(0);
    expect(built).toEqual(['asked', 'closed']);
    expect(readFileSync(path.join(project, 'one.txt'), 'utf8')).toBe('x');
  });

  it('usage errors - exit 2 through main', async () => {
    const cases: string[][] = [
      ['ask', 'hi', '--project', ''],
      ['ask', 'hi', '--project', project, '--allow-command', 'npm test'],
      ['ask', 'hi', '--project', project, '--mode', 'yolo'],
      ['ask', 'hi', '--project', project, '--max-turns', '0'],
      ['ask', 'hi', '--project', project, '--bogus'],
      ['ask', 'hi', '--project', path.join(project, 'missing')],
      ['ask', 'hi', '--project', project, '--conversation', 'nope'],
      ['ask', '--project', project],
    ];
    for (const args of cases) {
      const { io, stderr } = makeIo();
      expect(await main(args, io), args.join(' ')).toBe(2);
      expect(stderr()).toContain('Usage: sluice ask');
    }
    expect(server.requests).toHaveLength(0);
  });
});
