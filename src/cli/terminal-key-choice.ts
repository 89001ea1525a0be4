// A choice question answered by one key on a terminal in raw mode: the key is echoed as the
// word it stands for ("y → yes"), Enter takes the question's default when it has one, a word
// and Enter that arrive in one piece (a script on a pseudo-terminal) answer as that word, and
// any other key gets a short hint with the question asked again: nothing is decided by a key
// that is not one of the answers.
import type { KeyReader } from './key-reader';

/** One answer of a choice question: the key, and the word it is echoed as. */
export interface Choice {
  readonly key: string;
  readonly word: string;
}

export type KeyChoice =
  | { readonly kind: 'key'; readonly key: string }
  | { readonly kind: 'end' }
  | { readonly kind: 'interrupt' };

export interface KeyQuestion {
  out(text: string): void;
  /** Said again after a hint. */
  readonly question: string;
  readonly choices: readonly Choice[];
  /** The key Enter stands for; none: Enter is not an answer. */
  readonly defaultKey?: string | undefined;
}

/** "y, n or q". */
function keyList(choices: readonly Choice[]): string {
  const keys = choices.map((c) => c.key);
  return keys.length > 1 ? `${keys.slice(0, -1).join(', ')} or ${keys.at(-1)}` : keys.join('');
}

/** A word and Enter sent in one piece ("yes⏎"): the choice it names by key or first word. */
function byWord(choices: readonly Choice[], text: string): Choice | undefined {
  const word = text.trim().toLowerCase();
  return choices.find((c) => c.key === word || c.word.split(/[\s,]/u)[0] === word);
}

export async function chooseKey(keys: KeyReader, ask: KeyQuestion): Promise<KeyChoice> {
  const { choices, defaultKey } = ask;
  const fallback = choices.find((c) => c.key === defaultKey);
  for (;;) {
    const press = await keys.next();
    if (press.kind === 'end' || press.kind === 'interrupt') {
      ask.out('\n');
      return press;
    }
    const chosen =
      press.kind === 'key'
        ? choices.find((c) => c.key === press.key.toLowerCase())
        : press.kind === 'line'
          ? byWord(choices, press.text)
          : press.kind === 'enter'
            ? fallback
            : undefined;
    if (chosen) {
      ask.out(`${chosen.key} → ${chosen.word}\n`);
      return { kind: 'key', key: chosen.key };
    }
    const enter = fallback ? `, Enter for ${fallback.word}` : '';
    ask.out(`\nPress ${keyList(choices)} (one key, no Enter needed${enter}).\n${ask.question}`);
  }
}
