// The renderer's one syntax highlighter: highlight.js core with the languages a coding
// assistant meets most, registered once. Chat code blocks, the symbol preview and the diff
// viewer all go through here, so one grammar set and one stylesheet (.hljs-* classes in
// theme.css) colour code everywhere.
//
// Safety contract: highlight.js escapes every character of the source and emits only
// <span class="hljs-…"> elements, so highlightToHtml's result is safe to insert as markup.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import scss from 'highlight.js/lib/languages/scss';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const grammars = {
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  go,
  ini,
  java,
  javascript,
  json,
  kotlin,
  markdown,
  php,
  python,
  ruby,
  rust,
  scss,
  shell,
  sql,
  swift,
  typescript,
  xml,
  yaml,
};
for (const [name, grammar] of Object.entries(grammars)) hljs.registerLanguage(name, grammar);

const byExtension: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  json: 'json',
  css: 'css',
  scss: 'scss',
  html: 'xml',
  htm: 'xml',
  xml: 'xml',
  svg: 'xml',
  md: 'markdown',
  py: 'python',
  rs: 'rust',
  go: 'go',
  java: 'java',
  kt: 'kotlin',
  rb: 'ruby',
  php: 'php',
  swift: 'swift',
  cs: 'csharp',
  sh: 'bash',
  bash: 'bash',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'ini',
  ini: 'ini',
  sql: 'sql',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  cc: 'cpp',
  hpp: 'cpp',
  diff: 'diff',
  patch: 'diff',
};

/** The registered language for a file path (by extension), or undefined for plain text. */
export function languageForPath(path: string): string | undefined {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  if (dot === -1 || dot < slash) return undefined;
  return byExtension[path.slice(dot + 1).toLowerCase()];
}

/**
 * The registered language for a markdown fence's info string ("ts", "python", "sh"…): a
 * language name or alias highlight.js knows, else a file extension; undefined otherwise.
 */
export function languageForFence(name: string): string | undefined {
  const lower = name.toLowerCase();
  const known = hljs.getLanguage(lower);
  if (known) return lower;
  return byExtension[lower];
}

/** Escaped, highlighted HTML for `code` in a registered language (see the safety contract). */
export function highlightToHtml(code: string, language: string): string {
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
