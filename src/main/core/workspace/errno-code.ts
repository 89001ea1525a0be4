// The `code` of a Node system error (ENOENT, ELOOP, …); undefined for anything else.
export function errnoCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}
