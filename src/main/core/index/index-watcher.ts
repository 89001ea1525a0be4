// Keeps the index current while the app runs: one non-recursive fs.watch per project folder
// that holds indexed files (so ignored trees such as node_modules cost no watches), events
// debounced, then each changed code file refreshed on its own; a config change, or a new
// folder, triggers an incremental refresh of the whole project. Contract: never throws
// into the caller; a watch error on one folder (it vanished) drops that folder's watch only.
// When the OS runs out of watches (ENOSPC: inotify's max_user_watches; EMFILE/ENFILE: file
// descriptors) the watcher would miss changes in every folder it could not watch, so it
// closes its watches and polls instead (an incremental refresh on a timer, spaced by how
// long a refresh takes), and says so through onNotice for the status the UI shows.
import { watch as fsWatch, statSync, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { isCodeFile, isConfigFile } from './project-scan';
import { errnoCode } from '../workspace/errno-code';

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
  /** 'watching' with fs.watch; 'polling' after the OS watch limit was reached. */
  mode(): 'watching' | 'polling';
}

/** fs.watch's shape, injectable so tests can run out of watches. */
export type WatchFunction = (
  folder: string,
  options: { persistent: boolean },
  listener: (event: string, name: string | Buffer | null) => void,
) => FSWatcher;

export interface IndexWatcherOptions {
  readonly debounceMs?: number;
  readonly onError?: (error: unknown) => void;
  /** Defaults to fs.watch. */
  readonly watch?: WatchFunction;
  /** Least time between two polls once polling (default 2 s); a slow refresh spaces them more. */
  readonly pollMs?: number;
  /** A standing notice (text) or its end (undefined): the fallback to polling. */
  readonly onNotice?: (notice: string | undefined) => void;
  /**
   * The code and config files (project-relative) the watcher saw change, once the index has
   * taken them in: other keepers of a disk side (the warm checkers) follow the same news.
   * Not called while polling (no file is named then); they look at the disk themselves.
   */
  readonly onFilesChanged?: (paths: readonly string[]) => void;
}

/** Watch errors that mean the OS limit, not one folder's trouble. */
const LIMIT_CODES = new Set(['ENOSPC', 'EMFILE', 'ENFILE']);

function limitCode(error: unknown): string | undefined {
  const code = errnoCode(error);
  return code && LIMIT_CODES.has(code) ? code : undefined;
}

/** A refresh every pollMs at least, and never more than a tenth of the time spent refreshing. */
const POLL_DUTY = 10;

export function watchIndex(index: WatchedIndex, options: IndexWatcherOptions = {}): IndexWatcher {
  const debounceMs = options.debounceMs ?? 75;
  const watchFolder: WatchFunction = options.watch ?? fsWatch;
  const pollMs = options.pollMs ?? 2000;
  const watchers = new Map<string, FSWatcher>();
  let polling = false;
  let pollTimer: NodeJS.Timeout | undefined;
  const pending = new Set<string>();
  /** Code and config files seen changing since the last flush, for onFilesChanged. */
  const seen = new Set<string>();
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
    const news = [...seen];
    seen.clear();
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
      if (news.length && options.onFilesChanged)
        try {
          options.onFilesChanged(news);
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
    if (isConfigFile(relative)) {
      fullRefresh = true;
      seen.add(relative);
    } else if (isCodeFile(relative)) {
      if (index.isIgnored(relative, false)) return;
      pending.add(relative);
      seen.add(relative);
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

  const poll = (): void => {
    pollTimer = undefined;
    if (closed) return;
    const started = Date.now();
    running = running.then(async () => {
      try {
        await index.refresh();
      } catch (error) {
        report(error);
      }
      if (closed) return;
      const spent = Date.now() - started;
      pollTimer = setTimeout(poll, Math.max(pollMs, spent * POLL_DUTY));
      pollTimer.unref();
    });
  };

  /** The OS is out of watches: stop watching (it would miss folders) and poll instead. */
  const fallBackToPolling = (error: unknown, code: string): void => {
    if (polling || closed) return;
    polling = true;
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
    if (timer) clearTimeout(timer);
    timer = undefined;
    pending.clear();
    report(error);
    try {
      options.onNotice?.(
        `File watching hit the system limit (${code}${code === 'ENOSPC' ? ': raise fs.inotify.max_user_watches' : ''}); ` +
          `the index now checks for changes by polling every ${Math.round(pollMs / 1000)} s or more.`,
      );
    } catch {
      // a failing notice sink must not break the watcher
    }
    // One refresh now catches whatever changed before the watches went.
    poll();
  };

  const add = (dir: string): void => {
    if (watchers.has(dir) || closed || polling) return;
    try {
      const watcher = watchFolder(path.join(index.root, dir), { persistent: false }, (_e, name) =>
        onEvent(dir, name ? String(name) : null),
      );
      watcher.on('error', (error) => {
        watcher.close();
        watchers.delete(dir);
        const code = limitCode(error);
        if (code) fallBackToPolling(error, code);
        else report(error);
      });
      watchers.set(dir, watcher);
    } catch (error) {
      const code = limitCode(error);
      if (code) fallBackToPolling(error, code);
      else report(error);
    }
  };

  const syncFolders = (): void => {
    if (polling) return;
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
    if (polling) return;
    for (const [dir, watcher] of watchers) {
      if (!wanted.has(dir)) {
        watcher.close();
        watchers.delete(dir);
      }
    }
  };

  syncFolders();
  return {
    mode: () => (polling ? 'polling' : 'watching'),
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (pollTimer) clearTimeout(pollTimer);
      if (polling) {
        try {
          options.onNotice?.(undefined);
        } catch {
          // a failing notice sink must not break close
        }
      }
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
