// Issue 2 "Bad input": for each read tool, every bad path gets a clear error naming the rule
// and never any byte of a file outside the root.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeSearchEngine } from '../../../../src/main/core/search/node-engine';
import { createSearchEngine } from '../../../../src/main/core/search/create-search-engine';
import { createFindFilesTool } from '../../../../src/main/core/tools/find-files';
import { createListFilesTool } from '../../../../src/main/core/tools/list-files';
import { createReadFileTool } from '../../../../src/main/core/tools/read-file';
import { createSearchFilesTool } from '../../../../src/main/core/tools/search-files';
import { runTool, type ToolDefinition } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { badPaths, createSandboxFixture, type SandboxFixture } from '../workspace/sandbox-fixture';
import { toolContext } from './tool-context';

let fx: SandboxFixture;
let ws: Workspace;

beforeAll(async () => {
  fx = await createSandboxFixture();
  ws = await Workspace.open(fx.root);
});
afterAll(async () => {
  await fx.cleanup();
});

// The search pattern matches the secret's text without containing it, so an echo of the
// pattern can never be mistaken for a leak.
const SECRET_PATTERN = 'SECRET-[a-z0-9]+-CONTENT';

const cases: { tool: () => ToolDefinition; input: (path: string) => Record<string, unknown> }[] = [
  { tool: createReadFileTool, input: (path) => ({ path }) },
  { tool: createListFilesTool, input: (path) => ({ path, depth: 3 }) },
  { tool: createFindFilesTool, input: (path) => ({ pattern: '**/*', path }) },
  {
    tool: () => createSearchFilesTool({ engine: createSearchEngine() }),
    input: (path) => ({ pattern: SECRET_PATTERN, path }),
  },
  {
    tool: () => createSearchFilesTool({ engine: createNodeSearchEngine() }),
    input: (path) => ({ pattern: SECRET_PATTERN, path }),
  },
];

describe.each(
  cases.map((c, i) => ({ ...c, label: i === 4 ? 'search_files (node fallback)' : c.tool().name })),
)('$label - bad input', ({ tool, input }) => {
  it('refuses every bad path - names the rule, never leaks the outside file', async () => {
    const definition = tool();
    for (const bad of badPaths(fx)) {
      const result = await runTool(definition, input(bad.path), toolContext(ws));
      expect({ case: bad.name, status: result.status }).toEqual({
        case: bad.name,
        status: 'error',
      });
      expect({ case: bad.name, content: result.content }).toEqual({
        case: bad.name,
        content: expect.stringContaining(`rule: ${bad.rule}`),
      });
      expect(result.content).not.toContain(fx.secret);
      expect(result.content).not.toContain('root:x:0:0');
    }
  });

  it('does not reach the outside file from the root either', async () => {
    const definition = tool();
    const result = await runTool(definition, input(''), toolContext(ws));
    expect(result.content).not.toContain(fx.secret);
  });
});

describe('glob and pattern arguments - cannot widen the root', () => {
  it('find_files with a pattern climbing out finds nothing outside', async () => {
    for (const pattern of ['../**', '../proj-evil/*', '/**/secret', '**/secret']) {
      const result = await runTool(createFindFilesTool(), { pattern }, toolContext(ws));
      expect(result.content).toMatch(/^No files match/);
      expect(result.content).not.toContain(fx.secret);
    }
  });

  it('search_files with a glob climbing out finds nothing outside', async () => {
    for (const engine of [createSearchEngine(), createNodeSearchEngine()]) {
      const tool = createSearchFilesTool({ engine });
      for (const glob of ['../**', '../proj-evil/*', '**/secret', '*']) {
        const result = await runTool(tool, { pattern: SECRET_PATTERN, glob }, toolContext(ws));
        expect(result.status).toBe('ok');
        expect(result.content).toContain('No matches');
        expect(result.content).not.toContain(fx.secret);
      }
    }
  });
});
