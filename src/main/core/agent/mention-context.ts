// @-mentions put the mentioned content in front of the model, not just a name: a file's
// text (numbered lines, capped) or a symbol's definition with the source around it. Each
// piece is read through the workspace, so a mention cannot reach outside the project, and
// every cap says what it left out.
import type { Mention } from '../../../shared/contract/agent-service';
import type { SymbolDefinition } from '../../../shared/contract/symbol-service';
import type { Workspace } from '../workspace/workspace';

export const MENTION_LIMITS = {
  /** Lines of one mentioned file. */
  fileLines: 400,
  /** Characters of one mentioned file. */
  fileChars: 32_000,
  /** Lines shown from a symbol's definition onward. */
  symbolLines: 60,
  /** Characters of all mentioned content in one message. */
  totalChars: 96_000,
} as const;

export interface MentionSources {
  readonly workspace: Pick<Workspace, 'readLineWindow'>;
  /** Definitions of a name (exported first); absent when no index is open. */
  findDefinition?(name: string): readonly SymbolDefinition[];
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

async function numberedLines(
  sources: MentionSources,
  path: string,
  startLine: number,
  maxLines: number,
): Promise<{ text: string; note: string }> {
  const window = await sources.workspace.readLineWindow(path, {
    startLine,
    maxLines,
    maxChars: MENTION_LIMITS.fileChars,
    maxLineChars: 500,
  });
  if (window.binary) return { text: '', note: `binary file (${window.size} bytes), not shown` };
  const text = window.lines
    .map((line) => `${String(line.number).padStart(5)}\t${line.text}`)
    .join('\n');
  const last = window.lines.at(-1)?.number ?? startLine - 1;
  const total = window.totalLines;
  const more = total === null ? last < Number.MAX_SAFE_INTEGER : last < total;
  const note =
    window.cappedBy || (more && startLine === 1 && maxLines === MENTION_LIMITS.fileLines)
      ? `showing lines ${startLine}-${last}${total === null ? '' : ` of ${total}`}; use read_file for the rest`
      : '';
  return { text, note };
}

async function expandOne(mention: Mention, sources: MentionSources): Promise<string> {
  if (mention.type === 'file') {
    const { text, note } = await numberedLines(sources, mention.value, 1, MENTION_LIMITS.fileLines);
    const noteAttr = note ? ` note="${escapeAttribute(note)}"` : '';
    return `<mentioned_file path="${escapeAttribute(mention.value)}"${noteAttr}>\n${text}\n</mentioned_file>`;
  }
  const hash = mention.value.indexOf('#');
  const name = hash >= 0 ? mention.value.slice(hash + 1) : mention.value;
  const inFile = hash >= 0 ? mention.value.slice(0, hash) : undefined;
  const found = (sources.findDefinition?.(name) ?? []).filter((d) => !inFile || d.path === inFile);
  const definition = found[0];
  if (!definition) {
    return `<mentioned_symbol name="${escapeAttribute(mention.value)}" note="no definition found in the index"></mentioned_symbol>`;
  }
  const { text } = await numberedLines(
    sources,
    definition.path,
    definition.line,
    MENTION_LIMITS.symbolLines,
  );
  const others = found.length > 1 ? ` other_definitions="${found.length - 1}"` : '';
  return `<mentioned_symbol name="${escapeAttribute(definition.name)}" kind="${definition.kind}" path="${escapeAttribute(definition.path)}" line="${definition.line}"${others}>\n${text}\n</mentioned_symbol>`;
}

/**
 * The mentioned content, sent as a second block of the user's message (undefined when there
 * are no mentions). A mention that cannot be read becomes a note the model can act on.
 * Contract: never throws.
 */
export async function mentionContext(
  mentions: readonly Mention[],
  sources: MentionSources,
): Promise<string | undefined> {
  if (mentions.length === 0) return undefined;
  const parts: string[] = [];
  let used = 0;
  for (const mention of mentions) {
    let part: string;
    try {
      part = await expandOne(mention, sources);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      part = `<mention_error ${mention.type}="${escapeAttribute(mention.value)}">${reason}</mention_error>`;
    }
    if (used + part.length > MENTION_LIMITS.totalChars) {
      parts.push(
        `<mention_omitted ${mention.type}="${escapeAttribute(mention.value)}">over the ${MENTION_LIMITS.totalChars}-character limit for mentioned content; use read_file</mention_omitted>`,
      );
      continue;
    }
    used += part.length;
    parts.push(part);
  }
  return parts.join('\n');
}
