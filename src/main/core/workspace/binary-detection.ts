// Decides whether bytes are text the model can read. Heuristic over the first 8 KB: a NUL
// byte, or bytes that are not valid UTF-8, mean binary (UTF-16 files therefore count as binary).
export const BINARY_SNIFF_BYTES = 8192;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Length of a trailing UTF-8 sequence cut off by the sniff window (0 when none). */
function cutSequenceLength(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] as number;
    if ((byte & 0xc0) !== 0x80) {
      const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      return need > back ? back : 0;
    }
  }
  return 0;
}

/**
 * `isComplete` says whether `bytes` is the whole file; when it is only a prefix, a multi-byte
 * character cut at the end of the window is not held against it.
 */
export function isBinaryContent(bytes: Uint8Array, isComplete = true): boolean {
  const window = bytes.subarray(0, BINARY_SNIFF_BYTES);
  if (window.includes(0)) return true;
  const cut = !isComplete || bytes.length > BINARY_SNIFF_BYTES ? cutSequenceLength(window) : 0;
  try {
    strictUtf8.decode(window.subarray(0, window.length - cut));
    return false;
  } catch {
    return true;
  }
}
