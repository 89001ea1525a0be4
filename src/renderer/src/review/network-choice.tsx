// The network of one command run, as the approval card shows it and lets the person change
// it for this run only: off, only a list of hosts (through the filtering proxy) or full
// network. Outside the sandbox the network cannot be limited, so no choice is offered.
import type { CommandApprovalRequest, NetworkGrant } from '../../../shared/command-approvals';

export type NetworkChoiceValue = 'as_shown' | NetworkGrant['type'];

export interface NetworkChoiceState {
  readonly value: NetworkChoiceValue;
  /** Hosts typed for 'hosts' (comma or space separated). */
  readonly hosts: string;
  /** Also save the hosts as a network rule of the project (the person's own act). */
  readonly remember: boolean;
}

export function initialNetworkChoice(request: CommandApprovalRequest): NetworkChoiceState {
  return { value: 'as_shown', hosts: (request.networkHosts ?? []).join(', '), remember: false };
}

export function splitHosts(text: string): string[] {
  return text.split(/[\s,]+/u).filter(Boolean);
}

/** The grant to send with a run decision; undefined keeps what the card showed; null: not ready. */
export function grantOf(choice: NetworkChoiceState): NetworkGrant | undefined | null {
  switch (choice.value) {
    case 'as_shown':
      return undefined;
    case 'hosts': {
      const hosts = splitHosts(choice.hosts);
      return hosts.length ? { type: 'hosts', hosts } : null;
    }
    default:
      return { type: choice.value };
  }
}

export function NetworkState({ request }: { request: CommandApprovalRequest }) {
  if (request.network) return <span className="badge warning">full network</span>;
  if (request.networkHosts?.length)
    return (
      <>
        only <code>{request.networkHosts.join(', ')}</code> (through a filtering proxy)
      </>
    );
  return <>off</>;
}

interface Props {
  readonly request: CommandApprovalRequest;
  readonly choice: NetworkChoiceState;
  onChange(choice: NetworkChoiceState): void;
}

export function NetworkChoice({ request, choice, onChange }: Props) {
  if (!request.sandboxed) return null;
  return (
    <div className="inline-form network-choice">
      <select
        className="input small"
        aria-label="Network for this run"
        value={choice.value}
        onChange={(event) =>
          onChange({ ...choice, value: event.target.value as NetworkChoiceValue })
        }
      >
        <option value="as_shown">as shown</option>
        <option value="off">off</option>
        <option value="hosts">only these hosts…</option>
        <option value="full">full network</option>
      </select>
      {choice.value === 'hosts' && (
        <>
          <input
            className="input small"
            aria-label="Hosts for this run"
            placeholder="registry.npmjs.org, *.example.com:8443"
            value={choice.hosts}
            onChange={(event) => onChange({ ...choice, hosts: event.target.value })}
          />
          <label className="small-text">
            <input
              type="checkbox"
              checked={choice.remember}
              onChange={(event) => onChange({ ...choice, remember: event.target.checked })}
            />{' '}
            also allow them for this project&apos;s commands (a network rule)
          </label>
        </>
      )}
    </div>
  );
}
