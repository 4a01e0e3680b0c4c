// The play board: a position's heaps, rows of pins and rows of coins drawn as tokens to click,
// and boards of squares drawn as grids.
// What to draw comes from the engine's board report (the library's analysis::board): each
// component's kind and size, and each move in drawable terms (the heaps left, or the coins
// after the turn). A click (or a selection and "Play") becomes the move whose drawn result it
// makes, and that is played as the listed move of the moves report with the same component
// and result (`from` and `to`). The board knows no rules:
//
// - heap: tokens in a line; a click takes that token and every one after it (Nim, subtraction);
// - row: pins; select a run of neighbouring pins and knock them down (Kayles, Dawson's Kayles,
//   octal games), which may leave two rows;
// - split: a click after a token splits the heap there into two (Grundy's game);
// - coins: select coins and turn them over (turtles, ruler);
// - dominoes: click two empty squares side by side to place a domino (Cram);
// - chomp: click a square to take it and every square below and right of it (Chomp);
// - domineering: click two empty squares, one above the other for Left, side by side for
//   Right, to place a domino (the board report lists only the player's moves);
// - hackenbush: edges drawn from the ground by the heights the report gives; click an edge to
//   cut it, and the move that cuts it (the report's `cut`) is played;
// - toads, clobber: squares with the players' pieces (the report's `owners`: `l` Left's, `r`
//   Right's); click the squares a move's `clicks` list, in order (a toad or frog; a stone, then
//   the stone it clobbers);
// - cutcake: pieces of cake with the player's cut lines (each move's `line`) drawn; click one.
// - col, snort: a graph, each vertex with its paint (the report's `paint`: `l` blue, `r` red,
//   `.` none), laid out by the report's heights; click a vertex, and the move that paints it
//   (the move's `paint`) is played.
// A board of squares comes as rows of `o` (in play) and `x`, and so does each move's result,
// in the same frame: a move is found by the squares it leaves.
import { h, svg } from './dom.js';

const sorted = (parts) => [...parts].sort((a, b) => a - b).join(',');
/** Whether two lists of heaps are the same position. */
const sameParts = (a, b) => sorted(a) === sorted(b);
/** Whether two boards of squares (rows of `o` and `x`) are the same. */
const sameCells = (a, b) => a?.join('/') === b.join('/');
/** The rows `cells` with the squares `taken(row, column)` marked `x`. */
const without = (cells, taken) => cells.map((row, r) => [...row].map((cell, c) => (taken(r, c) ? 'x' : cell)).join(''));

const INSTRUCTIONS = {
  heap: 'click a token to take it and every token after it',
  row: 'select neighbouring pins, then press “Knock down”',
  split: 'click a token to split its heap just after it',
  coins: 'select coins, then press “Turn over”',
  dominoes: 'click two empty squares side by side to place a domino',
  chomp: 'click a square to take it and every square below and right of it',
  domineering: 'click two empty squares to place a domino (Left: one above the other; Right: side by side)',
  hackenbush: 'click an edge to cut it (Left: blue or green; Right: red or green); what no longer reaches the ground falls',
  toads: 'click one of your pieces to move it (Left: the toads, moving right; Right: the frogs, moving left)',
  clobber: 'click one of your stones, then a neighbouring stone of your opponent’s to clobber it (Left: X; Right: O)',
  cutcake: 'click a dashed line to cut the cake there (Left cuts down, Right across)',
  col: 'click an unpainted vertex to paint it (Left blue, Right red; in Col no two neighbours share a colour)',
  snort: 'click an unpainted vertex to paint it (Left blue, Right red; in Snort no two neighbours differ in colour)',
};

/** The words for a vertex's paint. */
const PAINTS = { l: 'blue', r: 'red', '.': 'unpainted' };

/** What to click next, once a move's first square is chosen. */
const NEXT_CLICK = {
  clobber: 'Now click the neighbouring stone it clobbers.',
};

