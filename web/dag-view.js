// The game DAG drawn in rows, with a step-through animation that fills in the Grundy labels
// bottom-up, each step showing a position's options, the set of their values and its mex.
//
// A complete DAG is drawn by the report's `layer` (the most moves left), so the end of the game
// is at the bottom. A DAG cut at its node limit is drawn by `depth` (moves from the start), the
// start on top, with only the edges from one row to the next. Rows wider than MOST.row positions
// are collapsed into a "+k more" box that expands on click. The drawing is fitted to its view
// and zoomed and panned with Panzoom (web/vendor/, copied from npm by scripts/wasm). Every
// number shown comes from the DagReport; this module only lays out and animates.
//
// A game with cycles is drawn the same way: the positions of a cycle share a row (the report's
// layers) and the edges between them arc below it. Its values are generalised ones (∞(K)),
// found as a fixed point rather than by a mex taken bottom-up, so it is not animated. In misère
// play the labels are misère values: the same mex, but the end of the game is worth 1.
import Panzoom from './vendor/panzoom.js';
import { h, svg, setText } from './dom.js';
import { valueText } from './values.js';

/**
 * Sizes in pixels: a label's line; the space between rows, and the extra room under each row of a
 * graph with cycles for the arcs between its positions; the drawing's padding; a "+N more" box.
 */
const SIZE = { line: 14, rowSpace: 34, arcRoom: 30, pad: 16, moreWidth: 92 };
/** The most label lines of a position, characters in a label line, and positions in a row. */
const MOST = { lines: 3, label: 34, row: 16 };
/**
 * Zoom limits, as multiples of the scale that fits the whole drawing in view; a pointer that moves
 * further than `dragSlop` pixels while pressed pans, and clicks nothing; an arrow key pans `panStep`
 * pixels.
 */
const VIEW = { zoomOut: 0.5, maxScale: 3, dragSlop: 4, panStep: 60 };
// Spacing for wide containers, and tighter for phones.
const ROOMY = { nodeGap: 16, padding: 22, maxRow: MOST.row };
const COMPACT = { nodeGap: 8, padding: 14, maxRow: 8 };
const COMPACT_BELOW = 600;

let measureContext = null;

/** The width in pixels of `text` in the node font. */
function textWidth(text) {
  measureContext ??= document.createElement('canvas').getContext('2d');
  measureContext.font = '12px "DejaVu Sans Mono", ui-monospace, monospace';
  return measureContext.measureText(text).width;
}

/**
 * `spec` cut to MOST.label characters. A digraph's position follows its last `; `, and all its
 * positions share the edges before it: that tail is kept (`digraph(a>b, b>a, …; b)`).
 */
function shortLabel(spec) {
  if (spec.length <= MOST.label) return spec;
  const cut = spec.lastIndexOf('; ');
  const tail = cut > 0 && spec.length - cut < MOST.label / 2 ? spec.slice(cut) : '';
  return `${spec.slice(0, MOST.label - 1 - tail.length)}…${tail}`;
}

/** A position's label lines: one per part of a sum (the spec's ` + `), at most MOST.lines. */
export function labelLines(spec) {
  const parts = spec.split(' + ');
  if (parts.length <= MOST.lines) return parts.map(shortLabel);
  return [...parts.slice(0, MOST.lines - 1).map(shortLabel), `+ ${parts.length - MOST.lines + 1} more`];
}

/** The height of a node whose label has `lines` lines, with the value line below. */
function nodeHeight(lines) {
  return 12 + SIZE.line * (lines + 1);
}

/**
 * Places the nodes. Rows come from layers (complete DAG) or depths (cut DAG); rows wider than
 * `spacing.maxRow` keep their first positions and a "+k more" box unless `expanded` holds the
 * row (P-positions are kept first); the order within rows comes from a few barycenter sweeps, then rows are packed and
 * centered. Returns {places (by node id, visible nodes only), more (boxes), edges (drawn),
 * width, height}.
 */
