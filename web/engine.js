// The WebAssembly engine (crate grundy-wasm, built into pkg/ by scripts/wasm), run in a Web
// Worker (engine-worker.js) so that the page stays responsive while it computes. Every call
// returns a promise of {ok: true, report} or {ok: false, error}, where report and error are the
// library's JSON documents (the same as `grundy ... --format json`). `cancel()` stops every
// call in flight by terminating the worker (their promises resolve to {ok: false, cancelled:
// true, error}) and goes on with a spare worker started beforehand, ready at once and without
// the network.

const WORKER = new URL('./engine-worker.js', import.meta.url);
const WASM = new URL('./pkg/grundy_wasm_bg.wasm', import.meta.url);

/** Compiles the WebAssembly module once and starts the engine's workers. */
export async function loadEngine() {
  const module = await WebAssembly.compileStreaming(fetch(WASM));
  const engine = new Engine(module);
  const version = await engine.call('version');
  if (!version.ok) throw new Error(version.error.error);
  engine.version = version.report;
  return engine;
}

class Engine {
  constructor(module) {
    this.module = module;
    this.pending = new Map();
    this.nextId = 0;
    /** Called with true when a computation starts on an idle engine, false when none is left. */
    this.onbusy = () => {};
    this.worker = this.spawn();
    this.spare = this.spawn();
  }

  spawn() {
    const worker = new Worker(WORKER, { type: 'module' });
    worker.postMessage({ module: this.module });
    worker.onmessage = ({ data }) => this.settle(data.id, data.result);
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker === this.worker) this.stopAll({ ok: false, error: { error: `the engine stopped: ${event.message}`, span: null, limit: false } });
    };
    return worker;
  }

  /** Whether a computation is in flight. */
  get busy() {
    return this.pending.size > 0;
  }

  call(name, ...args) {
    this.nextId += 1;
    const id = this.nextId;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      if (this.pending.size === 1) this.onbusy(true);
      this.worker.postMessage({ id, name, args });
    });
  }

  settle(id, result) {
    const resolve = this.pending.get(id);
    if (!resolve) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.onbusy(false);
    resolve(result);
  }

  stopAll(result) {
    const stopped = [...this.pending.values()];
    this.pending.clear();
    this.onbusy(false);
    for (const resolve of stopped) resolve(result);
  }

  /** Stops every computation in flight; the next calls go to the spare worker. */
  cancel() {
    if (!this.busy) return;
    this.worker.terminate();
    this.worker = this.spare;
    this.spare = this.spawn();
    this.stopAll({ ok: false, cancelled: true, error: { error: 'cancelled', span: null, limit: true } });
  }

  /** The value answer of `spec` in `play` ('normal' or 'misere'); its `kind` is 'normal', 'loopy' or 'misere'. */
  value(spec, play = 'normal') { return this.call('value', spec, play === 'misere'); }

  /** Every move of `spec` with the value it leads to, in `play`. */
  moves(spec, play = 'normal') { return this.call('moves', spec, play === 'misere'); }

  /** The computer's move from `spec` in `play`, with its reason (a ComputerMove report). */
  computerMove(spec, play = 'normal') { return this.call('computerMove', spec, play === 'misere'); }

  /** The game DAG of `spec` with at most `maxNodes` positions, valued in `play`. */
  /** The move a perfect Left (`side` 'left') or Right makes in a partizan game, with its reason. */
  partizanMove(spec, side) { return this.call('partizanMove', spec, side === 'left'); }

  dag(spec, maxNodes, play = 'normal') { return this.call('dag', spec, maxNodes, play === 'misere'); }

  /** The thermograph of a partizan `spec`: its walls and the library's SVG picture. */
  thermograph(spec) { return this.call('thermograph', spec); }

  highestBit(spec) { return this.call('highestBit', spec); }

  sequence(rule, to) { return this.call('sequence', rule, to); }

  /** Heaps 0..=to of `rule` in rows of `period` from `preperiod` on; period 0: the proved one. */
  periodicTable(rule, to, period, preperiod) { return this.call('periodicTable', rule, to, period, preperiod); }

  /** The board of `spec` (a BoardReport): each component's kind and size, each move drawable, the heap rule. */
  board(spec) { return this.call('board', spec); }

  /** Whether a game ends as a draw at the last of `positions` (the game's positions so far, start first). */
  repetition(positions) { return this.call('repetition', positions); }
}
