import { useState } from 'react';
import type { TreeEntry } from '../../../shared/contract';
import { useDirectory } from './use-directory';

interface Props {
  entry: TreeEntry;
  depth: number;
  /** A click on a file mentions it in the chat input. */
  onFile(path: string): void;
}

export function FileTreeNode({ entry, depth, onFile }: Props) {
  const [open, setOpen] = useState(false);
  const isDir = entry.type === 'dir';
  const { listing, error } = useDirectory(entry.path, isDir && open);
  const indent = { paddingInlineStart: `${0.5 + depth * 0.9}rem` };

  if (!isDir) {
    return (
      <li role="treeitem" aria-selected={false}>
        <button
          type="button"
          className="tree-row"
          style={indent}
          title={`Mention ${entry.path} in the chat`}
          onClick={() => onFile(entry.path)}
        >
          <span className="tree-icon" aria-hidden="true">
            {entry.type === 'symlink' ? '↪' : '·'}
          </span>
          <span className="tree-name">{entry.name}</span>
        </button>
      </li>
    );
  }

  return (
    <li role="treeitem" aria-expanded={open} aria-selected={false}>
      <button
        type="button"
        className="tree-row"
        style={indent}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="tree-icon" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        <span className="tree-name">{entry.name}</span>
      </button>
      {open && (
        <ul role="group" className="tree-level">
          {error && <li className="error-text small-text">{error}</li>}
          {listing?.entries.map((child) => (
            <FileTreeNode key={child.path} entry={child} depth={depth + 1} onFile={onFile} />
          ))}
          {listing?.truncated && <li className="muted small-text">… more entries not shown</li>}
        </ul>
      )}
    </li>
  );
}
