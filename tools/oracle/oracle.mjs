#!/usr/bin/env node
// Chu shogi differential-testing oracle for gunbai.
//
// This script only *runs* the npm package `shogiops` (lishogi's rules
// library, GPL-3.0-or-later) as an external program; none of its code is
// copied here. Install it with `npm ci` in this directory.
//
// Subcommands (SFEN arguments may be given as one quoted argument or as
// several words):
//   perft  <depth> [sfen]      lines `d<TAB>nodes` for d = 1..depth
//   perft-raw <depth> [sfen]   same, but with shogiops/debug's own perft
//                              (see countNodes below for why they differ)
//   divide <depth> [sfen]      lines `usi<TAB>nodes` (sorted), blank line,
//                              `total<TAB>N`
//   play   <sfen> <usi>        the SFEN after playing <usi> (must be one of
//                              the moves that perft/divide enumerate)
//   moves  [sfen]              the root moves, one USI per line (sorted)
//   outcome [sfen]             shogiops' verdict: `-` or RESULT:WINNER
//                              (kingslost, stalemate, bareking, draw)
//   start                      the start position's SFEN
//   random <count> <seed>      `count` distinct SFENs sampled from seeded
//                              random games; a tally of categories on stderr
//
// The move enumeration used by perft/divide/play/moves/random mirrors the
// way shogiops' own `perft` (shogiops/debug) enumerates moves, so that
// `total` of divide == perft at the same depth.

import { perft } from 'shogiops/debug';
import { initialSfen, makeSfen } from 'shogiops/sfen';
import { makeUsi, opposite, parseUsi, squareDist } from 'shogiops/util';
import { unpromote } from 'shogiops/variant/util';
import { LIONS, LION_POWER, RULES, die, mulberry32, parsePos, rootMoves, verdict } from './chu.mjs';

const unpromoteRole = unpromote(RULES);

function parseDepth(s) {
  if (!/^\d+$/.test(s ?? '')) die(`bad depth "${s}"`);
  return parseInt(s, 10);
}

function sfenArg(words) {
  return words.length ? words.join(' ') : initialSfen(RULES);
}

function childOf(pos, move) {
  const child = pos.clone();
  child.play(move);
  return child;
}

// Perft over rootMoves(). This is shogiops' own perft with one difference:
// shogiops/debug's perft (0.18.0) builds lion-power double moves as
// { from, to: <first step>, midStep: <second step> }, i.e. with the two
// squares swapped relative to what its own isLegal()/play()/parseUsi() and
// notation code mean by midStep, so from depth 2 on it counts positions that
// the real double moves do not reach. `perft-raw` runs that function as is.
function countNodes(pos, depth) {
  if (depth < 1) return 1;
  const moves = rootMoves(pos);
  if (depth === 1) return moves.length;
  let nodes = 0;
  for (const move of moves) nodes += countNodes(childOf(pos, move), depth - 1);
  return nodes;
}

function cmdPerft(args, raw = false) {
  const depth = parseDepth(args[0]);
  const pos = parsePos(sfenArg(args.slice(1)));
  const out = [];
  for (let d = 1; d <= depth; d++)
    out.push(`${d}\t${raw ? perft(pos, d, false) : countNodes(pos, d)}`);
  process.stdout.write(out.join('\n') + (out.length ? '\n' : ''));
}

function cmdDivide(args) {
  const depth = parseDepth(args[0]);
  if (depth < 1) die('divide needs depth >= 1');
  const pos = parsePos(sfenArg(args.slice(1)));
  const lines = [];
  let total = 0;
  for (const move of rootMoves(pos)) {
    const n = countNodes(childOf(pos, move), depth - 1);
    lines.push([makeUsi(move), n]);
    total += n;
  }
  lines.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  process.stdout.write(
    lines.map(([u, n]) => `${u}\t${n}`).join('\n') + (lines.length ? '\n' : '') + `\ntotal\t${total}\n`
  );
}

function findMove(pos, usi) {
  if (!parseUsi(usi)) die(`cannot parse USI "${usi}"`);
  const move = rootMoves(pos).find(m => makeUsi(m) === usi);
  if (!move) die(`move "${usi}" is not among the moves shogiops enumerates here`);
  return move;
}

