// Browser tests of partizan play: Domineering boards and Hackenbush strings and graphs drawn
// from the library's board report and played as Left or Right against the computer. Who wins
// is checked against a minimax written here from the rules, not from the page's engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, explorer, moveButtons, playState, random } from './page.mjs';

/** A Domineering board `domineering(oxo/ooo)` as rows of booleans (true: empty). */
function domineering(spec) {
  const inner = spec.slice('domineering('.length, -1);
  const rows = [[]];
  for (const c of inner) {
    if (c === '/') rows.push([]);
    else rows[rows.length - 1].push(c === 'o');
  }
  return rows;
}

/** Whether the player to move (`left` or Right) wins the Domineering board `rows`, by minimax. */
function moverWins(rows, left, memo = new Map()) {
  const key = `${left}${rows.map((row) => row.map(Number).join('')).join('/')}`;
  if (memo.has(key)) return memo.get(key);
  let wins = false;
  for (let r = 0; r < rows.length && !wins; r += 1) {
    for (let c = 0; c < rows[r].length && !wins; c += 1) {
      const [r2, c2] = left ? [r + 1, c] : [r, c + 1];
      if (rows[r][c] && rows[r2]?.[c2]) {
        const next = rows.map((row) => [...row]);
        next[r][c] = false;
        next[r2][c2] = false;
        wins = !moverWins(next, !left, memo);
      }
    }
  }
  memo.set(key, wins);
  return wins;
}

async function startAs(page, side, first) {
  await page.waitForFunction(() => !document.querySelector('[data-testid="play-side"]').hidden);
  await page.getByTestId(`play-side-${side}`).check();
  await page.getByTestId(`play-first-${first}`).check();
  await page.getByTestId('play-start').click();
}

for (const [side, first, seed] of [['left', 'you', 1], ['right', 'you', 2], ['left', 'computer', 3], ['right', 'computer', 4]]) {
  test(`domineering(ooo/ooo/ooo) as ${side}, ${first} first: clicks place dominoes and the computer wins what it can (seed ${seed})`, async (t) => {
    const { page, problems } = await explorer(t, 'domineering(ooo/ooo/ooo)');
    await startAs(page, side, first);
    const next = random(seed);
    const computerLeft = side === 'right';
    let computerCouldWin = first === 'computer' && moverWins(domineering('domineering(ooo/ooo/ooo)'), computerLeft);
    for (let turn = 0; turn < 10; turn += 1) {
      if ((await playState(page)) !== 'your-turn') break;
      assert.equal(await page.getByTestId('board-component').getAttribute('data-kind'), 'domineering');
      // Your move: a random listed move, played by clicking its two squares on the board.
      const buttons = await moveButtons(page);
      const results = await buttons.evaluateAll((list) => list.map((b) => b.querySelector('.to').textContent.replace('→ ', '')));
      const before = domineering(await page.getByTestId('play-position').textContent());
      const chosen = domineering(results[Math.floor(next() * results.length)]);
      const covered = [];
      chosen.forEach((row, r) => row.forEach((empty, c) => { if (before[r][c] && !empty) covered.push([r, c]); }));
      assert.equal(covered.length, 2);
      if (seed === 1 && turn === 0) await page.locator('#play-card').screenshot({ path: join(SHOTS, 'explorer-play-domineering.png') });
      for (const [r, c] of covered) {
        await page.locator(`[data-testid="board-square"][data-row="${r}"][data-column="${c}"]`).click();
      }
      // The computer now moves from the position your move left.
      await page.waitForFunction(() => document.querySelector('[data-testid="play-status"]').dataset.state !== 'your-turn');
      computerCouldWin ||= moverWins(chosen, computerLeft);
    }
    const state = await playState(page);
    assert.ok(['won', 'lost'].includes(state), state);
    if (computerCouldWin) assert.equal(state, 'lost', await page.getByTestId('play-status').textContent());
    assert.match(await page.getByTestId('play-status').textContent(), /whoever cannot move loses/);
    assert.deepEqual(problems, []);
  });
}

test('domineering(2x3) as Left: the winning move wins; a horizontal domino is not Left\'s', async (t) => {
  const { page, problems } = await explorer(t, 'domineering(2x3)');
  await startAs(page, 'left', 'you');
  assert.equal(await playState(page), 'your-turn');
  const square = (r, c) => page.locator(`[data-testid="board-square"][data-row="${r}"][data-column="${c}"]`);
  await square(0, 0).click();
  await square(0, 1).click();
  assert.match(await page.getByTestId('play-hint').textContent(), /No move/);
  // The middle column leaves two vertical strips, worth 2: Right cannot move.
  await square(0, 1).click();
  await square(1, 1).click();
  assert.equal(await playState(page), 'won');
  assert.match(await page.getByTestId('play-status').textContent(), /Right\) has no move left/);
  assert.deepEqual(problems, []);
});

test('hackenbush graphs and strings are drawn as coloured edges and cut by a click', async (t) => {
  const { page, problems } = await explorer(t, 'hackenbush(g-a:l, a-b:r, g-b:e; ground=g) + hackenbush(lr)');
  await startAs(page, 'right', 'you');
  assert.equal(await playState(page), 'your-turn');
  const edges = page.getByTestId('board-edge');
  assert.equal(await edges.count(), 5);
  assert.deepEqual(await edges.evaluateAll((list) => list.map((e) => e.dataset.colour)), ['l', 'r', 'e', 'l', 'r']);
  await page.locator('#play-card').screenshot({ path: join(SHOTS, 'explorer-play-hackenbush.png') });
  // A blue edge is Left's: no move, and a hint says why.
  await edges.first().click();
  assert.match(await page.getByTestId('play-hint').textContent(), /cannot cut that blue edge/);
  // Cutting the red edge of the string leaves the string `l`.
  // (A vertical edge has an empty box for the browser's hit test of "visible"; the click lands
  // on its stroke all the same.)
  await page.locator('[data-testid="board-edge"][data-component="1"][data-colour="r"]').click({ force: true });
  await page.waitForFunction(() => document.querySelector('[data-testid="play-log"]').textContent.includes('hackenbush(l)'));
  const state = await playState(page);
  assert.ok(['your-turn', 'won', 'lost'].includes(state), state);
  assert.deepEqual(problems, []);
});
