import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CheckerMemory,
  MEMORY_POLL_MS,
  megabytes,
} from '../../../src/renderer/src/project/checker-memory';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const MB = 1024 * 1024;

afterEach(() => {
  vi.useRealTimers();
});

describe('CheckerMemory', () => {
  it('checkers running - one line naming each with its memory', async () => {
    const fake = createFakeSluice();
    fake.handle('symbols.diagnosticsMemory', () => ({
      services: [
        { language: 'typescript', rssBytes: 182 * MB },
        { language: 'python', rssBytes: 95 * MB },
      ],
    }));
    renderWithClient(<CheckerMemory />, fake);
    expect(await screen.findByTestId('checker-memory')).toHaveTextContent(
      'Type checkers: TypeScript, 182 MB memory · Python, 95 MB memory',
    );
  });

  it('none running, or an older main without the method - nothing shown', async () => {
    const fake = createFakeSluice();
    renderWithClient(<CheckerMemory />, fake);
    await act(async () => undefined);
    expect(fake.callsTo('symbols.diagnosticsMemory')).toEqual([{}]);
    expect(screen.queryByTestId('checker-memory')).toBeNull();

    const older = createFakeSluice();
    older.handle('symbols.diagnosticsMemory', () => {
      throw new Error('Unknown method "symbols.diagnosticsMemory".');
    });
    renderWithClient(<CheckerMemory />, older);
    await act(async () => undefined);
    expect(screen.queryByTestId('checker-memory')).toBeNull();
  });

  it('a checker starting later - appears on the next poll, and goes when it stops', async () => {
    vi.useFakeTimers();
    const fake = createFakeSluice();
    let services: { language: string; rssBytes: number }[] = [];
    fake.handle('symbols.diagnosticsMemory', () => ({ services }));
    renderWithClient(<CheckerMemory />, fake);
    await act(async () => undefined);
    expect(screen.queryByTestId('checker-memory')).toBeNull();
    services = [{ language: 'go', rssBytes: 40 * MB }];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MEMORY_POLL_MS);
    });
    expect(screen.getByTestId('checker-memory')).toHaveTextContent(
      'Type checker: Go, 40 MB memory',
    );
    services = [];
    fake.emit('index.status', {
      files: 1,
      symbols: 1,
      imports: 0,
      indexing: false,
      done: 1,
      total: 1,
    });
    await act(async () => undefined);
    expect(screen.queryByTestId('checker-memory')).toBeNull();
  });

  it('megabytes - binary units, gigabytes past 1024 MB', () => {
    expect(megabytes(182 * MB)).toBe('182 MB');
    expect(megabytes(2.25 * 1024 * MB)).toBe('2.3 GB');
    expect(megabytes(-5)).toBe('0 MB');
  });
});
