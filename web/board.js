// The play board: a position's heaps, rows of pins and rows of coins drawn as tokens to click.
// A click (or a selection and "Play") becomes a move only when it matches a move of the
// engine's `moves` report, so the board knows no rules: it reads the position from the
// report's spec text and the kind of each game from the shapes of its listed moves.
//
// - heap: tokens in a line; a click takes that token and every one after it (Nim, subtraction);
// - row: pins; select a run of neighbouring pins and knock them down (Kayles, Dawson's Kayles,
//   octal games), which may leave two rows;
// - split: a click after a token splits the heap there into two (Grundy's game);
// - coins: select coins and turn them over (turtles, ruler).
import { h } from './dom.js';

/** Heaps larger than this are not drawn: the list of moves stays. */
const MAX_TOKENS = 40;

/** The parts `0`, `kayles(1,2)` and `nim(3)` stand for: [], [1, 2], [3]; null if not heaps. */
function heapsOf(text) {
  if (text === '0') return [];
  const match = /\(([\d,]+)\)$/.exec(text);
  return match ? match[1].split(',').map(Number) : null;
}

/** A coin row `turtles(HTTH)` as its letters without trailing tails; `0` is all tails. */
function coinsOf(text) {
  if (text === '0') return '';
  const match = /\(([HT]+)\)$/.exec(text);
  return match ? match[1].replace(/T+$/, '') : null;
}

/** How the moves of one game change a heap: 'heap', 'row' or 'split'. */
function heapKind(moves) {
  let splits = false;
  let breaks = false;
  for (const move of moves) {
    const before = heapsOf(move.from)?.[0];
    const after = heapsOf(move.to);
    if (before === undefined || !after || after.length < 2) continue;
    if (after.reduce((sum, part) => sum + part, 0) === before) splits = true;
    else breaks = true;
  }
  if (breaks) return 'row';
  return splits ? 'split' : 'heap';
}

/**
 * The board of a moves report: {components, moves}, each component {index, name, kind,
 * tokens (a heap size) or coins (letters), text}; null when some part cannot be drawn.
 */
export function boardOf(report) {
  const terms = report.spec.split(' + ');
  const components = [];
  for (const term of terms) {
    const match = /^(.+)\(([^()]*)\)$/.exec(term);
    if (!match) return null;
    const [, name, args] = match;
    if (/^[HT]+$/.test(args)) {
      if (args.length > MAX_TOKENS) return null;
      components.push({ name, kind: 'coins', coins: args, text: term });
    } else if (/^\d+(,\d+)*$/.test(args)) {
      for (const heap of args.split(',').map(Number)) {
        if (heap > MAX_TOKENS) return null;
        components.push({ name, kind: null, tokens: heap, text: `${name}(${heap})` });
      }
    } else {
      return null;
    }
  }
  components.forEach((component, index) => { component.index = index; });
  // The report lists moves by component index: check that they are the components read here.
  if (!report.moves.every((move) => components[move.component]?.text === move.from)) return null;
  const byName = new Map();
  for (const move of report.moves) {
    const { name } = components[move.component];
    byName.set(name, [...(byName.get(name) ?? []), move]);
  }
  for (const component of components) {
    if (component.kind === null) component.kind = heapKind(byName.get(component.name) ?? []);
  }
  return { components, moves: report.moves };
}

const sorted = (parts) => [...parts].sort((a, b) => a - b).join(',');
/** Whether two lists of heaps are the same position. */
const sameParts = (a, b) => sorted(a) === sorted(b);

const INSTRUCTIONS = {
  heap: 'click a token to take it and every token after it',
  row: 'select neighbouring pins, then press “Knock down”',
  split: 'click a token to split its heap just after it',
  coins: 'select coins, then press “Turn over”',
};

export class Board {
  /** Draws into `element`; `onMove(move)` plays a move, `onHint(text)` says why a click is no move. */
  constructor(element, onMove, onHint) {
    this.element = element;
    this.onMove = onMove;
    this.onHint = onHint;
    this.kinds = new Map();
    this.board = null;
  }

  /** Forgets the kinds learnt in a previous game. */
  reset() {
    this.kinds = new Map();
  }

  clear() {
    this.board = null;
    this.selection = null;
    this.element.replaceChildren();
    this.element.hidden = true;
  }

  /** Draws `board` (from boardOf); false when there is nothing to draw. */
  show(board) {
    this.clear();
    if (!board || board.components.length === 0) return false;
    // A game keeps the kind it showed first (a small Kayles row has no splitting move).
    for (const component of board.components) {
      if (component.kind === 'coins') continue;
      const known = this.kinds.get(component.name);
      if (!known || known === 'heap') this.kinds.set(component.name, component.kind);
      component.kind = this.kinds.get(component.name);
    }
    this.board = board;
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
        'aria-label': `${noun} ${position + 1} of ${component.text}${face ? (face === 'H' ? ', heads' : ', tails') : ''}`,
        onclick: () => this.click(component, position),
      }, face ?? '');
    });
    const parts = [h('span', { class: 'board-label', text: component.text }), h('span', { class: 'tokens' }, tokens)];
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

  /** The moves of `component`: a move that leaves the same position as one of an equal
   * component is listed once, for the first of them, and stands for both. */
  movesOf(component) {
    return this.board.moves.filter((move) => move.from === component.text);
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

  /** Plays the move of `component` that leaves `parts`, or says that there is none. */
  play(component, parts, words) {
    const move = this.movesOf(component).find((candidate) => sameParts(heapsOf(candidate.to) ?? [-1], parts));
    if (move) {
      this.onHint('');
      this.onMove(move);
      return;
    }
    this.onHint(`No move in ${component.text} does that (${words}). Its moves: ${this.movesOf(component).map((m) => m.description).join('; ')}.`);
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
      const after = turned.replace(/T+$/, '');
      return this.movesOf(component).find((move) => coinsOf(move.to) === after) ?? null;
    }
    const first = chosen[0];
    const last = chosen[chosen.length - 1];
    if (last - first + 1 !== chosen.length) return null;
    const parts = [first, component.tokens - last - 1].filter((part) => part > 0);
    return this.movesOf(component).find((move) => sameParts(heapsOf(move.to) ?? [-1], parts)) ?? null;
  }

  playSelection(component) {
    const move = this.selectedMove(component);
    if (move) this.onMove(move);
  }
}
