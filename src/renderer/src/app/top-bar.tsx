import type { ProjectInfo } from '../../../shared/contract';
import { IndexProgress } from '../project/index-progress';

export type Pane = 'chat' | 'symbols' | 'settings' | 'inbox' | 'changes';

const panes: { id: Pane; label: string }[] = [
  { id: 'chat', label: 'Chat' },
  { id: 'symbols', label: 'Symbols' },
  { id: 'settings', label: 'Settings' },
  { id: 'inbox', label: 'Inbox' },
  { id: 'changes', label: 'Changes' },
];

interface Props {
  project: ProjectInfo;
  pane: Pane;
  onPane(pane: Pane): void;
  onToggleSidebar(): void;
  onCloseProject(): void;
  /** Counts shown beside a tab's label (the inbox's waiting change sets). */
  badges?: Partial<Record<Pane, number>>;
  /** The branch when the project is one of Sluice's worktrees (its chats work there). */
  branch?: string | null;
}

export function TopBar({
  project,
  pane,
  onPane,
  onToggleSidebar,
  onCloseProject,
  badges,
  branch,
}: Props) {
  return (
    <header className="top-bar">
      <button
        type="button"
        className="icon-button sidebar-toggle"
        aria-label="Toggle sidebar"
        onClick={onToggleSidebar}
      >
        ☰
      </button>
      <h1 className="brand small">Sluice</h1>
      <button
        type="button"
        className="project-name"
        title={`${project.root} — open another project`}
        onClick={onCloseProject}
      >
        {project.name}
      </button>
      {branch && (
        <span className="tag worktree-branch" data-testid="worktree-branch">
          Worktree on branch {branch}
        </span>
      )}
      <IndexProgress />
      <nav className="tabs" role="tablist" aria-label="Views">
        {panes.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            aria-selected={pane === item.id}
            className="tab"
            onClick={() => onPane(item.id)}
          >
            {item.label}
            {badges?.[item.id] ? (
              <span className="badge" data-testid={`${item.id}-badge`}>
                {badges[item.id]}
              </span>
            ) : null}
          </button>
        ))}
      </nav>
    </header>
  );
}
