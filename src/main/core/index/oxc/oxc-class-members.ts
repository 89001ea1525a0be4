// The members of one class from oxc's tree as `Class.member` symbols, as
// extract-class-members.ts finds them in TypeScript's: methods, constructors, properties and
// accessors (abstract ones and `accessor` fields included), and the properties its
// constructor parameters declare. Overloads and get/set pairs are one member: the first
// declaration wins.
import type { Class, ClassElement, Function as FunctionNode, PropertyKey } from 'oxc-parser';
import type { SymbolKind } from '../../../../shared/contract/symbol-service';
import { addSymbol, headerStart, nodeStart, signatureBetween, type OxcSource } from './oxc-source';

type Member = Exclude<ClassElement, { type: 'StaticBlock' | 'TSIndexSignature' }>;

function memberKind(member: ClassElement): SymbolKind | undefined {
  switch (member.type) {
    case 'MethodDefinition':
    case 'TSAbstractMethodDefinition':
      return member.kind === 'get' || member.kind === 'set' ? 'property' : 'method';
    case 'PropertyDefinition':
    case 'TSAbstractPropertyDefinition':
    case 'AccessorProperty':
    case 'TSAbstractAccessorProperty':
      return 'property';
    default:
      return undefined;
  }
}

/** TypeScript's text of a numeric name: separators dropped, other radixes and exponents as a number. */
function numericName(raw: string, value: number): string {
  const plain = raw.replace(/_/g, '');
  return /^\d+$/.test(plain) ? plain : String(value);
}

/** The member's name as TypeScript's extractor spells it, and where its name node starts. */
function memberName(
  source: OxcSource,
  member: Member,
): { readonly name: string; readonly at: number } | undefined {
  const key: PropertyKey = member.key;
  if (member.computed) {
    // A computed name is its whole `[…]` text, brackets included.
    const open = source.text.lastIndexOf('[', key.start);
    const close = source.text.indexOf(']', key.end);
    if (open < member.start || close < 0) return undefined;
    return { name: source.text.slice(open, close + 1), at: open };
  }
  switch (key.type) {
    case 'Identifier':
      return { name: key.name, at: key.start };
    case 'PrivateIdentifier':
      return { name: `#${key.name}`, at: key.start };
    case 'Literal':
      if (typeof key.value === 'string') return { name: key.value, at: key.start };
      if (typeof key.value === 'number')
        return { name: numericName(key.raw ?? '', key.value), at: key.start };
      return { name: key.raw ?? String(key.value), at: key.start };
    default:
      return undefined;
  }
}

/** `exported`: the class is visible to importers; its private members never are. */
export function extractOxcClassMembers(
  source: OxcSource,
  node: Class,
  className: string,
  exported: boolean,
): void {
  const seen = new Set<string>();
  for (const element of node.body.body) {
    const kind = memberKind(element);
    if (!kind) continue;
    const member = element as Member;
    const isConstructor = member.type === 'MethodDefinition' && member.kind === 'constructor';
    // A property initialised with a function is no method: its header runs to its end.
    const method =
      (member.type === 'MethodDefinition' || member.type === 'TSAbstractMethodDefinition') &&
      isFunction(member.value)
        ? member.value
        : undefined;
    if (isConstructor && method)
      visitParameterProperties(source, method, className, exported, seen);
    const named = isConstructor
      ? { name: 'constructor', at: nodeStart(member.start, member.decorators) }
      : memberName(source, member);
    if (!named || seen.has(named.name)) continue;
    seen.add(named.name);
    const isPrivate =
      member.accessibility === 'private' ||
      (!isConstructor && !member.computed && member.key.type === 'PrivateIdentifier');
    const start = headerStart(source.text, member.start, member.decorators);
    const end = method ? (method.body?.start ?? member.end) : member.end;
    const signature = signatureBetween(source, start, end);
    addSymbol(
      source,
      named.at,
      `${className}.${named.name}`,
      kind,
      exported && !isPrivate,
      signature,
    );
  }
}

function isFunction(value: unknown): value is FunctionNode {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'FunctionExpression' || type === 'TSEmptyBodyFunctionExpression';
}

/**
 * `constructor(private readonly pool: Pool, @Inject(T) public svc: Svc)`: a parameter with
 * an accessibility or `readonly`/`override` modifier declares a property of the class.
 * Only the implementation carries them (an overload may not), so every constructor is read.
 */
function visitParameterProperties(
  source: OxcSource,
  ctor: FunctionNode,
  className: string,
  exported: boolean,
  seen: Set<string>,
): void {
  for (const parameter of ctor.params) {
    if (parameter.type !== 'TSParameterProperty') continue;
    const inner = parameter.parameter;
    const id = inner.type === 'AssignmentPattern' ? inner.left : inner;
    if (id.type !== 'Identifier') continue;
    if (seen.has(id.name)) continue;
    seen.add(id.name);
    const isPrivate = parameter.accessibility === 'private';
    const start = headerStart(source.text, parameter.start, parameter.decorators);
    addSymbol(
      source,
      id.start,
      `${className}.${id.name}`,
      'property',
      exported && !isPrivate,
      signatureBetween(source, start, parameter.end),
    );
  }
}
