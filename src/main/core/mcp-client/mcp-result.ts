// An MCP tools/call answer as the model reads it. The loop's tool results
// are text, so text blocks pass (capped like every tool result), images and binary resources
// become a note with their type and size, embedded text resources are shown with their URI,
// resource links are listed, structured content is shown when no text came with it, and
// `isError` becomes an error result.
import { MAX_TOOL_RESULT_CHARS, truncateResult, type ToolResult } from '../tools/tool';

/** One text resource or block is cut here before the whole result is capped. */
export const MAX_BLOCK_CHARS = 64 * 1024;

function base64Bytes(data: unknown): number {
  if (typeof data !== 'string') return 0;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function cut(text: string): string {
  return text.length > MAX_BLOCK_CHARS
    ? `${text.slice(0, MAX_BLOCK_CHARS)}\n… [${text.length - MAX_BLOCK_CHARS} more characters of this block not shown]`
    : text;
}

function blockText(block: Record<string, unknown>): string {
  switch (block.type) {
    case 'text':
      return cut(typeof block.text === 'string' ? block.text : '');
    case 'image':
    case 'audio':
      return `[${block.type}: ${String(block.mimeType ?? 'unknown type')}, ${base64Bytes(block.data)} bytes; not shown to the model]`;
    case 'resource': {
      const resource = (block.resource ?? {}) as Record<string, unknown>;
      const uri = String(resource.uri ?? '(no uri)');
      if (typeof resource.text === 'string') return `[resource ${uri}]\n${cut(resource.text)}`;
      return `[resource ${uri}: ${String(resource.mimeType ?? 'binary')}, ${base64Bytes(resource.blob)} bytes; not shown to the model]`;
    }
    case 'resource_link':
      return `[resource link ${String(block.uri ?? '')}${block.name ? ` (${String(block.name)})` : ''}]`;
    default:
      return `[a ${String(block.type)} block this client does not show]`;
  }
}

export function mcpResultToToolResult(result: unknown): ToolResult {
  const r = (result ?? {}) as Record<string, unknown>;
  const blocks = Array.isArray(r.content) ? (r.content as Record<string, unknown>[]) : [];
  const parts = blocks.map(blockText);
  if (!parts.some((p) => p.trim()) && r.structuredContent !== undefined)
    parts.push(cut(JSON.stringify(r.structuredContent, null, 2)));
  if (!parts.length && 'toolResult' in r) parts.push(cut(JSON.stringify(r.toolResult)));
  const content = truncateResult(
    parts.join('\n') || '(the tool returned no content)',
    MAX_TOOL_RESULT_CHARS,
  );
  return { content, status: r.isError === true ? 'error' : 'ok' };
}
