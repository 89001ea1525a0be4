// The first screen: open a folder (native dialog in the app; a typed path in browser mode,
// where the dialog answers with an error) or one of the recent projects.
import { useEffect, useState } from 'react';
import type { ProjectInfo } from '../../../shared/contract';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { RecentProjects } from './recent-projects';

export function ProjectScreen({ onOpened }: { onOpened(project: ProjectInfo): void }) {
  const client = useClient();
  const [recent, setRecent] = useState<ProjectInfo[]>([]);
  const [path, setPath] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    client.project
      .recent({})
      .then(setRecent)
      .catch((failure: unknown) =>
        setError(`Could not load recent projects: ${errorMessage(failure)}`),
      );
  }, [client]);

  const open = async (folder: string) => {
    setBusy(true);
    setError(null);
    try {
      onOpened(await client.project.open({ path: folder }));
    } catch (failure) {
      setError(`Could not open ${folder}: ${errorMessage(failure)}`);
    } finally {
      setBusy(false);
    }
  };

  const pick = async () => {
    setError(null);
    try {
      const picked = await client.project.pickFolder({});
      if (picked.path) await open(picked.path);
    } catch (failure) {
      setError(
        `The folder dialog is not available here (${errorMessage(failure)}). Type the folder's path below.`,
      );
    }
  };

  return (
    <main className="project-screen">
      <div className="project-card">
        <h1 className="brand">Sluice</h1>
        <p className="muted">
          Open a project folder. Claude reads it through sandboxed tools; nothing is written until
          you approve the diff.
        </p>
        <button
          type="button"
          className="button primary large"
          disabled={busy}
          onClick={() => void pick()}
        >
          Open folder…
        </button>
        <form
          className="path-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (path.trim()) void open(path.trim());
          }}
        >
          <label className="field-label" htmlFor="project-path">
            Or type a folder path
          </label>
          <div className="inline-form">
            <input
              id="project-path"
              data-testid="project-path"
              className="input"
              placeholder="/home/me/my-project"
              value={path}
              spellCheck={false}
              onChange={(event) => setPath(event.target.value)}
            />
            <button
              data-testid="project-open-path"
              type="submit"
              className="button"
              disabled={busy || path.trim() === ''}
            >
              Open
            </button>
          </div>
        </form>
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        <RecentProjects
          projects={recent}
          disabled={busy}
          onOpen={(project) => void open(project.root)}
        />
      </div>
    </main>
  );
}
