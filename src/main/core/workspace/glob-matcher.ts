// listFiles' glob filter: picomatch over root-relative paths, where a glob without `/`
// matches the file name in any folder (as .gitignore and most tools do).
import path from 'node:path';
import picomatch from 'picomatch';

export function basenameGlobMatcher(globs: readonly string[]): (relative: string) => boolean {
  const matchers = globs.map((glob) => {
    const clean = glob.replace(/^\.\//, '');
    const isMatch = picomatch(clean, { dot: true });
    return clean.includes('/')
      ? isMatch
      : (relative: string) => isMatch(path.posix.basename(relative));
  });
  return (relative) => matchers.some((m) => m(relative));
}
