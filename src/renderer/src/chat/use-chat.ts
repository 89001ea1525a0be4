// Live conversations: every `agent` event advances its conversation's state, whether or not
// it is the one on screen, so switching back never loses streamed text: select() keeps the
// live state of a running conversation this window already holds whole (loaded or started
// here), because the stored view lacks the reply streamed so far; any other conversation is
// read from the store.
import { useCallback, useRef, useState } from 'react';
import type { Mention } from '../../../shared/contract';
import type { ImageInput } from '../../../shared/image-attachments';
import { useClient, useContractEvent } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import {
  applyAgentEvent,
  emptyConversation,
  fromView,
  type ConversationState,
} from './conversation-state';

export interface ChatController {
  activeId: string | null;
  active: ConversationState | null;
  /** The last call that failed (send, stop, continue, retry, load), for the person to see. */
  callError: string | null;
  select(conversationId: string | null): Promise<void>;
  /** `images`: pasted or dropped in the composer, sent before the text. */
  send(text: string, mentions: Mention[], images?: ImageInput[]): Promise<boolean>;
  abort(): Promise<void>;
  continueTurn(): Promise<void>;
  retry(): Promise<void>;
}

export function useChat(): ChatController {
  const client = useClient();
  const [conversations, setConversations] = useState<Record<string, ConversationState>>({});
  const [activeId, setActiveId] = useState<string | null>(null);
  const [callError, setCallError] = useState<string | null>(null);
  /** Conversations whose state here starts from their whole history, not mid-stream events. */
  const whole = useRef(new Set<string>());

  useContractEvent('agent', (event) => {
    setConversations((all) => {
      const current = all[event.conversationId] ?? emptyConversation(event.conversationId);
      return { ...all, [event.conversationId]: applyAgentEvent(current, event) };
    });
  });

  const select = useCallback(
    async (conversationId: string | null) => {
      setActiveId(conversationId);
      setCallError(null);
      if (conversationId === null) return;
      try {
        const view = await client.agent.getConversation({ conversationId });
        setConversations((all) => {
          const live = all[conversationId];
          if (live?.running && whole.current.has(conversationId)) return all;
          whole.current.add(conversationId);
          return { ...all, [conversationId]: fromView(view) };
        });
      } catch (error) {
        setCallError(`Could not load the conversation: ${errorMessage(error)}`);
      }
    },
    [client],
  );

  const send = useCallback(
    async (text: string, mentions: Mention[], images: ImageInput[] = []) => {
      setCallError(null);
      try {
        const started = await client.agent.send({
          ...(activeId ? { conversationId: activeId } : {}),
          text,
          mentions,
          ...(images.length ? { images } : {}),
        });
        if (!activeId) whole.current.add(started.conversationId);
        setConversations((all) =>
          all[started.conversationId]
            ? all
            : { ...all, [started.conversationId]: emptyConversation(started.conversationId) },
        );
        setActiveId(started.conversationId);
        return true;
      } catch (error) {
        setCallError(`Could not send: ${errorMessage(error)}`);
        return false;
      }
    },
    [client, activeId],
  );

  const onActive = useCallback(
    async (what: string, call: (conversationId: string) => Promise<unknown>) => {
      if (!activeId) return;
      setCallError(null);
      try {
        await call(activeId);
      } catch (error) {
        setCallError(`Could not ${what}: ${errorMessage(error)}`);
      }
    },
    [activeId],
  );

  return {
    activeId,
    active: activeId ? (conversations[activeId] ?? emptyConversation(activeId)) : null,
    callError,
    select,
    send,
    abort: () => onActive('stop', (conversationId) => client.agent.abort({ conversationId })),
    continueTurn: () =>
      onActive('continue', (conversationId) => client.agent.continue({ conversationId })),
    retry: () => onActive('retry', (conversationId) => client.agent.retry({ conversationId })),
  };
}
