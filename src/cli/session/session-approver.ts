// The terminal review inside the session: every question (a write, a command, an MCP call,
// a plan) is asked by the same terminal review `sluice ask` uses, with the session's screen
// stepped aside while it runs. A check that finishes while no question waits is printed in
// the session instead of over its screen.
import type { TerminalApprover } from '../terminal-approval';
import type { SessionScreen } from './session-screen';
import type { SessionStore } from './session-store';

export function screenApprover(
  inner: TerminalApprover,
  screen: Pick<SessionScreen, 'beginReview' | 'endReview' | 'reviewing'>,
  store: Pick<SessionStore, 'say'>,
): TerminalApprover {
  const during = async <T>(run: () => Promise<T>): Promise<T> => {
    await screen.beginReview();
    try {
      return await run();
    } finally {
      screen.endReview();
    }
  };
  const { askCommand, askToolCall, askPlan } = inner;
  return {
    ask: (request, context) => during(() => inner.ask(request, context)),
    ...(askCommand
      ? { askCommand: (request) => during(() => askCommand.call(inner, request)) }
      : {}),
    ...(askToolCall
      ? { askToolCall: (request) => during(() => askToolCall.call(inner, request)) }
      : {}),
    ...(askPlan ? { askPlan: (request) => during(() => askPlan.call(inner, request)) } : {}),
    interject(text) {
      if (screen.reviewing && inner.interject) inner.interject(text);
      else store.say(text);
    },
    close: () => inner.close(),
  };
}
