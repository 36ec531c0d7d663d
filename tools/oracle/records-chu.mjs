#!/usr/bin/env node
// Writes random Chu shogi games as KIF with shogiops (lishogi's dialect:
// makeKifHeader and makeKifMoveOrDrop, the functions lishogi's KIF export
// uses), for tests/records.rs: gunbai must read them to shogiops' moves and
// final SFEN. Game N gives shogiops-N.kif and shogiops-N.expect (the USI
// moves on one line, then shogiops' final SFEN). Runs the npm package
// shogiops (GPL) as an external program; install it with `npm ci` here.
//
//   node tools/oracle/records-chu.mjs tests/records/chu 3

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeKifHeader, makeKifMoveOrDrop } from 'shogiops/notation/kif';
import { initialSfen, makeSfen, parseSfen } from 'shogiops/sfen';
import { makeUsi } from 'shogiops/util';
import { RULES, mulberry32, rootMoves as moves } from './chu.mjs';

const [dir, count] = process.argv.slice(2);
const rng = mulberry32(26);
for (let n = 1; n <= parseInt(count, 10); n++) {
  const pos = parseSfen(RULES, initialSfen(RULES)).unwrap();
  const lines = [makeKifHeader(pos), '手数----指手---------消費時間--'];
  const usis = [];
  const plies = 60 + Math.floor(rng() * 80);
  for (let ply = 1; ply <= plies && !pos.isEnd(); ply++) {
    const all = moves(pos);
    if (!all.length) break;
    // Lion-power double moves often, so that the records have them.
    const doubles = all.filter(m => m.midStep !== undefined);
    const pool = doubles.length && rng() < 0.3 ? doubles : all;
    const md = pool[Math.floor(rng() * pool.length)];
    for (const l of makeKifMoveOrDrop(pos, md).split('\n')) lines.push(`${String(ply).padStart(4)} ${l}`);
    usis.push(makeUsi(md));
    pos.play(md);
  }
  writeFileSync(join(dir, `shogiops-${n}.kif`), lines.join('\n') + '\n');
  writeFileSync(join(dir, `shogiops-${n}.expect`), usis.join(' ') + '\n' + makeSfen(pos) + '\n');
}
