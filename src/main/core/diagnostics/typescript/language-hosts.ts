// One TypeScript program, kept warm twice: a LanguageService over the disk and one over the
// disk with the proposed texts laid over it. Both share a DocumentRegistry, so an unchanged
// file is parsed once; the disk service keeps its program and checker while nothing on disk
// changes, and the overlay service rebuilds only what the change touches (script versions are
// the disk's size+mtime, or a hash of the proposed text, so a revision of a proposal reuses
// every file it did not change, and the same text again reuses the whole overlay program).
// Referenced projects are read from their sources, as an editor does (no TS6305 for outputs
// not built). Nothing here writes to the project.
// Runs inside the TypeScript check worker.
import { createHash } from 'node:crypto';
import type * as TypeScript from 'typescript';
import { diskVersion } from './disk-version';
import type { TsProjectConfig } from './project-configs';

export interface Overlay {
  /** Absolute path → proposed text, or null for a deleted file. */
  readonly files: ReadonlyMap<string, string | null>;
}

export interface TsProjectHosts {
  readonly config: TsProjectConfig;
  readonly disk: TypeScript.LanguageService;
  readonly overlay: TypeScript.LanguageService;
  /** Replaces the overlay (files created by it join the program when the config would take them). */
  setOverlay(overlay: Overlay, accepts: (file: string) => boolean): void;
  /** Re-stats every file seen so far; true when something on disk changed. */
  refreshDisk(): boolean;
  /** Changes whenever the disk program may have changed (cache key for disk results). */
  diskEpoch(): number;
  isRootFile(file: string): boolean;
  /** The config's file list read again (files added or removed on disk). */
  setRootFiles(files: readonly string[]): void;
  dispose(): void;
}

export function createTsProjectHosts(
  ts: typeof TypeScript,
  config: TsProjectConfig,
  registry: TypeScript.DocumentRegistry,
  cancellation: TypeScript.HostCancellationToken,
): TsProjectHosts {
  const versions = new Map<string, string>();
  let epoch = 1;
  let overlayEpoch = 1;
  let overlay: Overlay = { files: new Map() };
  let overlayVersions = new Map<string, string>();
  let overlayKey = '';
  let rootFiles = [...config.fileNames];
  let rootSet = new Set(rootFiles);
  let overlayRoots = rootFiles;

  const versionOf = (file: string): string => {
    let v = versions.get(file);
    if (v === undefined) {
      v = diskVersion(file);
      versions.set(file, v);
    }
    return v;
  };
  const diskSnapshot = (file: string): TypeScript.IScriptSnapshot | undefined => {
    const text = ts.sys.readFile(file);
    return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
  };

  const common = commonHost(ts, config, cancellation);

  const diskHost: TypeScript.LanguageServiceHost = {
    ...common,
    getProjectVersion: () => `d${epoch}`,
    getScriptFileNames: () => rootFiles,
    getScriptVersion: versionOf,
    getScriptSnapshot: diskSnapshot,
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
  };

  const overlayHost: TypeScript.LanguageServiceHost = {
    ...common,
    getProjectVersion: () => `d${epoch}o${overlayEpoch}`,
    getScriptFileNames: () => overlayRoots,
    getScriptVersion: (file) => overlayVersions.get(file) ?? versionOf(file),
    getScriptSnapshot: (file) => {
      if (!overlay.files.has(file)) return diskSnapshot(file);
      const text = overlay.files.get(file);
      return text === null || text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    fileExists: (file) =>
      overlay.files.has(file) ? overlay.files.get(file) !== null : ts.sys.fileExists(file),
    readFile: (file) => {
      if (!overlay.files.has(file)) return ts.sys.readFile(file);
      return overlay.files.get(file) ?? undefined;
    },
  };

  const disk = ts.createLanguageService(diskHost, registry);
  const overlayService = ts.createLanguageService(overlayHost, registry);

  return {
    config,
    disk,
    overlay: overlayService,
    setOverlay(next, accepts) {
      const versions = overlayVersionsOf(next);
      const key = overlayKeyOf(versions);
      overlay = next;
      overlayVersions = versions;
      if (key !== overlayKey) overlayEpoch++;
      overlayKey = key;
      const added = [...next.files]
        .filter(([file, text]) => text !== null && !rootSet.has(file) && accepts(file))
        .map(([file]) => file);
      overlayRoots = [...rootFiles.filter((file) => next.files.get(file) !== null), ...added];
    },
    refreshDisk() {
      const changed = restat(versions);
      if (changed) epoch++;
      return changed;
    },
    diskEpoch: () => epoch,
    isRootFile: (file) => rootSet.has(file),
    setRootFiles(files) {
      const next = new Set(files);
      if (next.size === rootSet.size && files.every((f) => rootSet.has(f))) return;
      rootFiles = [...files];
      rootSet = next;
      overlayRoots = rootFiles;
      epoch++;
    },
    dispose() {
      disk.dispose();
      overlayService.dispose();
      rootFiles = [];
      rootSet = new Set();
      overlayRoots = [];
    },
  };
}

/** What both hosts of a project answer alike: its configuration and the file system's shape. */
function commonHost(
  ts: typeof TypeScript,
  config: TsProjectConfig,
  cancellation: TypeScript.HostCancellationToken,
) {
  // Untyped: `useSourceOfProjectReferenceRedirect` is a host member TypeScript reads but does
  // not declare (referenced projects read from their sources).
  return {
    getCompilationSettings: () => config.options,
    getProjectReferences: () => config.references,
    getCurrentDirectory: () => ts.sys.getCurrentDirectory(),
    getDefaultLibFileName: (o: TypeScript.CompilerOptions) => ts.getDefaultLibFilePath(o),
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    readDirectory: ts.sys.readDirectory,
    realpath: ts.sys.realpath,
    useCaseSensitiveFileNames: () => ts.sys.useCaseSensitiveFileNames,
    getCancellationToken: () => cancellation,
    useSourceOfProjectReferenceRedirect: () => true,
  };
}

/** Each overlay file's script version: a hash of its proposed text, or 'deleted'. */
function overlayVersionsOf(overlay: Overlay): Map<string, string> {
  return new Map(
    [...overlay.files].map(([file, text]) => [
      file,
      text === null ? 'deleted' : `o${createHash('sha1').update(text).digest('hex')}`,
    ]),
  );
}

/** The same overlay (the same files with the same texts) gives the same key. */
function overlayKeyOf(versions: ReadonlyMap<string, string>): string {
  return [...versions]
    .map(([file, v]) => `${file}\0${v}`)
    .sort()
    .join('\n');
}

/** Re-stats every file in `versions`, keeping the new versions; true when one changed. */
function restat(versions: Map<string, string>): boolean {
  let changed = false;
  for (const [file, version] of versions) {
    const now = diskVersion(file);
    if (now !== version) {
      versions.set(file, now);
      changed = true;
    }
  }
  return changed;
}
