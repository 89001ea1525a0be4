// The prompt's keys from Ink's input: the terminal is raw while the prompt is active, and each
// piece Ink reads is decoded by prompt-keys.ts (Ink's useInput is not used: its key parser
// fails on some pasted sequences and reads several Backspace bytes as text).
import { useStdin } from 'ink';
import { useEffect, useRef } from 'react';
import { promptKeys, type PromptKey } from './prompt-keys';

export function usePromptKeys(onKey: (key: PromptKey) => void, active: boolean): void {
  // Ink hands every piece it reads to this emitter (Ctrl+C too: the session renders Ink with
  // exitOnCtrlC off).
  const { setRawMode, internal_eventEmitter: pieces } = useStdin();
  // Keys of one piece are handled in order by the handler of the latest render.
  const handler = useRef(onKey);
  handler.current = onKey;

  useEffect(() => {
    if (!active) return;
    setRawMode(true);
    return () => setRawMode(false);
  }, [active, setRawMode]);

  useEffect(() => {
    if (!active) return;
    const onPiece = (piece: unknown): void => {
      if (typeof piece !== 'string') return;
      for (const key of promptKeys(piece)) handler.current(key);
    };
    pieces.on('input', onPiece);
    return () => void pieces.off('input', onPiece);
  }, [active, pieces]);
}
