// The static site's backend (docs/site.md): the calls of `gunbai serve`'s
// JSON API (docs/api.md), same requests and same replies, answered in the
// page by the WASM package (bindings/wasm, in pkg/ beside this file), and
// the engine in a Web Worker (the package's worker.js). app.js loads this
// module only when the page says data-backend="wasm".
//
// It keeps no game: as the API, every call carries the whole game and is
// replayed on a fresh Board. Compiled variants are kept by their text and
// options (a few), as the server does.

import { init, variants as bundledVariants, Variant, Board } from './pkg/index.js';

/// As the server's limits (docs/api.md, "Limits"): moves a game carries,
/// legal moves listed for one position.
const MAX_PLIES = 4000;
const MAX_MOVES = 20000;
/// Compiled variants kept for reuse.
const CACHE_SIZE = 8;

/// An error as the API's: a message, and the error body as `data`.
function fail(message, extra) {
  const e = new Error(message);
  e.data = Object.assign({ error: message }, extra || {});
  return e;
}

export async function create() {
  await init();
  return new WasmBackend();
}

class WasmBackend {
  constructor() {
    this.kind = 'wasm';
    this.list = bundledVariants();
    this.cache = []; // [{ key, variant, info, pieces }], the newest last
    this.engine = new Engine();
  }

  async variants() {
    return {
      variants: this.list.map((v) => ({ name: v.name, file: v.file, bundled: true, title: v.title })),
      limits: { max_plies: MAX_PLIES, max_moves: MAX_MOVES },
    };
  }

  known(name) {
    const v = this.list.find((x) => x.name === name);
    if (!v) throw fail(`unknown variant \`${name}\`: the site offers ${this.list.map((x) => x.name).join(', ')}`);
    return v;
  }

  async rules(name) {
    const v = this.known(name);
    return { name, file: v.file, text: this.compiled({ variant: name }).variant.rulesText() };
  }

  // The request's variant with its options, compiled (or found again):
  // {variant, info, pieces (by code)}.
  compiled(req) {
    if (req.variant != null && req.rules != null) throw fail('give either `variant` or `rules`, not both');
    if (req.variant == null && req.rules == null) throw fail('give `variant` (a bundled name) or `rules` (rule-file text)');
    if (req.variant != null) this.known(req.variant);
    const options = req.options || {};
    const key = JSON.stringify([req.variant, req.rules, req.name, Object.entries(options)]);
    const at = this.cache.findIndex((c) => c.key === key);
    if (at >= 0) {
      const hit = this.cache.splice(at, 1)[0];
      this.cache.push(hit);
      return hit;
    }
    let variant;
    try {
      variant = req.variant != null ? Variant.bundled(req.variant) : Variant.fromToml(req.rules, req.name || 'rules.toml');
    } catch (e) {
      throw fail(e.message, { diagnostics: (e.diagnostics || []).map(diagnostic) });
    }
    try {
      for (const [name, value] of Object.entries(options)) variant.setOption(name, value);
    } catch (e) {
      variant.free();
      throw fail(e.message);
    }
    const entry = { key, variant, info: variant.info(), pieces: new Map(variant.pieces().map((p) => [p.code, p])) };
    this.cache.push(entry);
    while (this.cache.length > CACHE_SIZE) this.cache.shift().variant.free();
    return entry;
  }

  // Replays the request's game on a new Board, which the caller frees:
  // {v (compiled), board, history: [{ply, text, usi}], last: [square...]}.
  game(req) {
    const v = this.compiled(req);
    const moves = req.moves || [];
    if (moves.length > MAX_PLIES) throw fail(`${moves.length} moves: a game may carry at most ${MAX_PLIES}`);
    if (req.position != null && req.sfen != null) throw fail('give either `position` or `sfen`, not both');
    if (req.sfen != null && !v.info.usi) throw fail(`variant \`${v.info.name}\` has no SFEN form: give \`position\` instead`);
    let board;
    try {
      board = req.position != null ? Board.fromText(v.variant, req.position)
        : req.sfen != null ? Board.fromSfen(v.variant, req.sfen)
          : new Board(v.variant);
    } catch (e) {
      throw fail(`${req.position != null ? 'the position text' : 'the SFEN'}: ${e.message}`);
    }
    const history = [];
    let last = [];
    for (let i = 0; i < moves.length; i++) {
      try {
        const p = played(board, moves[i], v.info.usi);
        history.push(p.entry);
        last = p.marks;
      } catch (e) {
        board.free();
        throw fail(`move ${i + 1} \`${moves[i]}\` cannot be played: ${e.message}`, { ply: i });
      }
    }
    return { v, board, history, last };
  }

