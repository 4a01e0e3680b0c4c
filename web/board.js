// The play board: a position's heaps, rows of pins and rows of coins drawn as tokens to click.
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
// - coins: select coins and turn them over (turtles, ruler).
import { h } from './dom.js';

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
