import { describe, expect, it } from 'vitest';
import {
  MAX_JUNIT_BYTES,
  parseJunitXml,
  unescapeXml,
} from '../../../../src/main/core/test-runs/junit-report';

const statuses = (xml: string): string[][] =>
  parseJunitXml(xml).map((o) => [o.file, o.name, o.status]);

describe('JUnit reports', () => {
  it('parseJunitXml - node --test: nested suites in document order, self-closing cases, <skipped/>', () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<testsuites>
\t<testcase name="top" time="0.1" classname="test" file="a.test.js"/>
\t<testsuite name="outer" tests="3">
\t\t<testcase name="inner" time="0.1" classname="test" file="a.test.js"/>
\t\t<testsuite name="deeper">
\t\t\t<testcase name="deep" time="0.1" classname="test" file="a.test.js" failure="boom">
\t\t\t\t<failure type="testCodeFailure" message="boom">
[Error [ERR_TEST_FAILURE]: boom]
\t\t\t\t</failure>
\t\t\t</testcase>
\t\t</testsuite>
\t\t<testcase name="later" time="0" classname="test" file="a.test.js">
\t\t\t<skipped type="skipped" message="true"/>
\t\t</testcase>
\t</testsuite>
\t<testcase name="last" time="0" classname="test" file="b.test.js"/>
\t<!-- tests 5 -->
</testsuites>`;
    expect(statuses(xml)).toEqual([
      ['a.test.js', 'test::top', 'passed'],
      ['a.test.js', 'test::inner', 'passed'],
      ['a.test.js', 'test::deep', 'failed'],
      ['a.test.js', 'test::later', 'skipped'],
      ['b.test.js', 'test::last', 'passed'],
    ]);
    expect(parseJunitXml(xml)[2]?.output).toBe(
      'boom\n\n[Error [ERR_TEST_FAILURE]: boom]\n\t\t\t\t',
    );
  });

  it('parseJunitXml - a <testsuite> root (older pytest); <error> and <failure> with only a message', () => {
    const xml = `<testsuite name="pytest">
<testcase classname="tests.test_a" name="test_err"><error message="fixture failed"/></testcase>
<testcase classname="tests.test_a" name="test_fail"><failure message="assert 1 == 2"></failure></testcase>
<testcase classname="tests.test_a" name="test_both"><system-out>out</system-out><error message="first"/><failure message="second"/></testcase>
</testsuite>`;
    const outcomes = parseJunitXml(xml);
    expect(outcomes.map((o) => [o.name, o.status, o.output])).toEqual([
      ['tests.test_a::test_err', 'failed', 'fixture failed'],
      ['tests.test_a::test_fail', 'failed', 'assert 1 == 2'],
      ['tests.test_a::test_both', 'failed', 'first'],
    ]);
  });

  it('parseJunitXml - named and numeric entities are read once; CDATA is taken as written', () => {
    const xml = `<testsuites><testsuite>
<testcase classname="tests.t" name="test_&lt;&#x41;&#66;&gt; &amp;#67; &#x1F600;"><failure message="a &quot;b&quot; &apos;c&apos;&#10;d">x &amp; y<![CDATA[ if a < b && c &lt; d ]]>z</failure></testcase>
</testsuite></testsuites>`;
    const [only] = parseJunitXml(xml);
    expect(only?.name).toBe('tests.t::test_<AB> &#67; 😀');
    expect(only?.output).toBe('a "b" \'c\'\nd\nx & y if a < b && c &lt; d z');
  });

  it('parseJunitXml - a DOCTYPE cannot define entities that expand; a commented-out case is no case', () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE testsuites [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<testsuites><!-- <testcase name="ghost"/> --><testcase name="&b;"/></testsuites>`;
    expect(parseJunitXml(bomb).map((o) => o.name)).toEqual(['&b;']);
  });

  it('parseJunitXml - malformed, cut short, not JUnit or huge: refused with a reason', () => {
    const whole = `<testsuites><testsuite><testcase name="a"/><testcase name="b"><failure message="x">y</failure></testcase></testsuite></testsuites>`;
    expect(statuses(whole)).toHaveLength(2);
    expect(() => parseJunitXml(whole.slice(0, 80))).toThrow(/not well-formed XML \(line 1/u);
    expect(() => parseJunitXml('<testsuites><testcase name="a"></testsuites>')).toThrow(
      /not well-formed XML/u,
    );
    expect(() => parseJunitXml('<testsuites><testcase name="a" name="b"/></testsuites>')).toThrow(
      /not well-formed XML/u,
    );
    expect(() => parseJunitXml('not xml')).toThrow(/not well-formed XML/u);
    expect(() => parseJunitXml('<report><testcase name="a"/></report>')).toThrow(/not JUnit XML/u);
    const huge = `<testsuites><!-- ${'x'.repeat(MAX_JUNIT_BYTES)} --></testsuites>`;
    expect(() => parseJunitXml(huge)).toThrow(/larger than 32 MB/u);
  });

  it('unescapeXml - XML entities and numeric references; an unknown entity is left as written', () => {
    expect(unescapeXml('&lt;a&gt; &amp; &quot;&apos; &#x263A;&#9731; &nbsp;')).toBe(
      '<a> & "\' ☺☃ &nbsp;',
    );
  });
});
