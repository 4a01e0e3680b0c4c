// The grundy explorer page: reads a spec, asks the WebAssembly engine for the library's reports
// and shows them. Everything runs in the browser (the engine in a Web Worker, so the page stays
// responsive); no server is needed beyond static files. A new analysis cancels the one in
// flight, and so does the Cancel button, which shows while a computation runs long.
import { loadEngine } from './engine.js';
import { h, binary, byteToIndex } from './dom.js';
import { DagView } from './dag-view.js';
import { Play } from './play.js';
import { renderSequence, summary } from './seq-plot.js';
import { renderTable, tableSummary } from './seq-table.js';
import { OUTCOME_WORDS, valueText } from './values.js';

const EXAMPLES = [
  'sub{1,2,4}(8) + sub{1,3}(5)',
  'kayles(6)',
  'nim(3,4,5)',
  'dawson(7)',
  'wythoff(3,4)',
  'grundy(9)',
  'kayles(4) + nim(2,3)',
  'turtles(THHTH)',
  'digraph(a>b, a>c, b>c, c>d; a)',
  'green(a-b, b-c, a-c; ground=a)',
];
const MAX_WINNING_SHOWN = 12;
/** How long a computation runs before the page says so and offers to cancel it. */
const SHOW_BUSY_AFTER_MS = 200;

const $ = (id) => document.getElementById(id);

/** The status line's text, shown again when a "Computing…" note ends. */
let statusText = '';

function showStatus(text) {
  statusText = text;
  $('status').textContent = text;
}

/** Shows `error` (an ErrorReport) under the spec box, marking its span in `text`. */
function showError(box, text, error) {
  box.hidden = false;
  const parts = [h('div', { text: `Error: ${error.error}` })];
  if (error.span && text !== null) {
    const start = byteToIndex(text, error.span[0]);
    const end = Math.max(byteToIndex(text, error.span[1]), start);
    const marked = text.slice(start, end) || ' ';
    parts.push(h('pre', {}, text.slice(0, start), h('mark', { text: marked }), text.slice(end)));
  }
  box.replaceChildren(...parts);
}

/** One move of a report as a list item: where, what, and the value it leaves. */
function moveItem(move, kind) {
  const value = valueText(move.target_value, move.target_escapes);
  const valued = kind === 'misere'
    ? (move.target_value === undefined ? '' : `(${move.to} alone has misère value ${value})`)
    : `(${move.to} has value ${value})`;
  return h('li', { 'data-testid': 'winning-move' },
    h('span', {}, `in ${move.from}: ${move.description}`),
    h('span', { class: 'to' }, h('span', { class: 'chunk', text: `→ ${move.result}` }), ' ', h('span', { class: 'chunk', text: valued })));
}

function renderMoves(list, moves, kind, none) {
  if (moves.length === 0) {
    list.replaceChildren(h('li', { class: 'none', text: none }));
    return;
  }
  const shown = moves.slice(0, MAX_WINNING_SHOWN).map((move) => moveItem(move, kind));
  const more = moves.length - shown.length;
  if (more > 0) shown.push(h('li', { class: 'none', text: `and ${more} more` }));
  list.replaceChildren(...shown);
}

/** What a misère report rests on: the genus, a search, or the heap game's misère quotient. */
function misereNote(report) {
  const { genus, quotient } = report;
  if (genus) return `Misère play: whoever moves last loses. Genus ${genus}; value 0 is exactly a misère P-position.`;
  if (!quotient) return 'Misère play: whoever moves last loses. The game is too large to value; the outcome comes from a search.';
  // The report says why the quotient answered (a search too costly, or the quotient asked for).
  return `Misère play: whoever moves last loses. The quotient answers because ${quotient.why}. The misère quotient of ${quotient.rule} `
    + `heaps 1..${quotient.to} (${quotient.order} elements) maps it to ${quotient.element}, `
    + `${quotient.in_p_portion ? 'in' : 'not in'} the P-portion, which decides who wins (a quotient gives no values).`;
}

