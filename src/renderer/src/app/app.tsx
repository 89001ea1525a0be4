// Top of the UI: connection state, then the project screen until a project is open, then
// the workspace. Settings (theme) are loaded here because everything below depends on them.
import { useEffect, useState } from 'react';
import type { ProjectInfo, Settings } from '../../../shared/contract';
import { ProjectScreen } from '../project/project-screen';
import { useClient, useConnectionStatus, useContractEvent } from './client-context';
import { errorMessage } from './error-message';
import { NotConnected } from './not-connected';
import { ThemeContext, useAppliedTheme } from './theme';
import { Workspace } from './workspace';

export function App() {
  const client = useClient();
  const connection = useConnectionStatus();
  const [project, setProject] = useState<ProjectInfo | null | undefined>(undefined);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const theme = useAppliedTheme(settings?.theme ?? 'system');
  const open = connection.state === 'open';

  useEffect(() => {
    if (!open) return;
    client.project
      .current({})
      .then(setProject)
      .catch((failure: unknown) => {
        setProject(null);
        setLoadError(`Could not ask for the open project: ${errorMessage(failure)}`);
      });
    client.settings
      .get({})
      .then(setSettings)
      .catch(() => undefined);
  }, [client, open]);
  useContractEvent('project.opened', setProject);

  if (connection.state === 'closed') return <NotConnected reason={connection.reason} />;
  if (connection.state === 'connecting')
    return <NotConnected reason="Reaching the Sluice server…" connecting />;

  return (
    <ThemeContext.Provider value={theme}>
      {project === undefined ? (
        <main className="project-screen">
          <p className="muted">Loading…</p>
        </main>
      ) : project === null ? (
        <>
          {loadError && <p className="error-text">{loadError}</p>}
          <ProjectScreen onOpened={setProject} />
        </>
      ) : (
        <Workspace
          key={project.id}
          project={project}
          settings={settings}
          onSettingsChange={setSettings}
          onCloseProject={() => setProject(null)}
        />
      )}
    </ThemeContext.Provider>
  );
}
