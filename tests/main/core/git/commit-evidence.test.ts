// What a commit carries, checked before it is made: its errors against HEAD (the checkers asked
// the other way round) and the tests it breaks, run on the committed text against HEAD's.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import type {
  DiagnosticsPort,
  ProposedFileChange,
} from '../../../../src/main/core/diagnostics/diagnostics-port';
import { commitEvidence } from '../../../../src/main/core/git/commit-evidence';
import { GitReader } from '../../../../src/main/core/git/git-reader';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { projectTests } from '../../../../src/main/core/test-runs/project-tests';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { evidence } from '../../../renderer/support/evidence';
import { git, testGitEnv } from '../../../support/git-fixture';
import { tempProject, type TempProject } from '../test-runs/test-run-projects';

const canRun = detectSandbox().available && detectCopySupport().available;
const CART =
  'export function total(items) { return items.reduce((s, i) => s + i.price * i.qty, 0); }\n';
const CART_TEST = `import { expect, test } from 'vitest';
import { total } from '../src/cart.js';
test('totals price times quantity', () => { expect(total([{ price: 2, qty: 3 }])).toBe(6); });
`;

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

function repo(): TempProject {
  const made = tempProject(
    {
      '.gitignore': 'node_modules/\n',
      'package.json': JSON.stringify({ name: 'shop', type: 'module', scripts: { test: 'vitest' } }),
      'vitest.config.js': 'export default { test: {} };\n',
      'src/cart.js': CART,
      'tests/cart.test.js': CART_TEST,
    },
    true,
  );
  git(made.root, ['init', '-q', '-b', 'main']);
  git(made.root, ['add', '-A']);
  git(made.root, ['commit', '-qm', 'initial']);
  return made;
}

describe('commitEvidence - what a commit carries against HEAD', () => {
  it('errors - the checkers are asked about going back, and their answer is read the other way', async () => {
    project = repo();
    writeFileSync(path.join(project.root, 'src/cart.js'), 'broken(\n');
    const asked: ProposedFileChange[][] = [];
    const diagnostics = {
      checkChange: async (changes: readonly ProposedFileChange[]) => {
        asked.push([...changes]);
        return evidence({
          introduced: [],
          fixed: [
            {
              path: 'src/cart.js',
              line: 1,
              column: 8,
              message: "')' expected.",
              code: 'TS1005',
              severity: 'error',
              source: 'ts',
            } as never,
          ],
        });
      },
    } as unknown as DiagnosticsPort;
    const opened = await GitReader.open(project.root, testGitEnv());
    if (opened.kind !== 'repository') throw new Error('expected a repository');
    const found = await commitEvidence({
      reader: opened.reader,
      diagnostics,
      paths: ['src/cart.js'],
    });
    expect(asked).toEqual([[{ path: 'src/cart.js', after: CART }]]);
    expect(found.introduced.map((d) => d.message)).toEqual(["')' expected."]);
    expect(found.fixed).toEqual([]);
  });

  it.runIf(canRun)(
    'tests - a commit that breaks a test names it, run against HEAD’s text',
    async () => {
      project = repo();
      const service = createTestRunService({ root: project.root, home: project.home });
      const broken = CART.replace('i.price * i.qty', 'i.price - i.qty');
      writeFileSync(path.join(project.root, 'src/cart.js'), broken);
      // A verdict on this disk state first: its cached baseline (the disk, where the test
      // fails) must not stand in for HEAD's, or the failure would read as "already failing".
      const primed = await service.verdict({ changes: [{ path: 'src/cart.js', after: broken }] });
      expect(primed.alreadyFailing).toHaveLength(1);
      const opened = await GitReader.open(project.root, testGitEnv());
      if (opened.kind !== 'repository') throw new Error('expected a repository');
      const diagnostics = { checkChange: async () => evidence({}) } as unknown as DiagnosticsPort;
      const found = await commitEvidence({
        reader: opened.reader,
        diagnostics,
        tests: projectTests(service, () => 3000),
        workspace: await Workspace.open(project.root),
        paths: ['src/cart.js'],
      });
      expect(found.tests?.state).toBe('failed');
      expect(found.tests?.newlyFailing.map((f) => f.name)).toEqual([
        expect.stringContaining('totals price times quantity'),
      ]);
      service.dispose();
    },
    150_000,
  );
});
