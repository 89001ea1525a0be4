// The contract's `project` service: pick and open a folder, recent projects, and the file
// tree and file previews of the open project and its slash commands, always through its
// Workspace (the sandbox).
import type { ServiceHandlers } from '../../../shared/contract/define';
import type { projectService, TreeEntry } from '../../../shared/contract/project-service';
import type { ProjectRepository } from '../store/project-repository';
import type { EntryType } from '../workspace/workspace';
import { missingCase } from '../../../shared/missing-case';
import { loadProjectCommands } from '../project/project-commands';
import type { SluiceEmit } from './event-emitter';
import type { ProjectSession } from './project-session';

/** The native folder dialog in Electron; browser mode has none and throws a message. */
export type FolderPicker = () => Promise<string | null>;

export interface ProjectHandlersDeps {
  readonly session: ProjectSession<unknown>;
  readonly projects: ProjectRepository;
  readonly pickFolder: FolderPicker;
  readonly emit: SluiceEmit;
}

/** Entries of one folder sent to the tree at most; the answer says when it cut. */
export const TREE_ENTRY_LIMIT = 2_000;
/** Bytes of a file sent for a preview at most. */
export const PREVIEW_BYTE_LIMIT = 512 * 1024;

export type ProjectHandlers = ServiceHandlers<typeof projectService>;

export function createProjectHandlers(deps: ProjectHandlersDeps): ProjectHandlers {
  return {
    async pickFolder() {
      return { path: await deps.pickFolder() };
    },
    async open({ path }) {
      const { info } = await deps.session.open(path);
      deps.emit('project.opened', info);
      return info;
    },
    recent() {
      return deps.projects.recent();
    },
    current() {
      return deps.session.current()?.info ?? null;
    },
    async tree({ dir }) {
      const { workspace } = deps.session.require();
      const listed = await workspace.listDir(dir);
      const entries: TreeEntry[] = listed
        .map((entry) => ({
          path: entry.relative,
          name: entry.name,
          type: treeType(entry.type),
          ...(entry.type === 'file' ? { size: entry.size } : {}),
        }))
        .sort(foldersFirst);
      return {
        entries: entries.slice(0, TREE_ENTRY_LIMIT),
        truncated: entries.length > TREE_ENTRY_LIMIT,
      };
    },
    async readFile({ path }) {
      const { workspace } = deps.session.require();
      const file = await workspace.readBytes(path);
      if (file.binary) return { path: file.relative, content: '', truncated: false, binary: true };
      const truncated = file.bytes.length > PREVIEW_BYTE_LIMIT;
      const bytes = truncated
        ? file.bytes.subarray(0, utf8Boundary(file.bytes, PREVIEW_BYTE_LIMIT))
        : file.bytes;
      return { path: file.relative, content: bytes.toString('utf8'), truncated, binary: false };
    },
    commands() {
      return loadProjectCommands(deps.session.require().workspace);
    },
  };
}

function treeType(type: EntryType): TreeEntry['type'] {
  switch (type) {
    case 'file':
      return 'file';
    case 'directory':
      return 'dir';
    case 'symlink':
      return 'symlink';
    case 'other':
      return 'other';
    default:
      return missingCase(type);
  }
}

function foldersFirst(a: TreeEntry, b: TreeEntry): number {
  const rank = (entry: TreeEntry) => (entry.type === 'dir' ? 0 : 1);
  return rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** Largest cut ≤ limit that does not split a UTF-8 sequence. */
function utf8Boundary(bytes: Uint8Array, limit: number): number {
  let end = limit;
  // Continuation bytes are 10xxxxxx: step back to the start of the character at `end`.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return end;
}
