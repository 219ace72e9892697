// A phone's width: no game page is wider than a 412 px screen (Lighthouse's mobile one). A page that is would be shown
// zoomed out by the phone, with the ends of its rows (the village picker, the account's buttons) cut off.
import { test, expect } from '@playwright/test';
import { playerWithCapital, type PreparedPlayer } from './support/prepared';
import { logIn } from './support/players';

const PHONE = { width: 412, height: 823 };
const PAGES = ['/game/village', '/game/map', '/game/army', '/game/heroes', '/game/quests', '/game/marketplace', '/game/reports', '/game/messages', '/game/alliance', '/game/rankings', '/game/settings', '/dashboard'] as const;

let player: PreparedPlayer;

test.beforeAll(async ({ baseURL }) => {
  player = await playerWithCapital(baseURL!, 'phone');
});

test('no game page is wider than a phone, its village picker and account row included', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, player);
  await expect(page).toHaveURL(/\/(dashboard|game)/);
  try {
    for (const path of PAGES) {
      await page.goto(path);
      // Signed in and there (not sent to the sign-in page), with the game's top bar on its pages.
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      if (path.startsWith('/game/')) await expect(page.locator('.shell__topbar')).toBeVisible();
      await page.waitForLoadState('load');
      // What a phone lays the page out at: wider content widens the layout viewport (and the phone zooms out). Looked at
      // while the page's reads come in and draw, for a second and a half.
      for (let look = 0; look < 6; look++) {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, path).toBeLessThanOrEqual(PHONE.width);
        await page.waitForTimeout(250);
      }
    }
    await page.goto('/game/village');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport();
  } finally {
    await context.close();
  }
});
