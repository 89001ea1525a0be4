// A rough token count for budgeting (about four characters a token): what the context budget
// and the MCP tool-definition budget measure with, so both agree.
export function estimateTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  return Math.ceil(text.length / 4);
}
