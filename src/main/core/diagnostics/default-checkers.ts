// The built-in checkers, one per language, each started lazily on its first check.
import type { ConfinedLimits } from '../confinement/confined-process';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import type { LanguageChecker } from './language-checker';
import { createGoLanguage } from './go/go-language';
import { createOverlayLessLanguage } from './overlay-less-language';
import { createPyrightLanguage } from './python/pyright-language';
import { createTypeScriptLanguage } from './typescript/typescript-language';

export interface DefaultCheckersOptions {
  readonly root: string;
  readonly symbolIndex?: SymbolIndexPort;
  readonly typescriptHeapMb?: number;
  readonly tempDir?: string;
  readonly env: NodeJS.ProcessEnv;
  /** Ceilings of every confined checker process (default: the confinement's). */
  readonly limits?: ConfinedLimits;
  /** How long one check may keep a checker's process busy before it is stopped. */
  readonly ceilingMs?: number;
}

export function createDefaultCheckers(options: DefaultCheckersOptions): LanguageChecker[] {
  const index = options.symbolIndex ? { symbolIndex: options.symbolIndex } : {};
  const confined = {
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.ceilingMs ? { ceilingMs: options.ceilingMs } : {}),
  };
  return [
    createTypeScriptLanguage({
      root: options.root,
      ...index,
      ...(options.typescriptHeapMb ? { maxHeapMb: options.typescriptHeapMb } : {}),
      ...(options.limits?.memoryBytes
        ? { memoryMb: Math.round(options.limits.memoryBytes / 1024 / 1024) }
        : {}),
      ...(options.ceilingMs ? { ceilingMs: options.ceilingMs } : {}),
    }),
    createPyrightLanguage({ root: options.root, ...index, env: options.env, ...confined }),
    createGoLanguage({
      root: options.root,
      env: options.env,
      ...(options.tempDir ? { tempDir: options.tempDir } : {}),
      ...confined,
    }),
    createOverlayLessLanguage('rust', options.root, options.env),
    createOverlayLessLanguage('java', options.root, options.env),
  ];
}
