import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Fails with one line per element of every serious or critical violation: the route, the rule, the element.
 * The page is judged at rest: a toast fading in or out is half transparent and its contrast is not what a
 * reader sees, so transitions and animations are switched off while axe reads the page (a toast that starts
 * to leave meanwhile is then either whole or gone). `soft`: the test goes on to its next route, and fails at
 * the end with the findings of every route.
 *
 * axe runs as one `axe.run` in the page (legacy mode: the app has no frames, and the default's per-frame runs
 * finish in a new page each time) and returns violations only: together a third of the default's time.
 */
export async function expectNoSeriousViolations(page: Page, path: string, { soft = false } = {}) {
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  await still.evaluate((style) => style.parentNode?.removeChild(style));
  const found = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${path}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${violation.help}`,
      ),
    );
  (soft ? expect.soft : expect)(found, found.join('\n')).toEqual([]);
}
