// Play against a perfect opponent, in normal play (whoever cannot move loses), misère play
// (whoever moves last loses) or a game with cycles (which may go on forever: a draw). You move
// first. Your moves and the value each leads to come from the engine's `moves` report; the
// computer's move and its reason from the engine's `computerMove` (the library's player, as
// in `grundy play`), and whether a position come up again ends the game as a draw from the
// engine's `repetition` (the library's rule, as in `grundy play`). Heaps, rows of pins and rows
// of coins are drawn by board.js from the engine's `board` report and clicked.
import { h } from './dom.js';
import { Board } from './board.js';
import { OUTCOME_WORDS, valueText } from './values.js';

const COMPUTER_DELAY_MS = 350;

const RULES = {
  normal: 'Normal play: whoever cannot move loses. You move first; the computer always takes a winning move when there is one.',
  misere: 'Misère play: whoever makes the last move loses. You move first; the computer always takes a winning move when there is one.',
  partizan: 'A partizan game, normal play: whoever cannot move loses. Left cuts blue edges, places vertical dominoes, moves the toads, plays the X stones of Clobber, cuts cake down and paints vertices blue in Col and Snort; Right cuts red edges, places horizontal dominoes, moves the frogs, plays the O stones, cuts cake across and paints vertices red; either may cut a green edge. The computer always takes a winning move when there is one.',
};

/** The player's name. */
const NAME = { left: 'Left', right: 'Right' };

/** A move in words: an impartial move's description, or what a partizan move's term becomes. */
const words = (move) => move.description ?? `to ${move.to}`;

export class Play {
  constructor(engine, elements) {
    this.engine = engine;
    Object.assign(this, elements);
    this.spec = null;
    this.play = 'normal';
    this.position = null;
    this.game = 0;
    this.board = new Board(this.boardElement, (move) => this.userMove(this.game, move), (text) => this.setHint(text));
    this.startButton.addEventListener('click', () => this.start());
    this.hints.addEventListener('change', () => this.showValue());
  }

  /** The game that "New game" starts from, in `play` ('normal', 'misere' or 'partizan'). */
  setGame(spec, play = 'normal') {
    this.spec = spec;
    this.play = play;
    this.partizan = play === 'partizan';
    if (this.sideChoice) this.sideChoice.hidden = !this.partizan;
    this.game += 1;
    this.position = null;
    this.report = null;
    this.rules.textContent = RULES[play];
    this.positionText.textContent = spec;
    this.valueText.hidden = true;
    this.clearMoves();
    this.log.replaceChildren();
    this.setStatus('idle', `Press “New game” to play ${spec}.`);
  }

  firstPlayer() {
    return this.form.querySelector('input[name="first"]:checked')?.value ?? 'you';
  }

  /** The player you are in a partizan game: 'left' or 'right'. */
  side() {
    return this.form.querySelector('input[name="side"]:checked')?.value ?? 'left';
  }

  /** The moves of `side` ('left' or 'right') in a partizan moves report. */
  static sideMoves(report, side) {
    return side === 'left' ? report.left_moves : report.right_moves;
  }

  start() {
    if (!this.spec) return;
    this.you = this.side();
    this.computer = this.you === 'left' ? 'right' : 'left';
    this.game += 1;
    this.position = this.spec;
    this.history = [];
    this.slip = null;
    this.userMoved = false;
    this.listBox.open = false;
    this.log.replaceChildren();
    // The last game's result must not stand while the new game's moves load.
    this.setStatus('starting', `Starting a new game of ${this.spec}…`);
    if (this.firstPlayer() === 'computer') this.computerTurn(this.game);
    else this.userTurn();
  }

  clearMoves() {
    this.board.clear();
    this.moveList.replaceChildren();
    this.listBox.hidden = true;
    this.setHint('');
  }

