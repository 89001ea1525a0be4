import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IndexProgress } from '../../../src/renderer/src/project/index-progress';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const base = { files: 3, symbols: 10, imports: 0, indexing: false, done: 3, total: 3 };
const polling =
  'The OS limit on file watches was reached: watching by polling every 2 s, changes may show late.';
const partial = 'Left out 12,641 files: the limit of 20,000 files was reached.';

describe('IndexProgress', () => {
  it('notices - shown in a status region next to the counts', async () => {
    const fake = createFakeSluice();
    fake.handle('symbols.status', () => ({ ...base, notices: [polling, partial] }));
    renderWithClient(<IndexProgress />, fake);
    const region = await screen.findByRole('status', { name: 'Index notices' });
    expect(within(region).getByText(polling)).toBeVisible();
    expect(within(region).getByText(partial)).toBeVisible();
    expect(screen.getByTestId('index-progress')).toHaveTextContent(
      'Symbol index: 3 files · 10 symbols',
    );
  });

  it('notices - appear and clear with index.status events, also while indexing', async () => {
    const fake = createFakeSluice();
    fake.handle('symbols.status', () => base);
    renderWithClient(<IndexProgress />, fake);
    const region = await screen.findByRole('status', { name: 'Index notices' });
    expect(region).toBeEmptyDOMElement();
    act(() =>
      fake.emit('index.status', {
        ...base,
        indexing: true,
        done: 1,
        total: 3,
        notices: [polling],
      }),
    );
    expect(screen.getByTestId('index-progress')).toHaveTextContent('Indexing symbols: 1/3 files');
    expect(screen.getByRole('status', { name: 'Index notices' })).toHaveTextContent(polling);
    act(() => fake.emit('index.status', base));
    expect(screen.getByRole('status', { name: 'Index notices' })).toBeEmptyDOMElement();
  });
});
