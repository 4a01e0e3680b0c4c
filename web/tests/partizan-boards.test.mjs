// Browser tests of the boards of pieces and cake: Toads and Frogs, Clobber and Cutcake drawn
// from the library's board report (squares with their owners, cut lines), a move made by
// clicking, and the computer's answer. The expected positions are written here from the rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, explorer, playState } from './page.mjs';

async function startAs(page, side, first) {
  await page.waitForFunction(() => !document.querySelector('[data-testid="play-side"]').hidden);
  await page.getByTestId(`play-side-${side}`).check();
  await page.getByTestId(`play-first-${first}`).check();
  await page.getByTestId('play-start').click();
}

/** Waits until the log shows your move to `result` and the computer's answer after it (or the end). */
async function computerAnswers(page, result, computer) {
  await page.waitForFunction((text) => document.querySelector('[data-testid="play-log"]').textContent.includes(text), `→ ${result}`);
  const state = await playState(page);
  assert.ok(['your-turn', 'won', 'lost'].includes(state), state);
  const log = await page.getByTestId('play-log').textContent();
  if (state !== 'won') assert.ok(log.includes(`Computer (${computer})`), log);
}

/** Opens `spec` and starts a game as `side`, you first, on a board of `kind`. */
async function yourBoard(t, spec, side, kind) {
  const opened = await explorer(t, spec);
  await startAs(opened.page, side, 'you');
  assert.equal(await playState(opened.page), 'your-turn');
  assert.equal(await opened.page.getByTestId('board-component').getAttribute('data-kind'), kind);
  return opened;
}

/** The owners of the board's squares, one letter a square, in order. */
const owners = (page) => page.getByTestId('board-square').evaluateAll((list) => list.map((s) => s.dataset.owner).join(''));

const square = (page, r, c) => page.locator(`[data-testid="board-square"][data-row="${r}"][data-column="${c}"]`);

test('toads(tt..ff) as Left: the pieces are drawn with their owners, a click moves a toad, the computer answers', async (t) => {
  const { page, problems } = await yourBoard(t, 'toads(tt..ff)', 'left', 'toads');
  assert.equal(await owners(page), 'll..rr');
  await page.locator('#play-card').screenshot({ path: join(SHOTS, 'explorer-play-toads.png') });
  // An empty square and a toad that cannot move are no move; the toad beside the gap steps right.
  await square(page, 0, 3).click();
  assert.match(await page.getByTestId('play-hint').textContent(), /No move of yours/);
  await square(page, 0, 0).click();
  assert.match(await page.getByTestId('play-hint').textContent(), /No move of yours/);
  await square(page, 0, 1).click();
  await computerAnswers(page, 'toads(t.t.ff)', 'Right');
  assert.deepEqual(problems, []);
});

test('clobber(XOX/OXO) as Left: a stone, then the stone it clobbers; the computer answers', async (t) => {
  const { page, problems } = await yourBoard(t, 'clobber(XOX/OXO)', 'left', 'clobber');
  assert.equal(await owners(page), 'lrlrlr');
  // Right's stone is not yours to move.
  await square(page, 0, 1).click();
  assert.match(await page.getByTestId('play-hint').textContent(), /No move of yours/);
  await square(page, 0, 0).click();
  assert.match(await page.getByTestId('play-hint').textContent(), /clobbers/);
  assert.equal(await square(page, 0, 0).getAttribute('aria-pressed'), 'true');
  await page.locator('#play-card').screenshot({ path: join(SHOTS, 'explorer-play-clobber.png') });
  await square(page, 0, 1).click();
  await computerAnswers(page, 'clobber(.XX/OXO)', 'Right');
  assert.deepEqual(problems, []);
});

test('cutcake(3x2) as Left and as Right: only your cut lines are drawn, a click cuts, the computer answers', async (t) => {
  const { page, problems } = await yourBoard(t, 'cutcake(3x2)', 'right', 'cutcake');
  // Right cuts across: a cake 2 high has one horizontal line, drawn from side to side.
  const cuts = page.getByTestId('board-cut');
  assert.equal(await cuts.count(), 1);
  assert.deepEqual(JSON.parse(await cuts.first().getAttribute('data-line')), [[1, 0], [1, 3]]);
  await page.locator('#play-card').screenshot({ path: join(SHOTS, 'explorer-play-cutcake.png') });
  await cuts.first().click({ force: true });
  await computerAnswers(page, 'cutcake(3x1) + cutcake(3x1)', 'Left');

  // As Left on a fresh game: two vertical lines, each leaving a 1x2 and a 2x2 piece.
  await startAs(page, 'left', 'you');
  assert.equal(await playState(page), 'your-turn');
  assert.equal(await cuts.count(), 2);
  await cuts.nth(1).click({ force: true });
  await computerAnswers(page, 'cutcake(1x2) + cutcake(2x2)', 'Right');
  assert.deepEqual(problems, []);
});
