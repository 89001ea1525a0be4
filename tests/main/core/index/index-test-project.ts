// Test support: copies a fixture (or writes files) into a real temp folder and opens a
// Workspace and SymbolIndex on it; and a TypeScript language service over the same files,
// the reference the index is checked against.
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { SymbolIndex, type SymbolIndexOptions } from '../../../../src/main/core/index/symbol-index';

export const FIXTURES = path.resolve(__dirname, '../../../fixtures/index');

export interface TestProject {
  readonly dir: string;
  readonly home: string;
  readonly workspace: Workspace;
  write(relative: string, text: string): void;
  openIndex(options?: Partial<SymbolIndexOptions>): SymbolIndex;
  cleanup(): void;
}

export async function makeProject(files: Record<string, string> | string): Promise<TestProject> {
  const base = mkdtempSync(path.join(os.tmpdir(), 'sluice-index-'));
  const dir = path.join(base, 'project');
  const home = path.join(base, 'home');
  mkdirSync(dir, { recursive: true });
  if (typeof files === 'string') cpSync(path.join(FIXTURES, files), dir, { recursive: true });
  else for (const [relative, text] of Object.entries(files)) writeAt(dir, relative, text);
  const workspace = await Workspace.open(dir);
  const opened: SymbolIndex[] = [];
  return {
    dir: workspace.root,
    home,
    workspace,
    write: (relative, text) => writeAt(workspace.root, relative, text),
    openIndex(options = {}) {
      // Fixture projects are a few files: parsed in-process, no workers to start.
      const index = SymbolIndex.open({
        source: workspace,
        home,
        prestartWorkers: false,
        ...options,
      });
      opened.push(index);
      return index;
    },
    cleanup() {
      for (const index of opened) void index.close();
      rmSync(base, { recursive: true, force: true });
    },
  };
}

function writeAt(dir: string, relative: string, text: string): void {
  const file = path.join(dir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

export interface LanguageServiceDefinition {
  readonly path: string;
  readonly line: number;
  readonly column: number;
}

/** A language service over every .ts/.tsx/.js… file of a folder, with its tsconfig's options. */
export function createReferenceService(dir: string, files: readonly string[]) {
  const configPath = ts.findConfigFile(dir, ts.sys.fileExists);
  const options: ts.CompilerOptions = configPath
    ? ts.parseJsonConfigFileContent(
        ts.readConfigFile(configPath, ts.sys.readFile).config,
        ts.sys,
        dir,
      ).options
    : {
        allowJs: true,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        module: ts.ModuleKind.ESNext,
        jsx: ts.JsxEmit.ReactJSX,
      };
  const absolute = files.map((f) => path.join(dir, f));
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => ({ ...options, noEmit: true }),
    getScriptFileNames: () => absolute,
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) =>
      ts.sys.fileExists(file)
        ? ts.ScriptSnapshot.fromString(readFileSync(file, 'utf8'))
        : undefined,
    getCurrentDirectory: () => dir,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  return {
    service,
    /** Definitions at a 1-based line/column of a project file, as project-relative positions. */
    definitionsAt(file: string, line: number, column: number): LanguageServiceDefinition[] {
      const fileName = path.join(dir, file);
      const program = service.getProgram();
      const sf = program?.getSourceFile(fileName);
      if (!sf) return [];
      const pos = sf.getPositionOfLineAndCharacter(line - 1, column - 1);
      const defs = service.getDefinitionAtPosition(fileName, pos) ?? [];
      return defs.map((d) => {
        const target = program?.getSourceFile(d.fileName);
        const lc = target
          ? target.getLineAndCharacterOfPosition(d.textSpan.start)
          : { line: 0, character: 0 };
        return {
          path: path.relative(dir, d.fileName).split(path.sep).join('/'),
          line: lc.line + 1,
          column: lc.character + 1,
        };
      });
    },
  };
}
