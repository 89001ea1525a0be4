// JUnit XML, as pytest's `--junitxml` and `node --test --test-reporter=junit` write it: one
// <testcase> per test, at any depth of <testsuites>/<testsuite>, with <failure> or <error>
// (pytest's collection errors are errors of a test named after the module) or <skipped>.
// fast-xml-parser reads the XML (after its validator accepts it: a report cut short or
// malformed is refused, never half-read); @nodable/entities, the entity decoder it is built
// on, resolves XML's five named entities and numeric references, and leaves entities a
// DOCTYPE declares as written, so a report cannot grow itself by expansion.
import { ENTITY_ACTION, EntityDecoder, XML } from '@nodable/entities';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { outcome, type TestOutcome } from './test-outcome';

/** A report past this size is refused rather than parsed (the tests wrote it; they may lie). */
export const MAX_JUNIT_BYTES = 32 * 1024 * 1024;

function xmlEntities(): EntityDecoder {
  return new EntityDecoder({
    namedEntities: XML,
    numericAllowed: true,
    onInputEntity: () => ENTITY_ACTION.BLOCK,
  });
}

export function unescapeXml(text: string): string {
  return xmlEntities().decode(text);
}

/** A node of fast-xml-parser's ordered tree: `{ tag: children, ':@': attributes }` or text. */
type XmlNode = { readonly [key: string]: unknown };

function tagOf(node: XmlNode): string | undefined {
  return Object.keys(node).find((key) => key !== ':@');
}

function childrenOf(node: XmlNode, tag: string): XmlNode[] {
  const children = node[tag];
  return Array.isArray(children) ? (children as XmlNode[]) : [];
}

function attribute(node: XmlNode, name: string): string | undefined {
  const attributes = node[':@'] as Record<string, unknown> | undefined;
  const value = attributes && Object.hasOwn(attributes, name) ? attributes[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The text of a node's children, CDATA sections included as written. */
function textOf(nodes: readonly XmlNode[]): string {
  return nodes.map((node) => (typeof node['#text'] === 'string' ? node['#text'] : '')).join('');
}

/** pytest's classname `tests.test_cart.TestX` → `tests/test_cart.py` (best effort). */
function fileOf(classname: string, file: string | undefined): string {
  if (file) return file;
  const parts = classname.split('.');
  while (parts.length > 1 && /^[A-Z]/u.test(parts[parts.length - 1] ?? '')) parts.pop();
  return parts.length ? `${parts.join('/')}.py` : classname;
}

function testcaseOutcome(testcase: XmlNode): TestOutcome {
  const classname = attribute(testcase, 'classname') ?? '';
  const name = attribute(testcase, 'name') ?? '(unnamed test)';
  const file = classname
    ? fileOf(classname, attribute(testcase, 'file'))
    : (attribute(testcase, 'file') ?? name);
  const fullName = classname ? `${classname}::${name}` : name;
  const children = childrenOf(testcase, 'testcase');
  for (const child of children) {
    const tag = tagOf(child);
    if (tag !== 'failure' && tag !== 'error') continue;
    const message = attribute(child, 'message') ?? '';
    const detail = textOf(childrenOf(child, tag));
    return outcome(file, fullName, 'failed', [message, detail].filter(Boolean).join('\n'));
  }
  if (children.some((child) => tagOf(child) === 'skipped'))
    return outcome(file, fullName, 'skipped');
  return outcome(file, fullName, 'passed');
}

function readXml(text: string): XmlNode[] {
  if (Buffer.byteLength(text) > MAX_JUNIT_BYTES)
    throw new Error(
      `the JUnit report is larger than ${MAX_JUNIT_BYTES / 1024 / 1024} MB (limit); it was not read`,
    );
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new Error(
      `the report is not well-formed XML (line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg})`,
    );
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    entityDecoder: xmlEntities(),
  });
  try {
    return parser.parse(text) as XmlNode[];
  } catch (error) {
    throw new Error(
      `the JUnit report could not be read: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

export function parseJunitXml(text: string): TestOutcome[] {
  const outcomes: TestOutcome[] = [];
  let suites = false;
  const visit = (nodes: readonly XmlNode[]): void => {
    for (const node of nodes) {
      const tag = tagOf(node);
      if (tag === 'testcase') outcomes.push(testcaseOutcome(node));
      else if (tag !== undefined && tag !== '#text') {
        if (tag === 'testsuites' || tag === 'testsuite') suites = true;
        visit(childrenOf(node, tag));
      }
    }
  };
  visit(readXml(text));
  if (!suites) throw new Error('the report is not JUnit XML');
  return outcomes;
}
