// One proposal's check on pyright, against a recording connection: what pyright is told and
// asked, in order. A change to any open document makes pyright start its type evaluation over,
// so the importers' errors are asked only once every document is open, and together.
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { describe, expect, it } from 'vitest';
import { runPyrightCheck } from '../../../../../src/main/core/diagnostics/python/pyright-check-job';
import { createPyrightDiskSide } from '../../../../../src/main/core/diagnostics/python/pyright-disk-side';
import type { Diagnostic } from '../../../../../src/shared/diagnostics';

const SHAPES = 'def area(width: int, height: int) -> int:\n    return width * height\n';
const PROPOSED = 'def area(width: int) -> int:\n    return width\n';
const DISK: Record<string, string> = {
  'shapes.py': SHAPES,
  'a.py': 'from shapes import area\narea(1, 2)\n',
  'b.py': 'from shapes import area\nprint(area(3, 4))\n',
};

const error = (file: string, message: string): Diagnostic => ({
  path: file,
  line: 2,
  column: 1,
  code: 'reportCallIssue',
  message,
  lineText: '',
  source: 'pyright',
});

/** A connection that records every notification and pull, and holds the pulls until asked. */
function recording() {
  const log: string[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const held: (() => void)[] = [];
  const connection = {
    sendNotification: (method: string, params: { textDocument: { uri: string } }) => {
      log.push(`${method} ${params.textDocument.uri}`);
      return Promise.resolve();
    },
  } as unknown as MessageConnection;
  const pull = (file: string, text: string): Promise<Diagnostic[]> => {
    log.push(`pull ${file}`);
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    return new Promise((resolve) => {
      held.push(() => {
        inFlight--;
        resolve(text === PROPOSED || text === DISK[file] ? [] : [error(file, text)]);
      });
      // Answered after the current turn: a pull asked meanwhile is in flight with it.
      setImmediate(() => held.shift()?.());
    });
  };
  return { connection, log, pull, mostInFlight: () => mostInFlight };
}

async function checkWithKnownBefores() {
  const disk = createPyrightDiskSide('/nowhere');
  for (const [file, text] of Object.entries(DISK)) disk.remember(file, text, []);
  const { connection, log, pull, mostInFlight } = recording();
  const shown: number[] = [];
  const result = await runPyrightCheck({
    connection,
    changes: [{ path: 'shapes.py', after: PROPOSED }],
    disk,
    uriOf: (file) => file,
    readDisk: (file) => DISK[file] ?? null,
    pull,
    importersOf: () => (file) => (file === 'shapes.py' ? ['a.py', 'b.py'] : []),
    onChangedFiles: () => shown.push(log.length),
  });
  return { result, log, shown, mostInFlight: mostInFlight() };
}

describe('pyright check job', () => {
  it('runPyrightCheck - the changed module is pulled before any importer is opened; the importers share their pulls', async () => {
    const { log, result } = await checkWithKnownBefores();
    const isChange = (line: string): boolean =>
      line.startsWith('textDocument/didOpen') || line.startsWith('textDocument/didChange');
    // The changed module is shown (opened, then changed) and pulled first, with nothing else open.
    expect(log.slice(0, 3)).toEqual([
      'textDocument/didOpen shapes.py',
      'textDocument/didChange shapes.py',
      'pull shapes.py',
    ]);
    // Then both importers are opened, and nothing changes between their pulls.
    const firstImporterPull = log.findIndex((line) => line === 'pull a.py' || line === 'pull b.py');
    const lastChange = log.findLastIndex(isChange);
    expect(log.slice(3, firstImporterPull).filter(isChange).sort()).toEqual([
      'textDocument/didChange a.py',
      'textDocument/didChange b.py',
      'textDocument/didOpen a.py',
      'textDocument/didOpen b.py',
    ]);
    expect(lastChange).toBeLessThan(firstImporterPull);
    expect(result.filesChecked).toBe(3);
    // Every document opened is closed again: pyright is back to the disk.
    expect(log.filter((line) => line.startsWith('textDocument/didClose')).sort()).toEqual([
      'textDocument/didClose a.py',
      'textDocument/didClose b.py',
      'textDocument/didClose shapes.py',
    ]);
  });

  it('runPyrightCheck - asks the importers together once the changed module has answered', async () => {
    const { log, shown, mostInFlight } = await checkWithKnownBefores();
    expect(mostInFlight).toBe(2);
    // The changed module's errors are said before any importer is asked.
    expect(shown).toHaveLength(1);
    expect(log.slice(0, shown[0])).not.toContain('pull a.py');
    expect(log.slice(0, shown[0])).toContain('pull shapes.py');
  });

  it("runPyrightCheck - an importer's unknown errors on disk are pulled with the changed module as on disk, together", async () => {
    const disk = createPyrightDiskSide('/nowhere');
    disk.remember('shapes.py', SHAPES, []);
    const { connection, log, pull, mostInFlight } = recording();
    const result = await runPyrightCheck({
      connection,
      changes: [{ path: 'shapes.py', after: PROPOSED }],
      disk,
      uriOf: (file) => file,
      readDisk: (file) => DISK[file] ?? null,
      pull,
      importersOf: () => (file) => (file === 'shapes.py' ? ['a.py', 'b.py'] : []),
    });
    // shapes.py shown as proposed, pulled; then as on disk again for the importers' "before".
    const changes = log.filter((line) => line.startsWith('textDocument/didChange shapes.py'));
    expect(changes).toHaveLength(3);
    expect(disk.before('a.py', DISK['a.py'] ?? '')).toEqual([]);
    expect(disk.before('b.py', DISK['b.py'] ?? '')).toEqual([]);
    expect(mostInFlight()).toBe(2);
    expect(result.before).toEqual([]);
    expect(result.after).toEqual([]);
  });
});