export function layout(report, spacing = ROOMY, expanded = new Set()) {
  const cut = report.left_out > 0;
  const rowOf = cut
    ? (node) => node.depth
    : (node) => report.layers - 1 - node.layer;
  const rowCount = Math.max(1, ...report.nodes.map((node) => rowOf(node) + 1));
  const allRows = Array.from({ length: rowCount }, () => []);
  for (const node of report.nodes) allRows[rowOf(node)].push(node.id);
  const hiddenCount = new Array(rowCount).fill(0);
  const rows = allRows.map((row, index) => {
    if (row.length <= spacing.maxRow || expanded.has(index)) return row;
    hiddenCount[index] = row.length - spacing.maxRow;
    // P-positions stay in sight: they are where the winning moves lead.
    const first = (id) => (report.nodes[id].value === 0 ? 0 : 1);
    return [...row].sort((a, b) => first(a) - first(b) || a - b).slice(0, spacing.maxRow);
  });
  const visible = new Set(rows.flat());
  const edges = report.edges.filter((edge) => visible.has(edge.from) && visible.has(edge.to)
    && (!cut || rowOf(report.nodes[edge.to]) > rowOf(report.nodes[edge.from])));

  const lines = new Map([...visible].map((id) => [id, labelLines(report.nodes[id].spec)]));
  const widths = new Map([...lines].map(([id, label]) => [id, Math.max(60, Math.ceil(Math.max(...label.map(textWidth))) + spacing.padding)]));
  const height = nodeHeight(Math.max(1, ...[...lines.values()].map((label) => label.length)));
  // The moves within a row (a cycle) arc below it: room for them under every row.
  const arcs = edges.some((edge) => rowOf(report.nodes[edge.to]) <= rowOf(report.nodes[edge.from]));
  const arcRoom = arcs ? SIZE.arcRoom : 0;
  const rowGap = height + SIZE.rowSpace + arcRoom;
  const parents = new Map([...visible].map((id) => [id, []]));
  const children = new Map([...visible].map((id) => [id, []]));
  for (const edge of edges) {
    parents.get(edge.to).push(edge.from);
    children.get(edge.from).push(edge.to);
  }
  const gap = spacing.nodeGap;
  const center = new Map();
  const rowWidth = (row, index) => row.reduce((sum, id) => sum + widths.get(id), 0)
    + (hiddenCount[index] > 0 ? SIZE.moreWidth + gap : 0) + gap * Math.max(row.length - 1, 0);
  const pack = () => {
    const rowWidths = rows.map(rowWidth);
    const widest = Math.max(...rowWidths, 0);
    rows.forEach((row, index) => {
      let x = (widest - rowWidths[index]) / 2;
      for (const id of row) {
        center.set(id, x + widths.get(id) / 2);
        x += widths.get(id) + gap;
      }
    });
    return { widest, rowWidths };
  };
  pack();
  const mean = (ids, fallback) => (ids.length ? ids.reduce((sum, id) => sum + center.get(id), 0) / ids.length : fallback);
  for (let sweep = 0; sweep < 4; sweep += 1) {
    const downward = sweep % 2 === 0;
    const order = downward ? [...rows.keys()] : [...rows.keys()].reverse();
    for (const index of order) {
      const neighbours = downward ? parents : children;
      const key = new Map(rows[index].map((id) => [id, mean(neighbours.get(id), center.get(id))]));
      rows[index].sort((a, b) => key.get(a) - key.get(b) || a - b);
      pack();
    }
  }
  const { widest, rowWidths } = pack();
  const places = new Map();
  for (const id of visible) {
    places.set(id, {
      x: SIZE.pad + center.get(id) - widths.get(id) / 2,
      y: SIZE.pad + rowOf(report.nodes[id]) * rowGap,
      width: widths.get(id),
      height,
      lines: lines.get(id),
    });
  }
  const more = [];
  rows.forEach((row, index) => {
    if (hiddenCount[index] === 0) return;
    const x = SIZE.pad + (widest - rowWidths[index]) / 2 + rowWidths[index] - SIZE.moreWidth;
    more.push({ row: index, hidden: hiddenCount[index], x, y: SIZE.pad + index * rowGap, width: SIZE.moreWidth, height });
  });
  return { places, more, edges, width: widest + 2 * SIZE.pad, height: (rowCount - 1) * rowGap + height + arcRoom + 2 * SIZE.pad };
}

