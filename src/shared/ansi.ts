// Terminal escape sequences (colour, cursor movement, titles), after the ansi-regex package's
// pattern. Command output keeps them for terminals; text views and the model get them removed.
const ANSI =
  // eslint-disable-next-line no-control-regex
  /[\u001B\u009B][[\]()#;?]*(?:(?:(?:;[-a-zA-Z\d/#&.:=?%@~_]+)*|[a-zA-Z\d]+(?:;[-a-zA-Z\d/#&.:=?%@~_]*)*)?\u0007|(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-nq-uy=><~])/gu;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}
