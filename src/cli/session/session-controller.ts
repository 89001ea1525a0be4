// What the session does with a prompt: a /command is handled here, anything else is a turn in
// the session's conversation (its @-mentioned files sent with it, as the app sends them).
// One turn at a time: a prompt typed while a turn runs waits and is sent after it. Esc stops
// the running turn; the events of every turn go to the session's store.
import { statSync } from 'node:fs';
import os from 'node:os';
import type { AgentEvent } from '../../shared/agent-events';
import type { Mention } from '../../shared/contract/agent-service';
import { parseSlash } from '../../shared/slash-commands';
import { TurnRefusedError } from '../../main/core/agent/conversation-runner';
import { mentionContext } from '../../main/core/agent/mention-context';
import { attachmentsFromPaths } from '../../main/core/agent/image-attachments';
import type { ProjectEngine } from '../../main/core/project/open-project-engine';
import { drainEvents } from '../drain-events';
import type { SessionStore } from './session-store';

export interface SessionTurns {
  readonly engine: ProjectEngine;
  readonly store: SessionStore;
  /** Where a relative image path typed in a prompt is looked for (the shell's folder). */
  readonly cwd?: string;
  /** After each turn (a commit when the project commits each approved turn). */
  afterTurn?(turn: {
    conversationId: string;
    turnId: string | null;
    prompt: string;
  }): Promise<void>;
  /** A /command; resolves when it is done. */
  command(name: string, args: string): Promise<void>;
}

/**
 * A word of a prompt that is the full path of an image (what dropping a screenshot on a
 * terminal types, quoted or not): attached when the file is there. A relative name ("rename
 * logo.png") is text.
 */
const IMAGE_PATH = /(?:^|\s)['"]?((?:~|\/)[^\s'"]*\.(?:png|jpe?g|gif|webp))['"]?(?=\s|$)/giu;

/** The image files a prompt names by their full path, those that exist. */
export function imagePathsIn(text: string, home = os.homedir()): string[] {
  const paths = [...text.matchAll(IMAGE_PATH)]
    .map((m) => (m[1] ?? '').replace(/^~(?=\/)/u, home))
    .filter((file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    });
  return [...new Set(paths)];
}

/** Most files one prompt's @-mentions send. */
const MAX_MENTIONS = 20;

export class SessionController {
  conversationId: string | null = null;
  /** Images given with `--attach`, sent with the next prompt. */
  attachNext: string[] = [];
  private running = false;

  constructor(private readonly deps: SessionTurns) {}

  get busy(): boolean {
    return this.running;
  }

  /** A prompt as typed: a command, or a turn (queued while another runs). */
  async submit(text: string): Promise<void> {
    const slash = parseSlash(text);
    if (slash) {
      await this.deps.command(slash.name, slash.args);
      return;
    }
    if (this.running) {
      this.deps.store.enqueue(text);
      return;
    }
    await this.turn(text);
  }

  /** Esc: stops the running turn; false when none runs. */
  interrupt(): boolean {
    if (!this.running || !this.conversationId) return false;
    return this.deps.engine.runner.abort(this.conversationId);
  }

  /** A turn with `text` in the session's conversation, then the prompts queued meanwhile. */
  async turn(text: string): Promise<void> {
    const { engine, store } = this.deps;
    this.running = true;
    store.setBusy(true);
    let turnId: string | null = null;
    try {
      const attached = await attachmentsFromPaths(
        [...this.attachNext, ...imagePathsIn(text)],
        engine.workspace,
        this.deps.cwd ? { cwd: this.deps.cwd } : {},
      );
      if ('refused' in attached) {
        store.say(`Not sent: ${attached.refused} (↑ brings the prompt back)`, 'warn');
        return;
      }
      this.attachNext = [];
      const images = attached.images;
      const context = await this.mentioned(text);
      const started = engine.runner.start({
        kind: 'send',
        text,
        ...(this.conversationId ? { conversationId: this.conversationId } : {}),
        ...(context ? { context } : {}),
        ...(images.length ? { images } : {}),
        model: store.snapshot().model,
      });
      this.conversationId = started.conversationId;
      await drainEvents(started.events, (event: AgentEvent) => {
        if (event.type === 'turn_start') turnId = event.turnId;
        store.event(event);
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      store.say(
        error instanceof TurnRefusedError ? message : `The turn failed: ${message}`,
        'warn',
      );
    } finally {
      // The review let go of the terminal when its questions were answered; a new turn asks anew.
      engine.ports.release();
      this.running = false;
      store.setBusy(false);
    }
    if (this.conversationId)
      await this.deps.afterTurn?.({ conversationId: this.conversationId, turnId, prompt: text });
    const next = store.dequeue();
    if (next !== null) await this.submit(next);
  }

  /** The content of the project files the prompt @-mentions (those that exist), for the model. */
  private async mentioned(text: string): Promise<string | undefined> {
    const { workspace, symbolIndex } = this.deps.engine;
    const mentions: Mention[] = [];
    for (const match of text.matchAll(/(?:^|\s)@([^\s@]+)/gu)) {
      const path = (match[1] ?? '').replace(/[.,;:!?)]+$/u, '');
      if (!path || mentions.some((m) => m.value === path)) continue;
      const found = await workspace.stat(path).catch(() => null);
      if (found?.type === 'file') mentions.push({ type: 'file', value: path });
      if (mentions.length >= MAX_MENTIONS) break;
    }
    if (!mentions.length) return undefined;
    return mentionContext(mentions, {
      workspace,
      findDefinition: (name) => symbolIndex.findDefinition(name).definitions,
    });
  }
}
