// Every shell opens the project through openProjectEngine, once, and the project has one
// broker whose registry the command gate shares: the app's services, `sluice serve`, `sluice
// ask` (a write and a command in one turn answered by one terminal prompt), `sluice tool`,
// `sluice mcp`, `sluice hooks` and a propose run. The engine and the broker announce themselves on their
// node:diagnostics_channel channels; the test listens there.
import diagnostics_channel from 'node:diagnostics_channel';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PROJECT_ENGINE_OPENED,
  type ProjectEngineOpened,
} from '../../../../src/main/core/project/open-project-engine';
import {
  PROJECT_APPROVALS_CREATED,
  type ProjectApprovalsCreated,
} from '../../../../src/main/core/approvals/project-approvals';
import { createAskCommand } from '../../../../src/cli/commands/ask';
import { createToolCommand } from '../../../../src/cli/commands/tool';
import { createMcpServeCommand } from '../../../../src/cli/commands/mcp-serve';
import { findRendererBundle, startServe } from '../../../../src/cli/commands/serve';
import type { CliIo } from '../../../../src/cli/cli-io';
import { main } from '../../../../src/cli/main';
import { fakeCliIo } from '../../../support/fake-cli-io';
import { startAppServicesHarness } from '../../../support/app-services-harness';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../../../support/fake-anthropic-server';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';

const opened: ProjectEngineOpened[] = [];
const brokers: ProjectApprovalsCreated[] = [];
const onEngine = (message: unknown): void => void opened.push(message as ProjectEngineOpened);
const onBroker = (message: unknown): void => void brokers.push(message as ProjectApprovalsCreated);

let server: FakeAnthropicServer;
let temp: string;
let project: string;
let home: string;

beforeEach(async () => {
  opened.length = 0;
  brokers.length = 0;
  diagnostics_channel.subscribe(PROJECT_ENGINE_OPENED, onEngine);
  diagnostics_channel.subscribe(PROJECT_APPROVALS_CREATED, onBroker);
  server = await startFakeAnthropicServer();
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-engine-shell-')));
  project = path.join(temp, 'proj');
  home = path.join(temp, 'home');
  mkdirSync(project);
  mkdirSync(home);
  writeFileSync(path.join(project, 'a.ts'), 'export const a = 1;\n');
});
afterEach(async () => {
  diagnostics_channel.unsubscribe(PROJECT_ENGINE_OPENED, onEngine);
  diagnostics_channel.unsubscribe(PROJECT_APPROVALS_CREATED, onBroker);
  await server.close();
  rmSync(temp, { recursive: true, force: true });
});

function env(): NodeJS.ProcessEnv {
  return { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.baseURL, SLUICE_HOME: home };
}

/**
 * One engine was opened, for `root`, with one broker (the engine's own), and its command gate
 * waits in the broker's registry. Returns the engine.
 */
function expectOneEngine(root: string = project): ProjectEngineOpened['engine'] {
  expect(opened.map((o) => o.root)).toEqual([root]);
  const [{ engine }] = opened as [ProjectEngineOpened];
  expect(brokers).toHaveLength(1);
  expect(brokers[0]?.projectId).toBe(engine.projectId);
  expect(brokers[0]?.broker).toBe(engine.gates.approvals.broker);
  const gateRegistry = (engine.gates.commands.gate as unknown as { registry: unknown }).registry;
  expect(gateRegistry).toBe(engine.gates.approvals.broker.registry);
  return engine;
}

describe('one project engine per shell', () => {
  it('app services - opening a project opens one engine', async () => {
    const harness = await startAppServicesHarness({
      prefix: 'sluice-engine-app-',
      files: { 'a.ts': 'export const a = 1;\n' },
    });
    try {
      const engine = expectOneEngine(realpathSync(harness.project));
      expect(harness.services.session.require().context).toBe(engine);
    } finally {
      await harness.close();
    }
  });

  it.runIf(existsSync(path.join(findRendererBundle(), 'index.html')))(
    'sluice serve - the browser mode opens one engine through the app services',
    async () => {
      const handle = await startServe(fakeCliIo({ env: env(), cwd: project }), [
        '--project',
        '.',
        '--port',
        '0',
      ]);
      try {
        expectOneEngine();
      } finally {
        await handle.close();
      }
    },
  );

  it.runIf(detectSandbox().available)(
    'sluice ask - a write and a command in one turn: one engine, one broker, one prompt',
    async () => {
      let prompts = 0;
      const answered: string[] = [];
      const ask = createAskCommand({
        maxRetries: 0,
        onInterrupt: () => () => undefined,
        createDiagnostics: null,
        createTests: null,
        approver: {
          ask: async () => (answered.push('write'), { decision: { type: 'approve' } }),
          askCommand: async () => (answered.push('command'), { decision: { type: 'run_once' } }),
          close: () => void (prompts += 1),
        },
      });
      server.enqueue(
        reply([toolUse('create_file', { path: 'b.ts', content: 'export const b = 2;\n' })]),
        reply([toolUse('run_command', { command: 'ls b.ts', description: 'list it' })]),
        reply('done'),
      );
      const io = fakeCliIo({ env: env(), cwd: project });
      expect(await ask.run(['make b', '--project', project], io)).toBe(0);
      expect(answered).toEqual(['write', 'command']);
      expect(prompts).toBe(1);
      expectOneEngine();
    },
  );

  it('sluice tool - a write tool opens one engine', async () => {
    const io = fakeCliIo({ env: env(), cwd: project });
    const code = await createToolCommand().run(
      [
        'edit_file',
        '--project',
        project,
        '--yes',
        '--input',
        JSON.stringify({ path: 'a.ts', edits: [{ old_text: '= 1', new_text: '= 2' }] }),
      ],
      io,
    );
    expect(code, io.err()).toBe(0);
    expectOneEngine();
  });

  it('sluice tool - a tool that only reads files opens none', async () => {
    const io = fakeCliIo({ env: env(), cwd: project });
    const code = await createToolCommand().run(
      ['read_file', '--project', project, '--input', JSON.stringify({ path: 'a.ts' })],
      io,
    );
    expect(code).toBe(0);
    expect(opened).toHaveLength(0);
    expect(brokers).toHaveLength(0);
  });

  it('sluice mcp - the served session opens one engine', async () => {
    const stdin = new PassThrough();
    const io: CliIo = { ...fakeCliIo({ env: env(), cwd: project }), stdin };
    const running = createMcpServeCommand({ createTests: null }).run(['--project', project], io);
    setTimeout(() => stdin.end(), 200);
    expect(await running).toBe(0);
    expectOneEngine();
  });

  it('sluice hooks - listing the hooks opens one engine', async () => {
    const io = fakeCliIo({ env: env(), cwd: project });
    const code = await main(['hooks', 'list', '--project', project], io);
    expect(code, io.err()).toBe(0);
    expectOneEngine();
  });

  it('a propose run - opens one engine and starts the run through it', async () => {
    server.enqueue(reply('nothing to change'));
    const io = fakeCliIo({ env: env(), cwd: project });
    const ask = createAskCommand({
      maxRetries: 0,
      onInterrupt: () => () => undefined,
      createDiagnostics: null,
      createTests: null,
    });
    const code = await ask.run(['look', '--mode', 'propose', '--project', project], io);
    expect(code, io.err()).toBe(0);
    expectOneEngine();
  });
});