function cmdPlay(args) {
  if (args.length < 2) die('usage: play <sfen> <usi>');
  const usi = args[args.length - 1];
  const pos = parsePos(args.slice(0, -1).join(' '));
  process.stdout.write(makeSfen(childOf(pos, findMove(pos, usi))) + '\n');
}

function cmdMoves(args) {
  const pos = parsePos(sfenArg(args));
  const usis = rootMoves(pos).map(makeUsi).sort();
  process.stdout.write(usis.join('\n') + (usis.length ? '\n' : ''));
}

// ---------------------------------------------------------------- random

function enemyAt(pos, sq, color) {
  if (sq === undefined) return undefined;
  const p = pos.board.get(sq);
  return p && p.color !== color ? p : undefined;
}

function isCapture(pos, move) {
  const color = pos.turn;
  return !!(enemyAt(pos, move.to, color) || enemyAt(pos, move.midStep, color));
}

function capturesLion(pos, move) {
  const color = pos.turn;
  for (const sq of [move.to, move.midStep]) {
    const p = enemyAt(pos, sq, color);
    if (p && LIONS.has(p.role)) return true;
  }
  return false;
}

function lionsOf(pos, color) {
  const out = [];
  for (const sq of pos.board.color(color)) if (LIONS.has(pos.board.get(sq).role)) out.push(sq);
  return out;
}

// Categories reported in the tally (a position may be in several).
function categorize(pos, moves) {
  const us = pos.turn,
    them = opposite(us);
  const ourLions = lionsOf(pos, us),
    theirLions = lionsOf(pos, them);
  let promoted = false;
  for (const sq of pos.board.occupied) {
    if (unpromoteRole(pos.board.get(sq).role) !== undefined) {
      promoted = true;
      break;
    }
  }
  let lionTakesLion = false,
    anyTakesLion = false,
    kingCapturable = false;
  for (const m of moves) {
    if (capturesLion(pos, m)) {
      anyTakesLion = true;
      if (LIONS.has(pos.board.get(m.from).role)) lionTakesLion = true;
    }
    const t = enemyAt(pos, m.to, us);
    if (t && (t.role === 'king' || t.role === 'prince')) kingCapturable = true;
  }
  // an enemy lion two squares from one of our lions that our lion may not
  // jump onto (shogiops' "protected lion" rule)
  let protectedLionRefused = false;
  for (const from of ourLions) {
    const dests = pos.moveDests(from);
    for (const l of theirLions)
      if (squareDist(from, l) === 2 && !dests.has(l)) protectedLionRefused = true;
  }
  return {
    both_lions: ourLions.length > 0 && theirLions.length > 0,
    promoted_piece: promoted,
    lion_can_take_lion: lionTakesLion,
    any_piece_can_take_lion: anyTakesLion,
    protected_lion_refused: protectedLionRefused,
    last_lion_capture_set: pos.lastLionCapture !== undefined,
    king_capturable: kingCapturable,
  };
}

function pick(rng, arr) {
  return arr[Math.floor(rng() * arr.length)];
}

// Move policy of the random games. `style.keepLions` games mostly refuse to
// capture lions (so that both lions stay on the board into the middle game);
// the other games like to capture them (last-lion-capture field, lion trades).
function chooseMove(rng, pos, moves, style) {
  let pool = moves;
  if (style.keepLions) {
    const safe = moves.filter(m => !capturesLion(pos, m));
    if (safe.length) pool = safe;
  }
  const r = rng();
  if (r < 0.45) {
    const caps = pool.filter(m => isCapture(pos, m));
    if (caps.length) {
      const lionCaps = caps.filter(m => capturesLion(pos, m));
      if (lionCaps.length && rng() < 0.5) return pick(rng, lionCaps);
      return pick(rng, caps);
    }
  } else if (r < 0.6) {
    const lionMoves = pool.filter(m => LION_POWER.has(pos.board.get(m.from).role));
    if (lionMoves.length) return pick(rng, lionMoves);
  } else if (r < 0.7) {
    // walk a lion towards the nearest enemy lion
    const theirLions = lionsOf(pos, opposite(pos.turn));
    const lionMoves = pool.filter(m => LIONS.has(pos.board.get(m.from).role));
    if (theirLions.length && lionMoves.length) {
      const dist = m => Math.min(...theirLions.map(l => squareDist(m.to, l)));
      const best = Math.min(...lionMoves.map(dist));
      return pick(
        rng,
        lionMoves.filter(m => dist(m) === best)
      );
    }
  } else if (r < 0.8) {
    const proms = pool.filter(m => m.promotion);
    if (proms.length) return pick(rng, proms);
  }
  return pick(rng, pool);
}

