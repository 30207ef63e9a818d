// Filling Arco forms as a user does: a field's form item found by its label, a select opened
// and an option chosen, a date typed into a picker.
import type { Locator, Page } from 'playwright-core';

/** The form item of `field` (Arco names its label `for="<field>_input"`). */
export const formItem = (scope: Locator, field: string) =>
  scope
    .locator('.arco-form-item')
    .filter({ has: scope.page().locator(`label[for="${field}_input"]`) })
    .first();

/** Opens the Arco select in `scope` and chooses the option with `text`. */
export async function choose(page: Page, scope: Locator, text: string) {
  await scope.locator('.arco-select-view').first().click();
  await page
    .locator('.arco-select-popup:visible .arco-select-option', { hasText: text })
    .first()
    .click();
}

/** Types `value` into the date picker in `scope` and confirms it. */
export async function pickDate(scope: Locator, value: string) {
  const input = scope.locator('.arco-picker input').first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}
