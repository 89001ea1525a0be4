// The members of one class declaration as `Class.member` symbols: methods, constructors,
// properties and accessors, and the properties its constructor parameters declare.
import type * as TS from 'typescript';
import { ts } from './typescript-runtime';
import type { SymbolKind } from '../../../shared/contract/symbol-service';
import { signatureOf } from './signature-text';
import { addSymbol, hasModifier, type DeclarationSink } from './declaration-rows';

function memberName(name: TS.PropertyName | undefined, sf: TS.SourceFile): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return name.getText(sf);
}

/** `exported`: the class is visible to importers; its private members never are. */
export function extractClassMembers(
  node: TS.ClassDeclaration,
  className: string,
  sf: TS.SourceFile,
  sink: DeclarationSink,
  exported: boolean,
): void {
  const seen = new Set<string>();
  for (const member of node.members) {
    let kind: SymbolKind | undefined;
    if (ts.isMethodDeclaration(member)) kind = 'method';
    else if (
      ts.isPropertyDeclaration(member) ||
      ts.isGetAccessorDeclaration(member) ||
      ts.isSetAccessorDeclaration(member)
    ) {
      kind = 'property';
    } else if (ts.isConstructorDeclaration(member)) {
      kind = 'method';
    }
    if (!kind) continue;
    const name = ts.isConstructorDeclaration(member) ? 'constructor' : memberName(member.name, sf);
    if (!name) continue;
    if (ts.isConstructorDeclaration(member))
      visitParameterProperties(member, className, sf, sink, exported, seen);
    // Overloads and get/set pairs are one member: the first declaration wins.
    if (seen.has(name)) continue;
    seen.add(name);
    const nameNode = ts.isConstructorDeclaration(member) ? undefined : member.name;
    const isPrivate =
      hasModifier(member, ts.SyntaxKind.PrivateKeyword) ||
      (nameNode !== undefined && ts.isPrivateIdentifier(nameNode));
    const signature = signatureOf(member, sf);
    addSymbol(
      sink,
      sf,
      nameNode ?? member,
      `${className}.${name}`,
      kind,
      exported && !isPrivate,
      signature,
    );
  }
}

/**
 * `constructor(private readonly pool: Pool, @Inject(T) public svc: Svc)`: a parameter with
 * an accessibility or `readonly`/`override` modifier declares a property of the class.
 * Only the implementation carries them (an overload may not), so every constructor is read.
 */
function visitParameterProperties(
  ctor: TS.ConstructorDeclaration,
  className: string,
  sf: TS.SourceFile,
  sink: DeclarationSink,
  exported: boolean,
  seen: Set<string>,
): void {
  for (const parameter of ctor.parameters) {
    if (!ts.isParameterPropertyDeclaration(parameter, ctor) || !ts.isIdentifier(parameter.name))
      continue;
    const name = parameter.name.text;
    if (seen.has(name)) continue;
    seen.add(name);
    const isPrivate = hasModifier(parameter, ts.SyntaxKind.PrivateKeyword);
    const signature = signatureOf(parameter, sf);
    addSymbol(
      sink,
      sf,
      parameter.name,
      `${className}.${name}`,
      'property',
      exported && !isPrivate,
      signature,
    );
  }
}