/** Who a square's owner letter names. */
const OWNER = { l: 'Left', r: 'Right' };
/** The side of a square of cake, in pixels. */
const CELL = 28;

/** The colour names of Hackenbush edges. */
const COLOURS = { l: 'blue', r: 'red', e: 'green' };
/** The drawing's spacing in pixels: between heights, between vertices of one height, margins. */
const STEP = 56;
const MARGIN = 24;

/**
 * Where each vertex goes: at its height above the bottom (vertices of one height side by side
 * in the report's order); the picture's width and height in pixels.
 */
function layout(vertices) {
  const rows = new Map();
  const place = vertices.map((vertex) => {
    const row = rows.get(vertex.height) ?? [];
    row.push(vertex);
    rows.set(vertex.height, row);
    return row.length - 1;
  });
  const widest = Math.max(...[...rows.values()].map((row) => row.length));
  const top = Math.max(...vertices.map((vertex) => vertex.height));
  const width = MARGIN * 2 + Math.max(1, widest) * STEP;
  const height = MARGIN * 2 + Math.max(1, top) * STEP + 12;
  const at = vertices.map((vertex, v) => {
    const count = rows.get(vertex.height).length;
    return [MARGIN + (place[v] + 0.5) * STEP + ((widest - count) * STEP) / 2, height - MARGIN - vertex.height * STEP];
  });
  return { at, width, height };
}

export class Board {
  /** Draws into `element`; `onMove(move)` plays a move, `onHint(text)` says why a click is no move. */
  constructor(element, onMove, onHint) {
    this.element = element;
    this.onMove = onMove;
    this.onHint = onHint;
    this.board = null;
    this.report = null;
  }

  clear() {
    this.board = null;
    this.report = null;
    this.selection = null;
    this.element.replaceChildren();
    this.element.hidden = true;
  }

  /**
   * Draws `board` (a board report, or null) whose clicks play the moves of `report` (the moves
   * report of the same position); false when there is nothing to draw.
   */
  show(board, report) {
    this.clear();
    if (!board?.drawn) return false;
    this.board = board;
    this.report = report;
    this.element.hidden = false;
    this.element.replaceChildren(...board.components.map((component) => this.drawComponent(component)));
    return true;
  }

  /** What to do, in words, for the kinds on the board. */
  instructions() {
    const kinds = [...new Set(this.board.components.map((component) => component.kind))];
    return `${kinds.map((kind) => INSTRUCTIONS[kind]).join('; ')}.`;
  }

  drawComponent(component) {
    const { index, kind } = component;
    if (component.owners) return kind === 'cutcake' ? this.drawCake(component) : this.drawPieces(component);
    if (component.cells) return this.drawSquares(component);
    if (component.kind === 'col' || component.kind === 'snort') return this.drawGraph(component);
    if (component.edges) return this.drawEdges(component);
    const count = kind === 'coins' ? component.coins.length : component.tokens;
    const noun = { heap: 'token', row: 'pin', split: 'token', coins: 'coin' }[kind];
    const tokens = Array.from({ length: count }, (_, position) => {
      const face = kind === 'coins' ? component.coins[position] : null;
      return h('button', {
        type: 'button',
        class: `token ${kind}${face ? ` ${face}` : ''}`,
        'data-testid': 'board-token',
        'data-component': index,
        'data-position': position,
        'aria-label': `${noun} ${position + 1} of ${component.spec}${face ? (face === 'H' ? ', heads' : ', tails') : ''}`,
        onclick: () => this.click(component, position),
      }, face ?? '');
    });
    const parts = [h('span', { class: 'board-label', text: component.spec }), h('span', { class: 'tokens' }, tokens)];
    if (kind === 'row' || kind === 'coins') {
      parts.push(h('button', {
        type: 'button',
        class: 'board-play',
        'data-testid': 'board-play',
        'data-component': index,
        disabled: true,
        onclick: () => this.playSelection(component),
      }, kind === 'row' ? 'Knock down' : 'Turn over'));
    }
    return h('div', { class: 'board-row', 'data-testid': 'board-component', 'data-kind': kind }, parts);
  }

