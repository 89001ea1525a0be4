// find_definition and find_importers through runTool, with and without a shell-provided index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool, toApiTool, type ToolContext } from '../../../../src/main/core/tools/tool';
import { createFindDefinitionTool } from '../../../../src/main/core/tools/find-definition';
import { createFindImportersTool } from '../../../../src/main/core/tools/find-importers';
import { createTools } from '../../../../src/main/core/tools';
import { makeProject, type TestProject } from '../index/index-test-project';

let project: TestProject;
let ctx: ToolContext;

beforeAll(async () => {
  project = await makeProject('constructs');
  ctx = { workspace: project.workspace, signal: new AbortController().signal };
});
afterAll(() => project.cleanup());

describe('find_definition', () => {
  it('indexes on demand - answering first from a quick search, saying so, with path:line:column, kind and signature', async () => {
    const result = await runTool(createFindDefinitionTool(), { name: 'area' }, ctx);
    expect(result.status).toBe('ok');
    expect(result.content).toBe(
      '(answered from a quick search; the index is still being built)\n1 definition of area:\nsrc/shapes.ts:2:17 function area (exported)\n  export function area(width: number, height: number): number',
    );
  });

  it('follows the import of from_file through barrels to the declaration', async () => {
    const result = await runTool(
      createFindDefinitionTool(),
      { name: 'computeArea', from_file: 'src/consumer.ts' },
      ctx,
    );
    expect(result.content).toContain('src/shapes.ts:2:17 function area (exported)');
  });

  it('suggests similar names when nothing matches', async () => {
    const result = await runTool(createFindDefinitionTool(), { name: 'Shap' }, ctx);
    expect(result.status).toBe('ok');
    expect(result.content).toMatch(
      /No definition named "Shap" in the index\. Similar names: .*Shape/,
    );
  });

  it('rejects an unknown kind with a message the model can act on', async () => {
    const result = await runTool(createFindDefinitionTool(), { name: 'area', kind: 'widget' }, ctx);
    expect(result.status).toBe('error');
    expect(result.content).toMatch(/kind/);
  });

  it('answers from the index itself once a build is complete', async () => {
    const index = project.openIndex();
    await index.refresh();
    const result = await runTool(
      createFindDefinitionTool(),
      { name: 'area' },
      { ...ctx, symbolIndex: index },
    );
    expect(result.content).toMatch(/^1 definition of area:/);
    const importers = await runTool(
      createFindImportersTool(),
      { target: 'src/consumer.ts' },
      { ...ctx, symbolIndex: index },
    );
    expect(importers.content).toBe('Nothing in the project imports src/consumer.ts.');
  });

  it('uses the index the shell provides', async () => {
    const index = project.openIndex();
    await index.refresh();
    const result = await runTool(
      createFindDefinitionTool(),
      { name: 'Shape.resize' },
      { ...ctx, symbolIndex: index },
    );
    expect(result.content).toContain('src/shapes.ts:15:3 method Shape.resize (exported)');
  });
});

describe('find_importers', () => {
  it('lists importers with specifier, type-only flag and via chain', async () => {
    const result = await runTool(createFindImportersTool(), { target: 'src/shapes.ts#Sized' }, ctx);
    expect(result.content).toBe(
      [
        '(answered from a quick search; the index is still being built)',
        '4 imports of src/shapes.ts#Sized in 3 files:',
        'src/barrel.ts:4 from "./shapes" (type-only)',
        'src/consumer.ts:1 from "./shapes" (type-only)',
        'src/consumer.ts:2 from "./shapes"',
        'src/outer-barrel.ts:1 from "./barrel" via src/barrel.ts',
      ].join('\n'),
    );
  });

  it('says so when a file is not indexed - and refuses paths outside the project', async () => {
    const missing = await runTool(createFindImportersTool(), { target: 'src/shape.ts' }, ctx);
    expect(missing.status).toBe('error');
    expect(missing.content).toMatch(
      /src\/shape\.ts is not an indexed .*Similar files: .*src\/shapes\.ts/,
    );
    const outside = await runTool(createFindImportersTool(), { target: '../outside.ts' }, ctx);
    expect(outside.status).toBe('error');
  });

  it('says so when nothing imports the target', async () => {
    const result = await runTool(createFindImportersTool(), { target: 'src/consumer.ts' }, ctx);
    expect(result.content).toBe(
      '(answered from a quick search; the index is still being built)\nNothing in the project imports src/consumer.ts.',
    );
  });
});

describe('tool registry', () => {
  it('registers both symbol tools as read tools with JSON schemas', () => {
    const tools = createTools().filter(
      (t) => t.name === 'find_definition' || t.name === 'find_importers',
    );
    expect(tools.map((t) => [t.name, t.kind])).toEqual([
      ['find_definition', 'read'],
      ['find_importers', 'read'],
    ]);
    for (const tool of tools)
      expect(toApiTool(tool).input_schema).toMatchObject({ type: 'object' });
  });
});
