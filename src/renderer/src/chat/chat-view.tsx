// The chat pane: transcript, Continue after the round limit, what a slash command did, and the
// input with Stop. A slash command is handled here before anything is sent.
import type { ChatController } from './use-chat';
import { mentionsToSend, emptyDraft, type Draft } from './draft';
import { ChatInput } from './chat-input';
import { useComposerImages } from './use-composer-images';
import { Transcript } from './transcript';
import { UsageMeter } from './usage-meter';
import { contextInUse } from '../../../shared/conversation-figures';
import { useCheckpoints } from './use-checkpoints';
import { emptyConversation } from './conversation-state';
import type { SlashHost } from './slash-command-handlers';
import { SlashNoticePanel } from './slash-notice';
import { useSlashCommands } from './use-slash-commands';

interface Props {
  chat: ChatController;
  title: string;
  draft: Draft;
  onDraftChange(draft: Draft): void;
  /** What slash commands reach outside the chat: views, settings, the conversation list. */
  slashHost: SlashHost;
}

export function ChatView({ chat, title, draft, onDraftChange, slashHost }: Props) {
  const conversation = chat.active ?? emptyConversation('new');
  const checkpoints = useCheckpoints(chat.activeId);
  const slash = useSlashCommands({ chat, conversation, checkpoints, host: slashHost });
  const images = useComposerImages();

  const send = async () => {
    const text = draft.text.trim();
    if (text === '') return;
    const outcome = await slash.run(text);
    if (outcome.kind === 'done') {
      if (!outcome.keepText) onDraftChange(emptyDraft);
      return;
    }
    const prompt = outcome.kind === 'send' ? outcome.text : text;
    const sent = await chat.send(prompt, mentionsToSend(draft), images.toSend());
    if (sent) {
      onDraftChange(emptyDraft);
      images.clear();
    }
  };

  return (
    <section className="chat" aria-label="Chat">
      <header className="pane-header">
        <h2 className="pane-title">{title}</h2>
        <UsageMeter usage={conversation.usage} context={contextInUse(conversation.figures)} />
      </header>
      <Transcript
        conversation={conversation}
        checkpoints={checkpoints}
        onRetry={() => void chat.retry()}
      />
      {conversation.canContinue && !conversation.running && (
        <div className="banner" role="status">
          <span>The turn reached the round limit.</span>
          <button
            type="button"
            className="button primary small"
            onClick={() => void chat.continueTurn()}
          >
            Continue
          </button>
        </div>
      )}
      {slash.notice && <SlashNoticePanel notice={slash.notice} onDismiss={slash.dismiss} />}
      {chat.callError && (
        <p className="error-text call-error" role="alert">
          {chat.callError}
        </p>
      )}
      <ChatInput
        draft={draft}
        onDraftChange={onDraftChange}
        onSend={() => void send()}
        onStop={() => void chat.abort()}
        running={conversation.running}
        images={images}
      />
    </section>
  );
}
