// `sluice mcp` against the official SDK client: the built CLI is spawned over stdio; tools
// are listed with truthful annotations and called; an edit becomes a change set in the inbox
// and nothing is written until it is accepted through the proposals code.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { applyChangeSet, rejectChangeSet } from '../../src/main/core/proposals/apply-change-set';
import { openAppDatabase } from '../../src/main/core/store/app-database';
import { createChangeSetRepository } from '../../src/main/core/store/change-set-repository';
import { Workspace } from '../../src/main/core/workspace/workspace';

const REPO = path.resolve(__dirname, '../..');
let project: string;
let home: string;
let client: Client;

beforeAll(() => {
  execFileSync('npx', ['vite', 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'error'], {
    cwd: REPO,
    stdio: 'ignore',
  });
}, 120_000);

beforeEach(async () => {
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-mcp-project-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-mcp-home-'));
  writeFileSync(
    path.join(project, 'math.ts'),
    'export function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport const two = add(1, 1);\n',
  );
  writeFileSync(
    path.join(project, 'use.ts'),
    "import { add } from './math';\nexport const three = add(1, 2);\n",
  );
  client = new Client({ name: 'sluice-test-client', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(REPO, 'bin/sluice.js'), 'mcp', '--project', project],
      env: { ...(process.env as Record<string, string>), SLUICE_HOME: home },
      stderr: 'pipe',
    }),
  );
});

afterEach(async () => {
  await client.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
}

async function review<T>(run: (deps: Parameters<typeof applyChangeSet>[0]) => Promise<T> | T) {
  const db = openAppDatabase({ home });
  try {
    return await run({ db, workspace: await Workspace.open(project) });
  } finally {
    db.close();
  }
}

describe('sluice mcp usage', () => {
  it('sluice mcp - a blank --project or an extra argument is a usage error (exit 2)', async () => {
    const err: string[] = [];
    const io = {
      stdout: { write: () => true },
      stderr: { write: (t: string) => err.push(t) },
      stdin: process.stdin,
      env: { SLUICE_HOME: home },
      cwd: project,
    };
    expect(await main(['mcp', '--project', ''], io)).toBe(2);
    expect(err.join('')).toMatch(/--project needs a folder/u);
    expect(await main(['mcp', '--project', '.', 'extra'], io)).toBe(2);
    expect(err.join('')).toMatch(/unexpected argument .extra./iu);
    expect(await main(['mcp', 'serve', '--project', ' '], io)).toBe(2);
    expect(await main(['mcp', 'sevre', '--project', '.'], io)).toBe(2);
    expect(err.join('')).toMatch(/unknown form "sevre"/u);
  });

  it('sluice mcp serve - the same server as the original form', async () => {
    const other = new Client({ name: 'sluice-test-client-2', version: '1.0.0' });
    await other.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [path.join(REPO, 'bin/sluice.js'), 'mcp', 'serve', '--project', project],
        env: { ...(process.env as Record<string, string>), SLUICE_HOME: home },
        stderr: 'pipe',
      }),
    );
    try {
      const { tools } = await other.listTools();
      expect(tools.map((t) => t.name)).toContain('proposal_status');
    } finally {
      await other.close();
    }
  });
});

