// Where the prompt's completions come from: the /commands (the shared table and the project's
// own), and the project's files for @-mentions (every listed file, not only indexed ones).
import { completeSlash } from '../../shared/slash-commands';
import type { ProjectCommand } from '../../main/core/project/project-commands';
import type { ProjectEngine } from '../../main/core/project/open-project-engine';
import { projectFileNames } from './project-file-names';
import type { CompletionSources, Suggestion } from './use-completions';

/** Where the session's command does other than the app's: it changes this session only. */
const SESSION_SUMMARIES: Readonly<Record<string, string>> = {
  mode: 'Set the approval mode for this session',
  model: 'Show or set the model for this session',
};

/** Most files an @-mention lists. */
const FILES_ASKED = 8;

export function completionSources(
  engine: Pick<ProjectEngine, 'workspace'>,
  projectCommands: () => Promise<readonly ProjectCommand[]>,
): CompletionSources {
  const names = projectFileNames(engine.workspace);
  let known: readonly ProjectCommand[] = [];
  void projectCommands().then(
    (found) => {
      known = found;
    },
    () => undefined,
  );
  return {
    commands(word: string): Suggestion[] {
      return completeSlash(word, known).map((item) => ({
        value: `/${item.name}`,
        label: `/${item.name}${item.args ? ` ${item.args}` : ''}`,
        detail:
          item.source === 'project'
            ? `${item.summary} (project)`
            : (SESSION_SUMMARIES[item.name] ?? item.summary),
      }));
    },
    async files(query: string): Promise<readonly string[]> {
      return names.search(query, FILES_ASKED);
    },
  };
}
