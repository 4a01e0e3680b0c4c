// The WebAssembly engine (crate grundy-wasm, built into pkg/ by scripts/wasm), wrapped so that
// every call returns {ok: true, report} or {ok: false, error}, where report and error are the
// library's JSON documents (the same as `grundy ... --format json`).
import init, * as wasm from './pkg/grundy_wasm.js';

/** Loads and instantiates the WebAssembly module. */
export async function loadEngine() {
  await init();
  return {
    version: wasm.version(),
    value: (spec) => call(() => wasm.value(spec)),
    moves: (spec) => call(() => wasm.moves(spec)),
    dag: (spec, maxNodes) => call(() => wasm.dag(spec, maxNodes)),
    highestBit: (spec) => call(() => wasm.highest_bit(spec)),
    sequence: (rule, to) => call(() => wasm.sequence(rule, to)),
  };
}

function call(run) {
  try {
    return { ok: true, report: JSON.parse(run()) };
  } catch (thrown) {
    if (typeof thrown === 'string') {
      try {
        return { ok: false, error: JSON.parse(thrown) };
      } catch {
        return { ok: false, error: { error: thrown, span: null, limit: false } };
      }
    }
    return { ok: false, error: { error: `internal error: ${thrown}`, span: null, limit: false } };
  }
}