  /** Lists the moves of the current position (null when the game changed meanwhile). */
  async load() {
    const game = this.game;
    const result = await this.engine.moves(this.position, this.partizan ? 'normal' : this.play);
    if (game !== this.game) return null;
    if (result.cancelled) {
      this.setStatus('idle', 'Cancelled. Press “New game” to play again.');
      this.clearMoves();
      return null;
    }
    if (!result.ok) {
      this.setStatus('error', `Cannot play this game: ${result.error.error}`);
      this.clearMoves();
      return null;
    }
    this.report = result.report;
    this.positionText.textContent = this.report.spec;
    this.showValue();
    return this.report;
  }

  /**
   * Adds the position to the game's positions and asks the engine whether that ends the game
   * as a draw; true when the game stops here (a draw, or a new game meanwhile).
   */
  async repeated(game) {
    this.history.push(this.position);
    const result = await this.engine.repetition(this.history);
    if (game !== this.game) return true;
    if (!result.ok) {
      this.setStatus(result.cancelled ? 'idle' : 'error', result.cancelled ? 'Cancelled. Press “New game” to play again.' : `Cannot play this game: ${result.error.error}`);
      this.clearMoves();
      return true;
    }
    const { draw, position, visits } = result.report;
    if (!draw) return false;
    this.clearMoves();
    this.setStatus('draw', `Draw: ${position} has come up ${visits} times, which ends the game as a draw.`);
    return true;
  }

  showValue() {
    if (!this.report || !this.hints.checked) {
      this.valueText.hidden = true;
      return;
    }
    const { outcome } = this.report;
    if (this.partizan) {
      this.valueText.hidden = false;
      this.valueText.textContent = `value ${this.report.canonical ?? 'by search'} (${outcome}: ${OUTCOME_WORDS[outcome]})`;
      return;
    }
    const kind = this.play === 'misere' ? 'misère value' : 'value';
    const words = outcome === 'N' ? 'the player to move wins' : outcome === 'P' ? 'the player to move loses' : 'a draw with best play';
    this.valueText.hidden = false;
    this.valueText.textContent = `${kind} ${valueText(this.report.value, this.report.escapes)} (${outcome}: ${words})`;
  }

  async userTurn() {
    const game = this.game;
    const report = await this.load();
    if (!report) return;
    if (!this.partizan && await this.repeated(game)) return;
    const moves = this.partizan ? Play.sideMoves(report, this.you) : report.moves;
    if (moves.length === 0) {
      this.clearMoves();
      this.finish(false);
      return;
    }
    const board = await this.engine.board(this.position);
    if (game !== this.game) return;
    // Moves that leave the same position (a heap of 1 taken from either of two such heaps)
    // are one choice for the player.
    const seen = new Set();
    const distinct = moves.filter((move) => !seen.has(move.result) && seen.add(move.result));
    // In a partizan game the board offers your moves only.
    const drawnBoard = board.ok && this.partizan ? { ...board.report, moves: board.report.moves.filter((move) => move.side === this.you) } : board.ok ? board.report : null;
    const drawn = this.board.show(drawnBoard, { moves });
    this.setStatus('your-turn', drawn ? `Your move: ${this.board.instructions()}` : 'Your move: click one.');
    this.listBox.hidden = false;
    // Without a board the list is the way to move; with one it stays as the player left it.
    if (!drawn) this.listBox.open = true;
    this.moveList.replaceChildren(...distinct.map((move) => h('button', {
      type: 'button',
      'data-testid': 'play-move',
      title: `leaves ${move.result}`,
      onclick: () => this.userMove(game, move),
    }, `in ${move.from}: ${words(move)}`, h('span', { class: 'to', text: `→ ${move.result}` }))));
  }

  userMove(game, move) {
    if (game !== this.game || !this.report) return;
    // A move that gives up a win: remembered, to say why the game was lost.
    const wins = (candidate) => (this.partizan ? candidate.wins : candidate.winning);
    const listed = this.partizan ? Play.sideMoves(this.report, this.you) : this.report.moves;
    const winning = listed.find(wins);
    if (!this.slip && winning && !wins(move)) this.slip = { move, winning, turn: this.log.children.length + 1 };
    this.userMoved = true;
    this.record(this.partizan ? `You (${NAME[this.you]})` : 'You', move);
    this.position = move.result;
    this.positionText.textContent = move.result;
    this.clearMoves();
    this.setStatus('thinking', 'The computer is thinking…');
    window.setTimeout(() => this.computerTurn(game), COMPUTER_DELAY_MS);
  }

