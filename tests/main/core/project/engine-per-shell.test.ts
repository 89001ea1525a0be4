// Every shell opens the project through openProjectEngine, once, and the project has one
// broker whose registry the command gate shares: the app's services, `sluice serve`, `sluice
// ask` (a write and a command in one turn answered by one terminal prompt), `sluice tool`,
// `sluice mcp` and a propose run.
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectEngine } from '../../../../src/main/core/project/open-project-engine';
import { createAskCommand } from '../../../../src/cli/commands/ask';
import { createToolCommand } from '../../../../src/cli/commands/tool';
import { createMcpServeCommand } from '../../../../src/cli/commands/mcp-serve';
import { findRendererBundle, startServe } from '../../../../src/cli/commands/serve';
import type { CliIo } from '../../../../src/cli/cli-io';
import type { SymbolIndexPort } from '../../../../src/main/core/index/symbol-index-port';
import { fakeCliIo } from '../../../support/fake-cli-io';
import { startAppServicesHarness } from '../../../support/app-services-harness';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../../../support/fake-anthropic-server';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';

const seen = vi.hoisted(() => ({
  engines: [] as unknown[],
  brokers: 0,
}));

vi.mock('../../../../src/main/core/project/open-project-engine', async (importOriginal) => {
  const real =
    await importOriginal<typeof import('../../../../src/main/core/project/open-project-engine')>();
  return {
    ...real,
    openProjectEngine: (deps: Parameters<typeof real.openProjectEngine>[0]) => {
      const engine = real.openProjectEngine(deps);
      seen.engines.push(engine);
      return engine;
    },
  };
});
vi.mock('../../../../src/main/core/approvals/project-approvals', async (importOriginal) => {
  const real =
    await importOriginal<typeof import('../../../../src/main/core/approvals/project-approvals')>();
  return {
    ...real,
    createProjectApprovals: (deps: Parameters<typeof real.createProjectApprovals>[0]) => {
      seen.brokers += 1;
      return real.createProjectApprovals(deps);
    },
  };
});

let server: FakeAnthropicServer;
let temp: string;
let project: string;
let home: string;

beforeEach(async () => {
  seen.engines.length = 0;
  seen.brokers = 0;
  server = await startFakeAnthropicServer();
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-engine-shell-')));
  project = path.join(temp, 'proj');
  home = path.join(temp, 'home');
  mkdirSync(project);
  mkdirSync(home);
  writeFileSync(path.join(project, 'a.ts'), 'export const a = 1;\n');
});
afterEach(async () => {
  await server.close();
  rmSync(temp, { recursive: true, force: true });
});

function env(): NodeJS.ProcessEnv {
  return { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.baseURL, SLUICE_HOME: home };
}

/** One engine was opened, with one broker, and its command gate waits in the broker's registry. */
function expectOneEngine(): void {
  expect(seen.engines).toHaveLength(1);
  expect(seen.brokers).toBe(1);
  const engine = seen.engines[0] as ProjectEngine<SymbolIndexPort>;
  const gateRegistry = (engine.gates.commands.gate as unknown as { registry: unknown }).registry;
  expect(gateRegistry).toBe(engine.gates.approvals.broker.registry);
}

describe('one project engine per shell', () => {
  it('app services - opening a project opens one engine', async () => {
    const harness = await startAppServicesHarness({
      prefix: 'sluice-engine-app-',
      files: { 'a.ts': 'export const a = 1;\n' },
    });
    try {
      expectOneEngine();
      expect(harness.services.session.require().context).toBe(seen.engines[0]);
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
    expect(seen.engines).toHaveLength(0);
  });

  it('sluice mcp - the served session opens one engine', async () => {
    const stdin = new PassThrough();
    const io: CliIo = { ...fakeCliIo({ env: env(), cwd: project }), stdin };
    const running = createMcpServeCommand({ createTests: null }).run(['--project', project], io);
    setTimeout(() => stdin.end(), 200);
    expect(await running).toBe(0);
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
