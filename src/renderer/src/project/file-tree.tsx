// The project's files, one directory level at a time (project.tree is ignore-aware).
import { FileTreeNode } from './file-tree-node';
import { useDirectory } from './use-directory';

export function FileTree({ onFile }: { onFile(path: string): void }) {
  const { listing, error } = useDirectory('', true);
  return (
    <nav className="file-tree" aria-label="Files">
      <div className="sidebar-heading">
        <span>Files</span>
      </div>
      {error && <p className="error-text">Could not list files: {error}</p>}
      {!listing && !error && <p className="muted small-text">Loading…</p>}
      {listing && (
        <ul role="tree" className="tree-level">
          {listing.entries.map((entry) => (
            <FileTreeNode key={entry.path} entry={entry} depth={0} onFile={onFile} />
          ))}
          {listing.truncated && <li className="muted small-text">… more entries not shown</li>}
        </ul>
      )}
    </nav>
  );
}
