// The periodic table of a sequence (the library's PeriodicTable report): the values before the
// preperiod, then one row per period, so that a period shows as columns of equal values.
// Zeros (P-positions) are red; a value that differs from its column in the last full row is
// shaded, which shows where a chosen row length does not fit.
import { h } from './dom.js';

/** Renders `table` into `container` as an HTML table. */
export function renderTable(container, table) {
  const columns = Array.from({ length: table.period }, (_, offset) => h('th', { scope: 'col', text: `+${offset}` }));
  const full = table.rows.filter((row) => row.values.length === table.period);
  const last = full.length > 0 ? full[full.length - 1].values : null;
  const headRows = [];
  for (let start = 0; start < table.preperiod_values.length; start += table.period) {
    const values = table.preperiod_values.slice(start, start + table.period);
    headRows.push(h('tr', { class: 'head-row' }, h('th', { scope: 'row', text: String(start) }),
      values.map((value) => h('td', { class: value === 0 ? 'zero' : '', text: String(value) }))));
  }
  const rows = table.rows.map((row, index) => h('tr', { 'data-testid': 'seq-table-row', 'data-start': row.start },
    h('th', { scope: 'row', text: String(row.start) }),
    row.values.map((value, offset) => {
      const expected = last === null ? value : last[offset] - (full.length - 1 - index) * table.saltus;
      const classes = [value === 0 ? 'zero' : '', value !== expected ? 'differs' : ''].filter(Boolean).join(' ');
      return h('td', { class: classes, title: `g(${row.start + offset}) = ${value}`, text: String(value) });
    })));
  container.replaceChildren(h('table', { 'aria-label': `Values of ${table.rule} in rows of ${table.period}` },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: 'n' }), columns)),
    h('tbody', {}, headRows, rows)));
}

/** One line about the table: its rows, and whether the period is proved. */
export function tableSummary(table) {
  const rows = `${table.rule} in rows of ${table.period} from heap ${table.preperiod}`;
  const head = table.preperiod > 0 ? ` (grey: the ${table.preperiod_values.length} values before it)` : '';
  return table.proved
    ? `${rows}${head}: a proved period${table.saltus ? ` with saltus ${table.saltus}` : ''}, so every column repeats forever.`
    : `${rows}${head}: chosen by hand, not proved; shaded values differ from their column in the last full row.`;
}