/** A winning move of a partizan report: who moves, the term it changes, and what it leaves. */
function partizanMoveItem(player, move) {
  return h('li', {},
    h('span', { text: `${player}: term ${move.component + 1} to ` }),
    h('code', { text: move.to }),
    h('span', { class: 'muted', text: `, leaving ${move.result}` + (move.value === null ? '' : ` = ${move.value}`) }));
}

/** The head of the result card: what the value is called, the value, the outcome and the game. */
function renderHead(label, value, report) {
  $('result-value-label').textContent = label;
  $('result-value').textContent = value;
  const outcome = $('result-outcome');
  outcome.textContent = report.outcome;
  outcome.className = `badge ${report.outcome}`;
  $('outcome-words').textContent = OUTCOME_WORDS[report.outcome];
  $('result-game').textContent = report.spec;
}

/** The result card of a partizan report: canonical form, outcome class, temperature, each player's winning moves. */
function renderPartizan(report) {
  const note = $('result-note');
  note.hidden = false;
  if (report.route === 'outcome search') {
    renderHead('Outcome (by search)', 'too large for a canonical form', report);
    note.textContent = 'A partizan game whose canonical form is too large for the limits: its outcome and winning moves '
      + 'were found by a search that uses the values of the parts small enough to value.';
  } else {
    renderHead(report.is_number ? 'Value (a number)' : 'Canonical form', report.canonical, report);
    note.textContent = `A partizan game (Left and Right have different moves), in CGSuite's notation. `
      + `Left stop ${report.left_stop}, right stop ${report.right_stop}, mean ${report.mean}, temperature ${report.temperature}; `
      + `reduced form ${report.reduced}`
      + (report.atomic_weight === null ? '.' : `; all-small, atomic weight ${report.atomic_weight}.`);
  }
  const moves = [
    ...report.left_winning_moves.map((move) => partizanMoveItem('Left', move)),
    ...report.right_winning_moves.map((move) => partizanMoveItem('Right', move)),
  ];
  const list = $('winning-moves');
  if (moves.length === 0) list.replaceChildren(h('li', { class: 'none', text: 'None: whoever moves first loses.' }));
  else list.replaceChildren(...moves.slice(0, MAX_WINNING_SHOWN * 2));
  $('drawing').hidden = true;
}

/** Shows the library's thermograph picture (a standalone SVG document) in the partizan card. */
function renderThermograph(result) {
  const figure = $('thermograph');
  figure.querySelector('svg')?.remove();
  if (!result?.ok) {
    figure.hidden = true;
    return;
  }
  const picture = new DOMParser().parseFromString(result.report.svg, 'image/svg+xml').documentElement;
  figure.prepend(document.importNode(picture, true));
  figure.hidden = false;
}

function renderResult(report) {
  const { kind } = report;
  $('thermograph').hidden = kind !== 'partizan';
  if (kind === 'partizan') {
    renderPartizan(report);
    return;
  }
  const label = { normal: 'Grundy value', misere: 'Misère value', loopy: 'Loopy value' }[kind];
  renderHead(label, valueText(report.value, report.escapes), report);
  const note = $('result-note');
  note.hidden = kind === 'normal';
  if (kind === 'misere') {
    note.textContent = misereNote(report);
  } else if (kind === 'loopy') {
    note.textContent = 'The moves form a cycle, so play may go on forever. ∞(K) is the value of a position that can keep the game going or move to the values in K: '
      + 'the player to move wins at a nonzero finite value or at ∞(K) with 0 in K, loses at 0, and draws at any other ∞.';
  }
  const none = {
    normal: report.value === 0
      ? 'None: the value is 0, so every move there is leaves a nonzero value and the player to move loses.'
      : 'None listed.',
    misere: report.outcome === 'P'
      ? 'None: a misère P-position; every move there is leaves a position the opponent wins.'
      : 'None listed.',
    loopy: report.outcome === 'D' ? 'None: no move wins; see the drawing moves.' : 'None: every move leaves a position the opponent wins or draws.',
  }[kind];
  renderMoves($('winning-moves'), report.winning_moves, kind, none);
  $('drawing').hidden = kind !== 'loopy' || report.outcome !== 'D';
  if (kind === 'loopy') renderMoves($('drawing-moves'), report.drawing_moves, kind, 'None.');
}

