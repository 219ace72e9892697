// The accessibility sweep, one spec file per language (a11y.spec.ts, a11y-de.spec.ts, so that two workers share it): every
// page of the client's route table, read from src/client/app/routes.tsx so a new page without a visit here fails,
// checked with axe-core (no serious or critical violation) under the server's Content-Security-Policy (no violation,
// no uncaught error), signed out or as the player, newcomer, game master or admin the page is for; in the account's
// language and the browser's cookie both set to the sweep's, so the page shows it from its first paint. English visits
// every listed state of a page; German each page as it opens.
import { test, expect, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { clientRoutes, type ClientRoute } from './route-table';
import { api, signInContext, startCast, type Cast, type Who } from './cast';
import { LANGUAGES, wordsIn, type Language } from './words';
import { extraPort } from './server';
import { drawnSlots, pointOnSlot } from './village';


interface Visit {
  /** What the visit shows, for the report. */
  state: string;
  /** The address, or how to make it from the cast (ids exist only once it is made). */
  url: string | ((cast: Cast) => string);
  as: Who;
  /** Brings the page into the state to check (opens a tab, selects a tile) once its heading is up; `say` gives an English text in the page's language. */
  act?: (page: Page, say: Say) => Promise<void>;
  /** The page leaves by itself after a delay (dashboard, auth errors): stop its clock once it stands. */
  leavesByItself?: boolean;
}

/** Ids the cast's preparation made: a message the newcomer sent the player. */
const made = { messageId: '', allianceId: '', endedWorldId: '' };

/** An account's id, from the user object the client keeps. */
const idOf = (account: { user: Record<string, unknown> }) => String(account.user.id);

/** An English text of the client in the language of the visit (support/words.ts). */
type Say = ReturnType<typeof wordsIn>;

const openTab = (english: string | RegExp) => async (page: Page, say: Say) => {
  const name = say(english);
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
};

/** The visits of each route of the table, by its full path as routes.tsx declares it. */
const VISITS: Record<string, Visit[]> = {
  '/': [
    { state: 'landing (the prerendered page)', url: '/', as: 'visitor' },
    {
      state: 'landing in German, from its picker',
      url: '/',
      as: 'visitor',
      act: async (page) => {
        await page.getByRole('button', { name: 'Deutsch' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen im Zeitalter der Wikinger');
      },
    },
  ],
  '/login': [
    { state: 'form', url: '/login', as: 'visitor' },
    {
      state: 'failed sign-in',
      url: '/login',
      as: 'visitor',
      act: async (page, say) => {
        await page.getByLabel(say('Email')).fill('nobody@example.com');
        await page.getByLabel(say('Password'), { exact: true }).fill('Wrong#Pass1');
        await page.getByRole('button', { name: say('Log in'), exact: true }).click();
        await expect(page.getByRole('alert')).toBeVisible();
      },
    },
  ],
  '/register': [
    { state: 'form', url: '/register', as: 'visitor' },
    {
      state: 'field errors',
      url: '/register',
      as: 'visitor',
      act: async (page, say) => {
        await page.getByRole('button', { name: say(/create account|register/i) }).click();
        await expect(page.getByText(say('Username is required'))).toBeVisible();
      },
    },
  ],
  '/forgot-password': [{ state: 'help', url: '/forgot-password', as: 'visitor' }],
  '/change-password': [
    { state: 'form', url: '/change-password', as: 'player' },
    {
      state: 'field errors',
      url: '/change-password',
      as: 'player',
      act: async (page, say) => {
        await page.getByRole('button', { name: say('Change password') }).click();
        await expect(page.locator('.field__error').first()).toBeVisible();
      },
    },
  ],
  '/auth/discord': [{ state: 'provider error', url: '/auth/discord?error=access_denied', as: 'visitor', leavesByItself: true }],
  '/auth/callback': [{ state: 'missing code', url: '/auth/callback', as: 'visitor', leavesByItself: true }],
  '/forbidden': [{ state: 'access denied', url: '/forbidden', as: 'player' }],
  '/dashboard': [{ state: 'welcome', url: '/dashboard', as: 'player', leavesByItself: true }],
  '/game': [{ state: 'default sub-page', url: '/game', as: 'player' }],
  '/game/village': [
    { state: 'overview', url: '/game/village', as: 'player' },
    {
      // The picture is the default view; the card a click on it opens is checked with the picture behind it.
      state: 'buildings as a picture, a building’s card opened from it',
      url: '/game/village?tab=buildings',
      as: 'player',
      act: async (page, say) => {
        // Drawn, and a point the scene itself picks as the hall (as village-scene.spec.ts clicks it): under load the
        // slots were recorded before the first frame, and a guessed point missed.
        await drawnSlots(page);
        const hall = await pointOnSlot(page, 19);
        await page.mouse.click(hall.x, hall.y);
        await expect(page.getByRole('dialog', { name: say('Great Hall') })).toBeVisible();
      },
    },
    {
      state: 'buildings as a list',
      url: '/game/village?tab=buildings',
      as: 'player',
      act: async (page, say) => {
        await page.getByRole('button', { name: say('List') }).click();
        await expect(page.getByRole('region', { name: say('Build a new building') })).toBeVisible();
      },
    },
    { state: 'units', url: '/game/village?tab=units', as: 'player' },
    { state: 'world picker (no village yet)', url: '/game/village', as: 'newcomer' },
    {
      state: 'tutorial overlay',
      url: '/game/village',
      as: 'player',
      act: async (page, say) => {
        await page.getByRole('button', { name: say(/tutorial/i) }).first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
  ],
  '/game/map': [
    { state: 'stage', url: '/game/map', as: 'player' },
    {
      state: 'tile selected',
      url: '/game/map',
      as: 'player',
      act: async (page, say) => {
        const box = await page.locator('.map-stage-host').boundingBox();
        if (!box) throw new Error('no map stage');
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        await expect(page.getByRole('button', { name: say('Center Here') })).toBeVisible();
      },
    },
  ],
  '/game/heroes': [
    { state: 'my heroes', url: '/game/heroes', as: 'player' },
    { state: 'recruit', url: '/game/heroes', as: 'player', act: openTab('Recruit') },
    { state: 'leaderboard', url: '/game/heroes', as: 'player', act: openTab('Leaderboard') },
  ],
  '/game/wonders': [
    { state: 'world wonders', url: '/game/wonders', as: 'player' },
    { state: 'construct', url: '/game/wonders', as: 'player', act: openTab('Construct') },
    { state: 'alliance effects', url: '/game/wonders', as: 'player', act: openTab('Alliance Effects') },
  ],
  '/game/quests': [{ state: 'tutorial quests', url: '/game/quests', as: 'player' }],
  '/game/alliance': [
    { state: 'member: overview', url: '/game/alliance', as: 'player' },
    { state: 'member: members', url: '/game/alliance', as: 'player', act: openTab('Members') },
    { state: 'member: messages', url: '/game/alliance', as: 'player', act: openTab('Messages') },
    { state: 'member: applications', url: '/game/alliance', as: 'player', act: openTab(/^Applications/) },
    { state: 'member: diplomacy', url: '/game/alliance?tab=diplomacy', as: 'player' },
    { state: 'invitation pending', url: '/game/alliance', as: 'newcomer' },
  ],
  '/game/alliances': [{ state: 'directory', url: '/game/alliances', as: 'newcomer' }],
  '/game/alliances/:allianceId': [
    { state: 'an open alliance to apply to', url: () => `/game/alliances/${made.allianceId}`, as: 'newcomer' },
    { state: 'one’s own alliance', url: () => `/game/alliances/${made.allianceId}`, as: 'player' },
  ],
  '/game/army': [{ state: 'army', url: '/game/army', as: 'player' }],
  '/game/reports': [{ state: 'reports', url: '/game/reports', as: 'player' }],
  // The test accounts' villages have no marketplace: the page shows the way to build one.
  '/game/marketplace': [{ state: 'no marketplace yet', url: '/game/marketplace', as: 'player' }],
  '/game/messages': [
    { state: 'inbox', url: '/game/messages', as: 'player' },
    { state: 'sent', url: '/game/messages', as: 'player', act: openTab('Sent') },
  ],
  '/game/messages/new': [
    { state: 'compose to a player', url: (c) => `/game/messages/new?to=${c.newcomer.username}`, as: 'player' },
    {
      state: 'field errors',
      url: '/game/messages/new',
      as: 'player',
      act: async (page, say) => {
        await page.getByRole('button', { name: say('Send'), exact: true }).click();
        await expect(page.getByText(say('Subject is required'))).toBeVisible();
      },
    },
    { state: 'reply', url: () => `/game/messages/new?reply=${made.messageId}`, as: 'player' },
  ],
  '/game/messages/:messageId': [
    { state: 'a received message', url: () => `/game/messages/${made.messageId}`, as: 'player' },
    {
      state: 'report form',
      url: () => `/game/messages/${made.messageId}`,
      as: 'player',
      act: async (page, say) => {
        await page.getByRole('button', { name: say('Report'), exact: true }).click();
        await expect(page.getByLabel(say('Reason'))).toBeVisible();
      },
    },
    { state: 'a sent message', url: () => `/game/messages/${made.messageId}`, as: 'newcomer' },
  ],
  '/game/players/by-name/:username': [{ state: 'found by name', url: (c) => `/game/players/by-name/${c.newcomer.username}`, as: 'player' }],
  '/game/players/:playerId': [
    { state: "another player's profile", url: (c) => `/game/players/${idOf(c.player)}`, as: 'newcomer' },
    { state: 'own profile with its form', url: (c) => `/game/players/${idOf(c.player)}`, as: 'player' },
  ],
  '/game/rankings': [
    { state: 'players', url: '/game/rankings', as: 'player' },
    { state: 'alliances', url: '/game/rankings?tab=alliances', as: 'player' },
    { state: 'attackers', url: '/game/rankings?tab=attackers', as: 'player' },
    { state: 'heroes', url: '/game/rankings', as: 'player', act: openTab('Heroes') },
  ],
  // Vacation, alerts (this browser not subscribed) and sitters, each section in its first state.
  '/game/settings': [{ state: 'vacation, alerts and sitters', url: '/game/settings', as: 'player' }],
  '/game/alerts': [{ state: 'no alert yet', url: '/game/alerts', as: 'player' }],
  '/game/worlds': [
    { state: 'a world played and an ended one', url: '/game/worlds', as: 'player' },
    { state: 'no village yet', url: '/game/worlds', as: 'newcomer' },
  ],
  '/game/worlds/:worldId/hall-of-fame': [{ state: "an ended world's final standing", url: () => `/game/worlds/${made.endedWorldId}/hall-of-fame`, as: 'player' }],
  '/game/*': [{ state: 'unknown game page', url: '/game/no-such-page', as: 'player' }],
  '/gamemaster/*': [{ state: 'dashboard', url: '/gamemaster', as: 'gamemaster' }],
  '/admin/*': [{ state: 'dashboard', url: '/admin', as: 'admin' }],
  '/designer/map': [{ state: 'every tile at every zoom', url: '/designer/map', as: 'gamemaster' }],
  '/designer/village': [{ state: 'a sample village and every piece of art', url: '/designer/village', as: 'gamemaster' }],
  '/*': [{ state: 'page not found', url: '/no-such-page', as: 'visitor' }],
};

/** Who may see a route at all: a visit as anyone else would only check the page the guard sends them to. */
function admits(route: ClientRoute, who: Who): boolean {
  const signedIn = who !== 'visitor';
  if (route.access === 'visitors') return !signedIn;
  if (route.access === 'signed-in') return signedIn;
  if (route.access === 'public') return true;
  const rank: Record<Who, number> = { visitor: -1, newcomer: 0, player: 0, gamemaster: 3, admin: 4 };
  const needed = { user: 0, premium: 1, moderator: 2, gamemaster: 3, admin: 4 }[route.access.role] ?? 99;
  return rank[who] >= needed;
}

const routes = clientRoutes();
let cast: Cast;

/**
 * Registers the sweep of every route in `language` in the calling spec file: a cast of its own (on a port of the
 * worker's), and with `siteChecks` the checks that concern the whole site once (the route table, the CSP, PixiJS).
 * `everyState` visits each state of a route's list; without it only the first (the page as it opens): a second language
 * brings other words, not other markup, so the states a click opens are checked once, in the first language's sweep.
 */
export function sweepEveryRoute(language: Language, { siteChecks, everyState }: { siteChecks: boolean; everyState: boolean }): void {
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // A great hall for the wonder, an embassy for the alliance.
    cast = await startCast(extraPort(), 'ax', (player) => [
      ['set-building', player.village.id, 'great_hall', '20'],
      ['set-building', player.village.id, 'embassy', '3'],
    ]);
    // Pages with something on them: a hero, a wonder, an alliance with a message, and an invitation for the newcomer.
    const { player, newcomer } = cast;
    await api(cast.server, 'POST', '/api/heroes/recruit', player.token, { villageId: player.village.id, heroType: 'warrior', customName: 'Ragnhild' });
    await api(cast.server, 'POST', '/api/wonders/construct', player.token, { villageId: player.village.id, wonderType: 'yggdrasil', wonderName: 'World Ash' });
    const founded = await api<{ alliance: { id: string } }>(cast.server, 'POST', '/api/alliances/create', player.token, {
      name: 'Sons of Odin',
      tag: 'ODIN',
      description: 'Raiders of the north sea.',
      isPublic: true,
    });
    made.allianceId = founded.alliance.id;
    await api(cast.server, 'PUT', '/api/alliances/my-alliance/announcement', player.token, { text: 'Muster at the longships at dawn.' });
    await api(cast.server, 'POST', '/api/alliances/messages', player.token, { body: 'Skål! We sail at dawn.' });
    await api(cast.server, 'POST', '/api/alliances/invitations', player.token, { username: newcomer.username, message: 'Join our shield wall.' });
    // Mail: a message to the player, reported by them (the game master's list shows it).
    const { message } = await api<{ message: { id: string } }>(cast.server, 'POST', '/api/messages', newcomer.token, {
      to: player.username,
      subject: 'Hail, jarl',
      body: 'May I join your shield wall?\nI bring mead.',
    });
    made.messageId = message.id;
    await api(cast.server, 'POST', `/api/messages/${message.id}/report`, player.token, { reason: 'Begging for mead.' });
    // An ended world with its hall of fame: the game master opens one and ends it two seconds later; the sweeper closes it.
    const { world } = await api<{ world: { id: string } }>(cast.server, 'POST', '/api/gamemaster/worlds', cast.gamemaster.token, { name: 'Utgard', size: 40 });
    await api(cast.server, 'PUT', `/api/gamemaster/worlds/${world.id}/end-date`, cast.gamemaster.token, { endsAt: new Date(Date.now() + 2000).toISOString() });
    await expect
      .poll(async () => (await api<{ world: { status: string } }>(cast.server, 'GET', `/api/worlds/${world.id}`, player.token)).world.status, { timeout: 30_000 })
      .toBe('ended');
    made.endedWorldId = world.id;
  });

  test.afterAll(async () => {
    await cast?.server.stop();
  });

  if (siteChecks) {
    test('every language has its sweep file', () => {
      for (const other of LANGUAGES.filter((l) => l !== 'en')) expect(existsSync(join('tests', 'e2e', `a11y-${other}.spec.ts`)), other).toBe(true);
    });

    test('every route of the client has a visit here, by someone it admits', () => {
      const paths = routes.map((route) => route.path);
      expect(paths.length).toBeGreaterThan(15);
      expect(paths.filter((path) => !VISITS[path]), 'routes in routes.tsx without a visit in support/a11y-sweep.ts').toEqual([]);
      expect(Object.keys(VISITS).filter((path) => !paths.includes(path)), 'visits of routes that routes.tsx no longer has').toEqual([]);
      for (const route of routes) {
        for (const visit of VISITS[route.path]) expect(admits(route, visit.as), `${route.path} visited as ${visit.as}`).toBe(true);
      }
    });

    test('the page is served with a Content-Security-Policy that forbids inline scripts, and a violation would be seen', async ({ browser }) => {
      const res = await fetch(`${cast.server.url}/`);
      const policy = res.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("default-src 'self'");
      // The collector of checkPage sees an inline script the policy blocks.
      const { page, problems, close } = await openAs(browser, 'visitor', '/');
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__inline = 1';
        document.body.append(script);
      });
      await expect.poll(async () => (await problems()).csp.length).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as unknown as { __inline?: number }).__inline)).toBeUndefined();
      await close();
    });

    test("the landing page requests no PixiJS, the map page does (as the test build's source maps tell)", async ({ browser }) => {
      /** The scripts a page fetched whose source map lists a PixiJS module. */
      const pixiScripts = async (scripts: string[]) => {
        const found: string[] = [];
        for (const script of scripts) {
          const code = await (await fetch(script)).text();
          const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
          // Only the bundler's few lines of glue (its module runtime) come without a map; anything bigger must have one.
          if (!mapName) {
            expect(code.length, `${script} has no source map`).toBeLessThan(2_000);
            continue;
          }
          const map = await fetch(new URL(mapName, script));
          expect(map.status, `${script}: its source map`).toBe(200);
          const { sources } = (await map.json()) as { sources: string[] };
          if (sources.some((source) => /node_modules\/(pixi\.js|@pixi)\//.test(source))) found.push(new URL(script).pathname);
        }
        return found;
      };
      const visit = async (who: Who, url: string) => {
        const { page, close } = await openAs(browser, who, url);
        const scripts: string[] = [];
        page.on('response', (response) => {
          if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.url());
        });
        await page.reload();
        await settled(page);
        await close();
        return scripts;
      };
      const landing = await visit('visitor', '/');
      expect(landing.length).toBeGreaterThan(0);
      expect(await pixiScripts(landing)).toEqual([]);
      expect((await pixiScripts(await visit('player', '/game/map'))).length).toBeGreaterThan(0);
    });

  }
  for (const route of routes) {
    const listed = VISITS[route.path] ?? [];
    // One test a visit: a route of six visits once ran past a whole route's three minutes on CI's loaded cores, and the
    // worker its timeout restarted left its server holding the worker's port (support/server.ts reclaimPort).
    for (const visit of everyState ? listed : listed.slice(0, 1)) {
      test(`${route.path} [${language}] ${visit.state}: no serious or critical axe violation, nothing blocked by the CSP`, async ({ browser }) => {
        test.setTimeout(120_000);
        const say = wordsIn(language);
        const failures: string[] = [];
        const url = typeof visit.url === 'string' ? visit.url : visit.url(cast);
        const { page, problems, close } = await openAs(browser, visit.as, url, { leavesByItself: visit.leavesByItself, language });
        try {
          await settled(page);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          // Stopped once it stands: the page started its wait to leave when it mounted, well under a second ago.
          // At the page's own clock: under load it may run ahead of this process's by more than a few milliseconds.
          if (visit.leavesByItself) await stopClock(page);
          await visit.act?.(page, say);
          const results = await analyse(page, visit.leavesByItself === true);
          const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          const { csp, errors } = await problems();
          const where = `${url} as ${visit.as} in ${language} (${visit.state})`;
          if (serious.length > 0) failures.push(`${where}: ${serious.length} serious or critical axe violations\n${describeViolations(serious)}`);
          if (csp.length > 0) failures.push(`${where}: Content-Security-Policy violations\n    ${csp.join('\n    ')}`);
          if (errors.length > 0) failures.push(`${where}: uncaught errors\n    ${errors.join('\n    ')}`);
          const minor = results.violations.filter((v) => !serious.includes(v));
          if (minor.length > 0) console.log(`${where}: minor or moderate axe findings (not failing): ${minor.map((v) => v.id).join(', ')}`);
          // Pictures of every page to look at, outside CI (where a failure's own screenshot is kept): full-page shots of
          // WebGL pages cost seconds each on a software renderer.
          if (!process.env.CI) await page.screenshot({ path: test.info().outputPath(`${language}-${visit.as}-${visit.state.replace(/\W+/g, '-')}.png`), fullPage: true });
        } finally {
          await close();
        }
        expect(failures, failures.join('\n\n')).toEqual([]);
      });
    }
  }
}

