// tree-sitter-bash through web-tree-sitter, the same runtime the symbol index uses for its
// other languages, with the grammar VS Code ships (@vscode/tree-sitter-wasm). Loaded once per
// process, on first use.
import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';

let loading: Promise<Parser> | undefined;

export function bashGrammarPath(): string {
  return createRequire(import.meta.url).resolve(
    '@vscode/tree-sitter-wasm/wasm/tree-sitter-bash.wasm',
  );
}

/** A parser set to bash. Shared: callers must not change its language. */
export function loadShellParser(): Promise<Parser> {
  loading ??= (async () => {
    await Parser.init();
    const parser = new Parser();
    parser.setLanguage(await Language.load(bashGrammarPath()));
    return parser;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
