// gunbai for JavaScript: the rules of the shogi family (every bundled
// variant, or a rule file of your own) as a WebAssembly module. The API is
// shaped like ffish.js; bindings/wasm/README.md documents it and index.d.ts
// types it. This file only wraps the raw exports of gunbai_wasm.js (made by
// wasm-bindgen): JSON becomes objects, errors become GunbaiError. No rule
// is decided here.

import initRaw, {
  initSync as initRawSync,
  variantsJson,
  variantNamesJson,
  lastPanic,
  version as rawVersion,
  setMoveBudget as rawSetMoveBudget,
  moveBudget as rawMoveBudget,
  Variant as RawVariant,
  Board as RawBoard,
} from './gunbai_wasm.js';

/** An error from gunbai: a message and, for rule files, positions and
 * moves, the diagnostics behind it ({file, severity, line, column,
 * endLine, endColumn, message, hint}). */
export class GunbaiError extends Error {
  constructor(message, diagnostics = []) {
    super(message);
    this.name = 'GunbaiError';
    this.diagnostics = diagnostics;
  }
}

let ready = false;
/** Set after a trap (a panic: a bug): the module's state is not to be
 * trusted any more, so every later call throws. */
let broken = null;

function wrapError(e) {
  if (e instanceof GunbaiError) return e;
  if (typeof e === 'string') {
    try {
      const j = JSON.parse(e);
      return new GunbaiError(j.message, j.diagnostics || []);
    } catch {
      return new GunbaiError(e);
    }
  }
  if (typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError) {
    let why = e.message;
    try {
      why = lastPanic() || why;
    } catch {
      // The module cannot answer: keep the trap's message.
    }
    broken = why;
    return new GunbaiError(`internal error in gunbai (a bug: please report it with the input): ${why}`);
  }
  return e;
}

/** Text for the module, at most `max` UTF-16 units (a UTF-8 byte or more
 * each), checked before it is copied into the module's memory: a huge
 * string is refused here, not by running out of memory there. The module
 * checks the exact byte count again. */
const TEXT_MAX = 1 << 20;
const RULES_MAX = 4 << 20;
function str(x, what, max = TEXT_MAX) {
  const s = String(x);
  if (s.length > max) throw new GunbaiError(`${what} has ${s.length} characters; at most ${max} bytes are read`);
  return s;
}

/** A mate search's defender hand option: undefined (the position's), or
 * its text, which the binding reads ('as-given' or 'rest'). */
function defenderHand(x) {
  return x === undefined || x === null ? undefined : str(x, 'defenderHand', 64);
}

/** A mate search's limit: a whole number from 0 (`fallback` when not
 * given). */
function mateNumber(x, what, fallback) {
  if (x === undefined || x === null) return fallback;
  if (!Number.isInteger(x) || x < 0) throw new GunbaiError(`the mate search's ${what} is a whole number from 0, not ${x}`);
  return Math.min(x, what === 'maxPlies' ? 0xffffffff : Number.MAX_SAFE_INTEGER);
}

const optional = (x, what) => (x === undefined || x === null ? undefined : str(x, what));

function call(f) {
  if (!ready) throw new GunbaiError('gunbai is not initialised: await init() first');
  if (broken !== null) {
    throw new GunbaiError(`gunbai stopped after an internal error (${broken}): load the page or module again`);
  }
  try {
    return f();
  } catch (e) {
    throw wrapError(e);
  }
}

/** Loads the WebAssembly module. In a browser it fetches
 * gunbai_wasm_bg.wasm next to this file unless given a URL, Response,
 * bytes or a WebAssembly.Module; in Node it reads the file. */
export async function init(input) {
  if (ready) return;
  if (input === undefined && typeof process !== 'undefined' && process.versions && process.versions.node) {
    const fs = await import('node:fs/promises');
    input = await fs.readFile(new URL('./gunbai_wasm_bg.wasm', import.meta.url));
  }
  await initRaw(input === undefined ? undefined : { module_or_path: input });
  ready = true;
}

/** Loads the module synchronously from bytes or a WebAssembly.Module. */
export function initSync(bytesOrModule) {
  if (ready) return;
  initRawSync({ module: bytesOrModule });
  ready = true;
}

/** The version of the gunbai library inside. */
export function version() {
  return call(() => rawVersion());
}

/** Sets the move budget: the most legal moves one position may have (1
 * to 10,000,000; default 1,000,000), for every board from now on. A
 * position with more is an error, never a hang. */
