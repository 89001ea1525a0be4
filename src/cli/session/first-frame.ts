// The session's prompt on the screen before the screen's code has loaded: the renderer and the
// project engine take a while to load on a cold or busy machine, so the prompt box is drawn at
// once with plain escape codes, and what the person types meanwhile is kept. The real screen
// erases this frame as it first draws, and starts with the typed text in its prompt.

export interface FirstFrame {
  /** The keys typed since the frame was drawn; stops keeping them. */
  takeTyped(): string;
  /** Erases the frame (the real screen is about to draw, or the session did not start). */
  erase(): void;
  /** Puts the terminal back as it was, when the session ends before its screen showed. */
  release(): void;
}

interface FrameStreams {
  readonly stdin: NodeJS.ReadStream;
  readonly stdout: NodeJS.WriteStream;
}

const PLACEHOLDER = 'Ask Claude… (/ for commands, @ for files)';

/** The frame's lines, as wide as the terminal: the prompt box and a line saying it is starting. */
export function firstFrameLines(columns: number): string[] {
  const width = Math.max(20, columns);
  const inner = width - 2;
  const text = ` >  ${PLACEHOLDER}`.slice(0, inner - 1).padEnd(inner);
  return [
    `\u001b[36m╭${'─'.repeat(inner)}╮\u001b[39m`,
    `\u001b[36m│\u001b[39m\u001b[2m${text}\u001b[22m\u001b[36m│\u001b[39m`,
    `\u001b[36m╰${'─'.repeat(inner)}╯\u001b[39m`,
    '\u001b[2m Starting Sluice… you can type already\u001b[22m',
  ];
}

export function drawFirstFrame(streams: FrameStreams): FirstFrame {
  const { stdin, stdout } = streams;
  const lines = firstFrameLines(stdout.columns || 80);
  stdout.write(`${lines.join('\n')}\n`);
  let typed = '';
  let keeping = true;
  let erased = false;
  const keep = (chunk: Buffer | string) => {
    typed += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  };
  const raw = stdin.isTTY && typeof stdin.setRawMode === 'function';
  if (raw) stdin.setRawMode(true);
  stdin.on('data', keep);
  const stopKeeping = (): void => {
    if (!keeping) return;
    keeping = false;
    // Not paused: the screen reads on from here (a paused stdin would let the process end).
    stdin.off('data', keep);
  };
  return {
    takeTyped() {
      stopKeeping();
      return typed;
    },
    erase() {
      if (erased) return;
      erased = true;
      // To the first line of the frame, then clear everything below it.
      stdout.write(`\u001b[${lines.length}F\u001b[J`);
    },
    release() {
      stopKeeping();
      if (raw) stdin.setRawMode(false);
    },
  };
}

/**
 * What the typed keys give the prompt: the text of the first line (Backspace applied, escape
 * sequences and control characters dropped), and whether Enter was pressed after it.
 */
export function typedText(typed: string): { text: string; send: boolean } {
  // eslint-disable-next-line no-control-regex -- escape sequences are what this removes
  const clean = typed.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b./gu, '');
  const chars: string[] = [];
  for (const char of clean) {
    if (char === '\r' || char === '\n') {
      const text = chars.join('');
      return { text, send: text.trim() !== '' };
    }
    if (char === '\u007f' || char === '\b') chars.pop();
    else if (char >= ' ') chars.push(char);
  }
  return { text: chars.join(''), send: false };
}
