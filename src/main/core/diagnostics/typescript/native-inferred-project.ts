// Loose TypeScript and JavaScript files (no tsconfig.json or jsconfig.json at the root) as
// TypeScript 7 checks them: it checks a project through a config, so the checker gives it one
// that is never written. The config is served by the native session's file callbacks at a
// path in the root (the folder a tsconfig.json would be in), so `include`, the folders left
// out, type roots and module resolution read as for a config the person had written there.
// Its options are the 5.x/6.x checker's defaults for such a project (project-configs.ts's
// `defaultCompilerOptions`, what `tsc --init` picks: strict, as tsc is today without a config),
// so the evidence of a loose file is the same whichever compiler answers; and as there, a
// JavaScript file is checked only with `// @ts-check`.
// Runs inside the TypeScript check worker.
import path from 'node:path';
import { hasTsCheckPragma, isJavaScriptFile } from './project-configs';

/** The config's name: a dot file no project has, never on disk. */
export const INFERRED_CONFIG_NAME = '.sluice-inferred-tsconfig.json';

/** `defaultCompilerOptions` as tsconfig.json writes them. */
export const INFERRED_COMPILER_OPTIONS = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  strict: true,
  allowJs: true,
  checkJs: false,
  jsx: 'react-jsx',
  esModuleInterop: true,
  resolveJsonModule: true,
  skipLibCheck: true,
  noEmit: true,
} as const;

/** The folders the 6.x checker's default project leaves out (project-configs.ts). */
const LEFT_OUT = ['**/node_modules', '**/.*', '**/out', '**/dist', '**/build'];

export interface InferredConfig {
  /** Absolute path of the config, in the root. */
  readonly path: string;
  readonly text: string;
}

export function inferredConfig(root: string): InferredConfig {
  return {
    path: path.join(root, INFERRED_CONFIG_NAME),
    text: JSON.stringify({
      compilerOptions: INFERRED_COMPILER_OPTIONS,
      include: ['**/*'],
      exclude: LEFT_OUT,
    }),
  };
}

/** A file the inferred project checks: TypeScript, or JavaScript with `// @ts-check`. */
export function isCheckedLooseFile(file: string, text: string | undefined): boolean {
  return !isJavaScriptFile(file) || (text !== undefined && hasTsCheckPragma(text));
}
