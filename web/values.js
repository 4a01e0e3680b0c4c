// How the page writes a value from a report: a number, ∞ or ∞(0,2) with its escapes (a
// game with cycles), or – when the report leaves it out (a misère game too large to value);
// and what each outcome letter of a report means.

/** The outcome letters of every kind of report, in words. */
export const OUTCOME_WORDS = {
  N: 'the player to move wins',
  P: 'the player to move loses',
  D: 'a draw: with best play neither player can force a win',
  L: 'Left wins, whoever moves first',
  R: 'Right wins, whoever moves first',
};

/** `value` (a number, "inf" or absent) as text, with the escapes of an infinite value. */
export function valueText(value, escapes) {
  if (value === undefined || value === null) return '–';
  if (value !== 'inf') return String(value);
  return escapes && escapes.length > 0 ? `∞(${escapes.join(',')})` : '∞';
}
