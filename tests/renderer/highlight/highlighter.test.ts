import { describe, expect, it } from 'vitest';
import {
  highlightToHtml,
  languageForFence,
  languageForPath,
} from '../../../src/renderer/src/highlight/highlighter';

describe('highlighter', () => {
  it('languageForPath - maps extensions, ignores dots in folder names and unknown types', () => {
    expect(languageForPath('src/app.tsx')).toBe('typescript');
    expect(languageForPath('Cargo.TOML')).toBe('ini');
    expect(languageForPath('scripts/build.sh')).toBe('bash');
    expect(languageForPath('v1.2/README')).toBeUndefined();
    expect(languageForPath('notes.txt')).toBeUndefined();
  });

  it('languageForFence - accepts names, aliases and extensions; unknown fences stay plain', () => {
    expect(languageForFence('python')).toBe('python');
    expect(languageForFence('ts')).toBe('ts');
    expect(languageForFence('TSX')).toBe('tsx');
    expect(languageForFence('htm')).toBe('xml');
    expect(languageForFence('brainfuck')).toBeUndefined();
  });

  it('highlightToHtml - escapes the source and emits only hljs spans', () => {
    const html = highlightToHtml(
      'const x = "<img src=x onerror=alert(1)>" && a < b;',
      'typescript',
    );
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toMatch(/<(?!\/?span\b)/);
  });
});
