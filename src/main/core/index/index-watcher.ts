// Keeps the index current while the app runs: one non-recursive fs.watch per project folder
// that holds indexed files (so ignored trees such as node_modules cost no watches), events
// debounced, then each changed code file refreshed on its own; a config change, or a new
// folder, triggers an incremental refresh of the whole project. Contract: never throws
// into the caller; watch errors (folder gone, watch limit) drop that folder's watch only.
import { watch, statSync, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { isCodeFile, isConfigFile } from './project-scan';

export interface WatchedIndex {
  readonly root: string;
  refresh(): Promise<unknown>;
  refreshFile(relative: string): Promise<void>;
  /** Folders (relative) currently holding indexed files. */
  folders(): string[];
  isIgnored(relative: string, isDir: boolean): boolean;
}

export interface IndexWatcher {
  close(): void;
  /** Resolves once every event seen so far has been applied (tests, shutdown). */
  settled(): Promise<void>;
}

export interface IndexWatcherOptions {
  readonly debounceMs?: number;
  readonly onError?: (error: unknown) => void;
}

export function watchIndex(index: WatchedIndex, options: IndexWatcherOptions = {}): IndexWatcher {
  const debounceMs = options.debounceMs ?? 75;
  const watchers = new Map<string, FSWatcher>();
  const pending = new Set<string>();
  let fullRefresh = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const report = (error: unknown): void => {
    try {
      options.onError?.(error);
    } catch {
      // a failing reporter must not break the watcher
    }
  };

  const flush = (): void => {
    timer = undefined;
    const files = [...pending];
    pending.clear();
    const whole = fullRefresh;
    fullRefresh = false;
    running = running.then(async () => {
      try {
        if (whole) {
          await index.refresh();
          syncFolders();
        } else {
          for (const file of files) await index.refreshFile(file);
        }
      } catch (error) {
        report(error);
      }
    });
  };

  const schedule = (): void => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  };

  const onEvent = (dir: string, name: string | null): void => {
    if (closed) return;
    if (!name) {
      fullRefresh = true;
      schedule();
      return;
    }
    const relative = dir ? `${dir}/${name}` : name;
    if (isConfigFile(relative)) fullRefresh = true;
    else if (isCodeFile(relative)) {
      if (index.isIgnored(relative, false)) return;
      pending.add(relative);
    } else {
      try {
        if (
          statSync(path.join(index.root, relative)).isDirectory() &&
          !index.isIgnored(relative, true)
        )
          fullRefresh = true;
      } catch {
        // vanished: if it was a folder of indexed files, the full refresh from its parent covers it
        if (watchers.has(relative)) fullRefresh = true;
      }
    }
    schedule();
  };

  const add = (dir: string): void => {
    if (watchers.has(dir) || closed) return;
    try {
      const watcher = watch(path.join(index.root, dir), { persistent: false }, (_event, name) =>
        onEvent(dir, name ? String(name) : null),
      );
      watcher.on('error', (error) => {
        watcher.close();
        watchers.delete(dir);
        report(error);
      });
      watchers.set(dir, watcher);
    } catch (error) {
      report(error);
    }
  };

  const syncFolders = (): void => {
    const wanted = new Set<string>(['']);
    for (const folder of index.folders()) {
      for (
        let dir = folder;
        dir && !wanted.has(dir);
        dir = path.posix.dirname(dir) === '.' ? '' : path.posix.dirname(dir)
      )
        wanted.add(dir);
    }
    for (const dir of wanted) add(dir);
    for (const [dir, watcher] of watchers) {
      if (!wanted.has(dir)) {
        watcher.close();
        watchers.delete(dir);
      }
    }
  };

  syncFolders();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
    async settled() {
      while (timer || pending.size) {
        if (timer) {
          clearTimeout(timer);
          flush();
        }
        await running;
      }
      await running;
    },
  };
}
