// Browser tests of playing against the computer: turns, the board drawn from the library's
// board report and clicked, and how a game ends. Expected values come from independent brute
// force written here, not from the page's engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, explorer, analyze, moveButtons, playState, random } from './page.mjs';

/** The nim-sum of a Nim position `nim(a,b,c)`; 0 for `0`. */
function nimSum(spec) {
  if (spec === '0') return 0;
  const match = /^nim\(([\d,]+)\)$/.exec(spec);
  assert.ok(match, `not a Nim position: ${spec}`);
  return match[1].split(',').map(Number).reduce((a, b) => a ^ b, 0);
}

// ---- Tests -------------------------------------------------------------------------------

for (const seed of [1, 2, 3, 4, 5]) {
  test(`nim(3,4,5), computer first: the computer wins against random moves (seed ${seed})`, async (t) => {
    const { page, problems } = await explorer(t, 'nim(3,4,5)');
    const next = random(seed);
    await page.getByTestId('play-first-computer').check();
    await page.getByTestId('play-start').click();
    const status = page.getByTestId('play-status');
    for (let turn = 0; turn < 20; turn += 1) {
      await page.waitForFunction(() => ['your-turn', 'won', 'lost', 'error'].includes(document.querySelector('[data-testid="play-status"]').dataset.state));
      const state = await status.getAttribute('data-state');
      if (state !== 'your-turn') break;
      // The computer has just moved: it always leaves a nim-sum of 0.
      assert.equal(nimSum(await page.getByTestId('play-position').textContent()), 0);
      const buttons = await moveButtons(page);
      const count = await buttons.count();
      if (seed === 1 && turn === 1) await page.locator('#play-card').screenshot({ path: join(SHOTS, 'explorer-play.png') });
      await buttons.nth(Math.floor(next() * count)).click();
    }
    assert.equal(await status.getAttribute('data-state'), 'lost');
    assert.match(await status.textContent(), /computer wins/);
    assert.deepEqual(problems, []);
  });
}

test('a player who moves first and plays perfectly beats the computer', async (t) => {
  const { page, problems } = await explorer(t, 'nim(3,4,5)');
  await page.getByTestId('play-first-you').check();
  await page.getByTestId('play-start').click();
  const status = page.getByTestId('play-status');
  for (let turn = 0; turn < 20; turn += 1) {
    await page.waitForFunction(() => ['your-turn', 'won', 'lost', 'error'].includes(document.querySelector('[data-testid="play-status"]').dataset.state));
    if ((await status.getAttribute('data-state')) !== 'your-turn') break;
    const buttons = await moveButtons(page);
    const moves = await buttons.evaluateAll((list) => list.map((b) => b.querySelector('.to').textContent.replace('→ ', '')));
    const index = moves.findIndex((result) => nimSum(result) === 0);
    assert.ok(index >= 0, `a winning move exists among ${moves}`);
    await buttons.nth(index).click();
  }
  assert.equal(await status.getAttribute('data-state'), 'won');
  assert.deepEqual(problems, []);
});

test('play by clicking drawn heaps and pins; a lost game says which move lost', async (t) => {
  const { page, problems } = await explorer(t, 'nim(3,4,5)');
  await page.getByTestId('play-start').click();
  // Perfect play by clicking tokens: in the heap h with h ⊕ x < h, click token h ⊕ x + 1.
  for (let turn = 0; turn < 12; turn += 1) {
    if ((await playState(page)) !== 'your-turn') break;
    const position = await page.getByTestId('play-position').textContent();
    const heaps = /^nim\(([\d,]+)\)$/.exec(position)[1].split(',').map(Number);
    const total = heaps.reduce((a, b) => a ^ b, 0);
    const index = heaps.findIndex((heap) => (heap ^ total) < heap);
    if (turn === 0) await page.locator('#play-card').screenshot({ path: join(SHOTS, 'explorer-play-board.png') });
    await page.locator(`[data-testid="board-token"][data-component="${index}"][data-position="${heaps[index] ^ total}"]`).click();
  }
  assert.equal(await playState(page), 'won');
  // A slip: take 1 from the heap of 3, leaving nim-sum 2 ⊕ 4 ⊕ 5 = 3; then the computer wins.
  await page.getByTestId('play-start').click();
  assert.equal(await playState(page), 'your-turn');
  await page.locator('[data-testid="board-token"][data-component="0"][data-position="2"]').click();
  for (let turn = 0; turn < 12; turn += 1) {
    if ((await playState(page)) !== 'your-turn') break;
    await page.locator('[data-testid="board-token"]').last().click();
  }
  assert.equal(await playState(page), 'lost');
  const status = await page.getByTestId('play-status').textContent();
  assert.match(status, /Your move 1 \(take 1 from 3, leaving 2\) left a position of value 3/);
  assert.match(status, /a move to value 0 was “take 2 from 3, leaving 1” in nim\(3\)/);
  // Kayles: knock down the middle pin of three, leaving two rows of one (value 1 ⊕ 1 = 0).
  await analyze(page, 'kayles(3)');
  await page.getByTestId('result-game').filter({ hasText: 'kayles(3)' }).waitFor();
  await page.getByTestId('play-start').click();
  assert.equal(await playState(page), 'your-turn');
  assert.equal(await page.getByTestId('board-component').getAttribute('data-kind'), 'row');
  await page.locator('[data-testid="board-token"][data-position="1"]').click();
  await page.getByTestId('play-hint').filter({ hasText: 'leaves kayles(1,1)' }).waitFor();
  await page.getByTestId('board-play').click();
  for (let turn = 0; turn < 4; turn += 1) {
    if ((await playState(page)) !== 'your-turn') break;
    await page.locator('[data-testid="board-token"]').first().click();
    await page.getByTestId('board-play').first().click();
  }
  assert.equal(await playState(page), 'won');
  assert.deepEqual(problems, []);
});

