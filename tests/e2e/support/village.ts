// The village page in browser tests: its buildings tab opens on the picture; tests that work the cards switch to the list.
import { expect, type Page } from '@playwright/test';

/** Switches the buildings tab to its list of cards (the choice is remembered for the next visits in this browser). */
export async function showBuildingList(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');
}
