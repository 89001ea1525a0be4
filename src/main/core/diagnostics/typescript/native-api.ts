// The part of TypeScript 7's synchronous API (`typescript/unstable/sync`) the native checker
// uses: snapshots of the projects, their programs and diagnostics. Loaded from the package
// folder chosen for the project (compiler-choice.ts).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ImportSyntaxKinds } from './import-uses';
import type { NativeSurfaceProgram, NativeTypeChecker } from './native-surface';

export interface NativeDiagnostic {
  readonly fileName?: string;
  readonly pos: number;
  readonly code: number;
  readonly category: number;
  readonly text: string;
}
export interface NativeProgram extends NativeSurfaceProgram {
  /** A file's, or without one every file's. */
  getSyntacticDiagnostics(file?: string): readonly NativeDiagnostic[];
  /** A file's, or without one every file's. */
  getSemanticDiagnostics(file?: string): readonly NativeDiagnostic[];
  getConfigFileParsingDiagnostics(): readonly NativeDiagnostic[];
  getProgramDiagnostics(): readonly NativeDiagnostic[];
}
export interface NativeProject {
  readonly id: string;
  readonly configFileName: string;
  readonly program: NativeProgram;
  readonly checker: NativeTypeChecker;
}
export interface NativeSnapshot {
  getProjects(): readonly NativeProject[];
  getProject(configFileName: string): NativeProject | undefined;
  getDefaultProjectForFile(file: string): NativeProject | undefined;
  dispose(): void;
}
export interface NativeApi {
  updateSnapshot(params: Record<string, unknown>): NativeSnapshot;
  close(): void;
}
export type NativeApiConstructor = new (options: Record<string, unknown>) => NativeApi;

/** The API class of the TypeScript 7 package in `packageFolder`. */
export async function loadNativeApi(packageFolder: string): Promise<NativeApiConstructor> {
  const module = (await import(
    pathToFileURL(path.join(packageFolder, 'dist', 'api', 'sync', 'api.js')).href
  )) as { API: NativeApiConstructor };
  return module.API;
}

/**
 * The kind numbers of the package's syntax trees that import-uses.ts reads (TypeScript 7
 * numbers them apart from 5.x/6.x); undefined when the package does not have them where
 * expected, and then every import is taken as using all of its module.
 */
export async function loadNativeSyntaxKinds(
  packageFolder: string,
): Promise<ImportSyntaxKinds | undefined> {
  try {
    const { SyntaxKind } = (await import(
      pathToFileURL(path.join(packageFolder, 'dist', 'enums', 'syntaxKind.js')).href
    )) as { SyntaxKind?: Partial<Record<keyof ImportSyntaxKinds, unknown>> };
    const kinds = {
      ImportDeclaration: SyntaxKind?.ImportDeclaration,
      ExportDeclaration: SyntaxKind?.ExportDeclaration,
      NamedImports: SyntaxKind?.NamedImports,
      NamedExports: SyntaxKind?.NamedExports,
      PropertyAccessExpression: SyntaxKind?.PropertyAccessExpression,
      QualifiedName: SyntaxKind?.QualifiedName,
      ShorthandPropertyAssignment: SyntaxKind?.ShorthandPropertyAssignment,
      ExportSpecifier: SyntaxKind?.ExportSpecifier,
      TypeReference: SyntaxKind?.TypeReference,
    };
    return Object.values(kinds).every((kind) => typeof kind === 'number')
      ? (kinds as ImportSyntaxKinds)
      : undefined;
  } catch {
    return undefined;
  }
}
