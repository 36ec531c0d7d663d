#!/usr/bin/env node
// Random Chu shogi games played with shogiops (lishogi's rules library),
// written as a fixture for tests/lishogi_games.rs: gunbai under
// `--preset lishogi` must list the same moves at every position and give
// the same verdict (shogiops' Chushogi.outcome(): king(s) lost, stalemate,
// bare king, two bare kings) after every move. Runs the npm package
// shogiops (GPL) as an external program; install it with `npm ci` here.
//
//   node tools/oracle/games-chu.mjs GAMES SEED MAXPLIES > tests/data/lishogi_games.tsv
//
// Output, one game after another:
//   game <TAB> N <TAB> style <TAB> start SFEN
//   one line per position of the game, in order:
//     moves <TAB> hash <TAB> verdict <TAB> usi
//   moves: how many moves shogiops lists (oracle.mjs's list, the one its
//   perft walks); hash: FNV-1a (32 bits, hex) of those moves' USI texts,
//   sorted, joined with single spaces; verdict: `-` or RESULT:WINNER;
//   usi: the move played, `-` at the game's last position.
//   end <TAB> final SFEN
//
// Styles: `random` picks any move; `spare` never takes a royal while it has
// another move and likes captures, so that games run down to bare kings.

import { initialSfen, makeSfen } from 'shogiops/sfen';
import { makeUsi } from 'shogiops/util';
import { RULES, die, mulberry32, parsePos, rootMoves, verdict } from './chu.mjs';

function fnv1a(text) {
  let h = 0x811c9dc5;
  for (const b of Buffer.from(text, 'utf8')) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

const ROYAL = new Set(['king', 'prince']);

function takesRoyal(pos, m) {
  for (const sq of [m.to, m.midStep]) {
    if (sq === undefined) continue;
    const p = pos.board.get(sq);
    if (p && p.color !== pos.turn && ROYAL.has(p.role)) return true;
  }
  return false;
}

function captures(pos, m) {
  for (const sq of [m.to, m.midStep]) {
    if (sq === undefined) continue;
    const p = pos.board.get(sq);
    if (p && p.color !== pos.turn) return true;
  }
  return false;
}

function choose(rng, pos, moves, style) {
  let pool = moves;
  if (style === 'spare') {
    const safe = moves.filter(m => !takesRoyal(pos, m));
    if (safe.length) pool = safe;
    const caps = pool.filter(m => captures(pos, m));
    if (caps.length && rng() < 0.6) pool = caps;
  }
  return pool[Math.floor(rng() * pool.length)];
}

const [games, seed, maxPlies] = process.argv.slice(2).map(s => {
  if (!/^\d+$/.test(s ?? '')) die('usage: games-chu.mjs GAMES SEED MAXPLIES');
  return parseInt(s, 10);
});
const rng = mulberry32(seed);
const out = [];
for (let n = 1; n <= games; n++) {
  const style = n % 2 ? 'spare' : 'random';
  const start = initialSfen(RULES);
  let pos = parsePos(start);
  out.push(`game\t${n}\t${style}\t${start}`);
  for (let ply = 0; ; ply++) {
    const moves = rootMoves(pos);
    const usis = moves.map(makeUsi).sort();
    const v = verdict(pos);
    const over = v !== '-' || !moves.length || ply >= maxPlies;
    const m = over ? undefined : choose(rng, pos, moves, style);
    out.push(`${moves.length}\t${fnv1a(usis.join(' '))}\t${v}\t${m ? makeUsi(m) : '-'}`);
    if (!m) break;
    pos = pos.clone();
    pos.play(m);
  }
  out.push(`end\t${makeSfen(pos)}`);
}
process.stdout.write(out.join('\n') + '\n');
