// Browser tests of Col and Snort: graphs drawn from the library's board report (vertices with
// their paint, edges), played to the end by clicking vertices, as Left and as Right. Which
// vertices a player may paint, and who wins, are written here from the rules (a minimax), not
// taken from the page's engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SHOTS, explorer, playState, random } from './page.mjs';

async function startAs(page, side, first) {
  await page.waitForFunction(() => !document.querySelector('[data-testid="play-side"]').hidden);
  await page.getByTestId(`play-side-${side}`).check();
  await page.getByTestId(`play-first-${first}`).check();
  await page.getByTestId('play-start').click();
}

/** The vertices `a-b, b-c` of a spec's edge list as a map from each name to its neighbours. */
function neighbours(edges) {
  const near = new Map();
  for (const [a, b] of edges) {
    near.set(a, [...(near.get(a) ?? []), b]);
    near.set(b, [...(near.get(b) ?? []), a]);
  }
  return near;
}

/** The vertices `left` (or Right) may paint: unpainted, and in Col no neighbour of the same
 * colour, in Snort no neighbour of the other colour. `paint` maps names to `l`, `r` or `.`. */
function paintable(rule, near, paint, left) {
  const mine = left ? 'l' : 'r';
  const banned = rule === 'col' ? mine : (left ? 'r' : 'l');
  return [...paint.keys()].filter((v) => paint.get(v) === '.' && !near.get(v).some((u) => paint.get(u) === banned));
}

/** Whether the player to move (`left` or Right) wins, by minimax from the rules. */
function moverWins(rule, near, paint, left) {
  const mine = left ? 'l' : 'r';
  return paintable(rule, near, paint, left).some((v) => !moverWins(rule, near, new Map(paint).set(v, mine), !left));
}

/** The paint of each vertex of the position `col(1-2, 2-3; 2=l)` as the page writes it. */
function paintsOf(text, near) {
  const paint = new Map([...near.keys()].map((v) => [v, '.']));
  const painted = text.match(/;([^)]*)\)/)?.[1] ?? '';
  for (const entry of painted.split(',').map((item) => item.trim()).filter(Boolean)) {
    const [name, colour] = entry.split('=');
    paint.set(name, colour);
  }
  return paint;
}

/** The paint of each drawn vertex, by name. */
async function paints(page) {
  const list = await page.getByTestId('board-vertex').evaluateAll((all) => all.map((v) => [v.dataset.name, v.dataset.paint]));
  return new Map(list);
}

for (const [rule, edges, side, first, seed] of [
  ['col', [['1', '2'], ['2', '3'], ['3', '4'], ['4', '5']], 'left', 'you', 1],
  ['col', [['1', '2'], ['2', '3'], ['3', '4'], ['4', '5']], 'right', 'computer', 2],
  ['snort', [['a', 'b'], ['b', 'c'], ['c', 'a'], ['c', 'd']], 'right', 'you', 3],
  ['snort', [['a', 'b'], ['b', 'c'], ['c', 'a'], ['c', 'd']], 'left', 'computer', 4],
]) {
  const spec = `${rule}(${edges.map(([a, b]) => `${a}-${b}`).join(', ')})`;
  test(`${spec} as ${side}, ${first} first: clicks paint vertices to the end, and the computer wins what it can (seed ${seed})`, async (t) => {
    const { page, problems } = await explorer(t, spec);
    await startAs(page, side, first);
    const near = neighbours(edges);
    const left = side === 'left';
    const next = random(seed);
    let computerCouldWin = first === 'computer' && moverWins(rule, near, new Map([...near.keys()].map((v) => [v, '.'])), !left);
    let turns = 0;
    while ((await playState(page)) === 'your-turn') {
      turns += 1;
      assert.ok(turns <= near.size, 'the game ends');
      assert.equal(await page.getByTestId('board-component').getAttribute('data-kind'), rule);
      assert.equal(await page.getByTestId('board-link').count(), edges.length);
      const paint = await paints(page);
      assert.deepEqual(paint, paintsOf(await page.getByTestId('play-position').textContent(), near));
      const mine = paintable(rule, near, paint, left);
      assert.ok(mine.length > 0, 'your turn comes only with a move');
      // A vertex you may not paint is refused with a hint, and nothing is played.
      const refused = [...paint.keys()].find((v) => !mine.includes(v));
      if (refused !== undefined) {
        await page.locator(`[data-testid="board-vertex"][data-name="${refused}"]`).click();
        assert.match(await page.getByTestId('play-hint').textContent(), /may not paint|painted already/);
        assert.equal(await playState(page), 'your-turn');
      }
      if (seed === 1 && turns === 1) await page.locator('#play-card').screenshot({ path: join(SHOTS, `explorer-play-${rule}.png`) });
      const chosen = mine[Math.floor(next() * mine.length)];
      await page.locator(`[data-testid="board-vertex"][data-name="${chosen}"]`).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="play-status"]').dataset.state !== 'your-turn');
      computerCouldWin ||= moverWins(rule, near, new Map(paint).set(chosen, left ? 'l' : 'r'), !left);
    }
    const state = await playState(page);
    assert.ok(['won', 'lost'].includes(state), state);
    if (computerCouldWin) assert.equal(state, 'lost', await page.getByTestId('play-status').textContent());
    // The game ended where the player to move had no vertex to paint.
    const paint = paintsOf(await page.getByTestId('play-position').textContent(), near);
    const loserIsLeft = state === 'lost' ? left : !left;
    assert.deepEqual(paintable(rule, near, paint, loserIsLeft), [], [...paint].join(' '));
    assert.match(await page.getByTestId('play-status').textContent(), /whoever cannot move loses/);
    assert.deepEqual(problems, []);
  });
}
