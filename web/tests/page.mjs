// What every browser test file shares: the browser and the page's server, started once for the
// file (the URL in $GRUNDY_PAGE_URL, else a server started here), a page at the explorer that
// fails its test on any console error, and small helpers to drive it.
import { before, after } from 'node:test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launch, openPage } from './browser.mjs';
import { startStaticServer, WEB_ROOT } from './static-server.mjs';

export const SHOTS = process.env.GRUNDY_SCREENSHOTS ?? join(WEB_ROOT, 'test-results');
let browser;
let ownServer = null;
let baseUrl;

before(async () => {
  baseUrl = process.env.GRUNDY_PAGE_URL;
  if (!baseUrl) {
    ownServer = await startStaticServer();
    baseUrl = ownServer.url;
  }
  browser = await launch();
  await mkdir(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await ownServer?.close();
});

/** A page at `url` in the shared browser: {page, problems} (console errors, failed requests). */
export function pageAt(url, viewport = undefined) {
  return openPage(browser.context, url, viewport);
}

/** A page at the explorer with `spec` analyzed; fails the test on any console error. */
export async function explorer(t, spec = null, viewport = undefined) {
  const url = spec === null ? baseUrl : `${baseUrl}#spec=${encodeURIComponent(spec)}`;
  const opened = await pageAt(url, viewport);
  t.after(async () => {
    await opened.page.close();
  });
  return opened;
}

export async function analyze(page, spec) {
  await page.getByTestId('spec-input').fill(spec);
  await page.getByTestId('analyze').click();
}

/** The buttons of the list of moves in play, opening the list when a board hides it. */
export async function moveButtons(page) {
  const list = page.getByTestId('play-list');
  if (!(await list.evaluate((details) => details.open))) await list.locator('summary').click();
  return page.getByTestId('play-move');
}

/** Waits until the play card awaits a move or the game is over; returns the state. */
export async function playState(page) {
  await page.waitForFunction(() => ['your-turn', 'won', 'lost', 'draw', 'error'].includes(document.querySelector('[data-testid="play-status"]').dataset.state));
  return page.getByTestId('play-status').getAttribute('data-state');
}

/** A small seeded random generator (mulberry32), so that failures can be replayed. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