/** The sum panel of a misère or loopy report: the components alone, which do not simply add. */
function renderComponents(report) {
  const { kind } = report;
  $('sum-third').textContent = kind === 'misere' ? 'genus' : 'outcome';
  const rows = report.components.map((component) => h('tr', {},
    h('td', { text: component.spec }),
    h('td', { class: 'num', text: valueText(component.value, component.escapes) }),
    h('td', { class: 'num', text: kind === 'misere' ? (component.genus ?? '–') : component.outcome })));
  $('sum-table').tBodies[0].replaceChildren(...rows);
  $('sum-table').tFoot.replaceChildren(h('tr', {},
    h('td', { text: 'whole game' }),
    h('td', { class: 'num', 'data-testid': 'sum-total', text: valueText(report.value, report.escapes) }),
    h('td', { class: 'num', text: kind === 'misere' ? (report.genus ?? '–') : report.outcome })));
  $('sum-rule').replaceChildren(kind === 'misere'
    ? 'Misère values do not add by nim-sum: the whole game is searched. The genus g^γ₀γ₁… records how each component plays in sums.'
    : 'Finite values add by nim-sum; ∞(K) plus a finite a is ∞(K ⊕ a), a win exactly when a is in K; two infinite values make a draw (Smith).');
}

/** The sum panel: each component's value in binary, the XOR, and the highest-bit rule. */
function renderSum(report) {
  $('sum-third').textContent = 'binary';
  const width = Math.max(1, ...report.components.map((c) => c.value.toString(2).length), report.value.toString(2).length);
  const topBit = report.highest_bit;
  const bits = (value, emphasise) => {
    const digits = binary(value, width);
    return [...digits].map((digit, index) => {
      const bit = width - 1 - index;
      return h('span', { class: emphasise && bit === topBit ? 'bit high' : 'bit', text: digit });
    });
  };
  const rows = report.components.map((component, index) => h('tr', { class: index === report.component ? 'chosen' : '' },
    h('td', { text: component.spec }),
    h('td', { class: 'num', text: String(component.value) }),
    h('td', { class: 'num' }, bits(component.value, index === report.component))));
  $('sum-table').tBodies[0].replaceChildren(...rows);
  $('sum-table').tFoot.replaceChildren(h('tr', {},
    h('td', { text: '⊕ nim-sum' }),
    h('td', { class: 'num', 'data-testid': 'sum-total', text: String(report.value) }),
    h('td', { class: 'num' }, bits(report.value, true))));
  const rule = $('sum-rule');
  if (report.value === 0 || report.component === null) {
    rule.replaceChildren('The nim-sum is 0: a P-position. Any move changes one component’s value and so makes the nim-sum nonzero.');
    return;
  }
  const chosen = report.components[report.component];
  const power = 2 ** topBit;
  const parts = [
    `The nim-sum is ${report.value} = ${report.value.toString(2)}₂; its highest bit is ${power}. `,
    h('b', { text: chosen.spec }),
    ` has value ${chosen.value} = ${chosen.value.toString(2)}₂ with that bit set, so move it to `,
    h('b', { 'data-testid': 'sum-target', text: `${chosen.value} ⊕ ${report.value} = ${report.target_value}` }),
    ` (smaller than ${chosen.value}, so such a move exists).`,
  ];
  if (report.winning_move) {
    parts.push(' Winning move: ', h('b', { 'data-testid': 'sum-move', text: `in ${report.winning_move.from}: ${report.winning_move.description}` }), '.');
  }
  rule.replaceChildren(...parts);
}

