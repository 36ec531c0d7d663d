// Types of the gunbai npm package (index.js). README.md documents each call.

/** Where a diagnostic points: lines and columns from 1. */
export interface Diagnostic {
  file: string;
  severity: 'error' | 'warning';
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  /** A hint ("did you mean ..."), or null. */
  hint: string | null;
}

/** Every error gunbai throws: a message and the diagnostics behind it. */
export class GunbaiError extends Error {
  constructor(message: string, diagnostics?: Diagnostic[]);
  readonly name: 'GunbaiError';
  diagnostics: Diagnostic[];
}

export interface VariantOption {
  name: string;
  type: 'bool' | 'enum';
  /** The current value, as text (`true`, `false`, or a choice). */
  value: string;
  default: string;
  /** Which reading of the sources it selects. */
  help: string;
  choices: string[];
}

export interface VariantInfo {
  name: string;
  title: string;
  /** The rule file's name in diagnostics (`rules/chu.toml`). */
  file: string;
  files: number;
  ranks: number;
  /** Moves can be written in USI and positions as SFEN. */
  usi: boolean;
  /** Captured pieces go to the hand. */
  drops: boolean;
  options: VariantOption[];
}

export interface PieceInfo {
  code: string;
  /** The kind's id in the rule file. */
  id: string;
  name: string;
  label: string;
  promoted: boolean;
}

export type Colour = 'black' | 'white';
export type Labels = 'names' | 'codes';
export type Notation = 'native' | 'usi' | 'western' | 'western-numeric' | 'western-short' | 'japanese';
export type Convention = 'paths' | 'effects' | 'shogiops' | 'fsf';

/** The input `init` takes: nothing (fetch or read the .wasm next to
 * index.js), a URL, a Response, the bytes or a compiled module. */
export type InitInput = string | URL | Request | Response | BufferSource | WebAssembly.Module;

export function init(input?: InitInput | Promise<InitInput>): Promise<void>;
export function initSync(bytesOrModule: BufferSource | WebAssembly.Module): void;
export function version(): string;
export function setMoveBudget(n: number): void;
export function moveBudget(): number;
export function variants(): VariantInfo[];
export function variantNames(): string[];

export class Variant {
  private constructor(raw: unknown);
  static bundled(name: string): Variant;
  static fromToml(text: string, fileName?: string): Variant;
  info(): VariantInfo;
  readonly name: string;
  readonly title: string;
  readonly files: number;
  readonly ranks: number;
  options(): VariantOption[];
  warnings(): Diagnostic[];
  rulesText(): string;
  setOption(name: string, value: boolean | string): this;
  pieces(): PieceInfo[];
  pieceDiagramSvg(code: string, opts?: { colour?: Colour; labels?: Labels }): string;
  clone(): Variant;
  free(): void;
}

export interface Step {
  square: string;
  /** A landing of the piece, or a shot at a square it does not enter. */
  kind: 'land' | 'shot';
}

export interface MoveDetails {
  /** gunbai's text (docs/notation.md). */
  text: string;
  /** USI, or null for a variant without it. */
  usi: string | null;
  /** The origin, or null for a drop. */
  from: string | null;
  /** The last landing. */
  to: string;
  steps: Step[];
  /** Every square whose piece the move removes (shots and effects too). */
  captures: string[];
  promotion: 'none' | 'promote' | 'promote_with_chain' | 'decline' | 'revert';
  /** A drop: the code of the piece placed, and of the piece in hand. */
  drop: string | null;
  hand: string | null;
}

export interface GameResult {
  /** `1-0`: the first player (Black) wins. */
  result: '1-0' | '0-1' | '1/2-1/2';
  winner: Colour | null;
  reason: string;
  text: string;
}

export interface HandPiece {
  code: string;
  kind: string;
  count: number;
}

export interface BoardPieces {
  variant: string;
  position: string;
  sfen: string | null;
  side_to_move: Colour;
  pieces: { square: string; colour: Colour; code: string; kind: string }[];
  hands: { black: HandPiece[]; white: HandPiece[] } | null;
  outcome: { winner: Colour | null; reason: string; text: string } | null;
}

export interface SearchLimits {
  depth?: number;
  /** Milliseconds. */
  movetime?: number;
  nodes?: number;
}

