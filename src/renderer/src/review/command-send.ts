// Sending a command decision: the network choice for this run rides along with a run, a run
// waits while "only these hosts" has no host typed, and "Also allow them for this project"
// saves the rule first (if it cannot be saved, nothing runs). One decision at a time.
import { useState } from 'react';
import type {
  CommandApprovalRequest,
  CommandDecision,
  NetworkGrant,
} from '../../../shared/command-approvals';
import { useClient } from '../app/client-context';
import { errorMessage } from '../app/error-message';
import { grantOf, initialNetworkChoice, type NetworkChoiceState } from './network-choice';

export interface CommandSend {
  network: NetworkChoiceState;
  setNetwork(network: NetworkChoiceState): void;
  /** The network sent with a run: undefined keeps what the card showed; null: not ready. */
  grant: NetworkGrant | undefined | null;
  busy: boolean;
  /** Why the network rule could not be saved, or null. */
  ruleError: string | null;
  send(decision: CommandDecision): void;
}

export function useCommandSend(
  request: CommandApprovalRequest,
  onDecide: (decision: CommandDecision) => Promise<void>,
): CommandSend {
  const client = useClient();
  const [ruleError, setRuleError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [network, setNetwork] = useState<NetworkChoiceState>(() => initialNetworkChoice(request));
  const grant = grantOf(network);

  const send = (decision: CommandDecision) => {
    if (busy) return;
    // "only these hosts" with no host typed: nothing is sent until one is.
    if (decision.type !== 'reject' && grant === null) return;
    setBusy(true);
    const withNetwork: CommandDecision =
      decision.type !== 'reject' && grant ? { ...decision, network: grant } : decision;
    // "Also allow them for this project": the rule is saved first; if it cannot be, nothing runs.
    const remember =
      decision.type !== 'reject' && grant?.type === 'hosts' && network.remember
        ? client.approvals.addNetworkRule({ hosts: grant.hosts }).then(() => setRuleError(null))
        : Promise.resolve();
    void remember
      .then(
        () => onDecide(withNetwork),
        (failure: unknown) =>
          setRuleError(`Could not save the network rule: ${errorMessage(failure)}`),
      )
      .finally(() => setBusy(false));
  };
  return { network, setNetwork, grant, busy, ruleError, send };
}