  /** A board of squares as a grid of buttons, the squares out of play disabled. */
  drawSquares(component) {
    const { index, kind, cells } = component;
    const gone = kind === 'chomp' ? 'taken' : 'covered';
    const squares = cells.flatMap((row, r) => [...row].map((cell, c) => h('button', {
      type: 'button',
      class: `square ${kind}${cell === 'o' ? '' : ' gone'}`,
      'data-testid': 'board-square',
      'data-component': index,
      'data-row': r,
      'data-column': c,
      disabled: cell !== 'o',
      'aria-label': `square in row ${r + 1}, column ${c + 1} of ${component.spec}${cell === 'o' ? '' : `, ${gone}`}`,
      onclick: () => this.clickSquare(component, r, c),
    })));
    const grid = h('span', { class: 'squares', style: `grid-template-columns: repeat(${cells[0].length}, 28px)` }, squares);
    return h('div', { class: 'board-row', 'data-testid': 'board-component', 'data-kind': kind }, [h('span', { class: 'board-label', text: component.spec }), grid]);
  }

  /** Squares with the players' pieces, each square a button; a move is the squares its `clicks` name. */
  drawPieces(component) {
    const { index, kind, cells, owners } = component;
    const squares = cells.flatMap((row, r) => [...row].map((cell, c) => {
      const owner = owners[r][c];
      if (owner === ' ') return h('span', { class: 'square gap' });
      const whose = OWNER[owner];
      return h('button', {
        type: 'button',
        class: `square piece ${kind}${whose ? ` ${whose.toLowerCase()}` : ''}`,
        'data-testid': 'board-square',
        'data-component': index,
        'data-row': r,
        'data-column': c,
        'data-owner': owner,
        'aria-label': `square in row ${r + 1}, column ${c + 1} of ${component.spec}${whose ? `, ${whose}’s ${cell}` : ', empty'}`,
        onclick: () => this.clickPiece(component, r, c),
      }, whose ? cell : '');
    }));
    const grid = h('span', { class: 'squares', style: `grid-template-columns: repeat(${cells[0]?.length ?? 0}, 28px)` }, squares);
    return h('div', { class: 'board-row', 'data-testid': 'board-component', 'data-kind': kind }, [h('span', { class: 'board-label', text: component.spec }), grid]);
  }

  /** A click on square (`r`, `c`) of a board of pieces: the next click of a move, or the first of a new one. */
  clickPiece(component, r, c) {
    const mine = (move) => move.component === component.index && move.clicks;
    const startsWith = (clicks) => (move) => mine(move) && clicks.every(([i, j], k) => move.clicks[k]?.[0] === i && move.clicks[k]?.[1] === j);
    const before = this.selection?.component === component.index ? this.selection.clicks : [];
    let clicks = [...before, [r, c]];
    if (!this.board.moves.some(startsWith(clicks))) clicks = [[r, c]];
    const move = this.moveMaking(component, (candidate) => startsWith(clicks)(candidate) && candidate.clicks.length === clicks.length);
    const going = !move && this.board.moves.some(startsWith(clicks));
    this.selection = going ? { component: component.index, clicks } : null;
    for (const square of this.element.querySelectorAll('.square.piece')) {
      const chosen = going && Number(square.dataset.component) === component.index && clicks.some(([i, j]) => Number(square.dataset.row) === i && Number(square.dataset.column) === j);
      square.classList.toggle('chosen', chosen);
      square.setAttribute('aria-pressed', String(chosen));
    }
    if (move) {
      this.onHint('');
      this.onMove(move);
    } else if (going) {
      this.onHint(NEXT_CLICK[component.kind] ?? 'Now click the next square of the move.');
    } else {
      this.onHint(`No move of yours in ${component.spec} starts at row ${r + 1}, column ${c + 1}.`);
    }
  }

