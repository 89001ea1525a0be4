import type { ProjectInfo } from '../../../shared/contract';

export function RecentProjects(props: {
  projects: ProjectInfo[];
  disabled: boolean;
  onOpen(project: ProjectInfo): void;
}) {
  if (props.projects.length === 0) return <p className="muted small-text">No recent projects.</p>;
  return (
    <section className="recent-projects" aria-label="Recent projects">
      <h2 className="section-title">Recent projects</h2>
      <ul>
        {props.projects.map((project) => (
          <li key={project.id}>
            <button
              type="button"
              className="recent-project"
              disabled={props.disabled}
              onClick={() => props.onOpen(project)}
            >
              <span className="recent-name">{project.name}</span>
              <span className="recent-root">{project.root}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
