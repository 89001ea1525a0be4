// The sidebar's search: what main finds for the words in the field, by the same
// listConversations as `sluice conversations --search` (titles and the person's prompts, any
// case), asked once typing pauses and again whenever main says the conversations changed.
// Until the answer for the words now in the field arrives, the last answer stays shown.
import { useEffect, useState } from 'react';
import { LIST_CONVERSATIONS_MAX, type ListedConversation } from '../../../shared/contract';
import { useClient, useContractEvent } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { useDebouncedValue } from '../app/use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 250;

export interface ConversationSearch {
  /** The field as typed. */
  text: string;
  setText(text: string): void;
  /** The words main is asked about, once typing paused; '' while there is no search. */
  searched: string;
  /** Main's latest answer (for `searched` unless `pending`); null before the first. */
  found: ListedConversation[] | null;
  /** The answer for `searched` is on its way. */
  pending: boolean;
  error: string | null;
}

interface Answer {
  readonly words: string;
  readonly items: ListedConversation[];
  readonly error: string | null;
}

export function useConversationSearch(): ConversationSearch {
  const client = useClient();
  const [text, setText] = useState('');
  const searched = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [changes, setChanges] = useState(0);
  useContractEvent('conversations.changed', () => setChanges((n) => n + 1));

  useEffect(() => {
    if (!searched) return;
    let current = true;
    client.agent.listConversations({ search: searched, limit: LIST_CONVERSATIONS_MAX }).then(
      (items) => {
        if (current) setAnswer({ words: searched, items, error: null });
      },
      (failure: unknown) => {
        if (current)
          setAnswer({
            words: searched,
            items: [],
            error: `Could not search the conversations: ${errorMessage(failure)}`,
          });
      },
    );
    return () => {
      current = false;
    };
  }, [client, searched, changes]);

  return {
    text,
    setText,
    searched,
    found: answer?.items ?? null,
    pending: searched !== '' && answer?.words !== searched,
    error: searched && answer?.words === searched ? answer.error : null,
  };
}
