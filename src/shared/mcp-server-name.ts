// What is wrong with an MCP server name, in words, so the settings screen
// can say it beside the field before anything is sent. The rule is the contract's (and
// mcp-config.ts's): up to 24 letters, digits, - and _, no `__`, not ending in `_`, so the
// tool names built from it (`mcp__name__tool`) stay unambiguous.
export const MCP_SERVER_NAME_MAX = 24;

export function mcpServerNameProblem(name: string): string | null {
  if (!name) return 'Give the server a name.';
  if (name.length > MCP_SERVER_NAME_MAX)
    return `A server name is at most ${MCP_SERVER_NAME_MAX} characters; this one has ${name.length}.`;
  const bad = [...new Set(name.replace(/[A-Za-z0-9_-]/gu, ''))];
  if (bad.length)
    return `A server name may use only letters, digits, - and _; remove ${bad.map((c) => (c === ' ' ? 'the spaces' : `“${c}”`)).join(', ')}.`;
  if (name.includes('__')) return 'A server name cannot have two _ in a row.';
  if (name.endsWith('_')) return 'A server name cannot end with _.';
  return null;
}
