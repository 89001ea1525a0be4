// Claude's answer as a terminal shows markdown: headings bold, `code` and fenced code in their
// own colour, **bold**, *italic*, ~~struck~~, bullets as •, quotes behind a bar, links with
// their address. The answer is printed a few lines at a time as it streams (session-blocks.ts),
// so each line is read on its own (micromark, with GitHub's extensions) and the one thing
// that spans lines, a fenced code block, is carried from one chunk to the next. Code keeps its
// text exactly (no bar or number in front), so it can be copied from the terminal. What the
// model wrote is only styled here; control characters are made visible where it is drawn.
import type { PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

export interface Span {
  readonly text: string;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly strike?: boolean;
  /** Inline code, or a line of a code block. */
  readonly code?: boolean;
  /** A fence, a quote's bar, a rule, a link's address. */
  readonly dim?: boolean;
  readonly underline?: boolean;
}

export type StyledLine = readonly Span[];

/** An open fenced code block: its character and how many of them opened it. */
export interface Fence {
  readonly char: '`' | '~';
  readonly length: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/u;
/** Lines longer than this are shown as they are (parsing them buys nothing). */
const PARSED_LINE_CHARS = 2_000;
const RULE = '─'.repeat(40);

function fenceOpening(line: string): Fence | null {
  const match = FENCE.exec(line);
  if (!match) return null;
  const marks = match[1] ?? '';
  const char = marks[0] === '~' ? '~' : '`';
  // A backtick fence's info string may not hold a backtick (it would be inline code).
  if (char === '`' && (match[2] ?? '').includes('`')) return null;
  return { char, length: marks.length };
}

function closes(line: string, fence: Fence): boolean {
  const match = FENCE.exec(line);
  const marks = match?.[1] ?? '';
  return marks[0] === fence.char && marks.length >= fence.length && !match?.[2]?.trim();
}

/** The fenced code block still open after `text` (the lines printed so far), or null. */
export function openFenceAfter(text: string, fence: Fence | null = null): Fence | null {
  let open = fence;
  for (const line of text.split('\n')) {
    if (open) open = closes(line, open) ? null : open;
    else open = fenceOpening(line);
  }
  return open;
}

/** The lines of `text` styled, `fence` being the code block open where it starts. */
export function markdownLines(text: string, fence: Fence | null = null): StyledLine[] {
  let open = fence;
  return text.split('\n').map((line) => {
    if (open) {
      if (closes(line, open)) {
        open = null;
        return [{ text: line, dim: true }];
      }
      return [{ text: line, code: true }];
    }
    open = fenceOpening(line);
    if (open) return [{ text: line, dim: true }];
    return styledLine(line);
  });
}

function styledLine(line: string): StyledLine {
  if (line.trim() === '' || line.length > PARSED_LINE_CHARS) return [{ text: line }];
  const indent = /^\s*/u.exec(line)?.[0] ?? '';
  const nodes = fromMarkdown(line, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  }).children;
  const node = nodes[0];
  if (nodes.length !== 1 || !node) return [{ text: line }];
  const spans = blockSpans(node, line);
  return spans ? [...(indent ? [{ text: indent }] : []), ...spans] : [{ text: line }];
}

/** One line's block, styled; null: shown as written (a table row, HTML, indented code). */
function blockSpans(node: RootContent, line: string): Span[] | null {
  switch (node.type) {
    case 'heading':
      return inline(node.children, { bold: true, underline: node.depth === 1 });
    case 'paragraph':
      return inline(node.children, {});
    case 'thematicBreak':
      return [{ text: RULE, dim: true }];
    case 'blockquote': {
      const inner = node.children[0];
      const spans = inner ? blockSpans(inner, line) : [];
      return spans
        ? [{ text: '│ ', dim: true }, ...spans.map((s) => ({ ...s, italic: true }))]
        : null;
    }
    case 'list': {
      const item = node.children[0];
      const first = item?.children[0];
      if (!item) return null;
      const marker = node.ordered ? `${node.start ?? 1}. ` : '• ';
      const box = item.checked === true ? '[x] ' : item.checked === false ? '[ ] ' : '';
      const spans = first ? blockSpans(first, line) : [];
      return spans ? [{ text: marker }, ...(box ? [{ text: box }] : []), ...spans] : null;
    }
    default:
      return null;
  }
}

type Style = Omit<Span, 'text'>;

function inline(nodes: readonly PhrasingContent[], style: Style): Span[] {
  return nodes.flatMap((node) => inlineNode(node, style));
}

function inlineNode(node: PhrasingContent, style: Style): Span[] {
  switch (node.type) {
    case 'text':
      return [{ ...style, text: node.value }];
    case 'strong':
      return inline(node.children, { ...style, bold: true });
    case 'emphasis':
      return inline(node.children, { ...style, italic: true });
    case 'delete':
      return inline(node.children, { ...style, strike: true });
    case 'inlineCode':
      return [{ ...style, text: node.value, code: true }];
    case 'link': {
      const label = inline(node.children, { ...style, underline: true });
      const shown = label.map((s) => s.text).join('');
      return shown === node.url || `mailto:${shown}` === node.url
        ? label
        : [...label, { text: ` (${node.url})`, dim: true }];
    }
    case 'image':
      return [
        { ...style, text: `[image: ${node.alt ?? ''}]` },
        { text: ` (${node.url})`, dim: true },
      ];
    case 'break':
      return [{ text: ' ' }];
    case 'html':
      return [{ ...style, text: node.value }];
    case 'footnoteReference':
      return [{ ...style, text: `[^${node.label ?? node.identifier}]` }];
    default:
      return 'value' in node && typeof node.value === 'string'
        ? [{ ...style, text: node.value }]
        : [];
  }
}
