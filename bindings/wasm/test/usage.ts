// A small program against the package's types, type-checked by tsc
// (scripts/test-wasm): if index.d.ts or package.json's "exports" drift from
// what a TypeScript user writes, this stops compiling.
import {
  init,
  variants,
  variantNames,
  version,
  setMoveBudget,
  moveBudget,
  Variant,
  Board,
  GunbaiError,
  type Diagnostic,
  type MoveDetails,
  type GameResult,
  type EngineMessageIn,
  type EngineMessageOut,
  type MateResult,
  type LineResult,
  type LineDefence,
} from 'gunbai';
import { EngineSession } from 'gunbai/engine.js';

export async function tour(): Promise<string[]> {
  await init();
  const names: string[] = variantNames().concat(variants().map((v) => `${v.name} ${v.files}x${v.ranks} ${v.options.length}`));
  const v: Variant = Variant.bundled('chu').setOption(variants()[0].options[0].name, true);
  const b = new Board(v);
  const moves: string[] = b.legalMoves();
  const details: MoveDetails[] = b.legalMoveDetails('f4');
  const first = details[0];
  const squares: string[] = first.steps.filter((s) => s.kind === 'land').map((s) => s.square);
  b.push(moves[0]);
  const popped: string | null = b.pop();
  const result: GameResult | null = b.result();
  const n: number | bigint = b.perft(2, 'effects');
  const svg: string = b.boardSvg({ flip: true, labels: 'codes', marks: false }) + v.pieceDiagramSvg('K', { colour: 'white' });
  const found = b.search({ depth: 2, movetime: 100 });
  const best: string | null = found.best;
  const mate: number | null = found.iterations[0].mate;
  const tsume = new Board('shogi', '4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1');
  const solved: MateResult = tsume.mate({ maxPlies: 3, movetime: 1000 });
  const checked: LineResult = tsume.checkLine(['G*5b'], { nodes: 1000, defenderHand: 'as-given' });
  const rest: MateResult = new Board('shogi', '4k4/9/4P4/9/9/9/9/9/9 b G 1').mate({ maxPlies: 1, defenderHand: 'rest' });
  const start: string | null = rest.start;
  names.push(solved.result, ...solved.line, checked.result, ...checked.defences.map((d: LineDefence) => d.escapes.join(' ')));
  names.push(start ?? '');
  setMoveBudget(moveBudget());
  try {
    Variant.fromToml('[variant]', 'mine.toml');
  } catch (e) {
    if (e instanceof GunbaiError) {
      const d: Diagnostic[] = e.diagnostics;
      names.push(...d.map((x) => `${x.file}:${x.line}:${x.column}: ${x.message} ${x.hint ?? ''}`));
    }
  }
  const out: EngineMessageOut[] = [];
  const session = new EngineSession((m) => out.push(m));
  const go: EngineMessageIn = { type: 'go', movetime: 100 };
  await session.handle({ type: 'position', variant: 'shogi', moves: ['7g7f'] });
  await session.handle(go);
  await session.idle();
  for (const m of out) {
    if (m.type === 'info') names.push(m.line, String(m.nps));
    if (m.type === 'bestmove') names.push(m.move ?? '(none)');
  }
  return [...names, ...squares, version(), String(n), svg, String(popped), String(result?.winner), String(best), String(mate)];
}
