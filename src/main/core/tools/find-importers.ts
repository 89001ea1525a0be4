// find_importers: every file that imports a file or one of its exported symbols, following
// re-export chains (barrels, `export *`, `export * as ns`), from the symbol index.
import { z } from 'zod';
import type { Importer } from '../../../shared/contract/symbol-service';
import { defineTool, ok, toolError } from './tool';
import { createOnDemandIndex, type IndexProvider } from './on-demand-index';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import { QUICK_ANSWER_NOTE, partialNote } from '../index/quick-answer';
import { missingCase } from '../../../shared/missing-case';

export const FIND_IMPORTERS_MAX_RESULTS = 100;

const DESCRIPTION = `Find every place that imports a file, or one exported symbol of it, including through barrel files that re-export it.
- target: a project-relative file path ("src/util/date.ts"), or "path#symbol" for one export ("src/util/date.ts#formatDate", "src/app.tsx#default").
- Covers import/import type, require(), import(), import x = require(), export … from, export * from, export * as ns from; Python import/from-import (packages, __init__.py re-exports, star imports), Go package imports (any file of the package), Rust use/pub use/mod, Java imports (wildcards included).
- Returns path:line, the specifier as written, whether the import is type-only, and the chain of re-exporting files it came through; at most ${FIND_IMPORTERS_MAX_RESULTS}.`;

const schema = z
  .object({
    target: z.string().min(1).max(4096).describe('File path, or "path#symbol".'),
  })
  .strict();

export function formatImporter(i: Importer): string {
  const via = i.via.length ? ` via ${i.via.join(' → ')}` : '';
  return `${i.path}:${i.line} from ${JSON.stringify(i.specifier)}${i.typeOnly ? ' (type-only)' : ''}${via}`;
}

export interface QuickImporters {
  readonly importers: Importer[];
  /** What the person reads about where the answer came from (complete, or partial and why). */
  readonly note: string;
  readonly partial: boolean;
}

/**
 * Importers from a quick search while the index has no complete build; undefined
 * when the index must answer. TARGET is project-relative (`path` or `path#symbol`).
 */
export async function findImportersQuickly(
  index: SymbolIndexPort,
  target: string,
): Promise<QuickImporters | undefined> {
  const quick = index.quickAnswers?.();
  if (!quick) return undefined;
  const answer = await quick.importers(target);
  switch (answer.kind) {
    case 'wait':
      return undefined;
    case 'answer':
      return { importers: answer.value, note: `(${QUICK_ANSWER_NOTE})`, partial: false };
    case 'partial':
      return { importers: answer.value, note: `(${partialNote(answer.why)})`, partial: true };
    default:
      return missingCase(answer);
  }
}

function formatImporters(target: string, importers: readonly Importer[], note = ''): string {
  const head = note ? `${note}\n` : '';
  if (!importers.length) return `${head}Nothing in the project imports ${target}.`;
  const shown = importers.slice(0, FIND_IMPORTERS_MAX_RESULTS);
  const files = new Set(importers.map((i) => i.path)).size;
  const lines = [
    `${head}${importers.length} import${importers.length === 1 ? '' : 's'} of ${target} in ${files} file${files === 1 ? '' : 's'}:`,
  ];
  lines.push(...shown.map(formatImporter));
  if (importers.length > shown.length)
    lines.push(`… ${importers.length - shown.length} more not shown.`);
  return lines.join('\n');
}

export function createFindImportersTool(provideIndex: IndexProvider = createOnDemandIndex()) {
  return defineTool({
    name: 'find_importers',
    description: DESCRIPTION,
    schema,
    kind: 'read',
    label: (input) => `Finding importers of ${input.target}`,
    async run(input, ctx) {
      const hash = input.target.lastIndexOf('#');
      const filePart = hash > 0 ? input.target.slice(0, hash) : input.target;
      const symbol = hash > 0 ? input.target.slice(hash + 1) : '';
      const relative = ctx.workspace.resolve(filePart, 'read').relative;
      const early = await provideIndex(ctx, { quick: true });
      const earlyFile = early.relativePath(relative);
      const quick = await findImportersQuickly(
        early,
        symbol ? `${earlyFile}#${symbol}` : earlyFile,
      );
      if (quick) {
        const target = symbol ? `${earlyFile}#${symbol}` : earlyFile;
        return ok(formatImporters(target, quick.importers, quick.note));
      }
      const index = await provideIndex(ctx);
      const file = index.relativePath(relative);
      if (!index.hasFile(file)) {
        const similar = index.searchFiles(filePart.split('/').pop() ?? filePart, 5);
        return toolError(
          `${file} is not an indexed source file.${similar.length ? ` Similar files: ${similar.join(', ')}.` : ''}`,
        );
      }
      const target = symbol ? `${file}#${symbol}` : file;
      return ok(formatImporters(target, index.findImporters(target)));
    },
  });
}