interface Problems {
  csp: string[];
  errors: string[];
}

/**
 * A fresh browser context signed in as `who` in `language` (the account's choice and this browser's cookie), collecting
 * CSP violations (events and console reports) and uncaught errors.
 */
async function openAs(browser: Browser, who: Who, url: string, { leavesByItself = false, language = 'en' }: { leavesByItself?: boolean; language?: Language } = {}) {
  const context = await browser.newContext({ baseURL: cast.server.url });
  await context.addCookies([{ name: 'vikings_lang', value: language, url: cast.server.url }]);
  const account = who === 'visitor' ? null : cast[who];
  if (account) await api(cast.server, 'PUT', '/api/me/locale', account.token, { locale: language });
  await signInContext(context, account && { ...account, user: { ...account.user, locale: language } });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  if (leavesByItself) await context.clock.install();
  const page = await context.newPage();
  const consoleCsp: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(message.text())) consoleCsp.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return {
    page,
    async problems(): Promise<Problems> {
      const events = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).catch(() => []);
      return { csp: [...events, ...consoleCsp], errors };
    },
    close: () => context.close(),
  };
}

/**
 * The page has drawn its content: a level-one heading, no spinner, and on the map a complete frame. The sweep checks
 * markup, not speed (bench:pages and page-loads.spec.ts do): on CI's two cores beside the process tests a game page's
 * heading once took over 10 s, so the waits here are longer than the default.
 */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.spinner')).toHaveCount(0, { timeout: 30_000 });
  if (new URL(page.url()).pathname === '/game/map') {
    await page.waitForFunction(() => window.__vikingsMap?.lastFrame?.complete === true, undefined, { timeout: 20_000 });
  }
}

