// What tools and services need from the symbol index; SymbolIndex implements it, tests may
// pass their own. Queries are synchronous and fast; only building is async.
import type {
  Importer,
  IndexStatus,
  SymbolDefinition,
  SymbolKind,
} from '../../../shared/contract/symbol-service';
import type { DefinitionResult } from './definition-query';
import type { QuickAnswers } from './quick-answers';

export interface SymbolIndexPort {
  /** Indexes the project first if this process has not done so yet. */
  ensureBuilt(): Promise<void>;
  /** Re-reads one file now (after an applied edit). */
  refreshFile(relative: string): Promise<void>;
  status(): IndexStatus;
  findDefinition(name: string, kind?: SymbolKind): DefinitionResult;
  /** Exact definition of a name as imported/used in one file. */
  findDefinitionFrom(name: string, fromFile: string): SymbolDefinition[];
  findImporters(target: string): Importer[];
  outline(file: string): SymbolDefinition[];
  searchFiles(query: string, limit: number): string[];
  hasFile(file: string): boolean;
  /** Project-relative form of a caller's path. */
  relativePath(file: string): string;
  /**
   * Answers from a quick search while no complete build exists; undefined when
   * the index itself answers. Optional: a port without it is always waited for.
   */
  quickAnswers?(): QuickAnswers | undefined;
}
