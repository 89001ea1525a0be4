// What the prompt offers under it while a word is typed: the /commands when the prompt starts
// with `/`, files when the word at the cursor starts with `@`. Files are searched in the
// project's index as the person types; a newer word replaces an older search.
import { useEffect, useState } from 'react';
import { wordAtCursor, type Draft } from './prompt-editing';

export interface Suggestion {
  /** What replaces the word when picked. */
  readonly value: string;
  readonly label: string;
  readonly detail?: string;
}

export interface CompletionSources {
  /** Commands matching a `/word` typed first in the prompt. */
  commands(word: string): readonly Suggestion[];
  /** Project files matching the text after `@`. */
  files(query: string): Promise<readonly string[]>;
}

export interface Completions {
  /** Where the word being completed starts. */
  readonly start: number;
  readonly items: readonly Suggestion[];
}

/** Most files offered at once. */
const FILES_SHOWN = 8;

export function useCompletions(draft: Draft, sources: CompletionSources): Completions | null {
  const slash =
    draft.text.startsWith('/') && !/\s/u.test(draft.text.slice(0, draft.cursor))
      ? { start: 0, items: sources.commands(draft.text.slice(0, draft.cursor)) }
      : null;
  const mention = slash ? null : wordAtCursor(draft, '@');
  const query = mention ? mention.word.slice(1) : null;
  const [files, setFiles] = useState<{ query: string; items: Suggestion[] } | null>(null);

  useEffect(() => {
    if (query === null) return;
    let current = true;
    sources.files(query).then(
      (paths) => {
        if (!current) return;
        const items = paths
          .slice(0, FILES_SHOWN)
          .map((path) => ({ value: `@${path}`, label: `@${path}` }));
        setFiles({ query, items });
      },
      () => current && setFiles({ query, items: [] }),
    );
    return () => {
      current = false;
    };
  }, [query, sources]);

  if (slash) return slash.items.length ? slash : null;
  if (!mention || !files || files.query !== query) return null;
  return { start: mention.start, items: files.items };
}