  async position(req) {
    const g = this.game(req);
    try {
      return view(g, req);
    } finally {
      g.board.free();
    }
  }

  async moves(req) {
    const g = this.game(req);
    try {
      if (g.board.legalMoveCount() > MAX_MOVES) {
        throw fail(`this position has ${g.board.legalMoveCount()} legal moves; the playground lists at most ${MAX_MOVES}`);
      }
      const moves = (req.from == null ? g.board.legalMoveDetails() : g.board.legalMoveDetails(req.from)).map((m) => {
        // As the API: a drop's `from` is its one landing.
        const out = Object.assign({}, m);
        if (out.from === null) out.from = out.to;
        return out;
      });
      return { side_to_move: g.board.sideToMove(), count: moves.length, moves };
    } finally {
      g.board.free();
    }
  }

  async play(req) {
    if (req.move == null) throw fail('give the `move` to play');
    if ((req.moves || []).length >= MAX_PLIES) throw fail(`a game may carry at most ${MAX_PLIES} moves`);
    const g = this.game(req);
    try {
      let p;
      try {
        p = played(g.board, req.move, g.v.info.usi);
      } catch (e) {
        throw fail(`\`${req.move}\` cannot be played: ${e.message}`);
      }
      g.history.push(p.entry);
      g.last = p.marks;
      const body = view(g, req);
      body.played = p.entry.text;
      return body;
    } finally {
      g.board.free();
    }
  }

  async check(req) {
    let text = req.rules;
    let name = req.name || 'rules.toml';
    if (req.variant != null) {
      const r = await this.rules(req.variant);
      text = r.text;
      name = r.file;
    }
    if (text == null) throw fail('give `variant` or `rules`');
    let v;
    try {
      v = Variant.fromToml(text, name);
    } catch (e) {
      const list = (e.diagnostics || []).map(diagnostic);
      return { ok: false, diagnostics: list.length ? list : [fileError(name, e.message)] };
    }
    try {
      for (const [k, value] of Object.entries(req.options || {})) v.setOption(k, value);
      const info = v.info();
      return { ok: true, variant: info.name, title: info.title, files: info.files, ranks: info.ranks, diagnostics: v.warnings().map(diagnostic) };
    } catch (e) {
      return { ok: false, diagnostics: [fileError(name, e.message)] };
    } finally {
      v.free();
    }
  }

  async diagram(req) {
    if (req.piece == null) throw fail("give the `piece` code (as in the position's pieces)");
    const v = this.compiled(req);
    const p = v.pieces.get(req.piece);
    if (!p) throw fail(`no piece coded \`${req.piece}\` in \`${v.info.name}\``);
    let svg;
    try {
      svg = v.variant.pieceDiagramSvg(req.piece, { colour: req.colour || 'black', labels: req.labels || 'names' });
    } catch (e) {
      throw fail(e.message);
    }
    // The package tells whether a type is promoted, not into what: no
    // promotes_to or promoted_from (the page then says less).
    return { code: p.code, label: p.label, name: p.name, doc: '', promoted: p.promoted, svg };
  }
}

/// Plays `move` (gunbai text or USI) on `board`: its history entry
/// (canonical text and USI) and the squares it marks (origin, landings).
function played(board, move, usi) {
  const text = board.moveText(move, 'native');
  const u = usi ? board.moveText(move, 'usi') : null;
  const m = board.push(text);
  const marks = [m.from === null ? m.to : m.from, ...m.steps.filter((s) => s.kind === 'land').map((s) => s.square)];
  return { entry: { ply: board.history().length, text, usi: u }, marks };
}

