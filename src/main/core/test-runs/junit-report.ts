// JUnit XML, as pytest's `--junitxml` and `node --test --test-reporter=junit` write it: one
// <testcase> per test, with <failure> or <error> (pytest's collection errors are errors of a
// test named after the module) or <skipped>.
import { outcome, type TestOutcome } from './test-outcome';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/giu, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? whole;
  });
}

function attribute(attrs: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}="([^"]*)"`, 'u').exec(attrs);
  return match ? unescapeXml(match[1] ?? '') : undefined;
}

/** pytest's classname `tests.test_cart.TestX` → `tests/test_cart.py` (best effort). */
function fileOf(classname: string, file: string | undefined): string {
  if (file) return file;
  const parts = classname.split('.');
  while (parts.length > 1 && /^[A-Z]/u.test(parts[parts.length - 1] ?? '')) parts.pop();
  return parts.length ? `${parts.join('/')}.py` : classname;
}

export function parseJunitXml(text: string): TestOutcome[] {
  if (!/<testsuites?\b/u.test(text)) throw new Error('the report is not JUnit XML');
  const outcomes: TestOutcome[] = [];
  for (const match of text.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/gu)) {
    const attrs = match[1] ?? '';
    const body = match[2] ?? '';
    const classname = attribute(attrs, 'classname') ?? '';
    const name = attribute(attrs, 'name') ?? '(unnamed test)';
    const file = classname
      ? fileOf(classname, attribute(attrs, 'file'))
      : (attribute(attrs, 'file') ?? name);
    const failure = /<(failure|error)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/u.exec(body);
    const fullName = classname ? `${classname}::${name}` : name;
    if (failure) {
      const message = attribute(failure[2] ?? '', 'message') ?? '';
      const detail = unescapeXml((failure[3] ?? '').replace(/^<!\[CDATA\[|\]\]>$/gu, ''));
      outcomes.push(
        outcome(file, fullName, 'failed', [message, detail].filter(Boolean).join('\n')),
      );
    } else if (/<skipped\b/u.test(body)) outcomes.push(outcome(file, fullName, 'skipped'));
    else outcomes.push(outcome(file, fullName, 'passed'));
  }
  return outcomes;
}
