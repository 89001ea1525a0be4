// The requests of one kind that wait for the person (file writes, commands, MCP calls): loaded
// once at start (so a reload shows what still waits), added by their request event, and
// dropped on `approval_resolved`, at the end of their turn, or by the caller after a decision.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AgentEvent } from '../../../shared/agent-events';
import { useContractEvent } from '../app/client-context';

export interface Pending<R> {
  conversationId: string;
  turnId: string;
  request: R;
}

/** The events that ask the person something; each carries the request and where it waits. */
type RequestEvent = Extract<
  AgentEvent,
  { type: 'approval_request' | 'command_approval_request' | 'tool_call_approval_request' }
>;

/** The item a request event adds: its request, and where it waits. */
export function pendingOfEvent<E extends RequestEvent>(event: E): Pending<E['request']> {
  return { conversationId: event.conversationId, turnId: event.turnId, request: event.request };
}

/** Main's list of what waits (each request with its conversation and turn beside it) as items. */
export function pendingOfRows<R>(
  rows: readonly (R & { conversationId: string; turnId: string })[],
): Pending<R>[] {
  return rows.map(({ conversationId, turnId, ...request }) => ({
    conversationId,
    turnId,
    request: request as R,
  }));
}

export interface PendingRequests<R> {
  pending: Pending<R>[];
  /** Drops every waiting item `drop` picks (after a decision, or approve-all). */
  removeWhere(drop: (item: Pending<R>) => boolean): void;
  /** Replaces the waiting request `approvalId` by `change(request)`; nothing when it no longer waits. */
  updateRequest(approvalId: string, change: (request: R) => R): void;
}

export function usePendingRequests<R extends { approvalId: string }>(
  /** What waits now (the main process's list). A failure leaves the events to fill the list. */
  load: () => Promise<Pending<R>[]>,
  /** The item a request event adds, or null for every other event. */
  fromEvent: (event: AgentEvent) => Pending<R> | null,
  /** The list is loaded again when this changes (the contract client). */
  source: unknown,
): PendingRequests<R> {
  const [pending, setPending] = useState<Pending<R>[]>([]);
  const add = useCallback(
    (items: Pending<R>[]) =>
      setPending((current) => {
        const known = new Set(current.map((item) => item.request.approvalId));
        const extra = items.filter((item) => !known.has(item.request.approvalId));
        return extra.length === 0 ? current : [...current, ...extra];
      }),
    [],
  );
  // The list loads again when `source` changes, not when the caller passes a new closure.
  const loadLatest = useRef(load);
  useEffect(() => {
    loadLatest.current = load;
  });

  useEffect(() => {
    let live = true;
    loadLatest
      .current()
      .then((items) => {
        if (live) add(items);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [source, add]);

  useContractEvent('agent', (event) => {
    const item = fromEvent(event);
    if (item) add([item]);
    else if (event.type === 'approval_resolved')
      setPending((list) => list.filter((entry) => entry.request.approvalId !== event.approvalId));
    else if (event.type === 'turn_end')
      setPending((list) => list.filter((entry) => entry.turnId !== event.turnId));
  });

  const removeWhere = useCallback(
    (drop: (item: Pending<R>) => boolean) =>
      setPending((list) => list.filter((item) => !drop(item))),
    [],
  );
  const updateRequest = useCallback(
    (approvalId: string, change: (request: R) => R) =>
      setPending((list) =>
        list.some((item) => item.request.approvalId === approvalId)
          ? list.map((item) =>
              item.request.approvalId === approvalId
                ? { ...item, request: change(item.request) }
                : item,
            )
          : list,
      ),
    [],
  );
  return { pending, removeWhere, updateRequest };
}
