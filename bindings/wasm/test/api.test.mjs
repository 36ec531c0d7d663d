// The npm package against the CLI: every API call's answer is compared
// with what the release `gunbai` binary answers for the same input (same
// move lists, perft counts, positions, diagnostics, pictures), for several
// variants, a Taikyoku position and hostile rule files. Expected values
// come from the CLI or from the rules of shogi, never from the package.
//
//   GUNBAI_WASM_PKG  the package (default target/wasm-pkg; scripts/build-wasm)
//   GUNBAI_BIN       the CLI (default target/release/gunbai)
//
// Run by scripts/test-wasm (which builds both first).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '../../..');
const pkg = resolve(root, process.env.GUNBAI_WASM_PKG ?? 'target/wasm-pkg');
const bin = resolve(root, process.env.GUNBAI_BIN ?? 'target/release/gunbai');
for (const [what, path] of [
  ['the package (scripts/build-wasm)', join(pkg, 'index.js')],
  ['the CLI (cargo build --release)', bin],
]) {
  if (!existsSync(path)) throw new Error(`${what} is missing: ${path}`);
}

const g = await import(pathToFileURL(join(pkg, 'index.js')).href);
const { EngineSession } = await import(pathToFileURL(join(pkg, 'engine.js')).href);
await g.init();