export interface SearchIteration {
  depth: number;
  /** Centipawn-like material score from the side to move's view. */
  score: number;
  /** Plies to mate (negative: being mated), or null. */
  mate: number | null;
  nodes: number;
  timeMs: number;
  pv: string[];
  pvUsi: (string | null)[];
  complete: boolean;
}

export interface SearchResult {
  /** The move to play, or null when there is none. */
  best: string | null;
  bestUsi: string | null;
  /** Nodes of the whole call. */
  nodes: number;
  iterations: SearchIteration[];
}

export interface MateOptions {
  /** The longest mate looked for (mate: default 255) or the claim
   * (checkLine: default the line's length), at most 2047 plies. */
  maxPlies?: number;
  /** Milliseconds (default 60000). */
  movetime?: number;
  /** mate: about this many nodes; checkLine: each alternative's budget
   * (default 100000). */
  nodes?: number;
  /** Let the attacker make any move, not only checks. */
  anyMoves?: boolean;
  /** 'rest': the defender also holds every piece of the set neither on
   * the board nor in a hand (standard tsume shogi); default 'as-given'. */
  defenderHand?: 'as-given' | 'rest';
}

export interface MateResult {
  result: 'mate' | 'no_mate' | 'unknown';
  plies: number | null;
  line: string[];
  lineUsi: (string | null)[];
  shortest: boolean;
  nodes: number;
  timeMs: number;
  /** Under defenderHand 'rest', the position text the line plays from. */
  start: string | null;
}

export interface LineDefence {
  ply: number;
  move: string;
  moveUsi: string | null;
  left: number;
  alternatives: number;
  mated: number;
  longest: { move: string; moveUsi: string | null; plies: number; shortest: boolean } | null;
  stronger: boolean;
  escapes: string[];
  escapesUsi: (string | null)[];
  undecided: string[];
  undecidedUsi: (string | null)[];
  unchecked: number;
}

export interface LineResult {
  result: 'verified' | 'undecided' | 'refuted' | 'not_mate' | 'no_check' | 'illegal' | 'unknown';
  claimed: number;
  plies: number;
  walked: number;
  at: number | null;
  endsInMate: boolean | null;
  line: string[];
  lineUsi: (string | null)[];
  defences: LineDefence[];
  nodes: number;
  timeMs: number;
}

export class Board {
  constructor(variant: Variant | string, position?: string | null);
  static fromText(variant: Variant | string, text: string): Board;
  static fromSfen(variant: Variant | string, sfen: string): Board;
  legalMoves(): string[];
  legalMovesUsi(): string[];
  legalMoveCount(): number;
  legalMoveDetails(from?: string): MoveDetails[];
  push(move: string): MoveDetails;
  pop(): string | null;
  history(): string[];
  position(): string;
  sfen(): string | null;
  sideToMove(): Colour;
  result(): GameResult | null;
  isGameOver(): boolean;
  isCapture(move: string): boolean;
  givesCheck(move: string): boolean;
  moveText(move: string, notation?: Notation): string;
  perft(depth: number, convention?: Convention): number | bigint;
  boardSvg(opts?: { flip?: boolean; labels?: Labels; marks?: boolean }): string;
  pieces(): BoardPieces;
  search(limits: SearchLimits): SearchResult;
  mate(opts?: MateOptions): MateResult;
  checkLine(line: string | string[], opts?: MateOptions): LineResult;
  setSearchTable(mb: number): void;
  clearSearch(): void;
  free(): void;
}

// The engine session behind worker.js (engine.js), for callers that run it
// in their own worker or in Node.
export type EngineMessageIn =
  | {
      type: 'position';
      variant?: string;
      rules?: string;
      name?: string;
      options?: Record<string, boolean | string>;
      position?: string;
      sfen?: string;
      moves?: string[];
    }
  | { type: 'go'; depth?: number; movetime?: number; nodes?: number }
  | { type: 'stop' }
  | { type: 'isready' }
  | { type: 'setoption'; hash: number }
  | { type: 'newgame' };

export type EngineMessageOut =
  | { type: 'ready' }
  | { type: 'readyok' }
  | {
      type: 'info';
      depth: number;
      score: { cp: number } | { mate: number };
      nodes: number;
      nps: number;
      timeMs: number;
      pv: string[];
      pvUsi: (string | null)[];
      line: string;
    }
  | { type: 'bestmove'; move: string | null; usi: string | null; line: string }
  | { type: 'error'; message: string; diagnostics: Diagnostic[] };
