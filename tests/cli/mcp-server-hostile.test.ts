// `sluice mcp` under a hostile client (the official SDK client over stdio, against the built
// CLI): reads stay in the sandbox, edits never reach the disk (not even for escaping or
// protected paths), another project's change set is not visible, huge and concurrent input
// fails or succeeds cleanly.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyChangeSet } from '../../src/main/core/proposals/apply-change-set';
import { openAppDatabase } from '../../src/main/core/store/app-database';
import { createChangeSetRepository } from '../../src/main/core/store/change-set-repository';
import { projectIdFor } from '../../src/main/core/store/project-id';
import { Workspace } from '../../src/main/core/workspace/workspace';

const REPO = path.resolve(__dirname, '../..');
let base: string;
let project: string;
let home: string;
let client: Client;
let stderr: string[];

beforeAll(() => {
  execFileSync('npx', ['vite', 'build', '--config', 'vite.cli.config.ts', '--logLevel', 'error'], {
    cwd: REPO,
    stdio: 'ignore',
  });
}, 120_000);

/** Every file of the project and next to it (not the Sluice home) with its content. */
function snapshot(): Record<string, string> {
  return { ...files(project), outside: readFileSync(path.join(base, 'outside.txt'), 'utf8') };
}

function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out[path.relative(dir, full)] = readFileSync(full, 'utf8');
      else out[path.relative(dir, full)] = '(link)';
    }
  };
  walk(dir);
  return out;
}

beforeEach(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'sluice-mcp-hostile-'));
  project = path.join(base, 'project');
  home = path.join(base, 'home');
  mkdirSync(path.join(project, '.git'), { recursive: true });
  mkdirSync(home);
  writeFileSync(path.join(base, 'outside.txt'), 'OUTSIDE SECRET\n');
  writeFileSync(path.join(project, 'main.ts'), 'export const a = 1;\n');
  writeFileSync(path.join(project, '.git', 'config'), '[remote "origin"]\n\turl = x\n');
  symlinkSync(path.join(base, 'outside.txt'), path.join(project, 'link.txt'));
  symlinkSync(base, path.join(project, 'up'));
  client = new Client({ name: 'hostile-client', version: '1.0.0' });
  stderr = [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(REPO, 'bin/sluice.js'), 'mcp', '--project', project],
    env: { ...(process.env as Record<string, string>), SLUICE_HOME: home },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  await client.connect(transport);
});

afterEach(async () => {
  await client.close();
  rmSync(base, { recursive: true, force: true });
});

type Result = Awaited<ReturnType<Client['callTool']>>;
function textOf(result: Result): string {
  return (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
}
const call = (name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args });

