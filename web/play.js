// Play against a perfect opponent under normal play (whoever cannot move loses). Moves and
// their values come from the engine's `moves` report; the computer takes a move marked
// `winning` (one that leaves value 0) whenever there is one, and otherwise some move.
import { h } from './dom.js';

const COMPUTER_DELAY_MS = 350;

export class Play {
  constructor(engine, elements) {
    this.engine = engine;
    Object.assign(this, elements);
    this.spec = null;
    this.position = null;
    this.game = 0;
    this.startButton.addEventListener('click', () => this.start());
    this.hints.addEventListener('change', () => this.showValue());
  }

  /** The game that "New game" starts from. */
  setGame(spec) {
    this.spec = spec;
    this.game += 1;
    this.position = null;
    this.report = null;
    this.positionText.textContent = spec;
    this.valueText.hidden = true;
    this.moveList.replaceChildren();
    this.log.replaceChildren();
    this.setStatus('idle', `Press “New game” to play ${spec}.`);
  }

  firstPlayer() {
    return this.form.querySelector('input[name="first"]:checked')?.value ?? 'computer';
  }

  start() {
    if (!this.spec) return;
    this.game += 1;
    this.position = this.spec;
    this.log.replaceChildren();
    if (this.firstPlayer() === 'computer') this.computerTurn(this.game);
    else this.userTurn();
  }

  /** Lists the moves of the current position (null when the game changed meanwhile). */
  async load() {
    const game = this.game;
    const result = await this.engine.moves(this.position);
    if (game !== this.game) return null;
    if (result.cancelled) {
      this.setStatus('idle', 'Cancelled. Press “New game” to play again.');
      this.moveList.replaceChildren();
      return null;
    }
    if (!result.ok) {
      this.setStatus('error', `Cannot play this game: ${result.error.error}`);
      this.moveList.replaceChildren();
      return null;
    }
    this.report = result.report;
    this.positionText.textContent = this.report.spec;
    this.showValue();
    return this.report;
  }

  showValue() {
    if (!this.report || !this.hints.checked) {
      this.valueText.hidden = true;
      return;
    }
    this.valueText.hidden = false;
    this.valueText.textContent = `value ${this.report.value} (${this.report.outcome}: the player to move ${this.report.outcome === 'N' ? 'wins' : 'loses'})`;
  }

  async userTurn() {
    const report = await this.load();
    if (!report) return;
    if (report.moves.length === 0) {
      this.moveList.replaceChildren();
      this.setStatus('lost', 'You have no move left: the computer wins.');
      return;
    }
    this.setStatus('your-turn', 'Your move: click one.');
    const game = this.game;
    // Moves that leave the same position (a heap of 1 taken from either of two such heaps)
    // are one choice for the player.
    const seen = new Set();
    const distinct = report.moves.filter((move) => !seen.has(move.result) && seen.add(move.result));
    this.moveList.replaceChildren(...distinct.map((move) => h('button', {
      type: 'button',
      'data-testid': 'play-move',
      title: `leaves ${move.result}`,
      onclick: () => this.userMove(game, move),
    }, `in ${move.from}: ${move.description}`, h('span', { class: 'to', text: `→ ${move.result}` }))));
  }

  userMove(game, move) {
    if (game !== this.game) return;
    this.record('You', move);
    this.position = move.result;
    this.positionText.textContent = move.result;
    this.moveList.replaceChildren();
    this.setStatus('thinking', 'The computer is thinking…');
    window.setTimeout(() => this.computerTurn(game), COMPUTER_DELAY_MS);
  }

  async computerTurn(game) {
    if (game !== this.game) return;
    const report = await this.load();
    if (!report) return;
    if (report.moves.length === 0) {
      this.moveList.replaceChildren();
      this.setStatus('won', 'The computer has no move left: you win!');
      return;
    }
    const winning = report.moves.find((move) => move.winning);
    const move = winning ?? report.moves[Math.floor(Math.random() * report.moves.length)];
    this.record('Computer', move);
    this.position = move.result;
    await this.userTurn();
  }

  record(who, move) {
    this.log.append(h('li', {}, h('span', { class: 'who', text: `${who}: ` }), `in ${move.from}: ${move.description} → `,
      h('code', { text: move.result })));
    this.log.scrollTop = this.log.scrollHeight;
  }

  setStatus(state, text) {
    this.status.dataset.state = state;
    this.status.textContent = text;
  }
}
