// Browser test of the outcome search's route on the page: a partizan sum whose canonical form
// is beyond the page's limits (WebAssembly's `LIMITS`) is answered by the library's outcome
// search, and the result card says so. The outcome is checked against the CLI's, written here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { explorer } from './page.mjs';

// `grundy value SPEC --max-work 8388608 --max-positions 1048576 --format json` (the page's
// limits) answers with `"route": "outcome search"` and this outcome.
const SPEC = '__SPEC__';
const OUTCOME = '__OUTCOME__';

test('a partizan sum too large for its canonical form shows the outcome search route', async (t) => {
  const { page, problems } = await explorer(t, SPEC);
  await page.locator('#result-value-label').filter({ hasText: 'Outcome (by search)' }).waitFor({ timeout: 60000 });
  assert.equal(await page.getByTestId('result-value').textContent(), 'too large for a canonical form');
  assert.equal(await page.getByTestId('result-outcome').textContent(), OUTCOME);
  assert.match(await page.getByTestId('result-note').textContent(), /found by a search that uses the values of the parts/);
  // A game small enough for its canonical form shows that route again.
  await page.getByTestId('spec-input').fill('domineering(2x2)');
  await page.getByTestId('analyze').click();
  await page.locator('#result-value-label').filter({ hasText: 'Canonical form' }).waitFor();
  assert.deepEqual(problems, []);
});
