// Symbol tools work without a prepared index (`sluice tool find_definition …` needs no prior
// `sluice index`): the context's index is used when the shell provides one, otherwise one
// in-memory index per workspace is built on first use and kept for later calls.
import type { ToolContext } from './tool';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import { SymbolIndex } from '../index/symbol-index';

export type IndexProvider = (ctx: ToolContext) => Promise<SymbolIndexPort>;

export function createOnDemandIndex(): IndexProvider {
  const built = new WeakMap<object, Promise<SymbolIndexPort>>();
  return async (ctx) => {
    if (ctx.symbolIndex) {
      await ctx.symbolIndex.ensureBuilt();
      return ctx.symbolIndex;
    }
    let pending = built.get(ctx.workspace);
    if (!pending) {
      const index = SymbolIndex.open({ source: ctx.workspace, home: null });
      pending = index.ensureBuilt().then(() => index);
      pending.catch(() => built.delete(ctx.workspace));
      built.set(ctx.workspace, pending);
    }
    return pending;
  };
}
