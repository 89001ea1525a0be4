// What of a hook's output is kept with its run: its first lines, stderr first (where a hook says
// why), then stdout, within a small budget that says when it cut. The text is kept as printed;
// every screen escapes it.

export const RECORDED_HOOK_LINES = 20;
export const RECORDED_HOOK_BYTES = 4 * 1024;

function cutToBytes(text: string, bytes: number): string {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= bytes) return text;
  // Drop a split character at the cut rather than keep half of it.
  return buffer
    .subarray(0, bytes)
    .toString('utf8')
    .replace(/\uFFFD$/u, '');
}

/** The first lines of stderr then stdout, at most 20 lines and 4 KB, marked when cut. */
export function recordedHookOutput(stderr: string, stdout: string): string {
  const parts = [stderr.trimEnd(), stdout.trimEnd()].filter((part) => part !== '');
  const whole = parts.join('\n');
  if (whole === '') return '';
  const lines = whole.split('\n');
  let kept = lines.slice(0, RECORDED_HOOK_LINES).join('\n');
  kept = cutToBytes(kept, RECORDED_HOOK_BYTES);
  if (kept.length === whole.length) return whole;
  return `${kept}\n[cut: ${lines.length} lines, ${Buffer.byteLength(whole, 'utf8')} bytes in all]`;
}
