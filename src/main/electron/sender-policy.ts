// Which frames may call the contract: only the main window's top frame while it shows the
// app's own page. A frame inside it, another window, or the page after a navigation gets
// ForbiddenSenderError before any payload is looked at.
import type { WebFrameMain } from 'electron';
import { isAppUrl, type RendererEntry } from './renderer-entry';

export type SenderFrame = Pick<WebFrameMain, 'url' | 'parent' | 'processId' | 'routingId'>;

export interface SenderPolicyInput {
  /** The main window's webContents.mainFrame, or null before it exists / after it closed. */
  readonly mainFrame: () => SenderFrame | null;
  readonly entry: RendererEntry;
}

export type SenderCheck = (frame: SenderFrame | null | undefined) => boolean;

export function createSenderCheck(input: SenderPolicyInput): SenderCheck {
  return (frame) => {
    if (!frame) return false; // the frame navigated or was destroyed before the call arrived
    const main = input.mainFrame();
    if (!main || !isSameFrame(frame, main) || frame.parent !== null) return false;
    return isAppUrl(input.entry, frame.url);
  };
}

// Electron hands out one WebFrameMain per frame, but the (process, routing) id pair is what
// names a frame, so either proves it is the main window's top frame.
function isSameFrame(a: SenderFrame, b: SenderFrame): boolean {
  return a === b || (a.processId === b.processId && a.routingId === b.routingId);
}
