// TypeScript 7's side of the native checker (native-checker.ts): one API process that asks us
// for every file it reads, so the read rules hold (file-reads.ts) and a proposal's texts are an
// overlay on the disk's; its current snapshot; and the disk state that snapshot was made from
// (each project file's version when it was first read, disk-version.ts). A project without a
// config at its root is opened through the config the checker gives it (native-inferred-project.ts),
// served here and never written.
// Runs inside the TypeScript check worker.
import path from 'node:path';
import type { TsCheckerStats } from './checker-contract';
import { diskVersion } from './disk-version';
import type { CheckerFileReads } from './file-reads';
import type { ImportSyntaxKinds } from './import-uses';
import { loadNativeApi, loadNativeSyntaxKinds, type NativeSnapshot } from './native-api';
import type { InferredConfig } from './native-inferred-project';

export type NativeCounts = Omit<TsCheckerStats, 'prepared'>;

export interface NativeSessionOptions {
  /** The TypeScript 7 package the API is loaded from. */
  readonly packageFolder: string;
  readonly root: string;
  readonly reads: CheckerFileReads;
  readonly isProjectFile: (file: string) => boolean;
  /** The disk changed: whatever was kept for the disk state before is dropped. */
  readonly onDiskChange: () => void;
  /** The config of a project with none at its root (loose files), when TypeScript 7 checks one. */
  readonly inferred?: InferredConfig | undefined;
}

export interface NativeSession {
  /** The root's tsconfig.json or jsconfig.json, when there is one; else the inferred config. */
  readonly rootConfig: string | undefined;
  /** The root config is the inferred one: the project has none of its own. */
  readonly inferred: boolean;
  /** The proposed texts by absolute path (null: deleted), as the native side reads them. */
  readonly overlay: Map<string, string | null>;
  /** Configs opened as projects (a project loaded only for an open file takes no changes). */
  readonly openedProjects: Set<string>;
  /** The package's syntax kind numbers, when it ships them (native-api.ts). */
  readonly syntaxKinds: ImportSyntaxKinds | undefined;
  /** Changes whenever the disk side changed (the cache key of disk results). */
  epoch(): number;
  current(): NativeSnapshot;
  /** The next current snapshot; the one before is disposed. */
  next(params: Record<string, unknown>): NativeSnapshot;
  /** A snapshot beside the current one, which stays open (a proposal's). */
  propose(params: Record<string, unknown>): NativeSnapshot;
  /** The proposed snapshot becomes the current one. */
  adopt(proposed: NativeSnapshot): void;
  /**
   * Files changed on disk since they were read are told to the native side, and `created`
   * (absolute; the watcher's news) that exist now and were never read.
   */
  refreshDisk(created?: readonly string[]): void;
  /** Back to the disk texts after a proposal's overlay. */
  clearOverlay(): void;
  counts(): NativeCounts;
  /** One more file's disk side prepared in the background. */
  countPrepared(): void;
  close(): void;
}

export async function openNativeSession(options: NativeSessionOptions): Promise<NativeSession> {
  const { root, reads, isProjectFile, inferred } = options;
  const API = await loadNativeApi(options.packageFolder);
  const syntaxKinds = await loadNativeSyntaxKinds(options.packageFolder);
  const overlay = new Map<string, string | null>();
  const versions = new Map<string, string>();
  const api = new API({
    cwd: root,
    fs: {
      readFile: (file: string): string | null => {
        if (file === inferred?.path) return inferred.text;
        if (overlay.has(file)) return overlay.get(file) ?? null;
        if (isProjectFile(file) && !versions.has(file)) versions.set(file, diskVersion(file));
        return reads.readFile(file) ?? null;
      },
      fileExists: (file: string): boolean =>
        file === inferred?.path ||
        (overlay.has(file) ? overlay.get(file) !== null : reads.fileExists(file)),
      realpath: (file: string): string => reads.realpath(file),
    },
  });
  let counts: NativeCounts = { diskPrograms: 0, overlayPrograms: 0, preparedFiles: 0 };
  let epoch = 0;
  const ownConfig = ['tsconfig.json', 'jsconfig.json']
    .map((name) => path.join(root, name))
    .find((file) => reads.fileExists(file));
  const rootConfig = ownConfig ?? inferred?.path;
  let snapshot = api.updateSnapshot(rootConfig ? { openProjects: [rootConfig] } : {});
  const openedProjects = new Set<string>(rootConfig ? [rootConfig] : []);
  counts = { ...counts, diskPrograms: counts.diskPrograms + 1 };

  const next = (params: Record<string, unknown>): NativeSnapshot => {
    const old = snapshot;
    snapshot = api.updateSnapshot(params);
    old.dispose();
    return snapshot;
  };

  return {
    rootConfig,
    inferred: ownConfig === undefined && inferred !== undefined,
    overlay,
    openedProjects,
    syntaxKinds,
    epoch: () => epoch,
    current: () => snapshot,
    next,
    propose(params) {
      const proposed = api.updateSnapshot(params);
      counts = { ...counts, overlayPrograms: counts.overlayPrograms + 1 };
      return proposed;
    },
    adopt(proposed) {
      snapshot = proposed;
    },
    refreshDisk(created = []) {
      const changed: string[] = [];
      for (const [file, version] of versions) {
        const now = diskVersion(file);
        if (now === version) continue;
        versions.set(file, now);
        changed.push(file);
      }
      const appeared = created.filter(
        (file) => !versions.has(file) && diskVersion(file) !== 'missing',
      );
      if (!changed.length && !appeared.length) return;
      epoch++;
      options.onDiskChange();
      next({ fileChanges: { changed, ...(appeared.length ? { created: appeared } : {}) } });
      counts = { ...counts, diskPrograms: counts.diskPrograms + 1 };
    },
    clearOverlay() {
      if (!overlay.size) return;
      const files = [...overlay.keys()];
      overlay.clear();
      const present = files.filter((f) => reads.fileExists(f));
      next({
        fileChanges: { changed: present, deleted: files.filter((f) => !present.includes(f)) },
        closeFiles: files,
      });
    },
    counts: () => counts,
    countPrepared() {
      counts = { ...counts, preparedFiles: counts.preparedFiles + 1 };
    },
    close() {
      api.close();
    },
  };
}