async function main() {
  let engine;
  try {
    engine = await loadEngine();
  } catch (error) {
    showStatus(`Could not load the WebAssembly engine (${error}). Build it with scripts/wasm.`);
    return;
  }
  $('version').textContent = engine.version;
  const input = $('spec-input');
  const analyzeButton = $('analyze');
  const dagLimit = $('dag-limit');
  const dagView = new DagView({
    container: $('dag'), explain: $('dag-explain'), note: $('dag-note'), stats: $('dag-stats'),
    animateButton: $('dag-animate'), stepButton: $('dag-step'), showButton: $('dag-show'),
    zoomInButton: $('dag-zoom-in'), zoomOutButton: $('dag-zoom-out'), fitButton: $('dag-fit'),
  });
  const player = new Play(engine, {
    form: $('play-card'), startButton: $('play-start'), hints: $('play-hints'), positionText: $('play-position'),
    valueText: $('play-value'), status: $('play-status'), moveList: $('play-moves'), listBox: $('play-list'),
    boardElement: $('play-board'), hint: $('play-hint'), rules: $('play-rules'), log: $('play-log'),
    sideChoice: $('play-side'),
  });
  dagView.clear('Analyze a game to draw its DAG.');
  const resultCards = ['.result', '.sum', '.dag'].map((selector) => document.querySelector(selector));
  let seqEdited = false;
  let current = null;
  /** The kind of the analysis shown ('normal', 'misere' or 'loopy'), for redrawing its DAG. */
  let dagKind = 'normal';

  // The analysis shown is the newest one asked for: asking again cancels what is in flight.
  let newest = 0;
  const begin = () => {
    engine.cancel();
    newest += 1;
    const ticket = newest;
    return () => ticket === newest;
  };
  const cancelled = 'Cancelled.';

  /** Draws a DAG result; `kind` is the analysis's ('normal', 'misere' or 'loopy'). */
  const showDag = (result, kind) => {
    if (result.ok) dagView.show(result.report, { misere: kind === 'misere', loopy: kind === 'loopy' });
    else dagView.clear(`No DAG: ${result.error.error}`);
  };

  const redrawDag = async () => {
    if (!current) return;
    const live = begin();
    const dag = await engine.dag(current, Number(dagLimit.value), dagKind === 'misere' ? 'misere' : 'normal');
    if (!live()) return;
    if (dag.cancelled) showStatus(cancelled);
    else showDag(dag, dagKind);
  };

  const misere = $('misere');
  const playOf = () => (misere.checked ? 'misere' : 'normal');

  const analyze = async (text) => {
    const live = begin();
    const started = performance.now();
    const errorBox = $('spec-error');
    const play = playOf();
    const value = await engine.value(text, play);
    if (!live()) return;
    if (value.cancelled) {
      showStatus(cancelled);
      return;
    }
    if (!value.ok) {
      showError(errorBox, text, value.error);
      input.classList.add('invalid');
      // What is still shown belongs to the last game that was analyzed.
      if (current !== null) resultCards.forEach((card) => card.classList.add('stale'));
      showStatus(value.error.limit ? 'A limit stopped the computation; try a smaller game.' : 'Fix the spec and analyze again.');
      return;
    }
    const kind = value.report.kind;
    // A partizan game has no nim-sum or DAG here yet: its result card and play as Left or Right.
    const partizan = kind === 'partizan';
    ['.sum', '.dag'].forEach((selector) => { document.querySelector(selector).hidden = partizan; });
    if (partizan) {
      errorBox.hidden = true;
      input.classList.remove('invalid');
      resultCards.forEach((card) => card.classList.remove('stale'));
      current = text;
      renderResult(value.report);
      player.setGame(value.report.spec, 'partizan');
      const thermograph = await engine.thermograph(text);
      if (!live()) return;
      renderThermograph(thermograph);
      history.replaceState(null, '', `#${new URLSearchParams({ spec: text })}`);
      showStatus(`Analyzed ${value.report.spec} (partizan) in ${Math.max(1, Math.round(performance.now() - started))} ms.`);
      return;
    }
    // Only normal play has the nim-sum rule; a game with cycles is drawn as a graph.
    const [sum, dag] = await Promise.all([
      kind === 'normal' ? engine.highestBit(text) : null,
      engine.dag(text, Number(dagLimit.value), play),
    ]);
    if (!live()) return;
    if (sum?.cancelled || dag?.cancelled) {
      showStatus(cancelled);
      return;
    }
    errorBox.hidden = true;
    input.classList.remove('invalid');
    resultCards.forEach((card) => card.classList.remove('stale'));
    current = text;
    renderResult(value.report);
    if (kind !== 'normal') renderComponents(value.report);
    else if (sum.ok) renderSum(sum.report);
    dagKind = kind;
    showDag(dag, kind);
    player.setGame(value.report.spec, play);
    const hash = new URLSearchParams({ spec: text });
    if (play === 'misere') hash.set('play', 'misere');
    history.replaceState(null, '', `#${hash}`);
    showStatus(`Analyzed ${value.report.spec}${play === 'misere' ? ' in misère play' : ''} in ${Math.max(1, Math.round(performance.now() - started))} ms.`);
    if (seqEdited) return;
    // The sequence panel follows the game when its first term is a heap game (the board report's heap rule).
    const board = await engine.board(text);
    const rule = board.ok ? board.report.heap_rule : null;
    if (rule && live()) {
      $('seq-rule').value = rule;
      await plotSequence();
    }
  };

  const tableView = () => document.querySelector('input[name="seq-view"]:checked').value === 'table';

  const plotSequence = async () => {
    const rule = $('seq-rule').value.trim();
    const to = Number($('seq-to').value);
    const errorBox = $('seq-error');
    const table = tableView();
    // A blank row length asks for the proved period (0 to the engine).
    const period = Number($('seq-period').value || 0);
    const preperiod = Number($('seq-preperiod').value || 0);
    let result;
    if (!Number.isInteger(to) || to < 1) {
      result = { ok: false, error: { error: 'n must be a whole number from 1 to 100000', span: null } };
    } else if (table && (!Number.isInteger(period) || period < 0 || !Number.isInteger(preperiod) || preperiod < 0)) {
      result = { ok: false, error: { error: 'the row length and the first heap must be whole numbers', span: null } };
    } else {
      result = table ? await engine.periodicTable(rule, to, period, preperiod) : await engine.sequence(rule, to);
    }
    if (result.cancelled) return;
    $('seq-table-options').hidden = !table;
    if (!result.ok) {
      showError(errorBox, rule, result.error);
      return;
    }
    errorBox.hidden = true;
    $('seq-plot').hidden = table;
    $('seq-table').hidden = !table;
    if (table) {
      lastSequence = null;
      renderTable($('seq-table'), result.report);
      $('seq-summary').textContent = tableSummary(result.report);
      return;
    }
    lastSequence = result.report;
    renderSequence($('seq-plot'), result.report);
    $('seq-summary').textContent = summary(result.report);
  };
  let lastSequence = null;
  let resizeWidth = $('seq-plot').clientWidth;
  window.addEventListener('resize', () => {
    const width = $('seq-plot').clientWidth;
    if (lastSequence && width !== resizeWidth) renderSequence($('seq-plot'), lastSequence);
    resizeWidth = width;
  });

  $('spec-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) analyze(text);
  });
  dagLimit.addEventListener('change', redrawDag);
  misere.addEventListener('change', () => {
    const text = input.value.trim();
    if (text) analyze(text);
  });
  const cancelButton = $('cancel');
  cancelButton.addEventListener('click', () => engine.cancel());
  let busyTimer = null;
  engine.onbusy = (busy) => {
    window.clearTimeout(busyTimer);
    if (!busy) {
      cancelButton.hidden = true;
      $('status').textContent = statusText;
      return;
    }
    busyTimer = window.setTimeout(() => {
      cancelButton.hidden = false;
      $('status').textContent = 'Computing…';
    }, SHOW_BUSY_AFTER_MS);
  };
  for (const radio of document.querySelectorAll('input[name="seq-view"]')) {
    radio.addEventListener('change', () => {
      $('seq-table-options').hidden = !tableView();
      plotSequence();
    });
  }
  $('seq-form').addEventListener('submit', (event) => {
    event.preventDefault();
    seqEdited = true;
    plotSequence();
  });
  $('examples').replaceChildren(...EXAMPLES.map((example) => h('button', {
    type: 'button',
    class: 'chip',
    'data-testid': 'example',
    onclick: () => { input.value = example; analyze(example); },
  }, example)));

  analyzeButton.disabled = false;
  $('seq-plot-button').disabled = false;
  const hashParams = new URLSearchParams(location.hash.slice(1));
  const fromHash = hashParams.get('spec');
  misere.checked = hashParams.get('play') === 'misere';
  const initial = fromHash || EXAMPLES[0];
  input.value = initial;
  await plotSequence();
  await analyze(initial);
  document.body.dataset.ready = 'true';
}

main();
