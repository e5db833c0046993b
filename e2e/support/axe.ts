import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails with one line per element of every serious or critical violation: the route, the rule, the element. */
export async function expectNoSeriousViolations(page: Page, path: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${path}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${violation.help}`,
      ),
    );
  expect(found, found.join('\n')).toEqual([]);
}
