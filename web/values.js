// How the page writes a value from a report: a number, ∞ or ∞(0,2) with its escapes (a
// game with cycles), or – when the report leaves it out (a misère game too large to value).

/** `value` (a number, "inf" or absent) as text, with the escapes of an infinite value. */
export function valueText(value, escapes) {
  if (value === undefined || value === null) return '–';
  if (value !== 'inf') return String(value);
  return escapes && escapes.length > 0 ? `∞(${escapes.join(',')})` : '∞';
}
