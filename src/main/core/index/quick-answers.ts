// The quick answers an index offers while it has no complete build: definitions
// and importers from a text prefilter plus a targeted parse (quick-definitions.ts,
// quick-importers.ts). Each answer hands its parsed files to `warm` and is announced through
// `onAnswered`, so the status can say which one answered. Contract: never throws; a failure
// (no ripgrep binary, an unreadable project) is a `wait` answer, i.e. "ask the index".
import type { Importer, SymbolKind } from '../../../shared/contract/symbol-service';
import type { DefinitionResult } from './definition-query';
import { parseImporterTarget } from './importers-query';
import type { ParsedFile } from './index-types';
import type { IndexFileSource } from './project-scan';
import type { QuickAnswer } from './quick-answer';
import { quickFindDefinitions } from './quick-definitions';
import { quickFindImporters } from './quick-importers';

export interface QuickAnswers {
  definitions(name: string, kind?: SymbolKind): Promise<QuickAnswer<DefinitionResult>>;
  /** TARGET as find_importers takes it: a project-relative path or `path#symbol`. */
  importers(target: string): Promise<QuickAnswer<Importer[]>>;
}

export interface QuickAnswersDeps {
  readonly source: IndexFileSource;
  readonly maxFileBytes: number;
  readonly maxFiles?: number;
  /** The ripgrep binary, or null when there is none (then every answer is `wait`). */
  locateRipgrep(): Promise<string | null>;
  warm(files: readonly ParsedFile[]): void;
  onAnswered(answer: QuickAnswer<unknown>): void;
}

export function createQuickAnswers(deps: QuickAnswersDeps): QuickAnswers {
  let rgPath: Promise<string | null> | undefined;
  const run = async <T>(ask: (rg: string) => Promise<QuickAnswer<T>>): Promise<QuickAnswer<T>> => {
    try {
      const rg = await (rgPath ??= deps.locateRipgrep());
      if (!rg) return { kind: 'wait', why: 'ripgrep is not available' };
      const answer = await ask(rg);
      if (answer.kind !== 'wait') deps.onAnswered(answer);
      return answer;
    } catch (error) {
      return { kind: 'wait', why: error instanceof Error ? error.message : String(error) };
    }
  };
  const common = (rg: string) => ({
    rgPath: rg,
    source: deps.source,
    maxFileBytes: deps.maxFileBytes,
    warm: deps.warm,
  });
  return {
    definitions: (name, kind) => run((rg) => quickFindDefinitions(common(rg), name, kind)),
    importers: (target) =>
      run((rg) =>
        quickFindImporters(
          { ...common(rg), ...(deps.maxFiles !== undefined ? { maxFiles: deps.maxFiles } : {}) },
          parseImporterTarget(target.trim()),
        ),
      ),
  };
}
