// The CLI's per-tool loaders stay in step with the tool registry.
import { describe, expect, it } from 'vitest';
import { createTools } from '../../src/main/core/tools';
import { loadTool, toolLoaders } from '../../src/cli/tool-loaders';

describe('toolLoaders', () => {
  it('every registry tool has a loader that builds that same tool', async () => {
    for (const tool of createTools()) {
      expect(Object.keys(toolLoaders), `add ${tool.name} to src/cli/tool-loaders.ts`).toContain(
        tool.name,
      );
      const loaded = await loadTool(tool.name);
      expect(loaded).toMatchObject({
        name: tool.name,
        kind: tool.kind,
        description: tool.description,
      });
    }
  });

  it('an unknown name is undefined - and inherited object keys are not tools', async () => {
    expect(await loadTool('no_such_tool')).toBeUndefined();
    expect(await loadTool('toString')).toBeUndefined();
  });
});