/**
 * Stops the page's clock a moment ahead of its own time. On CI's loaded cores that moment once passed before the call
 * reached the page ('Cannot fast-forward to the past'): the time is then read again with more room, all of it well
 * inside the 3 s a leaving page waits.
 */
async function stopClock(page: Page) {
  for (const ahead of [250, 500, 1_000]) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + ahead);
      return;
    } catch (error) {
      if (ahead === 1_000 || !/to the past/.test(String(error))) throw error;
    }
  }
}

/**
 * Runs axe on the page. axe waits on setTimeout between rules, so on a page whose clock stands still the clock is
 * stepped a millisecond at a time until axe is done, far less than the page waits before it leaves.
 */
async function analyse(page: Page, clockStopped: boolean) {
  // Legacy mode runs axe in the page alone: the default opens a blank page of the same context to finish (to gather
  // the results of cross-origin frames, which the game's pages have none of). That page cost about a second a visit,
  // and stepping the context's clock while it closes fails.
  // Only violations are read: axe then details one node of each passing or inapplicable rule, not all of them (about
  // 15% of its time a visit, measured on the village, map, alliance and reports pages).
  const run = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  if (!clockStopped) return run;
  let done = false;
  run.then(
    () => (done = true),
    () => (done = true),
  );
  for (let stepped = 0; !done; stepped++) {
    if (stepped > 1000) throw new Error('axe needed more than a second of page time; the page may have left');
    await page.clock.runFor(1);
  }
  return run;
}

function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .map((v) => `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.slice(0, 4).map((n) => `      ${n.target.join(' ')}  ${n.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? ''}`).join('\n')}`)
    .join('\n');
}
