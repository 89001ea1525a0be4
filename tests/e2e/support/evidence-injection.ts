// Evidence the e2e test decides, on the real browser-mode socket. The page talks to the real
// `sluice serve` through Playwright's WebSocket routing; only the evidence in what the server
// sends is replaced: the `evidence` of approval requests, of `proposals.get` answers and the
// answer of `proposals.recheck` (held until the test releases it, so "Re-checking…" can be
// seen). The server's own `approval_evidence` events are dropped and the test sends its own.
// The running checkers' memory (`symbols.diagnosticsMemory`) can be set the same way.
// So the review screens are checked in Chromium whatever checker (or none) the server has:
// a slow cold check on a busy machine cannot race the test's evidence.
import type { Page, WebSocketRoute } from 'playwright-core';
import type { DiagnosticsMemoryView } from '../../../src/shared/contract';
import type { ProposalEvidence } from '../../../src/shared/diagnostics';

export interface SeenApproval {
  conversationId: string;
  turnId: string;
  approvalId: string;
}

export interface EvidenceInjection {
  /** Put on every approval request the page receives; null leaves the server's. */
  approval: ProposalEvidence | null;
  /** Put on every change set the page loads, and answered to a re-check; null: the server's. */
  changeSet: ProposalEvidence | null;
  /** The answer to `symbols.diagnosticsMemory`; null: the server's. */
  memory: DiagnosticsMemoryView | null;
  /** The approval requests the page received, oldest first. */
  readonly approvals: SeenApproval[];
  /** The change sets whose re-check the page asked for. */
  readonly rechecks: string[];
  /** Sends an agent event to the page as the server would. */
  sendAgentEvent(payload: Record<string, unknown>): void;
  /** Answers every held re-check with `changeSet`. */
  releaseRechecks(): void;
}

type Frame = Record<string, unknown>;

function parse(message: string | Buffer): Frame | null {
  try {
    const value: unknown = JSON.parse(typeof message === 'string' ? message : message.toString());
    return typeof value === 'object' && value !== null ? (value as Frame) : null;
  } catch {
    return null;
  }
}

/** Routes the page's WebSockets; call before the page loads the app. */
export async function injectEvidence(page: Page): Promise<EvidenceInjection> {
  const sockets = new Set<WebSocketRoute>();
  const channels = new Map<number, string>();
  const held: number[] = [];
  // A release that came before the server's answer (a slow re-check on a loaded machine) lets
  // that answer through when it arrives, instead of holding it forever.
  let releasedEarly = false;
  const injection: EvidenceInjection = {
    approval: null,
    changeSet: null,
    memory: null,
    approvals: [],
    rechecks: [],
    sendAgentEvent(payload) {
      for (const socket of sockets) socket.send(JSON.stringify({ event: 'agent', payload }));
    },
    releaseRechecks() {
      if (held.length === 0) releasedEarly = true;
      for (const id of held.splice(0)) {
        for (const socket of sockets)
          socket.send(JSON.stringify({ id, result: { ok: true, value: injection.changeSet } }));
      }
    },
  };

  const fromServer = (socket: WebSocketRoute, message: string | Buffer) => {
    const frame = parse(message);
    if (!frame) return socket.send(message);
    if (frame.event === 'agent') {
      const payload = frame.payload as Frame;
      if (payload.type === 'approval_evidence') return undefined;
      if (payload.type === 'approval_request') {
        const request = payload.request as Frame;
        injection.approvals.push({
          conversationId: String(payload.conversationId),
          turnId: String(payload.turnId),
          approvalId: String(request.approvalId),
        });
        if (injection.approval) request.evidence = injection.approval;
        return socket.send(JSON.stringify(frame));
      }
    }
    if (typeof frame.id === 'number' && channels.has(frame.id)) {
      const channel = channels.get(frame.id);
      channels.delete(frame.id);
      const result = frame.result as Frame;
      if (channel === 'proposals.recheck' && injection.changeSet) {
        if (!releasedEarly) {
          held.push(frame.id);
          return undefined;
        }
        releasedEarly = false;
        return socket.send(
          JSON.stringify({ id: frame.id, result: { ok: true, value: injection.changeSet } }),
        );
      }
      if (channel === 'approvals.pending' && injection.approval && result.ok) {
        for (const request of result.value as Frame[]) request.evidence = injection.approval;
      }
      if (channel === 'symbols.diagnosticsMemory' && injection.memory)
        return socket.send(
          JSON.stringify({ id: frame.id, result: { ok: true, value: injection.memory } }),
        );
      if (channel === 'proposals.get' && injection.changeSet && result.ok)
        (result.value as Frame).evidence = injection.changeSet;
      return socket.send(JSON.stringify(frame));
    }
    return socket.send(message);
  };

  await page.routeWebSocket(/.*/u, (socket) => {
    sockets.add(socket);
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      const frame = parse(message);
      if (frame && typeof frame.id === 'number' && typeof frame.channel === 'string') {
        const payload = frame.payload as Frame | undefined;
        channels.set(frame.id, frame.channel);
        if (frame.channel === 'proposals.recheck') injection.rechecks.push(String(payload?.id));
      }
      server.send(message);
    });
    server.onMessage((message) => fromServer(socket, message));
    // With an onClose handler Playwright no longer closes the other side itself.
    socket.onClose((code, reason) => {
      sockets.delete(socket);
      void server.close({ ...(code !== undefined ? { code } : {}), ...(reason ? { reason } : {}) });
    });
  });
  return injection;
}
