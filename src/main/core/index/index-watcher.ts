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

/** What the watcher's steps share: its settings, its watches and what waits to be applied. */
interface WatchState {
  readonly index: WatchedIndex;
  readonly options: IndexWatcherOptions;
  readonly debounceMs: number;
  readonly pollMs: number;
  readonly watchFolder: WatchFunction;
  readonly watchers: Map<string, FSWatcher>;
  /** Code files to refresh one by one at the next flush. */
  readonly pending: Set<string>;
  /** Code and config files seen changing since the last flush, for onFilesChanged. */
  readonly seen: Set<string>;
  /** The next flush refreshes the whole project instead. */
  fullRefresh: boolean;
  /** The debounce before the next flush. */
  timer: NodeJS.Timeout | undefined;
  /** True once the OS ran out of watches. */
  polling: boolean;
  pollTimer: NodeJS.Timeout | undefined;
  /** The refreshes in order: each starts when the one before has ended. */
  running: Promise<void>;
  closed: boolean;
}

export function watchIndex(index: WatchedIndex, options: IndexWatcherOptions = {}): IndexWatcher {
  const s: WatchState = {
    index,
    options,
    debounceMs: options.debounceMs ?? 75,
    pollMs: options.pollMs ?? 2000,
    watchFolder: options.watch ?? fsWatch,
    watchers: new Map(),
    pending: new Set(),
    seen: new Set(),
    fullRefresh: false,
    timer: undefined,
    polling: false,
    pollTimer: undefined,
    running: Promise.resolve(),
    closed: false,
  };
  syncFolders(s);
  return {
    mode: () => (s.polling ? 'polling' : 'watching'),
    close: () => closeWatches(s),
    settled: () => waitSettled(s),
  };
}

function report(s: WatchState, error: unknown): void {
  try {
    s.options.onError?.(error);
  } catch {
    // a failing reporter must not break the watcher
  }
}

function flush(s: WatchState): void {
  s.timer = undefined;
  const files = [...s.pending];
  s.pending.clear();
  const whole = s.fullRefresh;
  s.fullRefresh = false;
  const news = [...s.seen];
  s.seen.clear();
  s.running = s.running.then(async () => {
    try {
      if (whole) {
        await s.index.refresh();
        syncFolders(s);
      } else {
        for (const file of files) await s.index.refreshFile(file);
      }
    } catch (error) {
      report(s, error);
    }
    if (news.length && s.options.onFilesChanged)
      try {
        s.options.onFilesChanged(news);
      } catch (error) {
        report(s, error);
      }
  });
}

function schedule(s: WatchState): void {
  if (s.closed) return;
  if (s.timer) clearTimeout(s.timer);
  s.timer = setTimeout(() => flush(s), s.debounceMs);
}

function onEvent(s: WatchState, dir: string, name: string | null): void {
  if (s.closed) return;
  if (!name) {
    s.fullRefresh = true;
    schedule(s);
    return;
  }
  const relative = dir ? `${dir}/${name}` : name;
  if (isConfigFile(relative)) {
    s.fullRefresh = true;
    s.seen.add(relative);
  } else if (isCodeFile(relative)) {
    if (s.index.isIgnored(relative, false)) return;
    s.pending.add(relative);
    s.seen.add(relative);
  } else {
    try {
      if (
        statSync(path.join(s.index.root, relative)).isDirectory() &&
        !s.index.isIgnored(relative, true)
      )
        s.fullRefresh = true;
    } catch {
      // vanished: if it was a folder of indexed files, the full refresh from its parent covers it
      if (s.watchers.has(relative)) s.fullRefresh = true;
    }
  }
  schedule(s);
}

function poll(s: WatchState): void {
  s.pollTimer = undefined;
  if (s.closed) return;
  const started = Date.now();
  s.running = s.running.then(async () => {
    try {
      await s.index.refresh();
    } catch (error) {
      report(s, error);
    }
    if (s.closed) return;
    const spent = Date.now() - started;
    s.pollTimer = setTimeout(() => poll(s), Math.max(s.pollMs, spent * POLL_DUTY));
    s.pollTimer.unref();
  });
}

/** The OS is out of watches: stop watching (it would miss folders) and poll instead. */
function fallBackToPolling(s: WatchState, error: unknown, code: string): void {
  if (s.polling || s.closed) return;
  s.polling = true;
  for (const watcher of s.watchers.values()) watcher.close();
  s.watchers.clear();
  if (s.timer) clearTimeout(s.timer);
  s.timer = undefined;
  s.pending.clear();
  report(s, error);
  try {
    s.options.onNotice?.(
      `File watching hit the system limit (${code}${code === 'ENOSPC' ? ': raise fs.inotify.max_user_watches' : ''}); ` +
        `the index now checks for changes by polling every ${Math.round(s.pollMs / 1000)} s or more.`,
    );
  } catch {
    // a failing notice sink must not break the watcher
  }
  // One refresh now catches whatever changed before the watches went.
  poll(s);
}

function addWatch(s: WatchState, dir: string): void {
  if (s.watchers.has(dir) || s.closed || s.polling) return;
  try {
    const watcher = s.watchFolder(path.join(s.index.root, dir), { persistent: false }, (_e, name) =>
      onEvent(s, dir, name ? String(name) : null),
    );
    watcher.on('error', (error) => {
      watcher.close();
      s.watchers.delete(dir);
      const code = limitCode(error);
      if (code) fallBackToPolling(s, error, code);
      else report(s, error);
    });
    s.watchers.set(dir, watcher);
  } catch (error) {
    const code = limitCode(error);
    if (code) fallBackToPolling(s, error, code);
    else report(s, error);
  }
}

function syncFolders(s: WatchState): void {
  if (s.polling) return;
  const wanted = new Set<string>(['']);
  for (const folder of s.index.folders()) {
    for (
      let dir = folder;
      dir && !wanted.has(dir);
      dir = path.posix.dirname(dir) === '.' ? '' : path.posix.dirname(dir)
    )
      wanted.add(dir);
  }
  for (const dir of wanted) addWatch(s, dir);
  if (s.polling) return;
  for (const [dir, watcher] of s.watchers) {
    if (!wanted.has(dir)) {
      watcher.close();
      s.watchers.delete(dir);
    }
  }
}

function closeWatches(s: WatchState): void {
  s.closed = true;
  if (s.timer) clearTimeout(s.timer);
  if (s.pollTimer) clearTimeout(s.pollTimer);
  if (s.polling) {
    try {
      s.options.onNotice?.(undefined);
    } catch {
      // a failing notice sink must not break close
    }
  }
  for (const watcher of s.watchers.values()) watcher.close();
  s.watchers.clear();
}

async function waitSettled(s: WatchState): Promise<void> {
  while (s.timer || s.pending.size) {
    if (s.timer) {
      clearTimeout(s.timer);
      flush(s);
    }
    await s.running;
  }
  await s.running;
}
