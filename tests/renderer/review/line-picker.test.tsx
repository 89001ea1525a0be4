import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ReviewHost } from '../../../src/renderer/src/review/review-host';
import type { ApprovalRequest } from '../../../src/shared/approvals';
import { editRequest, ev, threeHunkRequest } from '../support/agent-events';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const FILLER = Array.from({ length: 18 }, (_, i) => `# line ${i + 1}`);
const TAIL = ['', 'print(tax(10.0))'];

/** A Python change at lines 19–24: indentation is what the reader has to see. */
function pythonRequest(): ApprovalRequest {
  const before = [
    ...FILLER,
    'def tax(income: float) -> float:',
    '    """Tax on income."""',
    '    if income <= 0:',
    '        return 0.0',
    '    return income * 0.2',
    ...TAIL,
  ];
  const after = [...before];
  after[19] = '    """Tax on income, in euros."""';
  after[22] = '    return round(income * 0.25, 2)';
  return editRequest({
    path: 'src/tax.py',
    before: `${before.join('\n')}\n`,
    after: `${after.join('\n')}\n`,
    hunks: [
      {
        id: 'h1',
        oldStart: 19,
        oldLines: 6,
        newStart: 19,
        newLines: 6,
        lines: [
          ' def tax(income: float) -> float:',
          '-    """Tax on income."""',
          '+    """Tax on income, in euros."""',
          '     if income <= 0:',
          '         return 0.0',
          '-    return income * 0.2',
          '+    return round(income * 0.25, 2)',
          ' ',
        ],
      },
    ],
  });
}

async function pickLines(request: ApprovalRequest, hunk: number): Promise<HTMLElement> {
  const fake = createFakeSluice();
  renderWithClient(<ReviewHost />, fake);
  fake.emit('agent', ev.approval(request));
  const section = screen.getByRole('region', { name: `Hunk ${hunk}` });
  await userEvent.click(within(section).getByRole('button', { name: 'Pick lines' }));
  return screen.getByRole('list', { name: `Lines of hunk ${hunk}` });
}

function rowOf(box: HTMLElement): HTMLElement {
  const row = box.closest('li');
  if (!row) throw new Error('a box outside a row');
  return row;
}

/** The row of the line with this number in the new file. */
function rowNumbered(lines: HTMLElement, line: string): HTMLElement {
  const row = within(lines)
    .getAllByRole('listitem')
    .find((item) => item.querySelectorAll('.line-picker-number')[1]?.textContent === line);
  if (!row) throw new Error(`no row for new line ${line}`);
  return row;
}

function codeOf(row: HTMLElement): HTMLElement {
  const code = row.querySelector<HTMLElement>('code');
  if (!code) throw new Error('a row without code');
  return code;
}

// The renderer tests run without the app's stylesheets, so the classes stand for their rules
// in line-picker.css: line-picker-code keeps whitespace (pre-wrap, monospace), and
// line-picker-added / line-picker-removed paint the diff's --added / --removed.
describe('LinePicker', () => {
  it('pick lines - code is the line as written, its indentation kept, in the code cell', async () => {
    const lines = await pickLines(pythonRequest(), 1);
    const codes = [...lines.querySelectorAll<HTMLElement>('code')];
    // No +/- or blank in front: the mark has a column of its own, so indentation lines up.
    expect(codes.map((code) => code.textContent)).toEqual([
      'def tax(income: float) -> float:',
      '    """Tax on income."""',
      '    """Tax on income, in euros."""',
      '    if income <= 0:',
      '        return 0.0',
      '    return income * 0.2',
      '    return round(income * 0.25, 2)',
      '',
    ]);
    for (const code of codes) expect(code).toHaveClass('line-picker-code');
    // Highlighted as the other diff views are, the whitespace kept around the markup.
    const docstring = codeOf(
      rowOf(within(lines).getByRole('checkbox', { name: /^Keep the removal of line 20:/u })),
    );
    expect(docstring.querySelector('.hljs-string')).toHaveTextContent('"""Tax on income."""');
  });

  it('pick lines - rows carry the file line numbers (old and new), not their place in the hunk', async () => {
    const lines = await pickLines(threeHunkRequest(), 2);
    const numbers = within(lines)
      .getAllByRole('listitem')
      .map((row) =>
        [...row.querySelectorAll('.line-picker-number')].map((cell) => cell.textContent),
      );
    expect(numbers).toEqual([
      ['7', '7'],
      ['8', '8'],
      ['9', '9'],
      ['10', ''],
      ['', '10'],
      ['11', '11'],
      ['12', '12'],
      ['13', '13'],
    ]);
  });

  it('pick lines - each box is named by its file line and by what ticking it keeps', async () => {
    const lines = await pickLines(threeHunkRequest(), 2);
    expect(
      within(lines)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual(['Keep the removal of line 10: const b = 2;', 'Keep added line 10: const b = 20;']);
  });

  it('pick lines - added and removed rows carry the diff colour classes and a +/- mark', async () => {
    const lines = await pickLines(pythonRequest(), 1);
    const removed = rowOf(
      within(lines).getByRole('checkbox', { name: /^Keep the removal of line 23:/u }),
    );
    const added = rowOf(within(lines).getByRole('checkbox', { name: /^Keep added line 23:/u }));
    const context = rowNumbered(lines, '21');
    expect(removed).toHaveClass('line-picker-removed');
    expect(added).toHaveClass('line-picker-added');
    expect(context).toHaveClass('line-picker-context');
    expect(context).not.toHaveClass('line-picker-added');
    expect(context).not.toHaveClass('line-picker-removed');
    expect(removed.querySelector('.line-picker-marker')).toHaveTextContent('-');
    expect(added.querySelector('.line-picker-marker')).toHaveTextContent('+');
  });
});
