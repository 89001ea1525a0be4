// A Settings section's list of rules (file paths, commands, network hosts): loaded when the
// section opens, a rule dropped once main has removed it, an added one shown (in place of one
// main answered with the same id). Every call's failure is the section's error line.
import { useEffect, useRef, useState } from 'react';
import type { SluiceClient } from '../../../shared/contract';
import { useClient } from '../app/client-context';
import { useSettingsCall, type SettingsCall } from './use-settings-call';

export interface RuleList<R> extends SettingsCall {
  readonly rules: readonly R[];
  /** Sends the new rule; `onAdded` runs once main has it (to empty the form). */
  add(send: () => Promise<R>, onAdded: () => void): void;
  remove(rule: R): void;
}

export function useRuleList<R extends { id: string }>(
  /** What loading is called in the error line: "Could not load the command rules: …". */
  loadWhat: string,
  load: (client: SluiceClient) => Promise<R[]>,
  removeRule: (client: SluiceClient, rule: R) => Promise<unknown>,
): RuleList<R> {
  const client = useClient();
  const [rules, setRules] = useState<R[]>([]);
  const { error, call } = useSettingsCall();
  // Loaded again when the client changes, not when the caller passes a new closure.
  const loadLatest = useRef(load);
  useEffect(() => {
    loadLatest.current = load;
  });

  useEffect(() => {
    void call(`load the ${loadWhat}`, async () => setRules(await loadLatest.current(client)));
  }, [client, call, loadWhat]);

  return {
    rules,
    error,
    call,
    add: (send, onAdded) =>
      void call('add the rule', async () => {
        const rule = await send();
        setRules((current) => [...current.filter((item) => item.id !== rule.id), rule]);
        onAdded();
      }),
    remove: (rule) =>
      void call('remove the rule', async () => {
        await removeRule(client, rule);
        setRules((current) => current.filter((item) => item.id !== rule.id));
      }),
  };
}