function diagnostic(d) {
  return {
    file: d.file,
    severity: d.severity,
    line: d.line,
    column: d.column,
    end_line: d.endLine,
    end_column: d.endColumn,
    message: d.message,
    help: d.hint,
  };
}

/// An error that points nowhere in the file.
function fileError(file, message) {
  return { file, severity: 'error', line: null, column: null, end_line: null, end_column: null, message, help: null };
}

/// The position reply (docs/api.md, `POST /api/position`) of a replayed game.
function view(g, req) {
  const { v, board, history, last } = g;
  const labels = req.labels || 'names';
  const state = board.pieces();
  const named = (p) => Object.assign({}, p, { name: (v.pieces.get(p.code) || {}).name || p.code });
  const hand = (h) => {
    const p = v.pieces.get(h.code) || {};
    return { code: h.code, label: labels === 'codes' ? h.code : p.label || h.code, name: p.name || h.code, count: h.count };
  };
  return {
    variant: v.info.name,
    title: v.info.title,
    files: v.info.files,
    ranks: v.info.ranks,
    usi: v.info.usi,
    side_to_move: state.side_to_move,
    ply: history.length,
    position: state.position,
    sfen: state.sfen,
    outcome: state.outcome,
    history,
    last_move: last,
    pieces: state.pieces.map(named),
    hands: state.hands && { black: state.hands.black.map(hand), white: state.hands.white.map(hand) },
    options: v.variant.options().map((o) => ({
      name: o.name,
      type: o.type,
      value: o.type === 'bool' ? o.value === 'true' : o.value,
      default: o.type === 'bool' ? o.default === 'true' : o.default,
      values: o.type === 'bool' ? null : o.choices,
      doc: o.help,
    })),
    svg: board.boardSvg({ flip: !!req.flip, labels }),
  };
}

/// The engine in the package's worker (pkg/worker.js, bindings/wasm's
/// README): one search at a time. `think` resolves with the best move
/// (gunbai text; null when there is none) and reports each iteration to
/// `onInfo`; `stop` ends the search at its next slice, and the best move
/// so far comes back; `cancel` drops it.
class Engine {
  constructor() {
    this.worker = null;
    this.pending = null;
  }

  start() {
    if (this.worker) return;
    this.worker = new Worker(new URL('./pkg/worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => this.fail((e && e.message) || 'the engine worker failed to start');
  }

  receive(msg) {
    const p = this.pending;
    if (!p || !msg) return;
    if (msg.type === 'info') {
      const score = msg.score && (msg.score.mate !== undefined ? `mate ${msg.score.mate}` : `cp ${msg.score.cp}`);
      p.onInfo({ depth: msg.depth, score, nodes: msg.nodes, nps: msg.nps, pv: msg.pv });
    } else if (msg.type === 'bestmove') {
      this.pending = null;
      p.resolve(msg.move);
    } else if (msg.type === 'error') {
      this.pending = null;
      p.reject(new Error(msg.message));
    }
  }

  /// Abandons the search (its answer is not wanted): the worker is ended
  /// and made anew for the next one.
  cancel() {
    this.fail('the search was abandoned');
  }

  fail(message) {
    const p = this.pending;
    this.pending = null;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    if (p) p.reject(new Error(message));
  }

  /// Searches the request's game (docs/api.md's shape) within `limits`
  /// ({depth} or {movetime} in ms).
  think(req, limits, onInfo) {
    if (this.pending) this.cancel();
    this.start();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, onInfo };
      const msg = { type: 'position', options: req.options || {}, moves: req.moves || [] };
      if (req.rules != null) Object.assign(msg, { rules: req.rules, name: req.name || 'rules.toml' });
      else msg.variant = req.variant;
      if (req.position != null) msg.position = req.position;
      if (req.sfen != null) msg.sfen = req.sfen;
      this.worker.postMessage(msg);
      this.worker.postMessage(Object.assign({ type: 'go' }, limits));
    });
  }

  stop() {
    if (this.worker) this.worker.postMessage({ type: 'stop' });
  }
}
