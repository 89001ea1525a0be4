import { describe, expect, it } from 'vitest';
import { selectedLinesText } from '../../src/shared/line-selection';
import { allLineKeys, linesOfSelectors } from '../../src/shared/hunk-selection';
import { threeHunkRequest, threeHunkText } from '../renderer/support/agent-events';

const three = threeHunkRequest();

function written(
  request: Parameters<typeof selectedLinesText>[0],
  selectors: string[],
): string | null {
  const read = linesOfSelectors(request.hunks, selectors);
  if ('unknown' in read) throw new Error(`unknown ${read.unknown.join()}`);
  return selectedLinesText(request, read.keys);
}

describe('selectedLinesText', () => {
  it('whole hunks - only the ticked hunks change the base', () => {
    expect(written(three, ['h3'])).toBe(threeHunkText([3]));
    expect(written(three, ['h1', 'h3'])).toBe(threeHunkText([1, 3]));
  });

  it('all and nothing - the proposal and the base', () => {
    expect(selectedLinesText(three, allLineKeys(three.hunks))).toBe(three.after);
    expect(selectedLinesText(three, new Set())).toBe(three.before);
  });

  it('a split change and a single line - exactly those lines', () => {
    const request = {
      before: 'a\nb\nc\nd\ne\nf\n',
      after: 'A\nb\nc\nd\nE\nf\n',
      hunks: [
        {
          id: 'h1',
          oldStart: 1,
          oldLines: 6,
          newStart: 1,
          newLines: 6,
          lines: ['-a', '+A', ' b', ' c', ' d', '-e', '+E', ' f'],
        },
      ],
    };
    expect(written(request, ['h1.2'])).toBe('a\nb\nc\nd\nE\nf\n');
    // The added line alone: the removed one stays.
    expect(written(request, ['h1@2'])).toBe('a\nA\nb\nc\nd\ne\nf\n');
  });

  it('a selection that would join two lines - null, as main refuses it', () => {
    const request = {
      before: 'x\ny',
      after: 'x\ny\nz',
      hunks: [
        {
          id: 'h1',
          oldStart: 1,
          oldLines: 2,
          newStart: 1,
          newLines: 3,
          lines: [
            ' x',
            '-y',
            '\\ No newline at end of file',
            '+y',
            '+z',
            '\\ No newline at end of file',
          ],
        },
      ],
    };
    expect(written(request, ['h1@5'])).toBeNull();
    expect(written(request, ['h1@2', 'h1@4'])).toBe('x\ny\n');
  });
});
