// What a gate of waiting decisions (the approval broker, the command gate) runs on: the
// project's one registry, ids for its requests and a clock. Tests inject them; else each is
// its own.
import { randomUUID } from 'node:crypto';
import { ApprovalRegistry } from './approval-registry';

export interface GateBasics {
  readonly registry: ApprovalRegistry;
  readonly newId: () => string;
  readonly now: () => number;
}

/** The injected basics, else a registry of the gate's own, random ids and the clock. */
export function gateBasics(deps: Partial<GateBasics>): GateBasics {
  return {
    registry: deps.registry ?? new ApprovalRegistry(),
    newId: deps.newId ?? (() => randomUUID()),
    now: deps.now ?? (() => Date.now()),
  };
}
