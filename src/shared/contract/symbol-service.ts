import { z } from 'zod';
import { method, noInput } from './define';
import { SYMBOL_KINDS, type SymbolKind } from './symbol-kinds';

export const symbolKindSchema = z.enum(SYMBOL_KINDS);
export type { SymbolKind };

export const symbolDefinitionSchema = z.object({
  name: z.string(),
  kind: symbolKindSchema,
  path: z.string(),
  line: z.number(),
  column: z.number(),
  exported: z.boolean(),
  signature: z.string(),
});
export type SymbolDefinition = z.infer<typeof symbolDefinitionSchema>;

export const importerSchema = z.object({
  path: z.string(),
  line: z.number(),
  specifier: z.string(),
  typeOnly: z.boolean(),
  /** Re-export chain the import came through, nearest first (empty for a direct import). */
  via: z.array(z.string()),
});
export type Importer = z.infer<typeof importerSchema>;

export const indexStatusSchema = z.object({
  files: z.number(),
  symbols: z.number(),
  imports: z.number(),
  indexing: z.boolean(),
  done: z.number(),
  total: z.number(),
  /** Standing notices: an index a limit left incomplete, a watcher that fell back to polling. */
  notices: z.array(z.string()).optional(),
});
export type IndexStatus = z.infer<typeof indexStatusSchema>;

/** The running diagnostics services and their resident memory, for the status bar. */
export const diagnosticsMemorySchema = z.object({
  services: z.array(z.object({ language: z.string(), rssBytes: z.number() })),
});
export type DiagnosticsMemoryView = z.infer<typeof diagnosticsMemorySchema>;

const name = z.string().min(1).max(500);

export const symbolService = {
  status: method(noInput, indexStatusSchema),
  reindex: method(noInput, indexStatusSchema),
  /** Fuzzy search over all symbol names (symbol browser, @-mentions). */
  search: method(
    z
      .object({
        query: z.string().max(500),
        kind: symbolKindSchema.optional(),
        limit: z.number().int().min(1).max(500).default(50),
      })
      .strict(),
    z.array(symbolDefinitionSchema),
  ),
  definition: method(
    z.object({ name, kind: symbolKindSchema.optional() }).strict(),
    z.object({ definitions: z.array(symbolDefinitionSchema), suggestions: z.array(z.string()) }),
  ),
  /** target: a file path or `file#symbol`. */
  importers: method(
    z.object({ target: name }).strict(),
    z.object({ importers: z.array(importerSchema) }),
  ),
  outline: method(
    z.object({ path: z.string().min(1).max(4096) }).strict(),
    z.array(symbolDefinitionSchema),
  ),
  /** Memory of the open project's running error checkers; empty when none runs. */
  diagnosticsMemory: method(noInput, diagnosticsMemorySchema),
  /** Fuzzy file-path search for @-mentions. */
  searchFiles: method(
    z
      .object({ query: z.string().max(500), limit: z.number().int().min(1).max(200).default(20) })
      .strict(),
    z.array(z.string()),
  ),
};
