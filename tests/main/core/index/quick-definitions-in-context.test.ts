// Quick definitions with the second look at TypeScript files: files whose only lines the
// line filter keeps are an import list or a parameter list broken over lines are not parsed,
// and the answer is still the complete index's; a `.tsx` file is not looked at again.
import { describe, expect, it } from 'vitest';
import { makeProject } from './index-test-project';

describe('quick definitions - files read whole', () => {
  it('a name used in import and parameter lists broken over lines - parsed from its defining file and the .tsx one only, as the index answers', async () => {
    const project = await makeProject({
      'src/uri.ts': 'export class URI {\n  static count = 0;\n}\n',
      'src/imports.ts': "import {\n  Path,\n  URI,\n} from './uri';\nexport const u = new URI();\n",
      'src/params.ts': 'export function open(\n  uri: URI,\n  base: URI\n): void {}\n',
      'src/types.ts': 'export interface Item {\n  uri: URI\n}\n',
      'src/view.tsx': 'export function open(\n  uri: URI,\n): void {}\n',
    });
    try {
      const full = project.openIndex({ home: null });
      await full.refresh();
      const expected = full.findDefinition('URI');
      expect(expected.definitions.map((d) => d.path)).toEqual(['src/uri.ts']);
      const quick = project.openIndex({ home: null }).quickAnswers();
      expect(await quick?.definitions('URI')).toEqual({
        kind: 'answer',
        value: expected,
        parsed: 2,
      });
    } finally {
      project.cleanup();
    }
  }, 60_000);
});
