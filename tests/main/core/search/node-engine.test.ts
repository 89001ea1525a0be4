import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeSearchEngine } from '../../../../src/main/core/search/node-engine';
import { createSearchFilesTool } from '../../../../src/main/core/tools/search-files';
import { runTool } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { query, useTempWorkspace } from './search-fixture';

const temp = useTempWorkspace('sluice-node-search-');

describe('createNodeSearchEngine', () => {
  it('returns within the time limit on a catastrophic regex - and says it stopped', async () => {
    await writeFile(path.join(temp.root(), 'evil.txt'), `${'a'.repeat(50_000)}!\n`);
    const engine = createNodeSearchEngine();
    const started = Date.now();
    const outcome = await engine.search(temp.ws(), query({ pattern: '(a+)+$', timeLimitMs: 500 }));
    const elapsed = Date.now() - started;
    expect(outcome.stoppedBy).toBe('time-limit');
    expect(elapsed).toBeLessThan(3000);
  });

  it('search_files on the fallback reports the time limit to the model', async () => {
    await writeFile(path.join(temp.root(), 'evil.txt'), `${'a'.repeat(50_000)}!\n`);
    const tool = createSearchFilesTool({ engine: createNodeSearchEngine(), timeLimitMs: 400 });
    const started = Date.now();
    const result = await runTool(
      tool,
      { pattern: '(a+)+$' },
      { workspace: temp.ws(), signal: new AbortController().signal },
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.status).toBe('ok');
    expect(result.content).toMatch(
      /stopped at its time limit of 0\.4 s; results and totals are incomplete/,
    );
  });

  it('stops when the signal aborts', async () => {
    await writeFile(path.join(temp.root(), 'evil.txt'), `${'a'.repeat(50_000)}!\n`);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    const outcome = await createNodeSearchEngine().search(
      temp.ws(),
      query({ pattern: '(a+)+$', timeLimitMs: 20_000 }),
      controller.signal,
    );
    expect(outcome.stoppedBy).toBe('aborted');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('searches many files across batches and counts past the cap', async () => {
    const big = `${'filler line\n'.repeat(20_000)}needle\n`;
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => writeFile(path.join(temp.root(), `f${i}.txt`), big)),
    );
    const outcome = await createNodeSearchEngine().search(
      temp.ws(),
      query({ pattern: 'needle', maxMatches: 4 }),
    );
    expect(outcome).toMatchObject({
      engine: 'node',
      totalMatches: 6,
      totalFiles: 6,
      shownMatches: 4,
    });
    expect(outcome.files.map((f) => f.lines[0]?.line)).toEqual([20_001, 20_001, 20_001, 20_001]);
  });

  it('says when the walk could not list every file - fails closed', async () => {
    await Promise.all(
      ['a', 'b', 'c'].map((n) => writeFile(path.join(temp.root(), `${n}.txt`), 'needle\n')),
    );
    const small = await Workspace.open(temp.root(), { maxResults: 2 });
    const outcome = await createNodeSearchEngine().search(small, query({ pattern: 'needle' }));
    expect(outcome).toMatchObject({ totalMatches: 2, stoppedBy: 'file-limit' });
    const tool = createSearchFilesTool({ engine: createNodeSearchEngine() });
    const result = await runTool(
      tool,
      { pattern: 'needle' },
      { workspace: small, signal: new AbortController().signal },
    );
    expect(result.content).toMatch(/Only part of the project was searched.*maxResults/);
  });

  it('says how many files were too large to search - fails closed', async () => {
    await writeFile(path.join(temp.root(), 'small.txt'), 'needle\n');
    await writeFile(path.join(temp.root(), 'large.txt'), `needle\n${'x'.repeat(5000)}`);
    const small = await Workspace.open(temp.root(), { maxFileBytes: 1000 });
    const tool = createSearchFilesTool({ engine: createNodeSearchEngine() });
    const result = await runTool(
      tool,
      { pattern: 'needle' },
      { workspace: small, signal: new AbortController().signal },
    );
    expect(result.content).toMatch(/^1 matching line in 1 file/);
    expect(result.content).toMatch(
      /1 file larger than the workspace's maxFileBytes limit was not searched; read_file can read it in parts/,
    );
  });

  it('accepts unicode property escapes', async () => {
    await writeFile(path.join(temp.root(), 'u.txt'), 'héllo\n');
    const outcome = await createNodeSearchEngine().search(
      temp.ws(),
      query({ pattern: 'h\\p{L}llo' }),
    );
    expect(outcome.totalMatches).toBe(1);
  });
});
