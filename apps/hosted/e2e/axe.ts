import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * The accessibility check of the browser suites (hosted pages and demo site): axe-core's own
 * source injected into the page, run against WCAG 2 A/AA rules. `checkA11y` throws, naming each
 * rule and the elements, when a violation is serious or critical.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type A11yViolation = AxeResults['violations'][number];

/** The serious and critical WCAG 2 A/AA violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<A11yViolation[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  // Evaluated rather than added as a <script>: the hosted pages' CSP refuses inline scripts.
  if (!injected) await page.evaluate(axeSource);
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }).axe.run(
      document,
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        resultTypes: ['violations'],
      },
    ),
  )) as AxeResults;
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Fails with a readable list when the page has a serious or critical violation. */
export async function checkA11y(page: Page, name: string): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length === 0) return;
  const lines = violations.map(
    (v) =>
      `- ${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\n/g, ' ')}`)
        .join('\n')}`,
  );
  throw new Error(
    `${name}: ${violations.length} serious or critical accessibility violations\n${lines.join('\n')}`,
  );
}
