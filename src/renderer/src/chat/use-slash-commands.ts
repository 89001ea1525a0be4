// Slash commands on send: a built-in runs in the app (slash-command-handlers.ts), a project
// command becomes its prompt and is sent, anything else starting with "/word" is refused
// without reaching the model. Text that is not a command (a path such as "/usr/bin/x is
// slow") is sent as it is.
import { useCallback, useState } from 'react';
import { expandProjectCommand, parseSlash } from '../../../shared/slash-commands';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { isHandledBuiltIn, runBuiltIn, type SlashEnv } from './slash-command-handlers';
import type { SlashNotice } from './slash-notice';

export type SlashOutcome =
  | { kind: 'not-a-command' }
  /** Handled in the app: nothing goes to the model. A refusal keeps the text to correct. */
  | { kind: 'done'; keepText: boolean }
  /** A project command: this prompt goes to the model. */
  | { kind: 'send'; text: string };

export interface SlashCommands {
  notice: SlashNotice | null;
  dismiss(): void;
  run(text: string): Promise<SlashOutcome>;
}

export function useSlashCommands(env: Omit<SlashEnv, 'client'>): SlashCommands {
  const client = useClient();
  const [notice, setNotice] = useState<SlashNotice | null>(null);
  const { chat, conversation, checkpoints, host } = env;

  const run = useCallback(
    async (text: string): Promise<SlashOutcome> => {
      const parsed = parseSlash(text);
      if (!parsed) return { kind: 'not-a-command' };
      const command = `/${parsed.name}`;
      if (isHandledBuiltIn(parsed.name)) {
        setNotice(null);
        const { keepText = false, ...answer } = await runBuiltIn(parsed.name, parsed.args, {
          client,
          chat,
          conversation,
          checkpoints,
          host,
        });
        setNotice({ command, ...answer });
        return { kind: 'done', keepText };
      }
      let listed;
      try {
        listed = await client.project.commands({});
      } catch (error) {
        setNotice({
          command,
          tone: 'error',
          text: `was not sent: the project commands could not be read (${errorMessage(error)}).`,
        });
        return { kind: 'done', keepText: true };
      }
      const project = listed.commands.find((candidate) => candidate.name === parsed.name);
      if (!project) {
        setNotice({
          command: null,
          tone: 'error',
          text: `Unknown command ${command} — type / to see the commands. Nothing was sent.`,
        });
        return { kind: 'done', keepText: true };
      }
      const prompt = expandProjectCommand(project, parsed.args);
      if (prompt.trim() === '') {
        setNotice({
          command,
          tone: 'error',
          text: `was not sent: its prompt (${project.file}) is empty without arguments. Type them after the command.`,
        });
        return { kind: 'done', keepText: true };
      }
      setNotice({ command, tone: 'info', text: `sent the prompt of ${project.file}.` });
      return { kind: 'send', text: prompt };
    },
    [client, chat, conversation, checkpoints, host],
  );

  return { notice, dismiss: useCallback(() => setNotice(null), []), run };
}
