// read_file: numbered lines of one text file, a window at a time, streamed so files of any
// size can be read in parts. Capped near 2,000 lines / 256 KB (and below runTool's central
// cut) with a note on how to read the rest; binary files are described, never dumped.
import { z } from 'zod';
import { MAX_TOOL_RESULT_CHARS, ok, toolError, defineTool } from './tool';

export const READ_FILE_MAX_LINES = 2000;
export const READ_FILE_MAX_BYTES = 256 * 1024;
/**
 * runTool cuts any result at MAX_TOOL_RESULT_CHARS; read_file stops below that itself so the
 * note on how to read the rest is never the part that gets cut.
 */
export const READ_FILE_MAX_CHARS = Math.min(READ_FILE_MAX_BYTES, MAX_TOOL_RESULT_CHARS - 2000);
/** Longer lines are cut; minified files would otherwise fill the window with one line. */
export const READ_FILE_MAX_LINE_CHARS = 2000;

const DESCRIPTION = `Read a text file from the project, with line numbers.
- path: relative to the project root (absolute paths inside the project also work).
- Each line comes back as "<line number>\\t<text>"; the numbers are not part of the file, so leave them out when you quote or edit the text.
- Reads up to ${READ_FILE_MAX_LINES} lines or about ${Math.round(READ_FILE_MAX_CHARS / 1000)},000 characters at a time. For a longer file the result ends with a note giving the start_line to continue from; use start_line/end_line (1-based, inclusive) to read just the part you need. Large files (logs, generated code) can be read this way in parts.
- Lines longer than ${READ_FILE_MAX_LINE_CHARS} characters are cut and marked.
- Binary files (images, archives, compiled code) are described, not shown.
- Use list_files or find_files to discover paths, search_files to find text.`;

const schema = z
  .object({
    path: z.string().describe('File path relative to the project root.'),
    start_line: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('First line to read (1-based). Default 1.'),
    end_line: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('Last line to read (inclusive). Default: as far as the caps allow.'),
  })
  .strict();

const MAGIC: [string, number[]][] = [
  ['PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['JPEG image', [0xff, 0xd8, 0xff]],
  ['GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['PDF document', [0x25, 0x50, 0x44, 0x46]],
  ['ZIP archive', [0x50, 0x4b, 0x03, 0x04]],
  ['gzip archive', [0x1f, 0x8b]],
  ['ELF executable', [0x7f, 0x45, 0x4c, 0x46]],
  ['WebAssembly module', [0x00, 0x61, 0x73, 0x6d]],
  ['SQLite database', [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65]],
];

export function describeBinary(bytes: Uint8Array): string {
  for (const [kind, magic] of MAGIC) {
    if (magic.every((byte, i) => bytes[i] === byte)) return kind;
  }
  return 'binary data';
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

export function createReadFileTool() {
  return defineTool({
    name: 'read_file',
    description: DESCRIPTION,
    schema,
    kind: 'read',
    label: (input) => `Reading ${input.path}`,
    async run(input, ctx) {
      const stat = await ctx.workspace.stat(input.path);
      if (!stat)
        return toolError(
          `${input.path} does not exist. Use list_files or find_files to find the right path.`,
        );
      if (stat.type === 'directory')
        return toolError(
          `${stat.relative || '.'} is a folder, not a file. Use list_files to see what it holds.`,
        );
      const start = input.start_line ?? 1;
      if (input.end_line !== undefined && input.end_line < start) {
        return toolError(
          `end_line ${input.end_line} is before start_line ${start}; give a range with start_line <= end_line.`,
        );
      }
      const window = await ctx.workspace.readLineWindow(input.path, {
        startLine: start,
        endLine: input.end_line,
        maxLines: READ_FILE_MAX_LINES,
        maxChars: READ_FILE_MAX_CHARS,
        maxLineChars: READ_FILE_MAX_LINE_CHARS,
      });
      const name = window.relative;
      if (window.binary) {
        return ok(
          `${name} is a binary file (${describeBinary(window.head)}, ${formatBytes(window.size)}); its content is not shown.`,
        );
      }
      if (window.size === 0) return ok(`${name} is empty (0 lines).`);
      const total = window.totalLines;
      const totalText = total === null ? `at least ${window.linesSeen}` : String(total);
      if (!window.lines.length) {
        if (total !== null) {
          return toolError(
            `start_line ${start} is past the end of ${name}, which has ${total} lines.`,
          );
        }
        return toolError(
          `start_line ${start} is beyond the first ${window.linesSeen} lines of ${name}, which is all a read may scan (limit maxScanBytes: ${formatBytes(ctx.workspace.limits.maxScanBytes)}). Use search_files to find the part you need.`,
        );
      }
      const out: string[] = [];
      let bytes = 0;
      let chars = 0;
      let last = start - 1;
      let cutLines = 0;
      for (const line of window.lines) {
        const cut = line.cut ? ` … [line cut: ${line.cut} more ${line.cutUnit}]` : '';
        const rendered = `${String(line.number).padStart(5)}\t${line.text}${cut}`;
        const size = Buffer.byteLength(rendered) + 1;
        if (
          (bytes + size > READ_FILE_MAX_BYTES ||
            chars + rendered.length + 1 > READ_FILE_MAX_CHARS) &&
          out.length > 0
        )
          break;
        if (line.cut) cutLines++;
        out.push(rendered);
        bytes += size;
        chars += rendered.length + 1;
        last = line.number;
      }
      const wantedEnd = Math.min(
        input.end_line ?? Number.MAX_SAFE_INTEGER,
        total ?? Number.MAX_SAFE_INTEGER,
      );
      const header = `${name} (lines ${start}-${last} of ${totalText})`;
      const notes: string[] = [];
      if (last < wantedEnd) {
        if (window.cappedBy || out.length < window.lines.length) {
          const cap =
            last - start + 1 >= READ_FILE_MAX_LINES
              ? `${READ_FILE_MAX_LINES} lines`
              : bytes + 4096 > READ_FILE_MAX_BYTES
                ? `${READ_FILE_MAX_BYTES / 1024} KB`
                : `${READ_FILE_MAX_CHARS} characters`;
          notes.push(
            `[Showing lines ${start}-${last} of ${totalText}: the ${cap} cap per read was reached. To read more, call read_file again with start_line: ${last + 1}.]`,
          );
        } else {
          notes.push(
            `[${name} goes on past line ${last}, beyond the ${formatBytes(ctx.workspace.limits.maxScanBytes)} a read may scan (limit maxScanBytes). Use search_files to reach later parts.]`,
          );
        }
      }
      if (cutLines)
        notes.push(
          `[${cutLines} long line(s) were cut at ${READ_FILE_MAX_LINE_CHARS} characters.]`,
        );
      return ok([header, ...out, ...notes].join('\n'));
    },
  });
}
