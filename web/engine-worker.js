// The engine's Web Worker: instantiates the WebAssembly module that engine.js sends first, then
// answers each call {id, name, args} with {id, result}, where result is {ok: true, report} or
// {ok: false, error}, report and error being the library's JSON documents (the same as
// `grundy ... --format json`). Computing here keeps the page responsive, and terminating the
// worker stops a computation at once. Integers beyond 2^53 arrive as BigInt.
import init, * as wasm from './pkg/grundy_wasm.js';

const CALLS = {
  value: wasm.value,
  moves: wasm.moves,
  computerMove: wasm.computer_move,
  partizanMove: wasm.partizan_move,
  dag: wasm.dag,
  highestBit: wasm.highest_bit,
  sequence: wasm.sequence,
  periodicTable: wasm.periodic_table,
  board: wasm.board,
  repetition: wasm.repetition,
  thermograph: wasm.thermograph,
};

let ready = null;

self.onmessage = async ({ data }) => {
  if (data.module) {
    ready = init({ module_or_path: data.module });
    return;
  }
  let result;
  try {
    await ready;
    result = data.name === 'version'
      ? { ok: true, report: wasm.version() }
      : call(() => CALLS[data.name](...data.args));
  } catch (thrown) {
    result = failure(`the engine did not start: ${thrown}`);
  }
  self.postMessage({ id: data.id, result });
};

/**
 * A JSON document with its integers beyond 2^53 kept exact as BigInt: a heap of 10^18 has a
 * value that a double would round. Browsers without the reviver's source text (before
 * Chromium 114) keep the rounded number.
 */
function parse(text) {
  return JSON.parse(text, (key, value, context) => {
    const source = context?.source;
    return typeof value === 'number' && !Number.isSafeInteger(value) && /^\d+$/.test(source ?? '')
      ? BigInt(source)
      : value;
  });
}

function call(run) {
  try {
    return { ok: true, report: parse(run()) };
  } catch (thrown) {
    if (typeof thrown === 'string') {
      try {
        return { ok: false, error: JSON.parse(thrown) };
      } catch {
        return { ok: false, error: { error: thrown, span: null, limit: false } };
      }
    }
    return failure(`internal error: ${thrown}`);
  }
}

function failure(message) {
  return { ok: false, error: { error: message, span: null, limit: false } };
}