export function setMoveBudget(n) {
  if (typeof n !== 'number') throw new GunbaiError(`the move budget is a number, not ${typeof n}`);
  call(() => rawSetMoveBudget(n));
}

/** The move budget in force. */
export function moveBudget() {
  return call(() => rawMoveBudget());
}

/** The bundled variants' names, at once (variants() compiles every rule
 * file: about half a second). */
export function variantNames() {
  return call(() => JSON.parse(variantNamesJson()));
}

let variantList = null;

/** Every bundled variant: [{name, title, file, files, ranks, usi, drops,
 * options: [{name, type, value, default, help, choices}]}]. The first
 * call compiles every bundled rule file (about 0.5 s of CPU in Node);
 * later calls answer from a cache. */
export function variants() {
  if (variantList === null) variantList = call(() => JSON.parse(variantsJson()));
  return structuredClone(variantList);
}

function optionValue(value) {
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return value;
  throw new GunbaiError(`an option value is true, false or a string, not ${typeof value}`);
}

/** A compiled variant: bundled, or from rule-file text. */
export class Variant {
  constructor(raw) {
    if (!(raw instanceof RawVariant)) {
      throw new GunbaiError('use Variant.bundled(name) or Variant.fromToml(text)');
    }
    this.raw = raw;
  }

  /** A bundled variant by name (see variants()). */
  static bundled(name) {
    return new Variant(call(() => RawVariant.bundled(str(name, 'the variant name'))));
  }

  /** A variant from rule-file text; `fileName` names it in diagnostics
   * (default `rules.toml`). Throws a GunbaiError with every diagnostic. */
  static fromToml(text, fileName) {
    if (typeof text !== 'string') throw new GunbaiError('the rule file is a string of TOML');
    const t = str(text, 'the rule file', RULES_MAX);
    const name = fileName === undefined ? undefined : str(fileName, 'the file name');
    return new Variant(call(() => RawVariant.fromToml(t, name)));
  }

  /** {name, title, file, files, ranks, usi, drops, options}. */
  info() {
    return call(() => JSON.parse(this.raw.infoJson()));
  }
  get name() { return this.info().name; }
  get title() { return this.info().title; }
  get files() { return this.info().files; }
  get ranks() { return this.info().ranks; }
  /** [{name, type, value, default, help, choices}], values as text. */
  options() { return this.info().options; }

  /** The compile's warnings, as diagnostics. */
  warnings() {
    return call(() => JSON.parse(this.raw.warningsJson()));
  }

  /** The rule-file text. */
  rulesText() {
    return call(() => this.raw.rulesText());
  }

  /** Sets a rule option (a boolean, or one of its choices) and compiles
   * the rules again; boards made before keep the rules they had. */
  setOption(name, value) {
    call(() => this.raw.setOption(str(name, 'the option name'), str(optionValue(value), 'the option value')));
    return this;
  }

  /** Every piece type: [{code, id, name, label, promoted}]. */
  pieces() {
    return call(() => JSON.parse(this.raw.piecesJson()));
  }

  /** The moves of the piece coded `code` on an empty board, as SVG.
   * opts: {colour: 'black'|'white', labels: 'names'|'codes'}. */
  pieceDiagramSvg(code, opts = {}) {
    return call(() => this.raw.pieceDiagramSvg(str(code, 'the piece code'), optional(opts.colour, 'the colour'), optional(opts.labels, 'the labels')));
  }

  /** An independent copy (its options change apart from this one's). */
  clone() {
    return new Variant(call(() => this.raw.clone()));
  }

  /** Frees the WebAssembly memory now (else the garbage collector does). */
  free() {
    this.raw.free();
  }
}

function rawVariant(variant) {
  if (variant instanceof Variant) return variant.raw;
  if (typeof variant === 'string') return Variant.bundled(variant).raw;
  throw new GunbaiError('a board needs a Variant (or a bundled variant name)');
}

function toNumber(n) {
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
}

/** A game: a position and the moves pushed on it. */
export class Board {
  /** The start position of `variant` (a Variant or a bundled name), or
   * `position`: gunbai's native position text or, for variants with one,
   * an SFEN (tried when the text does not read as native text). */
  constructor(variant, position) {
    const v = rawVariant(variant);
    if (position === undefined || position === null) {
      this.raw = call(() => new RawBoard(v));
      return;
    }
    const text = str(position, 'the position');
    try {
      this.raw = call(() => RawBoard.fromText(v, text));
    } catch (native) {
      let sfen = null;
      try {
        this.raw = call(() => RawBoard.fromSfen(v, text));
        return;
      } catch (e) {
        sfen = e;
      }
      // Both failed: report the reading whose shape the text has (native
      // text separates a rank's cells with commas, SFEN does not).
      throw text.includes(',') || JSON.parse(v.infoJson()).usi === false ? native : sfen;
    }
  }

