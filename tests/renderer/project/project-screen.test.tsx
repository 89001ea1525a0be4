import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import { ev } from '../support/agent-events';
import { createFakeSluice, sampleProject } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

function noProjectYet() {
  const fake = createFakeSluice();
  fake.handle('project.current', () => null);
  fake.handle('project.open', ({ path }) => ({
    ...sampleProject,
    root: path,
    name: path.split('/').pop() ?? path,
  }));
  return fake;
}

describe('ProjectScreen', () => {
  it('Open folder - uses the native dialog, then opens the picked folder', async () => {
    const fake = noProjectYet();
    fake.handle('project.pickFolder', () => ({ path: '/home/me/picked' }));
    renderWithClient(<App />, fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Open folder…' }));
    await waitFor(() =>
      expect(fake.callsTo('project.open')).toEqual([{ path: '/home/me/picked' }]),
    );
    expect(await screen.findByRole('button', { name: 'picked' })).toBeInTheDocument();
  });

  it('dialog cancelled - opens nothing', async () => {
    const fake = noProjectYet();
    fake.handle('project.pickFolder', () => ({ path: null }));
    renderWithClient(<App />, fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Open folder…' }));
    await waitFor(() => expect(fake.callsTo('project.pickFolder')).toHaveLength(1));
    expect(fake.callsTo('project.open')).toEqual([]);
  });

  it('browser mode - the dialog errors, the message points to the path field, which opens', async () => {
    const fake = noProjectYet();
    fake.handle('project.pickFolder', () => {
      throw new Error('No folder dialog in browser mode.');
    });
    renderWithClient(<App />, fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Open folder…' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Type the folder's path/);
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Or type a folder path' }),
      '/srv/code/site{Enter}',
    );
    await waitFor(() => expect(fake.callsTo('project.open')).toEqual([{ path: '/srv/code/site' }]));
  });

  it('open fails - shows why and stays on the screen', async () => {
    const fake = noProjectYet();
    fake.handle('project.open', () => {
      throw new Error('Not a directory: /nope');
    });
    renderWithClient(<App />, fake);
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Or type a folder path' }),
      '/nope{Enter}',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Not a directory: /nope');
    expect(screen.getByRole('button', { name: 'Open folder…' })).toBeInTheDocument();
  });

  it('recent projects - listed, a click opens that root', async () => {
    const fake = noProjectYet();
    fake.handle('project.recent', () => [
      { id: 'r1', root: '/home/me/alpha', name: 'alpha', lastOpenedAt: 2 },
      { id: 'r2', root: '/home/me/beta', name: 'beta', lastOpenedAt: 1 },
    ]);
    renderWithClient(<App />, fake);
    const recent = await screen.findByRole('region', { name: 'Recent projects' });
    expect(recent).toHaveTextContent('/home/me/alpha');
    await userEvent.click(screen.getByRole('button', { name: /beta/ }));
    await waitFor(() => expect(fake.callsTo('project.open')).toEqual([{ path: '/home/me/beta' }]));
  });

  it('file tree - lists the root, expands a directory through project.tree, a file click mentions it', async () => {
    const fake = createFakeSluice();
    fake.handle('project.tree', ({ dir }) =>
      dir === ''
        ? {
            entries: [
              { path: 'src', name: 'src', type: 'dir' },
              { path: 'README.md', name: 'README.md', type: 'file', size: 10 },
            ],
            truncated: false,
          }
        : {
            entries: [{ path: 'src/app.ts', name: 'app.ts', type: 'file', size: 5 }],
            truncated: true,
          },
    );
    renderWithClient(<App />, fake);
    const tree = await screen.findByRole('navigation', { name: 'Files' });
    await userEvent.click(await screen.findByRole('button', { name: /src/ }));
    expect(await screen.findByRole('button', { name: /app\.ts/ })).toBeInTheDocument();
    expect(tree).toHaveTextContent('more entries not shown');
    expect(fake.callsTo('project.tree')).toEqual([{ dir: '' }, { dir: 'src' }]);
    await userEvent.click(screen.getByRole('button', { name: /app\.ts/ }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('@src/app.ts ');
  });

  it('file tree - a file a command just created appears; a read does not re-list', async () => {
    const fake = createFakeSluice();
    let made = false;
    fake.handle('project.tree', () => ({
      entries: [
        { path: 'README.md', name: 'README.md', type: 'file' as const, size: 10 },
        ...(made ? [{ path: 'made.txt', name: 'made.txt', type: 'file' as const, size: 3 }] : []),
      ],
      truncated: false,
    }));
    renderWithClient(<App />, fake);
    await screen.findByRole('button', { name: /README\.md/ });
    act(() => fake.emit('agent', ev.toolEnd('u1', 'ok', 'read', 'read_file')));
    expect(fake.callsTo('project.tree')).toHaveLength(1);
    made = true;
    act(() => fake.emit('agent', ev.toolEnd('u2', 'ok', 'exit code 0', 'run_command')));
    expect(await screen.findByRole('button', { name: /made\.txt/ })).toBeInTheDocument();
  });

  it('indexing progress - follows index.status events', async () => {
    const fake = createFakeSluice();
    renderWithClient(<App />, fake);
    expect(await screen.findByTestId('index-progress')).toHaveTextContent(
      'Symbol index: 3 files · 10 symbols',
    );
    fake.emit('index.status', {
      files: 3,
      symbols: 10,
      imports: 0,
      indexing: true,
      done: 40,
      total: 120,
    });
    expect(screen.getByTestId('index-progress')).toHaveTextContent(
      'Indexing symbols: 40/120 files',
    );
    fake.emit('index.status', {
      files: 120,
      symbols: 900,
      imports: 300,
      indexing: false,
      done: 120,
      total: 120,
    });
    expect(screen.getByTestId('index-progress')).toHaveTextContent(
      'Symbol index: 120 files · 900 symbols',
    );
  });
});