  /** Pieces of cake as squares, with the cut lines of the moves offered drawn over them to click. */
  drawCake(component) {
    const { index, cells } = component;
    const columns = cells[0]?.length ?? 0;
    const width = MARGIN * 2 + columns * CELL;
    const height = MARGIN * 2 + cells.length * CELL;
    const squares = cells.flatMap((row, r) => [...row].flatMap((cell, c) => (cell === ' ' ? [] : [svg('rect', { x: MARGIN + c * CELL, y: MARGIN + r * CELL, width: CELL, height: CELL, class: 'cake' })])));
    const cuts = this.board.moves.filter((move) => move.component === index && move.line).map((move) => {
      const [[r1, c1], [r2, c2]] = move.line;
      const play = () => {
        const listed = this.moveMaking(component, (candidate) => candidate === move);
        if (listed) {
          this.onHint('');
          this.onMove(listed);
        } else {
          this.onHint(`No move in ${component.spec} cuts there.`);
        }
      };
      return svg('line', {
        x1: MARGIN + c1 * CELL,
        y1: MARGIN + r1 * CELL,
        x2: MARGIN + c2 * CELL,
        y2: MARGIN + r2 * CELL,
        class: 'cut',
        'data-testid': 'board-cut',
        'data-component': index,
        'data-line': JSON.stringify(move.line),
        role: 'button',
        tabindex: 0,
        'aria-label': `cut ${r1 === r2 ? 'across' : 'down'} ${component.spec} → ${move.to}`,
        onclick: play,
        onkeydown: (event) => { if (event.key === 'Enter' || event.key === ' ') play(); },
      });
    });
    const picture = svg('svg', { class: 'cutcake', width, height, viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': component.spec }, squares, cuts);
    return h('div', { class: 'board-row', 'data-testid': 'board-component', 'data-kind': component.kind }, [h('span', { class: 'board-label', text: component.spec }), picture]);
  }

  /**
   * A Hackenbush picture: each vertex at its height above the ground line (vertices of one
   * height side by side in the report's order), each edge a line (a loop a circle, a second
   * edge between the same vertices a curve) to click.
   */
  drawEdges(component) {
    const { index, vertices, edges } = component;
    const { at, width, height } = layout(vertices);
    const seen = new Map();
    const lines = edges.map((edge) => {
      const [a, b] = edge.ends;
      const key = `${Math.min(a, b)} ${Math.max(a, b)}`;
      const twin = seen.get(key) ?? 0;
      seen.set(key, twin + 1);
      const [x1, y1] = at[a];
      const [x2, y2] = at[b];
      let shape;
      if (a === b) {
        shape = `M ${x1} ${y1} C ${x1 - 30} ${y1 - 40}, ${x1 + 30} ${y1 - 40}, ${x1} ${y1}`;
      } else {
        const bend = twin === 0 ? 0 : (twin % 2 === 1 ? 1 : -1) * 18 * Math.ceil(twin / 2);
        const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
        const length = Math.hypot(x2 - x1, y2 - y1) || 1;
        const [cx, cy] = [mx - ((y2 - y1) / length) * bend, my + ((x2 - x1) / length) * bend];
        shape = `M ${x1} ${y1} Q ${cx} ${cy} ${x2} ${y2}`;
      }
      const colour = COLOURS[edge.colour];
      return svg('path', {
        d: shape,
        class: `edge ${colour}`,
        'data-testid': 'board-edge',
        'data-component': index,
        'data-edge': edge.index,
        'data-colour': edge.colour,
        role: 'button',
        tabindex: 0,
        'aria-label': `${colour} edge ${edge.index + 1} of ${component.spec}`,
        onclick: () => this.cut(component, edge),
        onkeydown: (event) => { if (event.key === 'Enter' || event.key === ' ') this.cut(component, edge); },
      });
    });
    const ground = svg('line', { x1: 4, x2: width - 4, y1: height - MARGIN + 4, y2: height - MARGIN + 4, class: 'ground' });
    const dots = at.map(([x, y]) => svg('circle', { cx: x, cy: y, r: 4, class: 'vertex' }));
    const picture = svg('svg', { class: 'hackenbush', width, height, viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': component.spec }, ground, lines, dots);
    return h('div', { class: 'board-row', 'data-testid': 'board-component', 'data-kind': component.kind }, [h('span', { class: 'board-label', text: component.spec }), picture]);
  }

  /** A Col or Snort graph: each vertex a circle in its paint to click, each edge a line. */
  drawGraph(component) {
    const { index, vertices, edges } = component;
    const { at, width, height } = layout(vertices);
    const lines = edges.map((edge) => {
      const [[x1, y1], [x2, y2]] = [at[edge.ends[0]], at[edge.ends[1]]];
      return svg('line', { x1, y1, x2, y2, class: 'link', 'data-testid': 'board-link' });
    });
    const dots = vertices.map((vertex, v) => {
      const [x, y] = at[v];
      const paint = PAINTS[vertex.paint] ?? 'unpainted';
      const play = () => this.paint(component, v);
      return svg('g', {
        class: `spot ${paint}`,
        'data-testid': 'board-vertex',
        'data-component': index,
        'data-vertex': v,
        'data-paint': vertex.paint,
        'data-name': vertex.name,
        role: 'button',
        tabindex: 0,
        'aria-label': `vertex ${vertex.name} of ${component.spec}, ${paint}`,
        onclick: play,
        onkeydown: (event) => { if (event.key === 'Enter' || event.key === ' ') play(); },
      }, svg('circle', { cx: x, cy: y, r: 13 }), svg('text', { x, y: y + 4, 'text-anchor': 'middle' }, vertex.name));
    });
    const picture = svg('svg', { class: 'colouring', width, height, viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': component.spec }, lines, dots);
    return h('div', { class: 'board-row', 'data-testid': 'board-component', 'data-kind': component.kind }, [h('span', { class: 'board-label', text: component.spec }), picture]);
  }

  /** A click on vertex `v` of a Col or Snort graph: plays the move that paints it, or says that it is no move. */
  paint(component, v) {
    const move = this.moveMaking(component, (candidate) => candidate.paint === v);
    if (move) {
      this.onHint('');
      this.onMove(move);
      return;
    }
    const vertex = component.vertices[v];
    this.onHint(vertex.paint === '.'
      ? `You may not paint vertex ${vertex.name} of ${component.spec}: a neighbour's paint forbids your colour there.`
      : `Vertex ${vertex.name} of ${component.spec} is painted already.`);
  }

  /** A click on a Hackenbush edge: plays the move that cuts it, or says that it is not yours. */
  cut(component, edge) {
    const move = this.moveMaking(component, (candidate) => candidate.cut === edge.index);
    if (move) {
      this.onHint('');
      this.onMove(move);
      return;
    }
    this.onHint(`You cannot cut that ${COLOURS[edge.colour]} edge: Left cuts blue and green edges, Right red and green ones.`);
  }

  /** A click on square (`r`, `c`): Chomp takes it at once; Cram waits for a second square beside
   * the first, and a click elsewhere starts again from the new square. */
  clickSquare(component, r, c) {
    const at = `row ${r + 1}, column ${c + 1}`;
    if (component.kind === 'chomp') {
      this.playCells(component, without(component.cells, (i, j) => i >= r && j >= c), `taking the square in ${at} and all below and right of it`);
      return;
    }
    const first = this.selection?.component === component.index ? this.selection.square : null;
    const beside = first && Math.abs(first[0] - r) + Math.abs(first[1] - c) === 1;
    if (beside) {
      this.playCells(component, without(component.cells, (i, j) => (i === r && j === c) || (i === first[0] && j === first[1])), `a domino on row ${first[0] + 1}, column ${first[1] + 1} and ${at}`);
      return;
    }
    const same = first && first[0] === r && first[1] === c;
    this.selection = same ? null : { component: component.index, square: [r, c] };
    for (const square of this.element.querySelectorAll('.square')) {
      const chosen = !same && Number(square.dataset.component) === component.index && Number(square.dataset.row) === r && Number(square.dataset.column) === c;
      square.classList.toggle('chosen', chosen);
      square.setAttribute('aria-pressed', String(chosen));
    }
    this.onHint(same ? '' : `Now click an empty square beside ${at}.`);
  }

  /** Plays the move of `component` that leaves the squares `cells`, or says that there is none. */
  playCells(component, cells, words) {
    this.selection = null;
    const move = this.moveMaking(component, (candidate) => sameCells(candidate.cells, cells));
    if (move) {
      this.onHint('');
      this.onMove(move);
      return;
    }
    this.onHint(`No move in ${component.spec} does that (${words}).`);
  }

  /** The listed moves of `component`: a move that leaves the same position as one of an equal
   * component is listed once, for the first of them, and stands for both. */
  listedMoves(component) {
    return this.report.moves.filter((move) => move.from === component.spec);
  }

  /** The listed move of `component` whose drawn result satisfies `makes`, if there is one. */
  moveMaking(component, makes) {
    const drawn = this.board.moves.find((move) => move.component === component.index && makes(move));
    return drawn ? this.listedMoves(component).find((move) => move.to === drawn.to) ?? null : null;
  }

  click(component, position) {
    if (component.kind === 'heap') {
      this.play(component, [position].filter((part) => part > 0), `taking ${component.tokens - position} from ${component.tokens}`);
    } else if (component.kind === 'split') {
      this.play(component, [position + 1, component.tokens - position - 1].filter((part) => part > 0), `splitting ${component.tokens} into ${position + 1} and ${component.tokens - position - 1}`);
    } else {
      this.select(component, position);
    }
  }

  /** Plays the move of `component` that leaves the heaps `parts`, or says that there is none. */
  play(component, parts, words) {
    const move = this.moveMaking(component, (candidate) => sameParts(candidate.heaps, parts));
    if (move) {
      this.onHint('');
      this.onMove(move);
      return;
    }
    this.onHint(`No move in ${component.spec} does that (${words}). Its moves: ${this.listedMoves(component).map((m) => m.description).join('; ')}.`);
  }

  /** Toggles a pin or coin in the selection, which lives in one component at a time. */
  select(component, position) {
    if (this.selection?.component !== component.index) this.selection = { component: component.index, positions: new Set() };
    const { positions } = this.selection;
    if (positions.has(position)) positions.delete(position);
    else positions.add(position);
    for (const token of this.element.querySelectorAll('.token')) {
      const chosen = Number(token.dataset.component) === component.index && positions.has(Number(token.dataset.position));
      token.classList.toggle('chosen', chosen);
      token.setAttribute('aria-pressed', String(chosen));
    }
    const move = this.selectedMove(component);
    for (const button of this.element.querySelectorAll('.board-play')) {
      button.disabled = !(Number(button.dataset.component) === component.index && move);
    }
    this.onHint(positions.size === 0 ? '' : move ? `${move.description}: leaves ${move.result}` : 'That is not a move of this game.');
  }

  /** The move the selection stands for, if it is one. */
  selectedMove(component) {
    const chosen = [...this.selection.positions].sort((a, b) => a - b);
    if (chosen.length === 0) return null;
    if (component.kind === 'coins') {
      const turned = [...component.coins].map((face, position) => (chosen.includes(position) ? (face === 'H' ? 'T' : 'H') : face)).join('');
      return this.moveMaking(component, (move) => move.coins === turned);
    }
    const first = chosen[0];
    const last = chosen[chosen.length - 1];
    if (last - first + 1 !== chosen.length) return null;
    const parts = [first, component.tokens - last - 1].filter((part) => part > 0);
    return this.moveMaking(component, (move) => sameParts(move.heaps, parts));
  }

  playSelection(component) {
    const move = this.selectedMove(component);
    if (move) this.onMove(move);
  }
}
