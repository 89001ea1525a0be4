// The open project: top bar, sidebar (conversations, files), the chosen pane, and the diff
// review modal whenever an approval waits.
import { useCallback, useState } from 'react';
import type { ProjectInfo, Settings, SymbolDefinition } from '../../../shared/contract';
import { ChangesView } from '../changes/changes-view';
import { ChatView } from '../chat/chat-view';
import { ConversationList } from '../chat/conversation-list';
import { appendMention, emptyDraft, type Draft } from '../chat/draft';
import { useChat } from '../chat/use-chat';
import { useConversationList } from '../chat/use-conversation-list';
import { FileTree } from '../project/file-tree';
import { InboxView } from '../inbox/inbox-view';
import { useInbox } from '../inbox/use-inbox';
import { ReviewHost } from '../review/review-host';
import { CommandReviewHost } from '../review/command-review-host';
import { SettingsPanel } from '../settings/settings-panel';
import { SymbolBrowser } from '../symbols/symbol-browser';
import { useWorktrees } from '../worktrees/use-worktrees';
import { WorktreePanel } from '../worktrees/worktree-panel';
import { useSlashHost } from './use-slash-host';
import { TopBar, type Pane } from './top-bar';

interface Props {
  project: ProjectInfo;
  settings: Settings | null;
  onSettingsChange(settings: Settings): void;
  onCloseProject(): void;
}

export function Workspace({ project, settings, onSettingsChange, onCloseProject }: Props) {
  const chat = useChat();
  const list = useConversationList();
  const inbox = useInbox();
  const worktrees = useWorktrees();
  const inWorktree = worktrees.worktrees?.repository === true ? worktrees.worktrees.current : null;
  const [pane, setPane] = useState<Pane>('chat');
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [sidebarOpen, setSidebarOpen] = useState(false);

  const title =
    list.conversations.find((conversation) => conversation.id === chat.activeId)?.title ??
    'New conversation';

  const askAbout = (symbol: SymbolDefinition) => {
    setDraft((current) =>
      appendMention(current, {
        label: symbol.name,
        mention: { type: 'symbol', value: `${symbol.path}#${symbol.name}` },
      }),
    );
    setPane('chat');
  };
  // A waiting approval is reviewed over the conversation that asked (after a reload too).
  const { select } = chat;
  const showConversation = useCallback(
    (id: string) => {
      void select(id);
      setPane('chat');
    },
    [select],
  );
  const openSidebar = useCallback(() => setSidebarOpen(true), []);
  const slashHost = useSlashHost({
    conversations: list.conversations,
    settings,
    onSettingsChange,
    setPane,
    openSidebar,
  });
  const mentionFile = (path: string) => {
    setDraft((current) =>
      appendMention(current, { label: path, mention: { type: 'file', value: path } }),
    );
    setPane('chat');
    setSidebarOpen(false);
  };

  return (
    <div className={`workspace${sidebarOpen ? ' sidebar-open' : ''}`}>
      <TopBar
        project={project}
        pane={pane}
        onPane={setPane}
        onToggleSidebar={() => setSidebarOpen((value) => !value)}
        onCloseProject={onCloseProject}
        badges={{ inbox: inbox.waiting }}
        branch={inWorktree?.branch ?? null}
      />
      <aside className="sidebar" aria-label="Sidebar">
        <ConversationList
          conversations={list.conversations}
          activeId={chat.activeId}
          error={list.error}
          onSelect={(id) => {
            void chat.select(id);
            setPane('chat');
            setSidebarOpen(false);
          }}
          onRename={(id, newTitle) => void list.rename(id, newTitle)}
          onDelete={(id) =>
            void list.remove(id).then((deleted) => {
              if (deleted && id === chat.activeId) void chat.select(null);
            })
          }
        />
        <WorktreePanel state={worktrees} />
        <FileTree onFile={mentionFile} />
      </aside>
      <main className="main-pane">
        {pane === 'chat' && (
          <ChatView
            chat={chat}
            title={title}
            draft={draft}
            onDraftChange={setDraft}
            slashHost={slashHost}
          />
        )}
        {pane === 'symbols' && <SymbolBrowser onAsk={askAbout} />}
        {pane === 'settings' && <SettingsPanel settings={settings} onChange={onSettingsChange} />}
        {pane === 'changes' && (
          <ChangesView
            conversations={{
              titleOf: (id) => list.conversations.find((c) => c.id === id)?.title ?? null,
              open: (id) => {
                void chat.select(id);
                setPane('chat');
              },
            }}
          />
        )}
        {pane === 'inbox' && (
          <InboxView
            inbox={inbox}
            onOpenConversation={(id) => {
              void chat.select(id);
              setPane('chat');
            }}
          />
        )}
      </main>
      <ReviewHost activeConversationId={chat.activeId} onShowConversation={showConversation} />
      <CommandReviewHost
        activeConversationId={chat.activeId}
        onShowConversation={showConversation}
      />
    </div>
  );
}