function cmdRandom(args) {
  const count = parseDepth(args[0]);
  const seed = parseDepth(args[1] ?? '1');
  const rng = mulberry32(seed);
  const minPly = 4,
    maxPly = 120;
  // minimum shares of the output for some categories; candidates are
  // rejected when a quota could otherwise no longer be met
  const quotas = {
    both_lions: Math.ceil(count * 0.35),
    promoted_piece: Math.ceil(count * 0.25),
    lion_can_take_lion: Math.ceil(count * 0.05),
    last_lion_capture_set: Math.ceil(count * 0.05),
  };
  const tally = {},
    seen = new Set(),
    out = [];
  let games = 0,
    plies = 0,
    rejected = 0;
  const maxPlies = 2_000_000 + count * 5_000;

  while (out.length < count && plies < maxPlies) {
    games++;
    let pos = parsePos(initialSfen(RULES));
    const style = { keepLions: rng() < 0.5 };
    // a few sample points per game, at random plies
    const samplePlies = new Set();
    const nSamples = 1 + Math.floor(rng() * 3);
    for (let i = 0; i < nSamples; i++)
      samplePlies.add(minPly + Math.floor(rng() * (maxPly - minPly + 1)));
    for (let ply = 0; ply <= maxPly && out.length < count; ply++) {
      if (pos.outcome() !== undefined) break; // king captured, stalemate, bare king, ...
      const moves = rootMoves(pos);
      if (!moves.length) break;
      const rare = pos.lastLionCapture !== undefined && rng() < 0.3;
      if (ply >= minPly && (samplePlies.has(ply) || rare || rng() < 0.02)) {
        const sfen = makeSfen(pos);
        const key = sfen.split(' ').slice(0, 3).join(' ');
        if (!seen.has(key)) {
          const cats = categorize(pos, moves);
          const remaining = count - out.length;
          let ok = true;
          for (const [c, q] of Object.entries(quotas))
            if (!cats[c] && q - (tally[c] || 0) >= remaining) ok = false;
          if (ok) {
            seen.add(key);
            out.push(sfen);
            for (const [c, v] of Object.entries(cats)) if (v) tally[c] = (tally[c] || 0) + 1;
          } else rejected++;
        }
      }
      pos = childOf(pos, chooseMove(rng, pos, moves, style));
      plies++;
    }
  }
  if (out.length < count) die(`only found ${out.length} of ${count} positions`, 1);
  process.stdout.write(out.join('\n') + '\n');
  const lines = [`random: ${count} positions from ${games} games (${plies} plies, ${rejected} candidates rejected for quotas)`];
  for (const c of [
    'both_lions',
    'promoted_piece',
    'lion_can_take_lion',
    'any_piece_can_take_lion',
    'protected_lion_refused',
    'last_lion_capture_set',
    'king_capturable',
  ])
    lines.push(`  ${c}: ${tally[c] || 0} (${Math.round((100 * (tally[c] || 0)) / count)}%)`);
  process.stderr.write(lines.join('\n') + '\n');
}

// ---------------------------------------------------------------- main

const [cmd, ...rest] = process.argv.slice(2);
switch (cmd) {
  case 'perft':
    cmdPerft(rest);
    break;
  case 'perft-raw':
    cmdPerft(rest, true);
    break;
  case 'divide':
    cmdDivide(rest);
    break;
  case 'play':
    cmdPlay(rest);
    break;
  case 'moves':
    cmdMoves(rest);
    break;
  case 'outcome':
    process.stdout.write(verdict(parsePos(sfenArg(rest))) + '\n');
    break;
  case 'start':
    process.stdout.write(initialSfen(RULES) + '\n');
    break;
  case 'random':
    cmdRandom(rest);
    break;
  default:
    die(
      'usage: oracle.mjs perft <depth> [sfen] | perft-raw <depth> [sfen] | divide <depth> [sfen] | play <sfen> <usi> | moves [sfen] | outcome [sfen] | start | random <count> <seed>'
    );
}
