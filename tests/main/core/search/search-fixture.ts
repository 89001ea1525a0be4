// Shared by the search engine tests: a query with defaults, and a real temp workspace per test.
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { SearchQuery } from '../../../../src/main/core/search/search-engine';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

export const query = (overrides: Partial<SearchQuery>): SearchQuery => ({
  pattern: 'x',
  literal: false,
  caseSensitive: true,
  globs: [],
  under: '',
  contextLines: 0,
  maxMatches: 100,
  maxLineChars: 300,
  timeLimitMs: 5000,
  ...overrides,
});

/** Registers hooks that open a fresh temp workspace for each test; read it inside a test. */
export function useTempWorkspace(prefix: string): { root(): string; ws(): Workspace } {
  let root: string | undefined;
  let ws: Workspace | undefined;
  beforeEach(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), prefix)));
    ws = await Workspace.open(root);
  });
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
    root = undefined;
    ws = undefined;
  });
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useTempWorkspace: only inside a test.');
    return value;
  };
  return { root: () => need(root), ws: () => need(ws) };
}
