// A count with its noun as a person reads it: "1 file", "2 files", "1 match", "3 matches";
// never "file(s)".
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