  /** A position in gunbai's native text. */
  static fromText(variant, text) {
    const b = Object.create(Board.prototype);
    b.raw = call(() => RawBoard.fromText(rawVariant(variant), str(text, 'the position text')));
    return b;
  }

  /** A position as SFEN (variants with an [sfen] table). */
  static fromSfen(variant, sfen) {
    const b = Object.create(Board.prototype);
    b.raw = call(() => RawBoard.fromSfen(rawVariant(variant), str(sfen, 'the SFEN')));
    return b;
  }

  /** The legal moves in gunbai's text, sorted. */
  legalMoves() {
    return call(() => JSON.parse(this.raw.legalMovesJson('native')));
  }

  /** The legal moves in USI (same order as legalMoves()). */
  legalMovesUsi() {
    return call(() => JSON.parse(this.raw.legalMovesJson('usi')));
  }

  /** How many legal moves there are. */
  legalMoveCount() {
    return call(() => this.raw.legalMoveCount());
  }

  /** Every legal move (of the piece on square `from`, if given) with
   * what a page needs to draw it leg by leg: [{text, usi, from, to,
   * steps: [{square, kind: 'land'|'shot'}], captures, promotion, drop,
   * hand}]. */
  legalMoveDetails(from) {
    return call(() => JSON.parse(this.raw.legalMoveDetailsJson(optional(from, 'the square'))));
  }

  /** Plays a move (gunbai text or USI); returns its details (as in
   * legalMoveDetails). Throws a GunbaiError for a move that is not legal. */
  push(move) {
    return call(() => JSON.parse(this.raw.push(str(move, 'the move'))));
  }

  /** Takes back the last move pushed: its text, or null if none is left. */
  pop() {
    return call(() => this.raw.pop()) ?? null;
  }

  /** The moves pushed so far, in gunbai's text. */
  history() {
    return call(() => JSON.parse(this.raw.historyJson()));
  }

  /** The position in gunbai's native text. */
  position() {
    return call(() => this.raw.position());
  }

  /** The position as SFEN, or null for a variant without one. */
  sfen() {
    return call(() => this.raw.sfen()) ?? null;
  }

  /** 'black' or 'white'. */
  sideToMove() {
    return call(() => this.raw.sideToMove());
  }

  /** {result: '1-0'|'0-1'|'1/2-1/2', winner: 'black'|'white'|null,
   * reason, text}, or null while the game goes on. '1-0': the first
   * player (Black) wins. */
  result() {
    return call(() => JSON.parse(this.raw.resultJson()));
  }

  /** Is the game over? */
  isGameOver() {
    return this.result() !== null;
  }

  /** Does the move capture an enemy piece (shots and effects included)? */
  isCapture(move) {
    return call(() => this.raw.isCapture(str(move, 'the move')));
  }

  /** Does the move leave a royal of the other side attacked? */
  givesCheck(move) {
    return call(() => this.raw.givesCheck(str(move, 'the move')));
  }

  /** A move (any notation gunbai reads) written in `notation`: 'native',
   * 'usi', 'western', 'western-numeric', 'western-short' or 'japanese'
   * (the names `--notation` takes). */
  moveText(move, notation = 'native') {
    return call(() => this.raw.moveText(str(move, 'the move'), str(notation, 'the notation')));
  }

  /** Perft: the leaves of the legal-move tree `depth` plies deep.
   * convention: 'paths' (default), 'effects', 'shogiops', 'fsf'. A
   * number, or a BigInt past 2^53. */
  perft(depth, convention = 'paths') {
    if (!Number.isInteger(depth) || depth < 0 || depth > 0xffffffff) {
      throw new GunbaiError(`the perft depth is a whole number from 0, not ${depth}`);
    }
    return toNumber(call(() => this.raw.perft(depth, str(convention, 'the convention'))));
  }

  /** The board as SVG. opts: {flip: boolean, labels: 'names'|'codes',
   * marks: boolean (default true: the last move marked and a `data-sq`
   * hit area on every square; false: as `gunbai show --svg` draws it)}. */
  boardSvg(opts = {}) {
    return call(() => this.raw.boardSvg(Boolean(opts.flip), optional(opts.labels, 'the labels'), opts.marks !== false));
  }

