// Shared by the Chu oracle scripts (oracle.mjs, records-chu.mjs,
// games-chu.mjs): the move list shogiops' perft walks, SFEN parsing and a
// seeded PRNG. Runs the npm package shogiops (lishogi's rules library,
// GPL-3.0-or-later) as an external program; none of its code is copied.

import { parseSfen } from 'shogiops/sfen';
import { secondLionStepDests } from 'shogiops/variant/chushogi';
import { pieceCanPromote, pieceForcePromote } from 'shogiops/variant/util';

export const RULES = 'chushogi';
export const LION_POWER = new Set(['lion', 'lionpromoted', 'eagle', 'falcon']);
export const LIONS = new Set(['lion', 'lionpromoted']);

const canPromote = pieceCanPromote(RULES);
const forcePromote = pieceForcePromote(RULES);

export function die(msg, code = 2) {
  process.stderr.write(`oracle: ${msg}\n`);
  process.exit(code);
}

export function parsePos(sfen) {
  const res = parseSfen(RULES, sfen.trim(), false);
  if (res.isErr) die(`cannot parse SFEN "${sfen}": ${res.error.message || res.error}`);
  return res.value;
}

// All moves of the side to move, the same list shogiops' perft walks:
// every (from, to) of allMoveDests() with its promotion variants, plus for
// lion-power pieces every second-step path through `to` (built the way
// isLegal()/parseUsi() read them: midStep = first step, to = second step).
// Chu shogi has no drops, so drops are not enumerated.
export function rootMoves(pos) {
  const moves = [];
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      if (canPromote(piece, from, to, pos.board.get(to))) {
        moves.push({ from, to, promotion: true });
        if (!forcePromote(piece, to)) moves.push({ from, to, promotion: false });
      } else moves.push({ from, to, promotion: false });
      if (LION_POWER.has(piece.role)) {
        for (const second of secondLionStepDests(pos, from, to))
          moves.push({ from, to: second, midStep: to });
      }
    }
  }
  return moves;
}

// mulberry32: small seeded PRNG returning floats in [0, 1).
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// shogiops' verdict on a position, as one word: `-` (play goes on) or
// `RESULT:WINNER` (kingslost:sente, stalemate:gote, bareking:sente, draw:-).
export function verdict(pos) {
  const o = pos.outcome();
  return o === undefined ? '-' : `${o.result}:${o.winner ?? '-'}`;
}
