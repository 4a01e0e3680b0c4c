// The sequence view: a plot of g(n) from a SequenceReport, zeros (P-positions) in red. When a
// report carries a proved period (`periodicity: {preperiod, period}`), the preperiod is shaded
// grey and the periods in alternating blue; without one the caption says "prefix only".
import { svg } from './dom.js';

const MARGIN = { left: 44, right: 14, top: 16, bottom: 38 };

/** About `count` round tick values from 0 to `last`: steps of 1, 2 or 5 times a power of 10. */
export function ticks(last, count) {
  const raw = Math.max(last / count, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw);
  const values = [];
  for (let value = 0; value <= last + 1e-9; value += step) values.push(value);
  return values;
}

/** Renders `report` into `container`, sized to its width; returns the SVG element. */
export function renderSequence(container, report) {
  const WIDTH = Math.round(Math.min(900, Math.max(300, container.clientWidth || 640)));
  const HEIGHT = Math.round(Math.min(300, Math.max(220, WIDTH * 0.45)));
  const values = report.values;
  const lastN = Math.max(values.length - 1, 1);
  const top = Math.max(report.max_value, 1);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (n) => MARGIN.left + (n / lastN) * plotWidth;
  const y = (g) => MARGIN.top + plotHeight - (g / top) * plotHeight;

  const layers = [];
  const period = report.periodicity;
  if (period && period.period > 0) {
    const pre = Math.min(period.preperiod, lastN);
    if (pre > 0) layers.push(svg('rect', { class: 'preperiod', x: x(0), y: MARGIN.top, width: x(pre) - x(0), height: plotHeight }));
    for (let start = period.preperiod, index = 0; start < lastN; start += period.period, index += 1) {
      if (index % 2 === 0) {
        const end = Math.min(start + period.period, lastN);
        layers.push(svg('rect', { class: 'period', x: x(start), y: MARGIN.top, width: x(end) - x(start), height: plotHeight }));
      }
    }
  }
  for (const g of ticks(top, 6)) {
    layers.push(svg('line', { class: 'grid', x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(g), y2: y(g) }));
    layers.push(svg('text', { x: MARGIN.left - 6, y: y(g) + 4, 'text-anchor': 'end', text: String(g) }));
  }
  for (const n of ticks(lastN, Math.max(3, Math.floor(WIDTH / 80)))) {
    layers.push(svg('line', { class: 'axis', x1: x(n), x2: x(n), y1: MARGIN.top + plotHeight, y2: MARGIN.top + plotHeight + 4 }));
    layers.push(svg('text', { x: x(n), y: MARGIN.top + plotHeight + 16, 'text-anchor': 'middle', text: String(n) }));
  }
  layers.push(svg('line', { class: 'axis', x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: MARGIN.top + plotHeight, y2: MARGIN.top + plotHeight }));
  layers.push(svg('line', { class: 'axis', x1: MARGIN.left, x2: MARGIN.left, y1: MARGIN.top, y2: MARGIN.top + plotHeight }));
  layers.push(svg('text', { x: MARGIN.left + plotWidth / 2, y: HEIGHT - 4, 'text-anchor': 'middle', text: 'heap n' }));
  layers.push(svg('text', { x: 12, y: MARGIN.top + plotHeight / 2, 'text-anchor': 'middle', transform: `rotate(-90 12 ${MARGIN.top + plotHeight / 2})`, text: 'g(n)' }));
  const points = values.map((g, n) => `${x(n).toFixed(1)},${y(g).toFixed(1)}`).join(' ');
  layers.push(svg('polyline', { class: 'series', points }));
  const radius = values.length <= 160 ? 2.6 : values.length <= 600 ? 1.6 : 0;
  if (radius > 0) {
    values.forEach((g, n) => {
      layers.push(svg('circle', { class: g === 0 ? 'dot zero' : 'dot', cx: x(n), cy: y(g), r: radius, 'data-n': n, 'data-g': g },
        svg('title', { text: `g(${n}) = ${g}` })));
    });
  }
  const element = svg('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: 'img',
    'aria-label': `Grundy values g(n) of ${report.rule} for n from 0 to ${report.to}`,
  }, layers);
  container.replaceChildren(element);
  return element;
}

/** One line about the sequence: its largest value, its zeros and what is known of a period. */
export function summary(report) {
  const zeros = report.values.filter((g) => g === 0).length;
  const period = report.periodicity;
  const kind = period && period.saltus > 0
    ? `arithmetic period ${period.period}, saltus ${period.saltus},`
    : `period ${period?.period}`;
  const known = period && period.period > 0
    ? `proved ${kind} after a preperiod of ${period.preperiod}`
    : 'prefix only: no period proved';
  return `${report.rule}: g(0) … g(${report.to}); largest value ${report.max_value}, first at n = ${report.max_value_at}; `
    + `${zeros} zero${zeros === 1 ? '' : 's'} (P-positions, red); ${known}.`;
}