  async computerTurn(game) {
    if (game !== this.game) return;
    const report = await this.load();
    if (!report) return;
    if (!this.partizan && await this.repeated(game)) return;
    if ((this.partizan ? Play.sideMoves(report, this.computer) : report.moves).length === 0) {
      this.clearMoves();
      this.finish(true);
      return;
    }
    const result = this.partizan
      ? await this.engine.partizanMove(this.position, this.computer)
      : await this.engine.computerMove(this.position, this.play);
    if (game !== this.game) return;
    if (!result.ok) {
      this.setStatus('error', result.cancelled ? 'Cancelled. Press “New game” to play again.' : `The computer cannot move: ${result.error.error}`);
      return;
    }
    this.record(this.partizan ? `Computer (${NAME[this.computer]})` : 'Computer', result.report, result.report.reason);
    this.position = result.report.result;
    await this.userTurn();
  }

  /** Ends the game: the computer (true) or you have no move left. */
  finish(computerStuck) {
    if (this.partizan) {
      const stuck = computerStuck ? `The computer (${NAME[this.computer]}) has no move left` : `You (${NAME[this.you]}) have no move left`;
      if (computerStuck) this.setStatus('won', `${stuck}, and whoever cannot move loses: you win!`);
      else this.setStatus('lost', `${stuck}, and whoever cannot move loses: the computer wins. ${this.whyLostPartizan()}`);
      return;
    }
    // In normal play whoever cannot move loses; in misère play they win.
    const youWin = computerStuck === (this.play === 'normal');
    const who = computerStuck ? 'The computer has no move left' : 'You have no move left';
    const rule = this.play === 'normal' ? '' : ' (in misère play the last mover loses)';
    if (youWin) {
      this.setStatus('won', `${who}${rule}: you win!`);
      return;
    }
    this.setStatus('lost', `${who}${rule}: the computer wins. ${this.whyLost()}`);
  }

  /** Why you lost: the first move that let a win go, or a start from a lost position. */
  whyLost() {
    const kind = this.play === 'misere' ? 'misère value' : 'value';
    if (this.slip) {
      const { move, winning, turn } = this.slip;
      return `Your move ${turn} (${move.description}) left a position of ${kind} ${valueText(move.value_after, move.escapes_after)}, `
        + `from which the player to move wins; a move to ${kind} 0 was “${winning.description}” in ${winning.from}, leaving ${winning.result}.`;
    }
    if (!this.userMoved) return 'You had no move to make.';
    return `You never had a winning move: no move from the positions you faced left ${kind} 0, and the computer answered each of yours with a move back to ${kind} 0.`;
  }

  /** Why you lost a partizan game: the first move that let a win go, or a start from a lost position. */
  whyLostPartizan() {
    if (this.slip) {
      const { move, winning, turn } = this.slip;
      return `Your move ${turn} (to ${move.to}) left ${move.result}` + (move.value === null ? '' : `, worth ${move.value}`) + ', which the computer wins; '
        + `a winning move was to ${winning.to}, leaving ${winning.result}` + (winning.value === null ? '.' : `, worth ${winning.value}.`);
    }
    if (!this.userMoved) return 'You had no move to make.';
    return 'You never had a winning move: the computer answered each of your moves with a winning one.';
  }

  record(who, move, reason = null) {
    this.log.append(h('li', {}, h('span', { class: 'who', text: `${who}: ` }), `in ${move.from}: ${words(move)} → `,
      h('code', { text: move.result }), reason ? h('span', { class: 'reason', text: ` (${reason})` }) : null));
    this.log.scrollTop = this.log.scrollHeight;
  }

  setHint(text) {
    this.hint.textContent = text;
    this.hint.hidden = !text;
  }

  setStatus(state, text) {
    this.status.dataset.state = state;
    this.status.textContent = text;
  }
}
