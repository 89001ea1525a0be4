// What a pyright job reads of the project: only files read_file's rules allow
// (confinement/checker-file-rules.ts), with the refused ones kept for the outcome's reason.
import { readFileSync } from 'node:fs';
import { checkableFile } from '../../confinement/checker-file-rules';

export interface PyrightReads {
  /** A project file's text, or null when refused or missing (a refusal is remembered). */
  read(relative: string): string | null;
  /** A new job: what the last one refused is forgotten. */
  reset(): void;
  /** The files the job did not read, and the note on which Python was used, for a reason. */
  note(): { reason?: string };
}

export function createPyrightReads(
  root: string,
  pythonNote: string | null | undefined,
): PyrightReads {
  let refused: string[] = [];
  return {
    read(relative) {
      const verdict = checkableFile(root, relative);
      if (!verdict.ok) {
        if (verdict.rule !== 'missing' && !refused.includes(verdict.reason))
          refused.push(verdict.reason);
        return null;
      }
      try {
        return readFileSync(verdict.absolute, 'utf8');
      } catch {
        return null;
      }
    },
    reset() {
      refused = [];
    },
    note() {
      const said = [refused.length ? `not read: ${refused.join('; ')}` : '', pythonNote ?? ''];
      const reason = said.filter(Boolean).join('; ');
      return reason ? { reason } : {};
    },
  };
}