/**
 * The curve of an edge between two placed nodes: from the bottom of `from` down to the top of
 * `to`, or, between positions of one row (a cycle), an arc below the row.
 */
function edgePath(from, to) {
  const x1 = from.x + from.width / 2;
  const x2 = to.x + to.width / 2;
  if (to.y <= from.y) {
    const y = from.y + from.height;
    const y2 = to.y + to.height + 2;
    const sag = 22 + Math.min(30, Math.abs(x2 - x1) / 6);
    // Edges of a cycle come in pairs: each arc leaves a little right of its start's centre
    // and ends a little left of its end's, so the two directions do not overlap.
    return `M${x1 + 6},${y} C${x1 + 6},${y + sag} ${x2 - 6},${y2 + sag} ${x2 - 6},${y2}`;
  }
  const y1 = from.y + from.height;
  const y2 = to.y - 2;
  const bend = Math.min(42, (y2 - y1) / 2);
  return `M${x1},${y1} C${x1},${y1 + bend} ${x2},${y2 - bend} ${x2},${y2}`;
}

export class DagView {
  constructor({ container, explain, note, stats, animateButton, stepButton, showButton, zoomInButton, zoomOutButton, fitButton }) {
    Object.assign(this, { container, explain, note, stats, animateButton, stepButton, showButton, zoomInButton, zoomOutButton, fitButton });
    this.panzoom = null;
    this.report = null;
    this.loopy = false;
    this.misere = false;
    this.timer = null;
    this.order = [];
    this.next = 0;
    this.revealed = null;
    this.selected = null;
    this.current = null;
    this.expanded = new Set();
    animateButton.addEventListener('click', () => this.toggleAnimation());
    stepButton.addEventListener('click', () => this.step());
    showButton.addEventListener('click', () => this.showAll());
    zoomInButton.addEventListener('click', () => this.zoomBy(1));
    zoomOutButton.addEventListener('click', () => this.zoomBy(-1));
    fitButton.addEventListener('click', () => this.fit());
    container.addEventListener('keydown', (event) => this.key(event));
    // Ctrl + wheel (and a trackpad's pinch) zooms; a plain wheel scrolls the page past the DAG.
    container.addEventListener('wheel', (event) => {
      if (!this.panzoom || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      this.zoomAt(this.panzoom.getScale() * Math.exp(-Math.sign(event.deltaY) * 0.1), event.clientX, event.clientY);
    }, { passive: false });
    // A drag pans: the click that ends it selects nothing.
    container.addEventListener('pointerdown', (event) => { this.pressedAt = { x: event.clientX, y: event.clientY }; this.dragged = false; });
    container.addEventListener('pointermove', (event) => {
      if (this.pressedAt && Math.hypot(event.clientX - this.pressedAt.x, event.clientY - this.pressedAt.y) > VIEW.dragSlop) this.dragged = true;
    });
    container.addEventListener('pointerup', () => { this.pressedAt = null; });
    container.addEventListener('click', (event) => {
      if (!this.dragged) return;
      this.dragged = false;
      event.stopPropagation();
    }, { capture: true });
    window.addEventListener('resize', () => {
      if (this.report && this.isCompact() !== this.compact) this.draw();
      else this.fit();
    });
    this.setButtons();
  }

  /**
   * Draws `report` with every label shown; `misere` says that the game is played misère,
   * `loopy` that its moves form cycles.
   */
  show(report, { misere = false, loopy = false } = {}) {
    this.stop();
    this.report = report;
    this.loopy = loopy;
    this.misere = misere;
    this.revealed = null;
    this.selected = null;
    this.current = null;
    this.expanded = new Set();
    this.draw();
    const { nodes, layers, left_out: leftOut, left_out_exact: exact, max_nodes: maxNodes } = report;
    this.stats.textContent = leftOut > 0
      ? `${nodes.length} of ${exact ? '' : 'at least '}${(nodes.length + leftOut).toLocaleString('en')} positions`
      : `${nodes.length} position${nodes.length === 1 ? '' : 's'} · ${layers} layer${layers === 1 ? '' : 's'}`;
    const notes = [];
    if (misere) {
      notes.push('Misère play: the labels are misère values g⁻. The mex rule still gives each one, but the end of the game '
        + 'is worth 1, not 0, since the player who cannot move wins; a position is a P-position when its value is 0.');
    }
    if (loopy) {
      notes.push('The moves form cycles: the positions of a cycle share a row, and the moves between them arc below it. '
        + 'The labels are generalised values: ∞(K) can keep the game going or move to a value in K; grey positions are draws (D).');
    }
    if (leftOut > 0) {
      notes.push(`The DAG is too big to draw: showing the ${nodes.length} positions nearest the start `
        + `(the limit is ${maxNodes}), one row per move from the start; ${exact ? '' : 'at least '}`
        + `${leftOut.toLocaleString('en')} more are left out. Dashed positions have options that are not drawn; their values still count.`);
    }
    this.note.hidden = notes.length === 0;
    this.note.textContent = notes.join(' ');
    this.explainIdle();
    this.setButtons();
  }

  /** Shows a message instead of a DAG. */
  clear(message) {
    this.stop();
    this.report = null;
    this.loopy = false;
    this.misere = false;
    this.unzoom();
    this.svgElement = null;
    this.container.replaceChildren(h('div', { class: 'empty', text: message }));
    this.stats.textContent = '';
    this.note.hidden = true;
    this.explain.replaceChildren();
    this.setButtons();
  }

  isCompact() {
    return this.container.clientWidth < COMPACT_BELOW;
  }

  /** Lays out and draws the report; `keepView` keeps the zoom and pan (a row was expanded). */
  draw(keepView = false) {
    const report = this.report;
    this.compact = this.isCompact();
    const { places, more, edges, width, height } = layout(report, this.compact ? COMPACT : ROOMY, this.expanded);
    this.natural = { width, height };
    this.places = places;
    // Bottom-up: positions with fewer moves left first; an option always comes before.
    this.order = [...places.keys()].sort((a, b) => report.nodes[a].layer - report.nodes[b].layer || a - b);
    if (this.revealed) {
      this.next = this.order.filter((id) => this.revealed.has(id)).length;
    }
    const marker = (id, color) => svg('marker', {
      id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 9, markerHeight: 9, markerUnits: 'userSpaceOnUse', orient: 'auto',
    }, svg('path', { d: 'M0,1 L10,5 L0,9 z', fill: color }));
    const defs = svg('defs', {}, marker('arrow', '#a3acba'), marker('arrow-win', '#cf3f2b'), marker('arrow-lit', '#f0a020'));
    const edgeLayer = svg('g', { class: 'edges' });
    this.edgeElements = [];
    for (const edge of [...edges].sort((a, b) => Number(a.winning) - Number(b.winning))) {
      const from = places.get(edge.from);
      const to = places.get(edge.to);
      const path = svg('path', {
        class: `edge${edge.winning ? ' winning' : ''}`,
        d: edgePath(from, to),
        'marker-end': `url(#${edge.winning ? 'arrow-win' : 'arrow'})`,
        'data-from': edge.from,
        'data-to': edge.to,
      }, svg('title', { text: `in ${edge.component}: ${edge.description}${edge.winning ? ' (winning move)' : ''}` }));
      this.edgeElements.push({ edge, path });
      edgeLayer.append(path);
    }
    const nodeLayer = svg('g', { class: 'nodes' });
    this.nodeElements = new Map();
    for (const [id, place] of places) {
      const node = report.nodes[id];
      const label = svg('text', { class: 'value-label', x: place.width / 2, y: 17 + place.lines.length * SIZE.line, 'text-anchor': 'middle' });
      const group = svg('g', {
        class: 'node',
        transform: `translate(${place.x},${place.y})`,
        tabindex: 0,
        role: 'button',
        'data-testid': 'dag-node',
        'data-id': id,
        'data-spec': node.spec,
        'data-grundy': node.value,
        'data-outcome': node.outcome,
        onclick: (event) => { event.stopPropagation(); this.select(id); },
        onkeydown: (event) => { if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); this.select(id); } },
      },
      svg('title', { text: `${node.spec}: value ${valueText(node.value, node.escapes)}, ${node.outcome}-position` }),
      svg('rect', { width: place.width, height: place.height, rx: 8 }),
      place.lines.map((line, index) => svg('text', {
        class: 'spec-label', x: place.width / 2, y: 16 + index * SIZE.line, 'text-anchor': 'middle', text: line,
      })),
      label);
      nodeLayer.append(group);
      this.nodeElements.set(id, { group, label });
    }
    for (const box of more) {
      nodeLayer.append(svg('g', {
        class: 'more',
        transform: `translate(${box.x},${box.y})`,
        tabindex: 0,
        role: 'button',
        'data-testid': 'dag-collapsed',
        'data-hidden': box.hidden,
        onclick: (event) => { event.stopPropagation(); this.expandRow(box.row); },
        onkeydown: (event) => { if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); this.expandRow(box.row); } },
      },
      svg('title', { text: `${box.hidden} more positions in this row: click to show them` }),
      svg('rect', { width: box.width, height: box.height, rx: 8 }),
      svg('text', { x: box.width / 2, y: box.height / 2 - 2, 'text-anchor': 'middle', text: `+${box.hidden} more` }),
      svg('text', { class: 'hint', x: box.width / 2, y: box.height / 2 + 12, 'text-anchor': 'middle', text: 'click to show' })));
    }
    this.svgElement = svg('svg', {
      viewBox: `0 0 ${width} ${height}`, width, height, role: 'group',
      'aria-label': `Game DAG of ${report.spec}`,
    }, defs, edgeLayer, nodeLayer);
    this.svgElement.addEventListener('click', () => this.select(null));
    const view = keepView && this.panzoom ? { scale: this.panzoom.getScale(), ...this.panzoom.getPan() } : null;
    this.unzoom();
    this.container.replaceChildren(this.svgElement);
    this.paint(this.timer !== null ? this.current : null);
    this.panzoom = Panzoom(this.svgElement, {
      origin: '0 0', canvas: true, cursor: 'grab', step: 0.3, animate: false, maxScale: VIEW.maxScale,
    });
    this.fit();
    if (view) this.setView(view.scale, view.x, view.y);
  }

  unzoom() {
    this.panzoom?.destroy();
    this.panzoom = null;
  }

  expandRow(row) {
    this.expanded.add(row);
    this.draw(true);
  }

  /** The scale that shows the whole drawing in the view (never above 1). */
  fitScale() {
    const width = this.container.clientWidth - 2;
    const height = this.container.clientHeight - 2;
    return Math.min(1, width / this.natural.width, height / this.natural.height);
  }

  /** Shows the drawing at `scale`, translated by (x, y) in drawing units (Panzoom's terms). */
  setView(scale, x, y) {
    // Panzoom pans to its start once after it is made: that start is this view.
    this.panzoom.setOptions({ startScale: scale, startX: x, startY: y });
    this.panzoom.zoom(scale, { animate: false, force: true });
    this.panzoom.pan(x, y, { animate: false, force: true });
    this.container.dataset.scale = this.panzoom.getScale().toFixed(3);
  }

  /** Fits the whole drawing in the view, centred. */
  fit() {
    if (!this.panzoom || !this.natural) return;
    const scale = this.fitScale();
    this.panzoom.setOptions({ minScale: Math.min(scale * VIEW.zoomOut, 1) });
    const x = (this.container.clientWidth / scale - this.natural.width) / 2;
    const y = Math.max(0, (this.container.clientHeight / scale - this.natural.height) / 2);
    this.setView(scale, x, y);
  }

  /** Zooms in (+1) or out (-1) a step about the centre of the view. */
  zoomBy(direction) {
    if (!this.panzoom) return;
    const rect = this.container.getBoundingClientRect();
    this.zoomAt(this.panzoom.getScale() * Math.exp(direction * 0.4), rect.left + rect.width / 2, rect.top + rect.height / 2);
  }

  /**
   * Zooms to `scale` keeping the drawing's point under (clientX, clientY) in place. With the
   * origin at the top left, a point p of the drawing shows at scale × (p + pan).
   */
  zoomAt(scale, clientX, clientY) {
    const { minScale, maxScale } = this.panzoom.getOptions();
    const next = Math.min(maxScale, Math.max(minScale, scale));
    const rect = this.container.getBoundingClientRect();
    const x = clientX - rect.left - this.container.clientLeft;
    const y = clientY - rect.top - this.container.clientTop;
    const now = this.panzoom.getScale();
    const pan = this.panzoom.getPan();
    this.setView(next, pan.x + x / next - x / now, pan.y + y / next - y / now);
  }

  /** Keys on the focused view: + and − zoom, 0 fits, arrows pan. */
  key(event) {
    if (!this.panzoom || event.target !== this.container) return;
    const arrows = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (event.key === '+' || event.key === '=') this.zoomBy(1);
    else if (event.key === '-') this.zoomBy(-1);
    else if (event.key === '0') this.fit();
    else if (arrows[event.key]) {
      const [dx, dy] = arrows[event.key];
      const scale = this.panzoom.getScale();
      const { x, y } = this.panzoom.getPan();
      this.panzoom.pan(x + (dx * VIEW.panStep) / scale, y + (dy * VIEW.panStep) / scale, { animate: false, force: true });
    } else return;
    event.preventDefault();
  }

  /** Sets every node's label and colour from the animation state. */
  paint(current = null) {
    for (const [id, { group, label }] of this.nodeElements) {
      const node = this.report.nodes[id];
      const shown = !this.revealed || this.revealed.has(id);
      const classes = ['node'];
      if (shown) classes.push(node.outcome);
      else classes.push('hidden');
      if (!node.complete) classes.push('incomplete');
      if (id === 0) classes.push('root');
      if (id === current) classes.push('current');
      if (id === this.selected) classes.push('selected');
      group.setAttribute('class', classes.join(' '));
      const symbol = this.misere ? 'g⁻' : 'g';
      label.textContent = `${symbol} = ${shown ? valueText(node.value, node.escapes) : '?'}`;
    }
    const focus = current ?? this.selected;
    for (const { edge, path } of this.edgeElements) {
      const lit = focus !== null && edge.from === focus;
      const classes = ['edge'];
      if (lit) classes.push('lit');
      else if (edge.winning && !this.revealed) classes.push('winning');
      if (focus !== null && !lit) classes.push('dim');
      path.setAttribute('class', classes.join(' '));
      const markerName = lit ? 'arrow-lit' : (classes.includes('winning') ? 'arrow-win' : 'arrow');
      path.setAttribute('marker-end', `url(#${markerName})`);
    }
  }

  /** Explains how node `id` gets its value: its options, their values and the mex. */
  explainNode(id, prefix = '') {
    const node = this.report.nodes[id];
    const options = this.report.edges.filter((edge) => edge.from === id).map((edge) => this.report.nodes[edge.to]);
    const parts = [];
    if (prefix) parts.push(h('b', {}, prefix), ' ');
    parts.push(h('code', { text: node.spec }), ' ');
    if (!node.expanded) {
      parts.push(`has value ${node.value}; its moves were not listed (the DAG's budget ran out).`);
    } else if (this.loopy) {
      const listed = options.slice(0, 6).map((option) => `${option.spec} (${valueText(option.value, option.escapes)})`).join(', ');
      const more = options.length > 6 ? `, and ${options.length - 6} more` : '';
      const words = { P: 'the player to move loses', N: 'the player to move wins', D: 'neither player can force a win: a draw' }[node.outcome];
      parts.push(node.moves === 0 ? 'has no moves. ' : `→ options ${listed}${more}. `,
        h('b', { text: `Value ${valueText(node.value, node.escapes)}` }), `: ${words} (${node.outcome}).`);
    } else if (node.moves === 0 && this.misere) {
      parts.push('has no moves: in misère play the player who cannot move wins, so the end is worth 1 (N), not mex {} = 0.');
    } else if (node.moves === 0) {
      parts.push('has no moves: its option set is empty, and mex {} = 0, so the player to move loses (P).');
    } else {
      const listed = options.slice(0, 6).map((option) => `${option.spec} (${option.value})`).join(', ');
      const more = options.length > 6 ? `, and ${options.length - 6} more` : '';
      const hidden = node.complete ? '' : `${options.length ? ' plus' : ''} options not drawn`;
      parts.push(`→ options ${listed}${more}${hidden}. Their values ${setText(node.option_values)}; `,
        h('b', { text: `mex ${setText(node.option_values)} = ${node.value}` }),
        node.value === 0 ? ', a P-position: every move leads to an N-position.' : `, an N-position${node.option_values.includes(0) ? ': a move to value 0 wins' : ''}.`);
    }
    this.explain.replaceChildren(...parts);
  }

  explainIdle() {
    if (this.loopy) {
      this.explain.replaceChildren('A game with cycles has no bottom-up order, so its values are not a mex of values below: ',
        'they are the generalised Sprague-Grundy values, found as a fixed point. Click a position to see its options.');
      return;
    }
    const end = this.misere ? ' In misère play the end of the game is worth 1.' : '';
    this.explain.replaceChildren(`Each label is the mex (least value not among) of the values one move away.${end} `,
      'Press ', h('b', { text: 'Animate labels' }), ' to fill them in from the end of the game upwards, or click a position.');
  }

  select(id) {
    if (!this.report) return;
    this.selected = id;
    this.paint(this.timer !== null ? this.current : null);
    if (id !== null) this.explainNode(id);
    else if (!this.revealed) this.explainIdle();
  }

  toggleAnimation() {
    if (!this.report || this.loopy) return;
    if (this.timer !== null) {
      this.stop();
      return;
    }
    if (!this.revealed || this.next >= this.order.length) this.restart();
    const interval = Math.max(140, Math.min(900, 30000 / this.order.length));
    this.timer = window.setInterval(() => this.step(), interval);
    this.step();
    this.setButtons();
  }

  restart() {
    this.revealed = new Set();
    this.next = 0;
    this.selected = null;
    this.paint();
  }

  /** Reveals the next label, bottom-up. */
  step() {
    if (!this.report || this.loopy) return;
    if (!this.revealed || this.next >= this.order.length) this.restart();
    const id = this.order[this.next];
    this.next += 1;
    this.revealed.add(id);
    this.current = id;
    this.paint(id);
    this.explainNode(id, `Step ${this.next} of ${this.order.length}:`);
    if (this.next >= this.order.length) {
      this.stop();
      // Every value is known now, so the winning moves can be lit again.
      this.revealed = null;
      this.paint(id);
      const root = this.report.nodes[0];
      this.explain.append(h('br'), `All labels are filled in: ${root.spec} has value ${root.value}.`);
    }
    this.setButtons();
  }

  showAll() {
    if (!this.report) return;
    this.stop();
    this.revealed = null;
    this.selected = null;
    this.current = null;
    this.paint();
    this.explainIdle();
    this.setButtons();
  }

  stop() {
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
    this.setButtons();
  }

  setButtons() {
    const ready = Boolean(this.report);
    this.animateButton.disabled = !ready || this.loopy;
    this.stepButton.disabled = !ready || this.loopy;
    this.showButton.disabled = !ready || !this.revealed;
    this.animateButton.textContent = this.timer !== null ? 'Pause' : 'Animate labels';
    for (const button of [this.zoomInButton, this.zoomOutButton, this.fitButton]) button.disabled = !ready;
  }
}
