// What a command will run with: the folder, the sandbox (or a plain warning that there is
// none), the network it has, this run's network choice when it is sandboxed, and the timeout.
import type { CommandApprovalRequest } from '../../../shared/command-approvals';
import { NetworkChoice, NetworkState, type NetworkChoiceState } from './network-choice';

export function CommandFacts(props: {
  request: CommandApprovalRequest;
  network: NetworkChoiceState;
  onNetwork(network: NetworkChoiceState): void;
}) {
  const { request } = props;
  return (
    <dl className="command-facts">
      <dt>Folder</dt>
      <dd>
        <code>{request.cwd || '.'}</code>
      </dd>
      <dt>Sandbox</dt>
      <dd data-testid="command-sandbox">
        {request.sandboxed ? (
          <>
            <span className="badge">
              sandboxed{request.sandboxName ? ` (${request.sandboxName})` : ''}
            </span>{' '}
            {request.sandboxDetail}
          </>
        ) : (
          <>
            <span className="badge warning">not sandboxed</span> {request.sandboxDetail}: it runs
            with full access to your files and network
          </>
        )}
      </dd>
      <dt>Network</dt>
      <dd data-testid="command-network">
        <NetworkState request={request} />
      </dd>
      {request.sandboxed && (
        <>
          <dt>This run</dt>
          <dd>
            <NetworkChoice request={request} choice={props.network} onChange={props.onNetwork} />
          </dd>
        </>
      )}
      <dt>Timeout</dt>
      <dd>{request.timeoutSeconds} s</dd>
    </dl>
  );
}
