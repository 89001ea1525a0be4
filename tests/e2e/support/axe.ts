// axe-core in the page under test: the script from node_modules is evaluated as is (no network),
// and `axe.run` checks the document, or the parts named by `include`, against WCAG 2.x A/AA.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { snap } from './chromium';

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** One entry per offending element: its selector and axe's summary of what is wrong. */
  nodes: { target: string; summary: string }[];
}

/** The impacts this project does not accept on any screen. */
export const BLOCKING_IMPACTS = ['critical', 'serious'];

/** Runs axe on the page as it is now; returns every violation with its impact and targets. */
export async function axeViolations(page: Page, include?: string[]): Promise<AxeViolation[]> {
  // The callbacks run in the page; this file is typed for Node, hence globalThis casts.
  const loaded = await page.evaluate(
    () => typeof (globalThis as { axe?: unknown }).axe === 'object',
  );
  // The app's CSP (script-src 'self') refuses an injected <script> (addScriptTag), so the
  // source is evaluated through the DevTools protocol, which the page's CSP does not govern.
  if (!loaded) await page.evaluate((axeSource ??= readFileSync(AXE_SCRIPT, 'utf8')));
  return page.evaluate(async (selectors) => {
    interface AxeResultNode {
      target: unknown[];
      failureSummary?: string;
    }
    interface AxeResult {
      id: string;
      impact?: string | null;
      help: string;
      nodes: AxeResultNode[];
    }
    const axe = (
      globalThis as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeResult[] }> };
      }
    ).axe;
    // No include list: the whole document.
    const context = selectors ? { include: selectors.map((s) => [s]) } : { exclude: [] };
    const results = await axe.run(context, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String).join(' '),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
  }, include ?? null);
}

/** The violations at an impact in BLOCKING_IMPACTS. */
export function blocking(violations: AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact !== null && BLOCKING_IMPACTS.includes(v.impact));
}

/** A readable list (id, impact, targets) for a failure message. */
export function describeViolations(violations: AxeViolation[]): string {
  if (violations.length === 0) return 'no violations';
  return violations
    .map(
      (v) =>
        `${v.id} [${v.impact ?? 'unknown'}] ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target} — ${n.summary}`).join('\n'),
    )
    .join('\n');
}

export const SCHEMES = ['light', 'dark'] as const;

/** Switches the emulated colour scheme and waits until the app applied the matching theme. */
export async function useScheme(page: Page, scheme: (typeof SCHEMES)[number]): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (wanted) =>
      (globalThis as unknown as { document: { documentElement: { dataset: { theme?: string } } } })
        .document.documentElement.dataset.theme === wanted,
    scheme,
  );
}

/**
 * Runs axe on the page as it is, in both themes (a screenshot of each), and fails with the whole
 * list when anything critical or serious shows. Leaves the light theme on.
 */
export async function expectNoBlockingViolations(
  page: Page,
  screen: string,
  include?: string[],
): Promise<void> {
  const report: string[] = [];
  for (const scheme of SCHEMES) {
    await useScheme(page, scheme);
    await snap(page, `a11y-${screen}-${scheme}`);
    const found = blocking(await axeViolations(page, include));
    if (found.length > 0) report.push(`${screen}, ${scheme} theme:\n${describeViolations(found)}`);
  }
  await useScheme(page, 'light');
  expect(report, report.join('\n\n')).toEqual([]);
}
