// Test support: a real temp project with a warm TypeScript checker over it, on Sluice's own
// compiler or with the project's own TypeScript 6 linked into its node_modules; everything
// made is undone after each test.
import { mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach } from 'vitest';
import {
  createTypeScriptLanguage,
  type TypeScriptLanguage,
} from '../../../../../src/main/core/diagnostics/typescript/typescript-language';
import { makeDiagnosticsProject, type DiagnosticsProject } from '../diagnostics-test-project';

const require = createRequire(import.meta.url);
/** The `typescript` 6.x package Sluice depends on, as a project's own compiler. */
export const TYPESCRIPT6 = path.dirname(require.resolve('typescript/package.json'));

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** `own`: the project's own compiler package folder, or null for Sluice's. */
export function typescriptProject(
  files: Record<string, string>,
  own: string | null,
): { project: DiagnosticsProject; ts: TypeScriptLanguage } {
  const project = makeDiagnosticsProject(files);
  cleanups.push(() => project.cleanup());
  if (own) {
    mkdirSync(path.join(project.root, 'node_modules'));
    symlinkSync(own, path.join(project.root, 'node_modules', 'typescript'));
  }
  const ts = createTypeScriptLanguage({ root: project.root });
  cleanups.push(() => ts.dispose());
  return { project, ts };
}