  /** The pieces on the board and in hand, as `gunbai show --format json`
   * gives them: {variant, position, sfen, side_to_move, pieces: [{square,
   * colour, code, kind}], hands, outcome}. */
  pieces() {
    return call(() => JSON.parse(this.raw.piecesJson()));
  }

  /** Searches the position (one call, blocking: in a page use the
   * worker, worker.js). limits: {depth, movetime (ms), nodes}, at least
   * one. Returns {best, bestUsi, nodes (all iterations), iterations: [{depth, score, mate, nodes,
   * timeMs, pv, pvUsi, complete}]}. */
  search(limits = {}) {
    const num = (x, what) => {
      if (x === undefined || x === null) return 0;
      if (typeof x !== 'number' || !(x >= 0) || !Number.isFinite(x)) {
        throw new GunbaiError(`the search's ${what} is a number from 0, not ${x}`);
      }
      return x;
    };
    const depth = num(limits.depth, 'depth');
    return call(() =>
      JSON.parse(this.raw.search(Math.min(Math.floor(depth), 64), num(limits.movetime, 'movetime'), num(limits.nodes, 'nodes'))),
    );
  }

  /** Looks for a forced mate by the side to move (df-pn, as `gunbai
   * mate`; one call, blocking). opts: {maxPlies (default 255, at most
   * 2047), movetime (ms, default 60000), nodes, anyMoves (false: every
   * attacking move checks, the tsume rule), defenderHand ('as-given', the
   * default, or 'rest': the defender also holds every piece of the set
   * neither on the board nor in a hand, standard tsume shogi)}; the table
   * is the search's. Returns {result: 'mate'|'no_mate'|'unknown', plies,
   * line, lineUsi, shortest, nodes, timeMs, start} (start: under 'rest',
   * the position text the line plays from, else null). */
  mate(opts = {}) {
    const maxPlies = mateNumber(opts.maxPlies, 'maxPlies', 255);
    const hand = defenderHand(opts.defenderHand);
    return call(() =>
      JSON.parse(
        this.raw.mate(
          maxPlies,
          mateNumber(opts.movetime, 'movetime', 0),
          mateNumber(opts.nodes, 'nodes', 0),
          Boolean(opts.anyMoves),
          hand,
        ),
      ),
    );
  }

  /** Checks a claimed mating line (`gunbai mate --check-line`): `line` is
   * move texts (native or USI) separated by spaces, or an array of them.
   * Every other defence of each defender's ply is searched for a mate
   * within the plies the claim leaves. opts: {maxPlies (the claim;
   * default the line's length), movetime (ms for the whole check, default
   * 60000), nodes (each alternative's, default 100000), anyMoves,
   * defenderHand (as in mate: under 'rest' the hand is filled first)}.
   * Returns {result: 'verified'|'undecided'|'refuted'|'not_mate'|
   * 'no_check'|'illegal'|'unknown', claimed, plies, walked, at,
   * endsInMate, line, lineUsi, defences: [{ply, move, moveUsi, left,
   * alternatives, mated, longest, stronger, escapes, escapesUsi,
   * undecided, undecidedUsi, unchecked}], nodes, timeMs}. */
  checkLine(line, opts = {}) {
    const text = Array.isArray(line) ? line.map((m) => str(m, 'a move')).join(' ') : str(line, 'the line');
    const maxPlies = mateNumber(opts.maxPlies, 'maxPlies', 0);
    const hand = defenderHand(opts.defenderHand);
    return call(() =>
      JSON.parse(
        this.raw.checkLine(
          text,
          maxPlies,
          mateNumber(opts.movetime, 'movetime', 0),
          mateNumber(opts.nodes, 'nodes', 0),
          Boolean(opts.anyMoves),
          hand,
        ),
      ),
    );
  }

  /** The search table's size in MiB (1 to 512; default 16). */
  setSearchTable(mb) {
    if (!Number.isInteger(mb)) throw new GunbaiError(`the search table is a whole number of MiB, not ${mb}`);
    call(() => this.raw.setSearchTable(mb >>> 0 === mb ? mb : 0));
  }

  /** Forgets what the search learnt. */
  clearSearch() {
    call(() => this.raw.clearSearch());
  }

  /** Frees the WebAssembly memory now (else the garbage collector does). */
  free() {
    this.raw.free();
  }
}