describe('sluice mcp under a hostile client', () => {
  it('sluice mcp hostile - reads never leave the project: .., absolute, symlinks out', async () => {
    for (const args of [
      { path: '../outside.txt' },
      { path: path.join(base, 'outside.txt') },
      { path: 'link.txt' },
      { path: 'up/outside.txt' },
      { path: 'main.ts/../../outside.txt' },
      { path: '%2e%2e/outside.txt' },
    ]) {
      const result = await call('read_file', args);
      expect(textOf(result)).not.toContain('OUTSIDE SECRET');
      expect(result.isError).toBe(true);
    }
    // The listings never show the file outside (find_files echoes its pattern, so the
    // check is on paths it would list).
    for (const [tool, args] of [
      ['list_files', { path: '..' }],
      ['list_files', { path: 'up' }],
      ['find_files', { pattern: '../**/*.txt' }],
      ['find_files', { pattern: '**/outside.txt' }],
      ['search_files', { pattern: 'OUTSIDE SECRET', literal: true }],
      ['search_files', { pattern: 'OUTSIDE', path: '..' }],
      ['search_files', { pattern: 'OUTSIDE', path: 'up' }],
      ['search_files', { pattern: 'OUTSIDE', path: 'link.txt' }],
      ['outline', { path: '../outside.txt' }],
      ['outline', { path: 'link.txt' }],
      ['find_importers', { target: '../outside.txt' }],
    ] as const) {
      const result = await call(tool, args);
      expect(textOf(result)).not.toMatch(/invalid input/u);
      // A hit would be a line "<n>: OUTSIDE SECRET"; the tools echo their pattern otherwise.
      expect(textOf(result)).not.toMatch(/\d+: OUTSIDE SECRET/u);
      expect(textOf(result)).not.toMatch(/(^|\n|\/)outside\.txt(\n|$)/u);
    }
  });

  it('sluice mcp hostile - .git is not listed or searched, as in the app', async () => {
    expect(textOf(await call('list_files', {}))).not.toMatch(/\.git/u);
    const search = textOf(
      await call('search_files', { pattern: 'remote "origin"', literal: true }),
    );
    expect(search).not.toMatch(/invalid input/u);
    expect(search).not.toMatch(/\.git\/config/u);
  });

  it('sluice mcp hostile - edits to escaping, protected and huge paths never touch the disk', async () => {
    const before = snapshot();
    const attempts: [string, Record<string, unknown>][] = [
      ['create_file', { path: '../escape.txt', content: 'x' }],
      ['create_file', { path: path.join(base, 'abs.txt'), content: 'x' }],
      ['create_file', { path: 'up/through-link.txt', content: 'x' }],
      ['create_file', { path: 'link.txt', content: 'overwrite the target' }],
      ['create_file', { path: '.git/hooks/pre-commit', content: '#!/bin/sh\ncurl evil\n' }],
      ['create_file', { path: '.sluice/mcp.json', content: '{"servers":{}}' }],
      ['create_file', { path: '.env', content: 'KEY=1' }],
      ['edit_file', { path: '.git/config', edits: [{ old_text: 'url = x', new_text: 'url = y' }] }],
      ['create_file', { path: 'big.txt', content: 'y'.repeat(4 * 1024 * 1024) }],
    ];
    const results = [];
    for (const [tool, args] of attempts) results.push(await call(tool, args));
    // Names that would repaint a terminal or reorder a review card are refused outright.
    for (const name of ['\u001b[2Jevil.ts', 'new\nline.ts', 'a\u202egnp.ts'])
      expect((await call('create_file', { path: name, content: 'x' })).isError).toBe(true);
    expect(snapshot()).toEqual(before);
    for (const result of results.slice(0, 4)) expect(result.isError).toBe(true);
    // Protected paths may be proposed (the person sees them) but a change set never writes them.
    const id = /Change set: ([0-9a-f-]{36})/u.exec(results.map(textOf).join('\n'))?.[1];
    expect(id).toBeDefined();
    const db = openAppDatabase({ home });
    try {
      const workspace = await Workspace.open(project);
      const set = createChangeSetRepository(db).get(id as string);
      const protectedPaths = (set?.files ?? []).filter((f) => f.protectedPath).map((f) => f.path);
      expect(protectedPaths).toEqual(
        expect.arrayContaining(['.git/hooks/pre-commit', '.sluice/mcp.json']),
      );
      await applyChangeSet({ db, workspace }, { changeSetId: id as string, reason: 'test' });
    } finally {
      db.close();
    }
    expect(existsSync(path.join(project, '.git', 'hooks', 'pre-commit'))).toBe(false);
    expect(existsSync(path.join(project, '.sluice', 'mcp.json'))).toBe(false);
    expect(readFileSync(path.join(project, '.git', 'config'), 'utf8')).toMatch(/url = x/u);
  }, 60_000);

  it('sluice mcp hostile - a message over the transport limit stops the server and says why; nothing is written', async () => {
    const before = snapshot();
    await expect(
      call('create_file', { path: 'huge.txt', content: 'y'.repeat(20 * 1024 * 1024) }),
    ).rejects.toThrow(/Connection closed/u);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stderr.join('')).toMatch(/too large .*exceeded maximum size/u);
    expect(snapshot()).toEqual(before);
  }, 60_000);

  it('sluice mcp hostile - the name a client gives itself reaches the inbox quoted, escaped and short', async () => {
    const named = new Client({
      name: `\u001b[2J\u001b[1;1HSluice (approved)${'x'.repeat(500)}`,
      version: '1',
    });
    await named.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [path.join(REPO, 'bin/sluice.js'), 'mcp', '--project', project],
        env: { ...(process.env as Record<string, string>), SLUICE_HOME: home },
        stderr: 'pipe',
      }),
    );
    try {
      const result = await named.callTool({
        name: 'create_file',
        arguments: { path: 'n.ts', content: 'export {};\n' },
      });
      const id = /Change set: ([0-9a-f-]{36})/u.exec(textOf(result))?.[1];
      const db = openAppDatabase({ home });
      try {
        const prompt = createChangeSetRepository(db).get(id as string)?.prompt ?? '';
        expect(prompt).toMatch(
          /^Edits made through MCP by "\\u001b\[2J\\u001b\[1;1HSluice \(approved\)x+…"$/u,
        );
        expect(prompt.length).toBeLessThan(150);
      } finally {
        db.close();
      }
    } finally {
      await named.close();
    }
  });

  it("sluice mcp hostile - another project's change set is not readable through proposal_status", async () => {
    const db = openAppDatabase({ home });
    const other = path.join(base, 'other');
    try {
      createChangeSetRepository(db).create({
        id: '11111111-2222-3333-4444-555555555555',
        projectId: projectIdFor(other),
        projectRoot: other,
        conversationId: null,
        turnId: null,
        prompt: 'secret plans',
        model: 'm',
        pid: process.pid,
        timeoutMs: 1000,
        refines: null,
        createdAt: Date.now(),
      });
    } finally {
      db.close();
    }
    const result = await call('proposal_status', {
      change_set_id: '11111111-2222-3333-4444-555555555555',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/no change set .* in this project/u);
  });

  it('sluice mcp hostile - many concurrent edits land in one consistent change set, none on disk', async () => {
    const before = snapshot();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call('create_file', { path: `gen/f${i}.ts`, content: `export const v${i} = ${i};\n` }),
      ),
    );
    expect(results.every((r) => !r.isError)).toBe(true);
    const ids = new Set(results.map((r) => /Change set: ([0-9a-f-]{36})/u.exec(textOf(r))?.[1]));
    expect(ids.size).toBe(1);
    expect(snapshot()).toEqual(before);
    const db = openAppDatabase({ home });
    try {
      const set = createChangeSetRepository(db).get([...ids][0] as string);
      expect(set?.paths).toHaveLength(30);
    } finally {
      db.close();
    }
  }, 60_000);

  it('sluice mcp hostile - unknown tools and malformed arguments are errors, the server stays up', async () => {
    expect((await call('run_command', { command: 'id' })).isError).toBe(true);
    expect((await call('read_file', { path: 42 })).isError).toBe(true);
    expect((await call('edit_file', { path: 'main.ts', edits: 'x' })).isError).toBe(true);
    expect(textOf(await call('read_file', { path: 'main.ts' }))).toMatch(/export const a/u);
  });
});
