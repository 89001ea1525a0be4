// typescript-runtime: the compiler loads on first use, and the `ts` export then is the real
// module (a live binding), so the extraction's hot paths never go through the proxy.
import { createRequire } from 'node:module';
import { types } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ts } from '../../../../src/main/core/index/typescript-runtime';

describe('typescript-runtime', () => {
  it('ts - is a proxy until first used, then the real typescript module', () => {
    const first = ts;
    expect(types.isProxy(first)).toBe(true);
    const real = createRequire(import.meta.url)('typescript') as typeof ts;
    expect(first.version).toBe(real.version);
    expect(ts).toBe(real);
    expect(types.isProxy(ts)).toBe(false);
    expect(ts.SyntaxKind.Identifier).toBe(real.SyntaxKind.Identifier);
  });
});
