// Checks on the raw path string before it touches the file system: NUL bytes, control and
// text-direction characters, length,
// Windows device names, and backslashes (treated as separators so `..\..\x` is seen as the
// traversal it is on every platform).
import type { WorkspaceLimits } from './limits';
import { SandboxError, quotePath } from './sandbox-error';

// CON, PRN, AUX, NUL, COM0-9, LPT0-9 (plus superscript digits Windows also reserves) and the
// console handles; reserved with or without an extension, in any case, with trailing dots/spaces.
const DEVICE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;

export function isDeviceName(component: string): boolean {
  const stem = component.replace(/[. ]+$/, '').split('.')[0] ?? '';
  return DEVICE_NAME.test(stem.trimEnd());
}

/**
 * Validates a caller's path and returns it with `/` separators. Throws SandboxError naming
 * the first rule it breaks. An empty path means the root.
 */
export function normalizePathInput(input: unknown, limits: WorkspaceLimits): string {
  if (typeof input !== 'string') {
    throw new SandboxError(
      'invalid-path',
      String(input),
      `the path must be a string, got ${typeof input}.`,
    );
  }
  if (input.includes('\0')) {
    throw new SandboxError('nul-byte', input, `the path ${quotePath(input)} contains a NUL byte.`);
  }
  // Control characters and bidirectional overrides are no part of a real project path; in a
  // name shown on a terminal or a review card they repaint the screen or reorder the text.
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u.test(input)) {
    throw new SandboxError(
      'invalid-path',
      input,
      `the path ${quotePath(input)} contains a control or text-direction character.`,
    );
  }
  if (input.length > limits.maxPathLength) {
    throw new SandboxError(
      'path-too-long',
      input,
      `the path is ${input.length} characters long; at most ${limits.maxPathLength} are accepted (limit maxPathLength).`,
    );
  }
  if (/^[a-zA-Z]:/.test(input) || input.startsWith('\\\\')) {
    throw new SandboxError(
      'outside-root',
      input,
      `${quotePath(input)} is a Windows drive or network path; give a path relative to the project root.`,
    );
  }
  const slashed = input.replace(/\\/g, '/');
  for (const component of slashed.split('/')) {
    if (component.length > limits.maxComponentLength) {
      throw new SandboxError(
        'path-too-long',
        input,
        `a path component is ${component.length} characters long; at most ${limits.maxComponentLength} are accepted (limit maxComponentLength).`,
      );
    }
    if (component && isDeviceName(component)) {
      throw new SandboxError(
        'device-name',
        input,
        `${quotePath(input)} names the Windows device "${component}", which is never a project file.`,
      );
    }
  }
  return slashed.trim() === '' ? '.' : slashed;
}
