// The terminal's rows and columns as Ink draws to it, kept current across resizes (a stream that
// is not a terminal, as in tests, reads as 24 × 80).
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface TerminalSize {
  readonly rows: number;
  readonly columns: number;
}

function sizeOf(stdout: NodeJS.WriteStream): TerminalSize {
  return { rows: stdout.rows || 24, columns: stdout.columns || 80 };
}

export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => sizeOf(stdout));
  useEffect(() => {
    const resized = () => setSize(sizeOf(stdout));
    stdout.on('resize', resized);
    return () => {
      stdout.off('resize', resized);
    };
  }, [stdout]);
  return size;
}
