// Rust and Java: their toolchains have no way to check unsaved text (no overlay), so a change
// is never checked silently as if it were fine: the language says `not_checked`, and why —
// the toolchain is missing, or no overlay checker exists for it yet.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LanguageChecker } from './language-checker';
import { findExecutable } from './find-executable';

interface OverlayLessSpec {
  readonly language: 'rust' | 'java';
  readonly label: string;
  readonly extensions: readonly string[];
  /** The toolchain's command that would check it. */
  readonly tool: string;
  /** Files at the root that mark a project of this language. */
  readonly markers: readonly string[];
}

const SPECS: Record<'rust' | 'java', OverlayLessSpec> = {
  rust: {
    language: 'rust',
    label: 'Rust',
    extensions: ['.rs'],
    tool: 'cargo',
    markers: ['Cargo.toml'],
  },
  java: {
    language: 'java',
    label: 'Java',
    extensions: ['.java'],
    tool: 'javac',
    markers: ['pom.xml', 'build.gradle', 'build.gradle.kts'],
  },
};

export function overlayLessReason(spec: OverlayLessSpec, env: NodeJS.ProcessEnv): string {
  return findExecutable(spec.tool, env)
    ? `no overlay checker for ${spec.label} yet (${spec.tool} can only check files on disk)`
    : `no ${spec.label} toolchain found (${spec.tool} is not on PATH)`;
}

export function createOverlayLessLanguage(
  language: 'rust' | 'java',
  root: string,
  env: NodeJS.ProcessEnv,
): LanguageChecker {
  const spec = SPECS[language];
  return {
    language,
    owns: (file) => spec.extensions.some((ext) => file.endsWith(ext)),
    check: () =>
      Promise.resolve({
        state: 'not_checked',
        reason: overlayLessReason(spec, env),
        filesChecked: 0,
      }),
    project: () =>
      Promise.resolve(
        spec.markers.some((m) => existsSync(path.join(root, m)))
          ? { state: 'not_checked', reason: overlayLessReason(spec, env), filesChecked: 0 }
          : null,
      ),
    memoryBytes: () => null,
    dispose: () => Promise.resolve(),
  };
}
