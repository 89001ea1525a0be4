// find_definition by name alone: qualified members (constructor parameter properties
// included), and names that exist only as an export alias.
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, type TestProject } from './index-test-project';

let project: TestProject | undefined;
afterEach(() => project?.cleanup());

describe('findDefinition', () => {
  it('finds Class.member for a constructor parameter property - and the member name alone', async () => {
    project = await makeProject({
      'src/repo.ts': [
        'export class Repo {',
        '  constructor(',
        '    private readonly pool: Pool,',
        '    @Inject(CACHE) protected cache: Cache,',
        '  ) {}',
        '}',
        '',
      ].join('\n'),
    });
    const index = project.openIndex();
    await index.refresh();
    expect(index.findDefinition('Repo.pool').definitions).toEqual([
      expect.objectContaining({
        path: 'src/repo.ts',
        line: 3,
        column: 22,
        kind: 'property',
        signature: 'private readonly pool: Pool',
      }),
    ]);
    expect(index.findDefinition('cache').definitions[0]).toMatchObject({
      name: 'Repo.cache',
      line: 4,
    });
  });

  it('finds the local behind `export { local as name }` - when nothing is declared as name', async () => {
    project = await makeProject({
      'src/chunk.ts':
        'interface FileSpecification { path: string }\nexport { FileSpecification as F };\n',
      'src/other.ts': 'export const F2 = 1;\n',
    });
    const index = project.openIndex();
    await index.refresh();
    expect(index.findDefinition('F').definitions).toEqual([
      expect.objectContaining({
        path: 'src/chunk.ts',
        line: 1,
        name: 'FileSpecification',
        exported: true,
      }),
    ]);
  });
});
