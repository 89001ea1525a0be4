// Text a server, a project file or the model wrote, shown to the person for a decision (MCP
// approval cards, server entries, notices): control characters, bidirectional overrides and
// invisible characters are made visible as \uXXXX, so the text cannot hide words, reorder
// them on screen (U+202E) or repaint a terminal. Newlines and tabs stay.
const HIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/gu;

/** The same text with those characters removed (what is stored for later printing, a commit message). */
export function withoutHidden(text: string): string {
  return text.replace(HIDDEN, '');
}

export function visibleUntrusted(text: string): string {
  return text.replace(HIDDEN, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
