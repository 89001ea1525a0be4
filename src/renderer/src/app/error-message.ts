/** A readable message for anything a contract call threw (errors cross as {name, message}). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