test('the board draws each game by its rule: pins, a split, coins turned over; the sequence follows the heap rule', async (t) => {
  const { page, problems } = await explorer(t, 'nim(1)');
  const spec = 'kayles(2) + grundy(5) + turtles(THTTH)';
  await analyze(page, spec);
  await page.getByTestId('result-game').filter({ hasText: spec }).waitFor();
  // The first term is a heap game: the sequence panel plots it.
  await page.waitForFunction(() => document.querySelector('[data-testid="seq-rule"]').value === 'kayles');
  await page.getByTestId('seq-summary').filter({ hasText: 'kayles' }).waitFor();
  await page.getByTestId('play-start').click();
  assert.equal(await playState(page), 'your-turn');
  // Two pins have no move that leaves two rows, yet Kayles is drawn as a row.
  const kinds = await page.getByTestId('board-component').evaluateAll((rows) => rows.map((row) => row.dataset.kind));
  assert.deepEqual(kinds, ['row', 'split', 'coins']);
  const token = (component, position) => page.locator(`[data-testid="board-token"][data-component="${component}"][data-position="${position}"]`);
  // Grundy's game: after the last token there is nothing to split off.
  await token(1, 4).click();
  await page.getByTestId('play-hint').filter({ hasText: 'No move in grundy(5) does that (splitting 5 into 5 and 0)' }).waitFor();
  // Turning Turtles: coins 4 and 5 (the head at 5 to tails, coin 4 to heads).
  await token(2, 3).click();
  await token(2, 4).click();
  await page.getByTestId('play-hint').filter({ hasText: 'turn coins 4 and 5: leaves kayles(2) + grundy(5) + turtles(THTHT)' }).waitFor();
  await page.locator('[data-testid="board-play"][data-component="2"]').click();
  await page.getByTestId('play-log').locator('li').first().filter({ hasText: 'in turtles(THTTH): turn coins 4 and 5 → kayles(2) + grundy(5) + turtles(THTHT)' }).waitFor();
  // A new game: split 5 into 2 and 3 by a click after the second token.
  await page.getByTestId('play-start').click();
  assert.equal(await playState(page), 'your-turn');
  await token(1, 1).click();
  await page.getByTestId('play-log').locator('li').first().filter({ hasText: 'in grundy(5): split 5 into 2 and 3' }).waitFor();
  // A game with no board gets the list of moves.
  await analyze(page, 'wythoff(2,3)');
  await page.getByTestId('result-game').filter({ hasText: 'wythoff(2,3)' }).waitFor();
  await page.getByTestId('play-start').click();
  assert.equal(await playState(page), 'your-turn');
  assert.equal(await page.getByTestId('board-component').count(), 0);
  assert.ok(await (await moveButtons(page)).count() > 0);
  assert.deepEqual(problems, []);
});

test('Cram and Chomp are drawn as squares: a domino by two clicks side by side, a chomp by one', async (t) => {
  const { page, problems } = await explorer(t, 'cram(2x3)');
  await page.getByTestId('play-start').click();
  assert.equal(await playState(page), 'your-turn');
  assert.equal(await page.getByTestId('board-component').getAttribute('data-kind'), 'dominoes');
  const square = (r, c) => page.locator(`[data-testid="board-square"][data-row="${r}"][data-column="${c}"]`).first();
  assert.equal(await page.getByTestId('board-square').count(), 6);
  // Two squares not side by side: the second click starts again from the new square.
  await square(0, 0).click();
  await page.getByTestId('play-hint').filter({ hasText: 'Now click an empty square beside row 1, column 1' }).waitFor();
  await square(1, 2).click();
  await page.getByTestId('play-hint').filter({ hasText: 'beside row 2, column 3' }).waitFor();
  // The winning move (the 2x3 board has value 1): the middle column, leaving two strips of
  // two squares, 1 ⊕ 1 = 0. Then answer the computer's domino with the other strip's.
  await square(0, 1).click();
  await square(1, 1).click();
  await page.getByTestId('play-log').locator('li').first().filter({ hasText: 'place a domino in column 2, rows 1 and 2' }).waitFor();
  assert.equal(await playState(page), 'your-turn');
  await page.locator('#play-card').screenshot({ path: join(SHOTS, 'explorer-play-cram.png') });
  const open = page.locator('[data-testid="board-square"]:not([disabled])');
  assert.equal(await open.count(), 2, 'one strip of two squares is left');
  await open.first().click();
  await open.last().click();
  assert.equal(await playState(page), 'won');
  // Chomp on 2x2: take the corner opposite the poisoned square, then mirror the computer.
  await analyze(page, 'chomp(2x2)');
  await page.getByTestId('result-game').filter({ hasText: 'chomp(2x2)' }).waitFor();
  await page.getByTestId('play-start').click();
  assert.equal(await playState(page), 'your-turn');
  assert.equal(await page.getByTestId('board-component').getAttribute('data-kind'), 'chomp');
  await square(0, 0).click();
  await page.getByTestId('play-hint').filter({ hasText: 'No move in chomp(2x2) does that' }).waitFor();
  await square(1, 1).click();
  assert.equal(await playState(page), 'your-turn');
  await page.locator('[data-testid="board-square"]:not([disabled])').last().click();
  assert.equal(await playState(page), 'won');
  assert.deepEqual(problems, []);
});