/** Runs the CLI; returns stdout, or {status, stdout} with `fail: true`. */
function cli(args, { fail = false } = {}) {
  const r = spawnSync(bin, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (fail) return r;
  if (r.status !== 0) throw new Error(`gunbai ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return r.stdout;
}
const cliJson = (args) => JSON.parse(cli([...args, '--format', 'json']));
const cliError = (args) => {
  const r = cli([...args, '--format', 'json'], { fail: true });
  assert.equal(r.status, 2, `gunbai ${args.join(' ')} should fail with 2`);
  return JSON.parse(r.stdout).error;
};
const sameDiagnostics = (mine, theirs) =>
  assert.deepEqual(
    mine.map((d) => [d.severity, d.line, d.column, d.endLine, d.endColumn, d.message, d.hint]),
    theirs.map((d) => [d.severity, d.line, d.column, d.end_line, d.end_column, d.message, d.help]),
  );

/** A GunbaiError thrown by `f`. */
function thrown(f) {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof g.GunbaiError, `not a GunbaiError: ${e}`);
    return e;
  }
  assert.fail('no error thrown');
}

const taikyoku = readFileSync(join(root, 'tests/data/taikyoku_positions.txt'), 'utf8')
  .split('\n')
  .find((l) => l.startsWith('game1_ply16: '))
  .slice('game1_ply16: '.length);

// Positions: [variant, CLI position args, the same for the package].
const cases = [
  ['chu', [], {}],
  ['chu', ['--moves', 'f4-f5 g9-g8 a4-a5'], { moves: ['f4-f5', 'g9-g8', 'a4-a5'] }],
  ['shogi', [], {}],
  ['shogi', ['--moves', '7g7f 3c3d 8h2b+'], { moves: ['7g7f', '3c3d', '8h2b+'] }],
  ['tenjiku', [], {}],
  ['dai_dai', [], {}],
  ['minishogi', [], {}],
  ['taikyoku', ['--position', taikyoku], { position: taikyoku }],
];

function board(variant, setup) {
  const b = new g.Board(g.Variant.bundled(variant), setup.position);
  for (const m of setup.moves ?? []) b.push(m);
  return b;
}

test('variants(): names, sizes and options as validate and options give them', () => {
  const names = cli(['validate', '--list']).trim().split('\n');
  const vs = g.variants();
  assert.deepEqual(
    vs.map((v) => v.name),
    names,
  );
  assert.deepEqual(g.variantNames(), names);
  for (const v of vs) {
    const opts = cliJson(['options', v.name]).options;
    assert.deepEqual(
      v.options.map((o) => [o.name, o.value, o.default, o.help, o.choices]),
      opts.map((o) => [o.name, o.value, o.default, o.help, o.values]),
      v.name,
    );
    const shown = cli(['validate', v.name]);
    assert.ok(shown.includes(`${v.files}x${v.ranks} board`), `${v.name}: ${shown}`);
  }
});

test('legal moves, USI, position text and SFEN as `gunbai moves` lists them', () => {
  for (const [variant, args, setup] of cases) {
    const b = board(variant, setup);
    const want = cliJson(['moves', variant, ...args]);
    assert.deepEqual(b.legalMoves(), want.moves, `${variant} ${args}`);
    assert.equal(b.legalMoveCount(), want.moves.length);
    assert.equal(b.position(), want.position);
    assert.equal(b.sfen(), want.sfen);
    assert.equal(b.sideToMove(), want.side_to_move);
    assert.equal(b.result(), null);
    if (g.Variant.bundled(variant).info().usi) {
      const usi = cliJson(['moves', variant, ...args, '--notation', 'usi']).moves;
      assert.deepEqual([...b.legalMovesUsi()].sort(), [...usi].sort());
      // moveText maps each USI move to its native text, one to one.
      const native = b.legalMovesUsi().map((u) => b.moveText(u, 'native'));
      assert.deepEqual(native, b.legalMoves());
      assert.deepEqual(b.legalMoves().map((m) => b.moveText(m, 'usi')), b.legalMovesUsi());
    } else {
      assert.match(thrown(() => b.legalMovesUsi()).message, /has no USI notation/);
    }
    b.free();
  }
});

test('push, pop and history replay what `gunbai moves --moves` plays', () => {
  const b = new g.Board('chu');
  const played = ['f4-f5', 'g9-g8', 'a4-a5', 'a9-a8'];
  for (const m of played) assert.equal(b.push(m).text, m);
  assert.deepEqual(b.history(), played);
  assert.equal(b.position(), cliJson(['moves', 'chu', '--moves', played.join(' ')]).position);
  assert.equal(b.pop(), 'a9-a8');
  assert.equal(b.pop(), 'a4-a5');
  assert.equal(b.position(), cliJson(['moves', 'chu', '--moves', 'f4-f5 g9-g8']).position);
  b.pop();
  b.pop();
  assert.equal(b.pop(), null);
  assert.equal(b.position(), cliJson(['moves', 'chu']).position);
  // USI in, gunbai text out.
  const s = new g.Board('shogi');
  const pushed = s.push('7g7f');
  assert.equal(pushed.usi, '7g7f');
  assert.ok(cliJson(['moves', 'shogi']).moves.includes(pushed.text));
  assert.equal(s.position(), cliJson(['moves', 'shogi', '--moves', '7g7f']).position);
});

test('perft as `gunbai perft` counts it, under each convention', () => {
  const runs = [
    ['chu', 3, 'paths', []],
    ['chu', 3, 'effects', []],
    ['shogi', 3, 'paths', []],
    ['shogi', 3, 'fsf', []],
    ['minishogi', 4, 'paths', []],
    ['tenjiku', 2, 'shogiops', []],
    ['taikyoku', 1, 'paths', ['--position', taikyoku]],
  ];
  for (const [variant, depth, conv, args] of runs) {
    const out = cli(['perft', variant, String(depth), '--convention', conv, '--threads', '1', ...args]);
    const last = out.trim().split('\n').pop().split('\t');
    const b = args.length ? new g.Board(variant, taikyoku) : new g.Board(variant);
    assert.equal(b.perft(depth, conv), Number(last[1]), `${variant} ${depth} ${conv}`);
  }
  assert.match(thrown(() => new g.Board('chu').perft(1, 'bogus')).message, /convention is one of/);
  assert.match(thrown(() => new g.Board('chu').perft(-1)).message, /whole number/);
});

test('legal move details: every move once, steps and captures matching its text', () => {
  for (const [variant, , setup] of cases.slice(0, 4)) {
    const b = board(variant, setup);
    const details = b.legalMoveDetails();
    assert.deepEqual(
      details.map((d) => d.text),
      b.legalMoves(),
    );
    for (const d of details) {
      if (d.drop === null) {
        // Native text: the origin, then each landing after `-` or `x`.
        const squares = d.text.replace(/[+=&]+$/, '').split(/[-x]/);
        assert.equal(squares[0], d.from, d.text);
        assert.deepEqual(
          d.steps.filter((s) => s.kind === 'land').map((s) => s.square),
          squares.slice(1).map((s) => s.split('*')[0]),
        );
        assert.equal(d.to, squares[squares.length - 1].split('*')[0]);
        assert.equal(d.captures.length > 0, d.text.includes('x') || d.text.includes('*'), d.text);
      }
      assert.equal(b.isCapture(d.text), d.captures.length > 0);
    }
    const from = details[0].from;
    assert.deepEqual(
      b.legalMoveDetails(from).map((d) => d.text),
      details.filter((d) => d.from === from).map((d) => d.text),
    );
  }
  // The lion's double moves in Chu once f4 is free: two landings each,
  // as many as the CLI lists moves of two legs.
  const lion = board('chu', { moves: ['f4-f5', 'g9-g8'] });
  const twoLegs = cliJson(['moves', 'chu', '--moves', 'f4-f5 g9-g8']).moves.filter((t) =>
    /^[a-z]+\d+[-x][a-z]+\d+[-x]/.test(t),
  );
  assert.ok(twoLegs.length > 0);
  assert.deepEqual(
    lion
      .legalMoveDetails()
      .filter((d) => d.steps.filter((s) => s.kind === 'land').length === 2)
      .map((d) => d.text),
    twoLegs,
  );
});

test('drops, captures, checks and the end of a game (shogi)', () => {
  // Black to move with a gold in hand against a lone king: by the rules
  // of shogi a gold dropped next to the king checks it, one far away does not.
  const b = new g.Board('shogi', '4k4/9/9/9/9/9/9/9/4K4 b G 1');
  assert.equal(b.givesCheck('G*5b'), true);
  assert.equal(b.givesCheck('G*1i'), false);
  assert.equal(b.isCapture('G*5b'), false);
  // Every drop the CLI lists, with the piece placed and the piece in hand.
  const drops = cliJson(['moves', 'shogi', '--sfen', '4k4/9/9/9/9/9/9/9/4K4 b G 1']).moves.filter((t) => t.includes('*'));
  const dropDetails = b.legalMoveDetails().filter((d) => d.drop !== null);
  assert.deepEqual(
    dropDetails.map((d) => d.text),
    drops,
  );
  for (const d of dropDetails) {
    assert.deepEqual([d.from, d.drop, d.hand, d.to], [null, 'G', 'G', d.text.split('*')[1]]);
  }
  const drop = b.push('G*5b');
  assert.equal(drop.from, null);
  assert.equal(drop.drop, 'G');
  assert.equal(b.sfen(), cliJson(['moves', 'shogi', '--sfen', '4k4/9/9/9/9/9/9/9/4K4 b G 1', '--moves', 'G*5b']).sfen);
  // A pawn takes a pawn; the king's step takes nothing.
  const c = new g.Board('shogi', '4k4/9/9/9/4p4/4P4/9/9/4K4 b - 1');
  assert.equal(c.isCapture('5f5e'), true);
  assert.equal(c.isCapture('5i4i'), false);
  // Mate: White's king on 5a, golds on 5b and 5c. The result is the CLI's.
  const sfen = '4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1';
  const mate = new g.Board('shogi', sfen);
  const want = cliJson(['moves', 'shogi', '--sfen', sfen]).outcome;
  const got = mate.result();
  assert.deepEqual({ winner: got.winner, reason: got.reason, text: got.text }, want);
  assert.equal(got.result, '1-0');
  assert.equal(mate.isGameOver(), true);
  assert.deepEqual(mate.legalMoves(), []);
});

test('pictures: a piece diagram and the board as the CLI draws them', () => {
  const chu = g.Variant.bundled('chu');
  for (const p of chu.pieces().slice(0, 6)) {
    assert.equal(chu.pieceDiagramSvg(p.code), cli(['diagram', 'chu', p.code, '--svg', '-']), p.code);
  }
  assert.equal(
    chu.pieceDiagramSvg(chu.pieces()[0].code, { colour: 'white' }),
    cli(['diagram', 'chu', chu.pieces()[0].code, '--white', '--svg', '-']),
  );
  assert.match(thrown(() => chu.pieceDiagramSvg('QQQ')).message, /no piece `QQQ` in variant `chu`/);
  const b = new g.Board('chu');
  b.push('f4-f5');
  assert.equal(b.boardSvg({ marks: false }), cli(['show', 'chu', '--moves', 'f4-f5', '--svg', '-']));
  assert.match(b.boardSvg(), /data-sq="f5"/);
  assert.deepEqual(b.pieces(), cliJson(['show', 'chu', '--moves', 'f4-f5']));
});

test('rule options: setOption compiles again, as --option does', () => {
  const v = g.Variant.bundled('chu');
  const opt = v.options().find((o) => o.type === 'bool');
  const flipped = opt.value === 'true' ? false : true;
  v.setOption(opt.name, flipped);
  const want = cliJson(['options', 'chu', '--option', `${opt.name}=${flipped}`]).options.find((o) => o.name === opt.name);
  assert.equal(v.options().find((o) => o.name === opt.name).value, want.value);
  const e = thrown(() => v.setOption('no_such_option', true));
  const cliMsg = cli(['options', 'chu', '--option', 'no_such_option=true'], { fail: true });
  assert.equal(cliMsg.status, 2);
  assert.ok(e.message.length > 0);
  // A clone's options change apart from the original's; boards keep
  // the rules they were made with.
  const copy = v.clone();
  const before = new g.Board(v);
  copy.setOption(opt.name, !flipped);
  assert.equal(copy.options().find((o) => o.name === opt.name).value, String(!flipped));
  assert.equal(v.options().find((o) => o.name === opt.name).value, want.value);
  assert.equal(before.legalMoves().length, new g.Board(v).legalMoves().length);
  // The variant keeps its options after a refused one.
  assert.equal(v.options().find((o) => o.name === opt.name).value, want.value);
});

test('rule files with errors: the same diagnostics as `gunbai validate`', () => {
  const dir = join(root, 'tests/broken');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.toml'))
    .sort();
  assert.ok(files.length > 20);
  for (const f of files) {
    const path = join(dir, f);
    const text = readFileSync(path, 'utf8');
    const r = cli(['validate', path, '--format', 'json'], { fail: true });
    const theirs = JSON.parse(r.stdout);
    if (r.status === 0) {
      g.Variant.fromToml(text, path).free();
      continue;
    }
    const e = thrown(() => g.Variant.fromToml(text, path));
    sameDiagnostics(
      e.diagnostics.filter((d) => d.severity === 'error'),
      theirs.filter((d) => d.severity === 'error'),
    );
    assert.ok(e.diagnostics.every((d) => d.file === path));
  }
});

test('hostile input: deep and long conditions, move budgets, huge text', () => {
  const hostile = join(root, 'tests/hostile');
  for (const f of ['dsl_deep_parentheses', 'dsl_long_if_chain', 'dsl_long_not_chain', 'dsl_nested_call_arguments']) {
    const path = join(hostile, `${f}.toml`);
    const r = cli(['validate', path, '--format', 'json'], { fail: true });
    const theirs = JSON.parse(r.stdout);
    if (r.status === 0) {
      g.Variant.fromToml(readFileSync(path, 'utf8'), path).free();
    } else {
      const e = thrown(() => g.Variant.fromToml(readFileSync(path, 'utf8'), path));
      sameDiagnostics(e.diagnostics, theirs);
    }
  }
  // The move budget: budget_shooters.expect says 15,062 moves.
  const shooters = g.Variant.fromToml(readFileSync(join(hostile, 'budget_shooters.toml'), 'utf8'));
  const before = g.moveBudget();
  try {
    g.setMoveBudget(15061);
    assert.match(thrown(() => new g.Board(shooters).legalMoves()).message, /more than 15061 moves.*setMoveBudget/);
    assert.match(thrown(() => new g.Board(shooters).perft(1)).message, /more than 15061 moves/);
    assert.match(thrown(() => new g.Board(shooters).search({ depth: 1 })).message, /more than 15061 moves/);
    g.setMoveBudget(15062);
    assert.equal(new g.Board(shooters).legalMoveCount(), 15062);
  } finally {
    g.setMoveBudget(before);
  }
  assert.match(thrown(() => g.setMoveBudget(0)).message, /from 1 to/);
  assert.match(thrown(() => g.setMoveBudget(1.5)).message, /whole number/);
  assert.match(thrown(() => g.setMoveBudget(NaN)).message, /whole number/);
  // Too much text: refused before it is read.
  assert.match(thrown(() => g.Variant.fromToml('#'.repeat((4 << 20) + 1))).message, /at most 4194304 bytes/);
  assert.match(thrown(() => new g.Board('chu', 'x'.repeat((1 << 20) + 1))).message, /at most 1048576 (bytes )?are read/);
  // Within the JavaScript check (characters) but not the module's (bytes).
  assert.match(thrown(() => new g.Board('chu', 'é'.repeat(600000))).message, /has 1200000 bytes; at most 1048576 are read/);
  // Far too much text is refused before it reaches the module's memory.
  const huge = 'x'.repeat(64 << 20);
  assert.match(thrown(() => g.Variant.fromToml(huge)).message, /at most 4194304 bytes/);
  assert.match(thrown(() => new g.Board('chu').push(huge)).message, /at most 1048576 bytes/);
  assert.match(thrown(() => g.Variant.bundled(huge)).message, /at most 1048576 bytes/);
  // Not TOML at all, binary junk, an empty file: diagnostics, no trap.
  for (const junk of ['', '\u0000\u0001\uffff', '[[[[', 'a = "'.repeat(1000), '[variant]\n'.repeat(10000)]) {
    const e = thrown(() => g.Variant.fromToml(junk));
    assert.ok(e.diagnostics.length > 0, JSON.stringify(junk.slice(0, 20)));
  }
});

test("bad positions and moves: the CLI's diagnostics", () => {
  const chu = g.Variant.bundled('chu');
  for (const text of ['bogus', '12/12/12 b', '', 'k,k,k/12 w -']) {
    const e = thrown(() => g.Board.fromText(chu, text));
    sameDiagnostics(e.diagnostics, cliError(['moves', 'chu', '--position', text]).diagnostics);
  }
  assert.match(thrown(() => g.Board.fromSfen('tenjiku', 'x')).message, /no SFEN form/);
  const shogi = g.Variant.bundled('shogi');
  for (const sfen of ['lnsgkgsnl/9 b - 1', '9/9/9/9/9/9/9/9/9 x - 1']) {
    const e = thrown(() => g.Board.fromSfen(shogi, sfen));
    sameDiagnostics(e.diagnostics, cliError(['moves', 'shogi', '--sfen', sfen]).diagnostics);
  }
  const b = new g.Board(chu);
  for (const m of ['z99-z98', 'f4-f6', 'f4', 'f4-f5-f6-f7-f8-f9-f10-f11', 'f4-f5+']) {
    const e = thrown(() => b.push(m));
    const theirs = cliError(['moves', 'chu', '--moves', m]);
    assert.equal(e.diagnostics[0].message, theirs.diagnostics[0].message, m);
  }
  assert.ok(thrown(() => b.push('')).diagnostics.length > 0);
  assert.equal(b.position(), cliJson(['moves', 'chu']).position, 'a refused move changes nothing');
  assert.match(thrown(() => b.legalMoveDetails('zz9')).message, /not a square/);
  assert.match(thrown(() => b.moveText('f4-f5', 'kif')).message, /notation is one of/);
  assert.match(thrown(() => g.Variant.bundled('chuu')).message, /Did you mean `chu`/);
  assert.match(thrown(() => new g.Board({})).message, /needs a Variant/);
});

test('search: the same answer as the native engine at a fixed depth', () => {
  const b = new g.Board('shogi');
  const r = b.search({ depth: 4 });
  const out = execFileSync(bin, ['usi', 'shogi'], {
    // The board's table is 16 MiB; the same size for the engine.
    input: 'usi\nsetoption name USI_Hash value 16\nisready\nposition startpos\ngo depth 4\nquit\n',
    encoding: 'utf8',
  });
  const infos = out.split('\n').filter((l) => l.startsWith('info depth'));
  const last = infos[infos.length - 1].match(/^info depth (\d+) .*?score cp (-?\d+) nodes (\d+) .* pv (.*)/);
  const it = r.iterations[r.iterations.length - 1];
  assert.equal(it.depth, Number(last[1]));
  assert.equal(it.score, Number(last[2]));
  assert.equal(it.nodes, Number(last[3]));
  assert.deepEqual(it.pvUsi, last[4].trim().split(' '));
  assert.equal(r.bestUsi, out.match(/bestmove (\S+)/)[1]);
  assert.match(thrown(() => b.search({})).message, /give the search/);
  assert.match(thrown(() => b.search({ depth: -1 })).message, /number from 0/);
});

test('mate and checkLine: the answers of gunbai mate and mate --check-line', () => {
  const tsume = '4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1';
  const b = new g.Board('shogi', tsume);
  b.setSearchTable(4);
  const m = b.mate();
  const want = cliJson(['mate', 'shogi', '--hash', '4', '--notation', 'usi', '--sfen', tsume]);
  assert.deepEqual([m.result, m.plies, m.lineUsi, m.shortest], [want.result, want.plies, want.line, want.shortest]);
  assert.deepEqual(m.lineUsi, ['G*5b']);
  // docs/mate.md's two lines, White holding the rest of the set; cshogi's
  // mate search agrees (tests/mate_cshogi.rs): the first is sound, the
  // second's check lets the king step aside to 2a1b or 2a3b.
  const rest = '7k1/9/4R4/9/9/9/9/9/9 b Gr2b3g4s4n4l18p 1';
  const r = new g.Board('shogi', rest);
  r.setSearchTable(4);
  for (const line of ['5c2c+ P*2b G*3b 2a1a 2c2b', 'G*3b 2a1a 5c1c+ R*1b 3b2b']) {
    const got = r.checkLine(line.split(' '));
    const cli = cliJson(['mate', 'shogi', '--hash', '4', '--notation', 'usi', '--sfen', rest, '--check-line', line]);
    assert.deepEqual([got.result, got.claimed, got.walked, got.at, got.endsInMate], [cli.result, cli.claimed, cli.walked, cli.at, cli.ends_in_mate]);
    assert.deepEqual(got.lineUsi, line.split(' '));
    assert.deepEqual(
      got.defences.map((d) => [d.ply, d.moveUsi, d.alternatives, d.mated, d.escapesUsi, d.longest?.plies ?? null]),
      cli.defences.map((d) => [d.ply, d.move, d.alternatives, d.mated, d.escapes, d.longest?.plies ?? null]),
    );
  }
  assert.equal(r.checkLine('5c2c+ P*2b G*3b 2a1a 2c2b').result, 'verified');
  // cshogi mates it in 5; the line plays on though Black has no king.
  const m5 = r.mate();
  const cli5 = cliJson(['mate', 'shogi', '--hash', '4', '--notation', 'usi', '--sfen', rest]);
  assert.deepEqual([m5.result, m5.plies, m5.lineUsi], ['mate', 5, cli5.line]);
  assert.equal(r.checkLine(m5.line).result, 'verified');
  const wrong = r.checkLine('G*3b 2a1a 5c1c+ R*1b 3b2b', { nodes: 10000 });
  assert.deepEqual([wrong.result, wrong.at, [...wrong.defences[0].escapesUsi].sort()], ['refuted', 2, ['2a1b', '2a3b']]);
  assert.equal(r.checkLine('5c2c+ P*2b', { maxPlies: 5 }).result, 'not_mate');
  assert.deepEqual([r.checkLine('5c5d').result, r.checkLine('5c5d').at], ['no_check', 1]);
  // Bad lines and limits are errors; a move that does not read names its ply.
  assert.match(thrown(() => r.checkLine('G*3b 2a9a')).message, /ply 2/);
  assert.match(thrown(() => r.checkLine(Array(2048).fill('5c5d'))).message, /at most 2047/);
  assert.match(thrown(() => r.checkLine('5c2c+', { maxPlies: 2048 })).message, /at most 2047/);
  assert.match(thrown(() => r.mate({ maxPlies: 2048 })).message, /at most 2047/);
  assert.match(thrown(() => r.mate({ nodes: -1 })).message, /whole number from 0/);
  // The same position with only Black's gold in hand, the defender given
  // the rest of the set (`--defender-hand rest`): the CLI's answers.
  const bare = new g.Board('shogi', '7k1/9/4R4/9/9/9/9/9/9 b G 1');
  bare.setSearchTable(4);
  const mr = bare.mate({ defenderHand: 'rest' });
  const clir = cliJson(['mate', 'shogi', '--hash', '4', '--notation', 'usi', '--defender-hand', 'rest', '--sfen', '7k1/9/4R4/9/9/9/9/9/9 b G 1']);
  assert.deepEqual([mr.result, mr.plies, mr.lineUsi], ['mate', 5, clir.line]);
  assert.equal(new g.Board('shogi', mr.start).sfen(), new g.Board('shogi', rest).sfen());
  assert.equal(bare.mate().start, null);
  assert.equal(bare.checkLine('5c2c+ P*2b G*3b 2a1a 2c2b', { defenderHand: 'rest' }).result, 'verified');
  assert.match(thrown(() => bare.checkLine('5c2c+ P*2b G*3b 2a1a 2c2b')).message, /ply 2/);
  assert.match(thrown(() => bare.mate({ defenderHand: 'all' })).message, /as-given/);
});

test('the engine session: info per iteration, bestmove, stop, errors', async () => {
  const seen = [];
  let wake = null;
  const session = new EngineSession((m) => {
    seen.push(m);
    if (wake) wake();
  });
  const next = (type) =>
    new Promise((resolve) => {
      const look = () => {
        const i = seen.findIndex((m) => m.type === type);
        if (i >= 0) {
          wake = null;
          resolve(seen.splice(i, 1)[0]);
        } else wake = look;
      };
      look();
    });
  await session.handle({ type: 'isready' });
  assert.deepEqual(await next('readyok'), { type: 'readyok' });
  await session.handle({ type: 'go', depth: 2 });
  assert.match((await next('error')).message, /send a position before go/);

  await session.handle({ type: 'position', variant: 'chu', moves: ['f4-f5', 'g9-g8'] });
  await next('ready');
  await session.handle({ type: 'go', depth: 3 });
  const best = await next('bestmove');
  const infos = seen.filter((m) => m.type === 'info');
  assert.deepEqual(
    infos.map((i) => i.depth),
    [1, 2, 3],
  );
  assert.match(infos[2].line, /^info depth 3 score (cp|mate) -?\d+ nodes \d+ nps \d+ time \d+ pv /);
  const legal = board('chu', { moves: ['f4-f5', 'g9-g8'] }).legalMoves();
  assert.ok(legal.includes(best.move), best.move);
  assert.equal(infos[2].pv[0], best.move);
  seen.length = 0;

  // No limit: it searches until stop, which it reads between slices.
  await session.handle({ type: 'go' });
  await new Promise((r) => setTimeout(r, 300));
  const stopped = performance.now();
  await session.handle({ type: 'stop' });
  const b2 = await next('bestmove');
  assert.ok(performance.now() - stopped < 5000, 'stop is honoured within a slice');
  assert.ok(legal.includes(b2.move));
  seen.length = 0;

  // A position while searching stops the search first.
  await session.handle({ type: 'position', variant: 'shogi', sfen: '4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1' });
  await next('ready');
  await session.handle({ type: 'go', depth: 2 });
  assert.deepEqual(await next('bestmove'), { type: 'bestmove', move: null, usi: null, line: 'bestmove (none)' });

  // Bad messages are errors, not crashes.
  for (const bad of [
    null,
    { type: 'fly' },
    { type: 'position', variant: 'nope' },
    { type: 'position', variant: 'chu', rules: 'x' },
    { type: 'position', variant: 'chu', moves: ['f4-f9'] },
    { type: 'position', variant: 'chu', colour: 'red' },
    { type: 'setoption', hash: 0 },
    { type: 'position', rules: '[[[' },
  ]) {
    await session.handle(bad);
    const e = await next('error');
    assert.ok(e.message.length > 0, JSON.stringify(bad));
  }
  await session.handle({ type: 'position', variant: 'shogi' });
  await next('ready');
  await session.handle({ type: 'go', movetime: 200 });
  assert.match((await next('bestmove')).usi, /^[1-9][a-i][1-9][a-i]\+?$/);
  await session.idle();
});

test('arguments of the wrong type are GunbaiErrors', () => {
  assert.match(thrown(() => new g.Variant({})).message, /Variant.bundled/);
  assert.match(thrown(() => g.Variant.fromToml(42)).message, /string of TOML/);
  assert.match(thrown(() => g.Variant.bundled('chu').setOption('x', 3)).message, /true, false or a string/);
  assert.match(thrown(() => new g.Board('chu').setSearchTable(0)).message, /1 to 512 MiB/);
});

test('worker.js itself, in a worker thread with a `self` like a Web Worker\'s', async () => {
  const { Worker } = await import('node:worker_threads');
  const workerUrl = pathToFileURL(join(pkg, 'worker.js')).href;
  // The shim gives the module what a browser's worker scope has: self,
  // postMessage and onmessage (messages that come before it is loaded wait).
  const shim = `
    const { parentPort } = require('node:worker_threads');
    const early = [];
    globalThis.self = globalThis;
    self.postMessage = (m) => parentPort.postMessage(m);
    parentPort.on('message', (data) => (self.onmessage ? self.onmessage({ data }) : early.push(data)));
    import(${JSON.stringify(workerUrl)}).then(() => early.forEach((data) => self.onmessage({ data })));
  `;
  const w = new Worker(shim, { eval: true });
  const got = [];
  const done = new Promise((resolve, reject) => {
    w.on('message', (m) => {
      got.push(m);
      if (m.type === 'bestmove') resolve(m);
    });
    w.on('error', reject);
  });
  w.postMessage({ type: 'position', variant: 'shogi', moves: ['7g7f', '3c3d'] });
  w.postMessage({ type: 'go', depth: 3 });
  const best = await done;
  await w.terminate();
  assert.deepEqual(
    got.filter((m) => m.type === 'info').map((m) => m.depth),
    [1, 2, 3],
  );
  assert.ok(cliJson(['moves', 'shogi', '--moves', '7g7f 3c3d', '--notation', 'usi']).moves.includes(best.usi), best.usi);
});