describe('sluice mcp', () => {
  it('sluice mcp - lists its tools with truthful annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'create_file',
        'edit_file',
        'find_definition',
        'find_files',
        'find_importers',
        'list_files',
        'outline',
        'proposal_status',
        'read_file',
        'search_files',
      ].sort(),
    );
    for (const tool of tools) {
      const writes = tool.name === 'edit_file' || tool.name === 'create_file';
      expect(tool.annotations?.readOnlyHint).toBe(!writes);
      expect(tool.annotations?.destructiveHint).toBe(false);
      expect(tool.inputSchema.type).toBe('object');
    }
  });

  it('sluice mcp - reads through the sandbox and answers index queries', async () => {
    expect(
      textOf(await client.callTool({ name: 'read_file', arguments: { path: 'math.ts' } })),
    ).toMatch(/return a \+ b/u);
    const outside = await client.callTool({
      name: 'read_file',
      arguments: { path: '../etc/passwd' },
    });
    expect(outside.isError).toBe(true);
    const bad = await client.callTool({ name: 'read_file', arguments: { nope: 1 } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/invalid input/u);
    expect(
      textOf(await client.callTool({ name: 'outline', arguments: { path: 'math.ts' } })),
    ).toMatch(/1 function add/u);
    expect(
      textOf(await client.callTool({ name: 'find_definition', arguments: { name: 'add' } })),
    ).toMatch(/math\.ts:1/u);
    expect(
      textOf(await client.callTool({ name: 'find_importers', arguments: { target: 'math.ts' } })),
    ).toMatch(/use\.ts:1/u);
  });

  it('sluice mcp - an edit becomes a change set; nothing is written until it is accepted', async () => {
    const before = readFileSync(path.join(project, 'math.ts'), 'utf8');
    const edited = await client.callTool({
      name: 'edit_file',
      arguments: {
        path: 'math.ts',
        edits: [{ old_text: 'return a + b;', new_text: 'return b + a;' }],
      },
    });
    expect(edited.isError).toBe(false);
    // The set is in the inbox as soon as the edit is made; no "run" ends first.
    expect(textOf(edited)).toMatch(/proposed to the person at once/u);
    expect(textOf(edited)).not.toMatch(/when the run ends/u);
    const id = /Change set: ([0-9a-f-]{36})/u.exec(textOf(edited))?.[1];
    expect(id).toBeDefined();
    await client.callTool({
      name: 'create_file',
      arguments: { path: 'new.ts', content: 'export {};\n' },
    });
    expect(readFileSync(path.join(project, 'math.ts'), 'utf8')).toBe(before);
    expect(existsSync(path.join(project, 'new.ts'))).toBe(false);
    // The client sees its own edit; the inbox holds the set, proposed.
    expect(
      textOf(await client.callTool({ name: 'read_file', arguments: { path: 'math.ts' } })),
    ).toMatch(/return b \+ a/u);
    const stored = await review(({ db }) => createChangeSetRepository(db).get(id as string));
    expect(stored?.status).toBe('proposed');
    expect(stored?.paths).toEqual(['math.ts', 'new.ts']);
    expect(
      textOf(await client.callTool({ name: 'proposal_status', arguments: { change_set_id: id } })),
    ).toMatch(/proposed[\s\S]*math\.ts: not reviewed yet/u);

    const applied = await review((deps) =>
      applyChangeSet(deps, {
        changeSetId: id as string,
        selection: { files: ['math.ts'] },
        reason: 'no new file',
      }),
    );
    expect(applied.status).toBe('partly-accepted');
    expect(readFileSync(path.join(project, 'math.ts'), 'utf8')).toMatch(/return b \+ a/u);
    expect(existsSync(path.join(project, 'new.ts'))).toBe(false);
    const status = textOf(
      await client.callTool({ name: 'proposal_status', arguments: { change_set_id: id } }),
    );
    expect(status).toMatch(/partly-accepted/u);
    expect(status).toMatch(/reason: no new file/u);
    expect(status).toMatch(/math\.ts: accepted, all hunks \(h1\)/u);
    expect(status).toMatch(/new\.ts: rejected/u);

    // The reviewed set is closed: the next edit starts a new one, which the person rejects.
    const again = await client.callTool({
      name: 'edit_file',
      arguments: { path: 'use.ts', edits: [{ old_text: 'add(1, 2)', new_text: 'add(2, 1)' }] },
    });
    const second = /Change set: ([0-9a-f-]{36})/u.exec(textOf(again))?.[1];
    expect(second).toBeDefined();
    expect(second).not.toBe(id);
    await review((deps) =>
      rejectChangeSet(deps, { changeSetId: second as string, reason: 'keep the order' }),
    );
    expect(readFileSync(path.join(project, 'use.ts'), 'utf8')).toMatch(/add\(1, 2\)/u);
    expect(textOf(await client.callTool({ name: 'proposal_status', arguments: {} }))).toMatch(
      /rejected[\s\S]*reason: keep the order/u,
    );
  });
});
