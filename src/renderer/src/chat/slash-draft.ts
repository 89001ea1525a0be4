// The slash command being typed in the message box: "/" at the very start, then the word up to
// the caret. Taking a completion puts "/name " in place of that word.

/** The command word being typed ("/he|" → "he"), or null when the caret is not in one. */
export function slashQueryAt(text: string, caret: number): { query: string } | null {
  const match = /^\/([A-Za-z0-9_-]*)$/u.exec(text.slice(0, caret));
  if (!match) return null;
  // "/usr|/bin": the word goes on past the caret into a path, not a command.
  if (/^[^\s]*\//u.test(text.slice(caret))) return null;
  return { query: match[1] ?? '' };
}

/** Replaces the command word (up to the first whitespace) with "/name ". */
export function insertSlash(text: string, name: string): { text: string; caret: number } {
  const rest = text.replace(/^\/\S*/u, '').replace(/^[ \t]+/u, '');
  const token = `/${name} `;
  return { text: token + rest, caret: token.length };
}
