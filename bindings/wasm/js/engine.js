// The engine session behind worker.js: messages in, USI-like info and
// bestmove out. It is separate from the worker so that Node's tests drive
// the same code. One thread: a search runs in slices (an iteration, or a
// time slice of one), and between slices the event loop runs, so `stop`
// and new messages are read; no SharedArrayBuffer is needed.
//
// Messages in (objects with a `type`):
//   {type: 'position', variant?: NAME, rules?: TOML, options?: {NAME: VALUE},
//    position?: TEXT, sfen?: SFEN, moves?: [MOVE...]}
//   {type: 'go', depth?, movetime? (ms), nodes?}   (none: until 'stop')
//   {type: 'stop'}            ends the search at its next slice; bestmove follows
//   {type: 'isready'}         answered {type: 'readyok'}
//   {type: 'setoption', hash: MB}
//   {type: 'newgame'}         forgets what the search learnt
// Messages out:
//   {type: 'ready'} once a position is set up
//   {type: 'info', depth, score: {cp} | {mate}, nodes, nps, timeMs, pv, pvUsi, line}
//   {type: 'bestmove', move, usi, line}        (move null: no legal move)
//   {type: 'readyok'}
//   {type: 'error', message, diagnostics}

import { Board, GunbaiError, Variant } from './index.js';

/** The first slice of an iteration (ms): `stop` waits at most this long
 * at first. Each further slice of an iteration that has not finished is
 * twice as long, so an iteration always ends; a slice restarts the
 * iteration, with what the search's table learnt in the ones before. */
const FIRST_SLICE_MS = 500;

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

export class EngineSession {
  /** `post` sends a message out (the worker's postMessage). */
  constructor(post) {
    this.post = post;
    this.board = null;
    this.variantKey = null;
    this.variant = null;
    this.hash = 16;
    this.searching = null;
    this.stopRequested = false;
    this.queue = Promise.resolve();
  }

  error(e) {
    const g = e instanceof GunbaiError ? e : new GunbaiError(String(e && e.message ? e.message : e));
    this.post({ type: 'error', message: g.message, diagnostics: g.diagnostics });
  }

  /** Handles one message. Messages are taken in order: each waits for
   * the one before (a search runs on without holding the queue; a
   * message that changes the position stops it first), but `stop` acts
   * at once. The promise settles when the message is handled (for `go`:
   * once the search has started; `idle()` waits for its end). */
  handle(msg) {
    if (msg !== null && typeof msg === 'object' && msg.type === 'stop') {
      this.stopRequested = true;
      return Promise.resolve();
    }
    const run = this.queue.then(() => this.process(msg));
    this.queue = run;
    return run;
  }

  /** Waits until no search runs. */
  async idle() {
    await this.queue;
    if (this.searching) await this.searching;
  }

  async process(msg) {
    try {
      if (msg === null || typeof msg !== 'object') throw new GunbaiError('a message is an object with a `type`');
      switch (msg.type) {
        case 'isready':
          this.post({ type: 'readyok' });
          return;
        case 'position':
          await this.halt();
          this.setPosition(msg);
          this.post({ type: 'ready' });
          return;
        case 'setoption':
          await this.halt();
          if (!Number.isInteger(msg.hash) || msg.hash < 1 || msg.hash > 512) {
            throw new GunbaiError(`hash is 1 to 512 MiB, not ${msg.hash}`);
          }
          this.hash = msg.hash;
          if (this.board) this.board.setSearchTable(this.hash);
          return;
        case 'newgame':
          await this.halt();
          if (this.board) this.board.clearSearch();
          return;
        case 'go':
          if (this.searching) throw new GunbaiError('a search is running: send stop first');
          if (!this.board) throw new GunbaiError('send a position before go');
          this.stopRequested = false;
          this.searching = this.go(msg).finally(() => {
            this.searching = null;
          });
          return;
        default:
          throw new GunbaiError(
            `unknown message type \`${String(msg.type).slice(0, 64)}\`: position, go, stop, isready, setoption or newgame`,
          );
      }
    } catch (e) {
      this.error(e);
    }
  }

  /** Stops a running search and waits for its bestmove. */
  async halt() {
    if (this.searching) {
      this.stopRequested = true;
      await this.searching;
    }
  }

