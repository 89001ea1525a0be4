// The built-in checkers, one per language, each started lazily on its first check.
import type { SymbolIndexPort } from '../index/symbol-index-port';
import type { LanguageChecker } from './language-checker';
import { createGoLanguage } from './go-language';
import { createOverlayLessLanguage } from './overlay-less-language';
import { createPyrightLanguage } from './pyright-language';
import { createTypeScriptLanguage } from './typescript-language';

export interface DefaultCheckersOptions {
  readonly root: string;
  readonly symbolIndex?: SymbolIndexPort;
  readonly typescriptHeapMb?: number;
  readonly checkerMemoryMb?: number;
  readonly checkerCeilingSeconds?: number;
  readonly tempDir?: string;
  readonly env: NodeJS.ProcessEnv;
}

export function createDefaultCheckers(options: DefaultCheckersOptions): LanguageChecker[] {
  const index = options.symbolIndex ? { symbolIndex: options.symbolIndex } : {};
  return [
    createTypeScriptLanguage({
      root: options.root,
      ...index,
      ...(options.typescriptHeapMb ? { maxHeapMb: options.typescriptHeapMb } : {}),
      ...(options.checkerMemoryMb ? { memoryMb: options.checkerMemoryMb } : {}),
      ...(options.checkerCeilingSeconds ? { ceilingMs: options.checkerCeilingSeconds * 1000 } : {}),
    }),
    createPyrightLanguage({ root: options.root, ...index, env: options.env }),
    createGoLanguage({
      root: options.root,
      env: options.env,
      ...(options.tempDir ? { tempDir: options.tempDir } : {}),
    }),
    createOverlayLessLanguage('rust', options.root, options.env),
    createOverlayLessLanguage('java', options.root, options.env),
  ];
}
