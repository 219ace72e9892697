// The village page in browser tests: its buildings tab opens on the picture (found and clicked through the scene's own
// picking); tests that work the cards switch to the list.
import { expect, type Page } from '@playwright/test';

/** Switches the buildings tab to its list of cards (the choice is remembered for the next visits in this browser). */
export async function showBuildingList(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');
}

/** Waits until the scene has drawn a village (its slots are recorded) and returns what it drew, slot by slot. */
export async function drawnSlots(page: Page) {
  await page.waitForFunction(() => window.__vikingsVillage?.lastDraw != null && Object.keys(window.__vikingsVillage.slots).length > 0, undefined, { timeout: 30_000 });
  return page.evaluate(() => window.__vikingsVillage!.slots);
}

/** The stage's box: the host the canvas fills. */
export async function stageBox(page: Page) {
  const box = await page.locator('.village-picture__stage .map-stage-host, .designer-village__stage .map-stage-host').first().boundingBox();
  if (!box) throw new Error('no village stage');
  return box;
}

/** A page point on a slot's art that picks that slot (checked with the scene's own picking), the stage scrolled into view. */
export async function pointOnSlot(page: Page, slot: number) {
  await page.locator('.map-stage-host').first().scrollIntoViewIfNeeded();
  const box = await stageBox(page);
  const at = await page.evaluate((s) => {
    const scene = window.__vikingsVillage!.scene!;
    const label = scene.stagePointOf(s);
    if (!label) return null;
    for (let dy = 6; dy < 80; dy += 4) if (scene.slotAt(label.x, label.y + dy) === s) return { x: label.x, y: label.y + dy };
    return null;
  }, slot);
  if (!at) throw new Error(`slot ${slot} has no point on the stage that picks it`);
  return { x: box.x + at.x, y: box.y + at.y };
}
