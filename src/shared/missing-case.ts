/** Ends an exhaustive switch: the compiler proves it unreachable; reaching it is a bug. */
export function missingCase(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