  setPosition(msg) {
    const known = new Set(['type', 'variant', 'rules', 'name', 'options', 'position', 'sfen', 'moves']);
    for (const k of Object.keys(msg)) {
      if (!known.has(k)) throw new GunbaiError(`unknown key \`${k.slice(0, 64)}\` in a position message`);
    }
    if ((msg.variant === undefined) === (msg.rules === undefined)) {
      throw new GunbaiError('a position message names a `variant` or carries `rules` (rule-file text), not both');
    }
    const options = msg.options ?? {};
    const key = JSON.stringify([msg.variant ?? null, msg.rules ?? null, options]);
    if (key !== this.variantKey) {
      const v = msg.variant !== undefined ? Variant.bundled(msg.variant) : Variant.fromToml(msg.rules, msg.name);
      for (const [name, value] of Object.entries(options)) v.setOption(name, value);
      if (this.variant) this.variant.free();
      this.variant = v;
      this.variantKey = key;
    }
    if (msg.position !== undefined && msg.sfen !== undefined) throw new GunbaiError('give `position` or `sfen`, not both');
    const board =
      msg.position !== undefined
        ? Board.fromText(this.variant, msg.position)
        : msg.sfen !== undefined
          ? Board.fromSfen(this.variant, msg.sfen)
          : new Board(this.variant);
    const moves = msg.moves ?? [];
    if (!Array.isArray(moves)) throw new GunbaiError('`moves` is an array of moves');
    try {
      for (const m of moves) board.push(m);
      board.setSearchTable(this.hash);
    } catch (e) {
      board.free();
      throw e;
    }
    if (this.board) this.board.free();
    this.board = board;
  }

  async go(msg) {
    const limit = (x, what) => {
      if (x === undefined || x === null) return 0;
      if (typeof x !== 'number' || !(x >= 0) || !Number.isFinite(x)) {
        throw new GunbaiError(`go: ${what} is a number from 0, not ${x}`);
      }
      return x;
    };
    let best = null;
    try {
      const maxDepth = Math.min(limit(msg.depth, 'depth') || 64, 64);
      const movetime = limit(msg.movetime, 'movetime');
      const maxNodes = limit(msg.nodes, 'nodes');
      const start = performance.now();
      let nodes = 0;
      let depth = 1;
      let slice = FIRST_SLICE_MS;
      while (depth <= maxDepth && !this.stopRequested) {
        const elapsed = performance.now() - start;
        let ms = slice;
        if (movetime > 0) {
          if (elapsed >= movetime) break;
          // Less than two slices left: one slice to the end, rather than
          // a restart that could not finish.
          ms = movetime - elapsed < 2 * ms ? movetime - elapsed : ms;
        }
        if (maxNodes > 0 && nodes >= maxNodes) break;
        const r = this.board.search({ depth, movetime: ms, nodes: maxNodes > 0 ? maxNodes - nodes : 0 });
        const last = r.iterations[r.iterations.length - 1];
        nodes += r.nodes;
        if (r.best === null) break; // no legal move
        if (last && last.depth === depth && last.complete) {
          best = { move: r.best, usi: r.bestUsi };
          this.info(last, nodes, performance.now() - start);
          if (last.mate !== null) break;
          depth += 1;
          slice = FIRST_SLICE_MS;
        } else {
          // The slice ended inside the iteration: keep its move if it is
          // the first answer, and go on with a longer slice (the table
          // keeps what was learnt).
          if (best === null) best = { move: r.best, usi: r.bestUsi };
          slice *= 2;
        }
        await tick();
      }
      if (best === null) {
        // Not even depth 1 finished (or there is no move): one quick answer.
        const r = this.board.search({ depth: 1 });
        if (r.best !== null) best = { move: r.best, usi: r.bestUsi };
      }
    } catch (e) {
      this.error(e);
    }
    const move = best ? best.move : null;
    const usi = best ? best.usi : null;
    this.post({ type: 'bestmove', move, usi, line: `bestmove ${usi ?? move ?? '(none)'}` });
  }

  info(it, nodes, ms) {
    const nps = ms > 0 ? Math.round((nodes * 1000) / ms) : 0;
    const score = it.mate !== null ? { mate: it.mate } : { cp: it.score };
    const pvWords = it.pvUsi.every((m) => m !== null) ? it.pvUsi : it.pv;
    const scoreText = it.mate !== null ? `mate ${it.mate}` : `cp ${it.score}`;
    this.post({
      type: 'info',
      depth: it.depth,
      score,
      nodes,
      nps,
      timeMs: Math.round(ms),
      pv: it.pv,
      pvUsi: it.pvUsi,
      line: `info depth ${it.depth} score ${scoreText} nodes ${nodes} nps ${nps} time ${Math.round(ms)} pv ${pvWords.join(' ')}`,
    });
  }
}
