// JSON with sorted keys at every depth, so a hash over it does not depend on key order (MCP
// definition hashes, tool-call approval hashes, argument digests).
export function canonicalJson(value: unknown): string {
  const seen = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(seen);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(v as object).sort())
        out[key] = seen((v as Record<string, unknown>)[key]);
      return out;
    }
    return v;
  };
  return JSON.stringify(seen(value)) ?? 'null';
}
