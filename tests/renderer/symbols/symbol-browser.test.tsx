import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/renderer/src/app/app';
import type { SymbolDefinition } from '../../../src/shared/contract';
import { createFakeSluice } from '../support/fake-sluice';
import { renderWithClient } from '../support/render-with-client';

const startServer: SymbolDefinition = {
  name: 'startServer',
  kind: 'function',
  path: 'src/server.ts',
  line: 3,
  column: 0,
  exported: true,
  signature: 'function startServer(port: number): void',
};
const Server: SymbolDefinition = {
  ...startServer,
  name: 'Server',
  kind: 'class',
  line: 9,
  signature: 'class Server',
};

const serverSource = [
  'import { x } from "./x";',
  '',
  'export function startServer(port: number) {',
  '  return port;',
  '}',
].join('\n');

function fakeWithIndex() {
  const fake = createFakeSluice();
  fake.handle('symbols.search', ({ query, kind }) =>
    [startServer, Server].filter(
      (symbol) =>
        symbol.name.toLowerCase().includes(query.toLowerCase()) && (!kind || symbol.kind === kind),
    ),
  );
  fake.handle('project.readFile', ({ path }) => ({
    path,
    content:
      path === 'src/server.ts'
        ? serverSource
        : 'import { startServer } from "./server";\nstartServer(80);\n',
    truncated: false,
    binary: false,
  }));
  fake.handle('symbols.importers', () => ({
    importers: [{ path: 'src/main.ts', line: 1, specifier: './server', typeOnly: false, via: [] }],
  }));
  return fake;
}

async function openSymbols() {
  const fake = fakeWithIndex();
  renderWithClient(<App />, fake);
  await userEvent.click(await screen.findByRole('tab', { name: 'Symbols' }));
  return fake;
}

describe('SymbolBrowser', () => {
  it('search with kind filter - results show kind, file and line', async () => {
    const fake = await openSymbols();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search symbols' }), 'serv');
    const results = screen.getByRole('list', { name: 'Symbol results' });
    await waitFor(() => expect(within(results).getAllByRole('button')).toHaveLength(2));
    expect(results).toHaveTextContent('functionstartServersrc/server.ts:3');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'class');
    await waitFor(() => expect(within(results).getAllByRole('button')).toHaveLength(1));
    expect(results).toHaveTextContent('Server');
    expect(fake.callsTo('symbols.search').at(-1)).toEqual({
      query: 'serv',
      kind: 'class',
      limit: 100,
    });
  });

  it('preview - highlighted source around the definition, importers clickable', async () => {
    const fake = await openSymbols();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search symbols' }), 'startServer');
    await userEvent.click(await screen.findByRole('button', { name: /startServer/ }));
    const preview = await screen.findByRole('region', { name: 'Definition preview' });
    await waitFor(() =>
      expect(within(preview).getByTestId('code-view')).toHaveTextContent(
        'export function startServer',
      ),
    );
    expect(preview.querySelector('.hljs-keyword')).not.toBeNull();
    expect(preview.querySelector('.code-gutter .marked')).toHaveTextContent('3');
    expect(fake.callsTo('symbols.importers')).toEqual([{ target: 'src/server.ts#startServer' }]);
    await userEvent.click(await within(preview).findByRole('button', { name: 'src/main.ts:1' }));
    await waitFor(() =>
      expect(fake.callsTo('project.readFile').at(-1)).toEqual({ path: 'src/main.ts' }),
    );
    expect(await screen.findByText('src/main.ts:1', { selector: 'div' })).toBeInTheDocument();
  });

  it('Ask about this - puts an @symbol mention into the chat input and sends it', async () => {
    const fake = await openSymbols();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search symbols' }), 'startServer');
    await userEvent.click(await screen.findByRole('button', { name: /startServer/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ask about this' }));
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(input).toHaveValue('@startServer ');
    await userEvent.type(input, 'what calls it?{Enter}');
    await waitFor(() =>
      expect(fake.callsTo('agent.send')).toEqual([
        {
          text: '@startServer what calls it?',
          mentions: [{ type: 'symbol', value: 'src/server.ts#startServer' }],
        },
      ]),
    );
  });
  it('while the index is being built - searches what is indexed so far, says so, and searches again when it ends', async () => {
    const fake = fakeWithIndex();
    let indexed = [startServer];
    fake.handle('symbols.status', () => ({
      files: 1,
      symbols: 1,
      imports: 0,
      indexing: true,
      done: 1,
      total: 2,
    }));
    fake.handle('symbols.search', () => indexed);
    renderWithClient(<App />, fake);
    await userEvent.click(await screen.findByRole('tab', { name: 'Symbols' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search symbols' }), 'serv');
    const results = screen.getByRole('list', { name: 'Symbol results' });
    await waitFor(() => expect(within(results).getAllByRole('button')).toHaveLength(1));
    expect(screen.getByRole('status', { name: 'Symbol search status' })).toHaveTextContent(
      'The index is still being built (1/2 files): these are the results so far.',
    );
    const searches = fake.callsTo('symbols.search').length;
    indexed = [startServer, Server];
    fake.emit('index.status', {
      files: 2,
      symbols: 2,
      imports: 0,
      indexing: false,
      done: 0,
      total: 0,
    });
    await waitFor(() => expect(within(results).getAllByRole('button')).toHaveLength(2));
    expect(fake.callsTo('symbols.search').length).toBe(searches + 1);
    expect(screen.queryByRole('status', { name: 'Symbol search status' })).toBeNull();
  });
});
