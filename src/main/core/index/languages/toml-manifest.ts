// Cargo.toml and pyproject.toml are TOML: read with smol-toml, a maintained
// TOML 1.0 parser, never with regexes. A manifest that is not valid TOML reads as empty (the
// resolver then treats the crate or project as naming nothing, as it would a missing key).
import { parse } from 'smol-toml';

export type TomlTable = Readonly<Record<string, unknown>>;

export function parseTomlManifest(text: string): TomlTable {
  try {
    return parse(text) as TomlTable;
  } catch {
    return {};
  }
}

/** The table at a dotted key path, or undefined when any step is missing or not a table. */
export function tableAt(root: TomlTable, ...keys: string[]): TomlTable | undefined {
  let at: unknown = root;
  for (const key of keys) {
    if (!at || typeof at !== 'object' || Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at && typeof at === 'object' && !Array.isArray(at) ? (at as TomlTable) : undefined;
}

export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
