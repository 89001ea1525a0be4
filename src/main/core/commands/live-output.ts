// Streams a command's output to the UI as command_output events: chunks are decoded as UTF-8
// across boundaries, batched (at most one event per interval) and capped in total, so a
// command printing gigabytes cannot flood the event stream; the log keeps everything.
import { StringDecoder } from 'node:string_decoder';
import type { AgentEvent } from '../../../shared/agent-events';

export const LIVE_OUTPUT_MAX_CHARS = 2 * 1024 * 1024;
const FLUSH_MS = 50;
const MAX_BATCH_CHARS = 64 * 1024;

export interface LiveOutput {
  push(chunk: Buffer): void;
  /** Sends what is buffered; call once when the command ended. */
  close(): void;
}

export function createLiveOutput(
  emit: ((event: AgentEvent) => void) | undefined,
  ids: {
    conversationId?: string | undefined;
    turnId?: string | undefined;
    toolUseId?: string | undefined;
  },
  maxChars = LIVE_OUTPUT_MAX_CHARS,
): LiveOutput {
  const { conversationId, turnId, toolUseId } = ids;
  if (!emit || conversationId === undefined || turnId === undefined || toolUseId === undefined)
    return { push: () => undefined, close: () => undefined };
  const decoder = new StringDecoder('utf8');
  let buffered = '';
  let sent = 0;
  let capped = false;
  let timer: NodeJS.Timeout | undefined;
  const send = (text: string): void => {
    try {
      emit({ type: 'command_output', conversationId, turnId, toolUseId, text });
    } catch {
      // A listener's failure must not stop the command.
    }
  };
  const flush = (): void => {
    timer = undefined;
    if (!buffered) return;
    const room = maxChars - sent;
    const text = buffered.slice(0, room);
    buffered = '';
    sent += text.length;
    if (text) send(text);
    if (sent >= maxChars && !capped) {
      capped = true;
      send(`\n… [live output stops here at ${maxChars} characters; the full output is kept]\n`);
    }
  };
  return {
    push(chunk) {
      if (capped) return;
      buffered += decoder.write(chunk);
      if (buffered.length >= MAX_BATCH_CHARS) flush();
      else timer ??= setTimeout(flush, FLUSH_MS);
    },
    close() {
      if (timer) clearTimeout(timer);
      if (!capped) buffered += decoder.end();
      flush();
    },
  };
}
