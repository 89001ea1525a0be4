// Completions for a slash command being typed: the built-ins at once, the project's
// `.sluice/commands` as soon as project.commands answers (asked each time the list opens, so a
// command file added meanwhile shows).
import { useEffect, useMemo, useState } from 'react';
import {
  completeSlash,
  type ProjectCommandSummary,
  type SlashItem,
} from '../../../shared/slash-commands';
import { useClient } from '../app/client-context';

export function useSlashSuggestions(query: string | null): SlashItem[] {
  const client = useClient();
  const [project, setProject] = useState<readonly ProjectCommandSummary[]>([]);
  const open = query !== null;

  useEffect(() => {
    if (!open) return;
    let current = true;
    client.project
      .commands({})
      .then((answer) => {
        if (current) setProject(answer.commands);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [client, open]);

  return useMemo(() => (query === null ? [] : completeSlash(query, project)), [query, project]);
}
