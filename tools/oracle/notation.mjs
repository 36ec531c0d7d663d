#!/usr/bin/env node
// Writes random Chu and shogi games with shogiops' move notations, for
// tests/notation_styles.rs: gunbai must write every move as shogiops does.
// One file per variant; each game starts with a `# game N` line, then one
// line per ply: the USI move, shogiops' Western (`P-76`), Western-engine
// (`P-7f`) and Japanese (`７六歩`) text, tab-separated. Runs the npm package
// shogiops (GPL) as an external program; install it with
// `bash .ci/install-node`.
//
//   node tools/oracle/notation.mjs tests/data/notation 4

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeJapaneseMoveOrDrop } from 'shogiops/notation/japanese';
import { makeWesternMoveOrDrop } from 'shogiops/notation/western';
import { makeWesternEngineMoveOrDrop } from 'shogiops/notation/western-engine';
import { initialSfen, parseSfen } from 'shogiops/sfen';
import { makeUsi, parsePieceName } from 'shogiops/util';
import { secondLionStepDests } from 'shogiops/variant/chushogi';
import { pieceCanPromote, pieceForcePromote } from 'shogiops/variant/util';
import { LION_POWER, mulberry32 } from './chu.mjs';


// Every move and drop of the side to move, lion double moves included.
function moves(rules, pos) {
  const canPromote = pieceCanPromote(rules);
  const forcePromote = pieceForcePromote(rules);
  const out = [];
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      if (canPromote(piece, from, to, pos.board.get(to))) {
        out.push({ from, to, promotion: true });
        if (!forcePromote(piece, to)) out.push({ from, to, promotion: false });
      } else out.push({ from, to, promotion: false });
      if (rules === 'chushogi' && LION_POWER.has(piece.role))
        for (const second of secondLionStepDests(pos, from, to)) out.push({ from, to: second, midStep: to });
    }
  }
  if (rules !== 'chushogi')
    for (const [name, dests] of pos.allDropDests()) for (const to of dests) out.push({ role: parsePieceName(name).role, to });
  return out;
}

const [dir, count] = process.argv.slice(2);
for (const [rules, file] of [
  ['chushogi', 'chu.tsv'],
  ['standard', 'shogi.tsv'],
]) {
  const rng = mulberry32(929);
  const lines = [];
  for (let n = 1; n <= parseInt(count, 10); n++) {
    lines.push(`# game ${n}`);
    const pos = parseSfen(rules, initialSfen(rules)).unwrap();
    const plies = 60 + Math.floor(rng() * 80);
    for (let ply = 1; ply <= plies && !pos.isEnd(); ply++) {
      // Passes rarely: gunbai's Chu refuses to repeat a position.
      const every = moves(rules, pos);
      const passes = every.filter(m => m.midStep !== undefined && m.to === m.from && !pos.board.get(m.midStep));
      const all = passes.length && rng() < 0.9 ? every.filter(m => !passes.includes(m)) : every;
      if (!all.length) break;
      // Double moves and captures often, so that the games have them.
      const doubles = all.filter(m => m.midStep !== undefined);
      const captures = all.filter(m => m.from !== undefined && pos.board.get(m.to));
      const r = rng();
      const pool = doubles.length && r < 0.3 ? doubles : captures.length && r < 0.6 ? captures : all;
      const md = pool[Math.floor(rng() * pool.length)];
      lines.push(
        [makeUsi(md), makeWesternMoveOrDrop(pos, md), makeWesternEngineMoveOrDrop(pos, md), makeJapaneseMoveOrDrop(pos, md)].join('\t'),
      );
      pos.play(md);
    }
  }
  writeFileSync(join(dir, file), lines.join('\n') + '\n');
}
