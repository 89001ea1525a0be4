import { describe, expect, it } from 'vitest';
import { createTools } from '../../../../src/main/core/tools';
import { toApiTool } from '../../../../src/main/core/tools/tool';

describe('createTools', () => {
  it('registers every read tool once, with a model-facing schema', () => {
    const tools = createTools();
    const names = tools.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['read_file', 'list_files', 'search_files', 'find_files']) {
      const tool = tools.find((t) => t.name === name);
      expect(tool?.kind).toBe('read');
      const api = toApiTool(tool as NonNullable<typeof tool>);
      expect(api.input_schema).toMatchObject({ type: 'object' });
      expect(api.description.length).toBeGreaterThan(200);
    }
  });

  it('gives search_files a pattern, literal flag and glob that may be one or many', () => {
    const search = createTools().find((t) => t.name === 'search_files');
    const schema = toApiTool(search as NonNullable<typeof search>).input_schema as {
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(schema.required).toEqual(['pattern']);
    expect(Object.keys(schema.properties)).toEqual([
      'pattern',
      'literal',
      'case_sensitive',
      'path',
      'glob',
      'context_lines',
    ]);
  });
});
