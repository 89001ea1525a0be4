// The lookup behind find_definition and `sluice def`, and the text both print. Apart from the
// tool (find-definition.ts) so `sluice def` loads neither zod nor the tool machinery: its first
// run in a project is timed against rg + node.
import type { SymbolDefinition } from '../../../shared/contract/symbol-service';
import type { SymbolKind } from '../../../shared/contract/symbol-kinds';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import { QUICK_ANSWER_NOTE } from '../index/quick-answer';

export const FIND_DEFINITION_MAX_RESULTS = 20;

export function formatDefinition(d: SymbolDefinition): string {
  return `${d.path}:${d.line}:${d.column} ${d.kind} ${d.name}${d.exported ? ' (exported)' : ''}\n  ${d.signature}`;
}

export interface DefinitionQuery {
  readonly name: string;
  readonly kind?: SymbolKind | undefined;
  /** Project-relative file where the name is used; its import is followed. */
  readonly fromFile?: string | undefined;
}

export interface DefinitionLookup {
  readonly query: DefinitionQuery;
  readonly definitions: SymbolDefinition[];
  readonly suggestions: string[];
  /** Set when from_file did not resolve the name and matches by name are shown instead. */
  readonly note: string;
  /** No definition, by a quick search: how many project files use the name. */
  readonly usedIn?: number;
}

/**
 * The lookup behind find_definition and `sluice def`: through the import in fromFile when
 * given (falling back to matches by name, with a note saying so), else by name.
 */
export function lookupDefinitions(
  index: SymbolIndexPort,
  query: DefinitionQuery,
): DefinitionLookup {
  let definitions: SymbolDefinition[] = [];
  let note = '';
  if (query.fromFile) {
    const from = index.relativePath(query.fromFile);
    definitions = index.findDefinitionFrom(query.name, from);
    if (query.kind) definitions = definitions.filter((d) => d.kind === query.kind);
    if (!definitions.length)
      note = `(${query.name} is not imported or declared in ${from}; showing matches by name)`;
  }
  let suggestions: string[] = [];
  if (!definitions.length) {
    const result = index.findDefinition(query.name, query.kind);
    definitions = result.definitions;
    suggestions = result.suggestions;
  }
  return { query, definitions, suggestions, note };
}

/**
 * The same lookup from a quick search while the index has no complete build;
 * undefined when the index must answer (it is complete, the quick search cannot be sure,
 * or the name comes with from_file: following an import needs the index).
 */
export async function lookupDefinitionsQuickly(
  index: Pick<SymbolIndexPort, 'quickAnswers'>,
  query: DefinitionQuery,
): Promise<DefinitionLookup | undefined> {
  if (query.fromFile) return undefined;
  const quick = index.quickAnswers?.();
  if (!quick) return undefined;
  const answer = await quick.definitions(query.name, query.kind);
  if (answer.kind === 'wait') return undefined;
  return {
    query,
    definitions: answer.value.definitions,
    suggestions: answer.value.suggestions,
    note: `(${QUICK_ANSWER_NOTE})`,
    ...(answer.value.usedIn ? { usedIn: answer.value.usedIn } : {}),
  };
}

/** The text find_definition returns (and `sluice def` prints). */
export function formatDefinitionLookup(lookup: DefinitionLookup): string {
  const { query, definitions, suggestions } = lookup;
  const note = lookup.note ? `${lookup.note}\n` : '';
  if (!definitions.length && lookup.usedIn) {
    const files = lookup.usedIn === 1 ? '1 file uses it' : `${lookup.usedIn} files use it`;
    return `${note}No definition named ${JSON.stringify(query.name)} in the project's files: ${files}, none declares it. It may come from a package or the runtime, or be another declaration imported or exported under this name. Try search_files for text matches.`;
  }
  if (!definitions.length) {
    const what = `No definition named ${JSON.stringify(query.name)}${query.kind ? ` of kind ${query.kind}` : ''} in the index.`;
    return suggestions.length
      ? `${note}${what} Similar names: ${suggestions.join(', ')}.`
      : `${note}${what} Try search_files for text matches.`;
  }
  const shown = definitions.slice(0, FIND_DEFINITION_MAX_RESULTS);
  const header = `${definitions.length} definition${definitions.length === 1 ? '' : 's'} of ${query.name}${definitions.length > 1 ? ' (exported first)' : ''}:`;
  const lines = [note + header, ...shown.map(formatDefinition)];
  if (definitions.length > shown.length) {
    lines.push(
      `… ${definitions.length - shown.length} more not shown; add kind or from_file to narrow.`,
    );
  }
  return lines.join('\n');
}
