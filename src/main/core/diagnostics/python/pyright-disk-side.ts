// pyright's disk side: each module's errors as the files are on disk,
// kept per disk state, so a proposal pulls only its changed modules as proposed (and, when they
// change what they export, their importers as proposed): the "before" half is already known.
// It also keeps pyright itself current: a language server that is not told of a change on disk
// keeps analysing the old text of every file that is not open. Before each job the project's
// Python files are compared with what they were (size, modification and change time), and the
// file watcher's news is added; whatever changed is told to pyright
// (`workspace/didChangeWatchedFiles`) and every kept "before" is dropped, since any module's
// errors may depend on the changed one.
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic } from '../../../../shared/diagnostics';
import { listPythonFiles } from './importers';

/** LSP's FileChangeType. */
const CREATED = 1;
const CHANGED = 2;
const DELETED = 3;

export interface PyrightDiskSide {
  /** A module's errors on disk, when known for this disk state and this very text. */
  before(file: string, text: string): readonly Diagnostic[] | undefined;
  /** Keeps a module's errors, pulled while every file pyright sees was as on disk. */
  remember(file: string, text: string, diagnostics: readonly Diagnostic[]): void;
  /** Files the watcher saw change (project-relative); told to pyright at the next job. */
  noticed(paths: readonly string[]): void;
  /**
   * Before a job: tells pyright what changed on disk since the last one and forgets what may
   * have changed with it. `stat`: compare every file (a check); else only the watcher's news
   * (a background step, which a check's own comparison follows). True when anything changed.
   */
  sync(connection: MessageConnection, stat: boolean): Promise<boolean>;
  /** A new server reads the disk itself: starts over. */
  reset(): void;
  /** Modules whose errors on disk are known, for a count in tests and benches. */
  size(): number;
}

function stampOf(absolute: string): string | null {
  try {
    const info = statSync(absolute);
    return info.isFile() ? `${info.size}:${info.mtimeMs}:${info.ctimeMs}` : null;
  } catch {
    return null;
  }
}

const isPython = (file: string): boolean => file.endsWith('.py') || file.endsWith('.pyi');

export function createPyrightDiskSide(root: string): PyrightDiskSide {
  const known = new Map<string, { text: string; diagnostics: readonly Diagnostic[] }>();
  /** Each project Python file's stamp as pyright last read it; null until a server starts. */
  let stamps: Map<string, string | null> | null = null;
  const news = new Set<string>();
  const absolute = (file: string): string => path.join(root, ...file.split('/'));

  return {
    before(file, text) {
      const hit = known.get(file);
      return hit && hit.text === text ? hit.diagnostics : undefined;
    },
    remember(file, text, diagnostics) {
      known.set(file, { text, diagnostics });
    },
    noticed(paths) {
      for (const file of paths) if (isPython(file)) news.add(file);
    },
    async sync(connection, stat) {
      if (!stamps) {
        // A fresh server: what it reads is the disk now.
        stamps = new Map();
        for (const file of listPythonFiles(root).files) stamps.set(file, stampOf(absolute(file)));
        news.clear();
        known.clear();
        return false;
      }
      const changes: { uri: string; type: number }[] = [];
      const compare = (file: string): void => {
        const was = stamps?.get(file) ?? null;
        const now = stampOf(absolute(file));
        if (was === now) return;
        stamps?.set(file, now);
        const type = now === null ? DELETED : was === null ? CREATED : CHANGED;
        changes.push({ uri: pathToFileURL(absolute(file)).href, type });
      };
      // The watcher's news first: it also names files created since the server started.
      for (const file of news) compare(file);
      if (stat) for (const file of stamps.keys()) if (!news.has(file)) compare(file);
      news.clear();
      if (!changes.length) return false;
      known.clear();
      await connection.sendNotification('workspace/didChangeWatchedFiles', { changes });
      return true;
    },
    reset() {
      stamps = null;
      news.clear();
      known.clear();
    },
    size: () => known.size,
  };
}
