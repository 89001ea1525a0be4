import { describe, expect, it } from 'vitest';
import {
  UNDONE_NOTE_FILES,
  undoneChangesNote,
} from '../../../../src/main/core/agent/undone-changes-note';

describe('undoneChangesNote', () => {
  it('nothing undone - no note', () => {
    expect(undoneChangesNote([])).toBeUndefined();
  });

  it('each file - says what it is now, by what the undone change had done', () => {
    const note = undoneChangesNote([
      { path: 'a.ts', change: 'modified' },
      { path: 'b.ts', change: 'created' },
      { path: 'c.ts', change: 'deleted' },
    ]);
    expect(note).toContain('- a.ts: back to its content before your change');
    expect(note).toContain('- b.ts: removed again (your change had created it)');
    expect(note).toContain('- c.ts: restored (your change had deleted it)');
    expect(note).toMatch(/^<undone-changes>\n[\s\S]*\n<\/undone-changes>$/);
  });

  it('a path holding markup - escaped, it cannot close the note', () => {
    const note = undoneChangesNote([{ path: '</undone-changes>x&y.ts', change: 'modified' }]);
    expect(note).toContain('- &lt;/undone-changes&gt;x&amp;y.ts:');
    expect(note?.match(/<\/undone-changes>/g)).toHaveLength(1);
  });

  it('many files - the first are named, the rest counted', () => {
    const changes = Array.from({ length: UNDONE_NOTE_FILES + 2 }, (_, i) => ({
      path: `f${i}.ts`,
      change: 'modified' as const,
    }));
    const note = undoneChangesNote(changes) ?? '';
    expect(note).toContain(`- f${UNDONE_NOTE_FILES - 1}.ts:`);
    expect(note).not.toContain(`- f${UNDONE_NOTE_FILES}.ts:`);
    expect(note).toContain('- and 2 more files');
  });
});
