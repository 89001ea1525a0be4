// Symbol tools work without a prepared index (`sluice tool find_definition …` needs no prior
// `sluice index`): the context's index is used when the shell provides one, otherwise one
// in-memory index per workspace is built on first use and kept for later calls.
// `{ quick: true }` starts that build without waiting for it when the index can answer
// quickly meanwhile: the caller asks `quickAnswers()` and waits only when told to.
import type { ToolContext } from './tool';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import { SymbolIndex } from '../index/symbol-index';

export type IndexProvider = (
  ctx: ToolContext,
  options?: { readonly quick?: boolean },
) => Promise<SymbolIndexPort>;

export function createOnDemandIndex(): IndexProvider {
  const opened = new WeakMap<object, { index: SymbolIndex; built: Promise<SymbolIndexPort> }>();
  return async (ctx, options = {}) => {
    if (ctx.symbolIndex) {
      const building = ctx.symbolIndex.ensureBuilt();
      if (options.quick && ctx.symbolIndex.quickAnswers?.()) {
        building.catch(() => undefined);
        return ctx.symbolIndex;
      }
      await building;
      return ctx.symbolIndex;
    }
    let entry = opened.get(ctx.workspace);
    if (!entry) {
      const index = SymbolIndex.open({ source: ctx.workspace, home: null });
      const built = index.ensureBuilt().then(() => index);
      built.catch(() => opened.delete(ctx.workspace));
      entry = { index, built };
      opened.set(ctx.workspace, entry);
    }
    if (options.quick && entry.index.quickAnswers()) {
      entry.built.catch(() => undefined);
      return entry.index;
    }
    return entry.built;
  };
}
