// gunbai playground. All rules come from a backend with the calls of the
// JSON API (docs/api.md): `gunbai serve`'s API over HTTP, or the WASM
// package in the page itself (the static site, docs/site.md, whose
// index.html says `data-backend="wasm"`; wasm-backend.js). This script only
// keeps the game (variant or rule text, options, start, moves), draws what
// the backend answers and lets a person choose moves, or the engine.
'use strict';

const $ = (id) => document.getElementById(id);

const S = {
  game: { variant: null, rules: null, name: null, options: {}, position: null, sfen: null, moves: [] },
  cursor: 0, // plies shown (a jump shows an earlier ply; playing there cuts the rest)
  flip: false,
  labels: 'names',
  zoom: 'auto', // 'auto' (fit a small board, natural size for a large one), 'fit', or a scale
  pos: null, // the last position reply
  legal: [], // the last moves reply's moves
  sel: null, // { from, prefix: [square...] } while a move is being chosen
  diagrams: new Map(),
  ruleFile: 'rules.toml',
  checkTimer: null,
  checkSeq: 0,
  refreshGen: 0,
  engine: { side: 'none', thinking: false, info: null, gen: 0 },
};

// The calls a backend answers, each with a request of docs/api.md's shape
// and a reply of its shape; a failed call throws an Error whose `data` is
// the error body ({error, ply?, diagnostics?}).
async function api(path, body) {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const r = await fetch(path, init);
  let data;
  try { data = await r.json(); } catch (e) { data = { error: `bad reply from ${path}` }; }
  if (!r.ok) { const err = new Error(data.error || r.statusText); err.data = data; throw err; }
  return data;
}

const serveBackend = {
  kind: 'serve',
  variants: () => api('/api/variants'),
  rules: (name) => api('/api/rules?variant=' + encodeURIComponent(name)),
  position: (body) => api('/api/position', body),
  moves: (body) => api('/api/moves', body),
  play: (body) => api('/api/play', body),
  check: (body) => api('/api/check', body),
  diagram: (body) => api('/api/diagram', body),
  // No engine behind the JSON API.
  engine: null,
};

let B = serveBackend;

function gameBody(extra) {
  const g = S.game;
  const b = { options: g.options, moves: g.moves.slice(0, S.cursor) };
  if (g.rules !== null) { b.rules = g.rules; b.name = g.name; } else { b.variant = g.variant; }
  if (g.position) b.position = g.position;
  if (g.sfen) b.sfen = g.sfen;
  return Object.assign(b, extra || {});
}

function showError(msg) {
  const e = $('error');
  e.textContent = msg || '';
  e.hidden = !msg;
}

// Loads the position and its legal moves for the current game. A move the
// rules no longer allow (after an option or rule change) cuts the game there.
async function refresh() {
  // Only the latest request may draw: an older answer still in flight is
  // for a game that is gone.
  const gen = ++S.refreshGen;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const [pos, moves] = await Promise.all([
        B.position(gameBody({ flip: S.flip, labels: S.labels })),
        B.moves(gameBody()),
      ]);
      if (gen !== S.refreshGen) return true;
      S.pos = pos;
      S.legal = moves.moves;
      S.sel = null;
      render();
      writeAddress();
      engineTurn();
      return true;
    } catch (e) {
      if (gen !== S.refreshGen) return true;
      if (e.data && typeof e.data.ply === 'number' && attempt === 0) {
        S.game.moves = S.game.moves.slice(0, e.data.ply);
        S.cursor = Math.min(S.cursor, e.data.ply);
        showError(e.message + ' — the game was cut there.');
        continue;
      }
      showError(e.message);
      return false;
    }
  }
  return false;
}

function render() {
  const p = S.pos;
  // The SVG is the server's drawing, every rule-file string in it escaped
  // (render::svg::escape); everything else is set as text.
  $('board').innerHTML = p.svg;
  applyZoom();
  const status = $('status');
  status.textContent = `${p.title}: ${p.side_to_move} to move, ply ${p.ply}, `;
  const count = document.createElement('span');
  count.id = 'move-count';
  count.textContent = S.legal.length;
  status.append(count, ' legal moves');
  if (p.outcome) {
    const o = document.createElement('strong');
    o.id = 'outcome';
    o.textContent = p.outcome.text;
    status.append(' — ', o);
  }
  renderHands();
  renderHistory();
  renderOptions();
  highlight();
}

// Zoom: 'auto' fits a board of up to about 20 files to the pane and shows
// a larger one at its own size (40 px a square) in a scrolling pane, where
// its pieces stay readable; 'fit' fits any board to the pane and the
// window; a number scales the board's own size.
function applyZoom() {
  const svg = $('board').querySelector('svg');
  const pane = $('board-pane');
  if (!svg) return;
  const natural = svg.width.baseVal.value;
  const mode = S.zoom === 'auto' ? (natural > 900 ? 1 : 'fit') : S.zoom;
  pane.classList.toggle('wide', mode !== 'fit');
  pane.classList.toggle('fit', mode === 'fit');
  svg.style.width = mode === 'fit' ? '' : `${Math.round(natural * mode)}px`;
  $('zoom-level').textContent = mode === 'fit' ? 'fit' : `${Math.round(mode * 100)}%`;
}

function zoomBy(factor) {
  const svg = $('board').querySelector('svg');
  if (!svg) return;
  const natural = svg.width.baseVal.value;
  let now = S.zoom;
  if (now === 'auto' || now === 'fit') now = svg.getBoundingClientRect().width / natural;
  S.zoom = Math.min(4, Math.max(0.25, now * factor));
  applyZoom();
}

// ---- kanji or codes ----

// True when the page's fonts have no glyph for these two kanji: they then
// draw as the same empty box, or at a width other than one em.
function glyphsMissing(a, b) {
  const canvas = document.createElement('canvas');
  canvas.width = 48;
  canvas.height = 48;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  if (!g) return false;
  g.font = "32px 'Noto Serif CJK JP','Noto Sans CJK JP','Source Han Serif','Hiragino Mincho ProN','Yu Mincho','MS Mincho',serif";
  const draw = (t) => {
    g.clearRect(0, 0, 48, 48);
    g.fillText(t, 4, 38);
    return g.getImageData(0, 0, 48, 48).data;
  };
  const width = g.measureText(a).width;
  const [pa, pb] = [draw(a), draw(b)];
  const same = pa.every((v, i) => v === pb[i]);
  return same || Math.abs(width - 32) > 4;
}

const LABELS_KEY = 'gunbai.labels';

// Kanji or codes: `?labels=codes` (or `names`) in the page's address,
// else the reader's last choice, else codes when the kanji would show as
// empty boxes.
function initialLabels() {
  const asked = new URLSearchParams(location.search).get('labels');
  if (asked === 'codes' || asked === 'names') return asked;
  let stored = null;
  try { stored = localStorage.getItem(LABELS_KEY); } catch (e) { /* storage off */ }
  if (stored === 'codes' || stored === 'names') return stored;
  return glyphsMissing('歩', '玉') ? 'codes' : 'names';
}

function setLabels(labels, remember) {
  S.labels = labels;
  $('labels').textContent = labels === 'names' ? 'Codes' : 'Kanji';
  if (remember) {
    try { localStorage.setItem(LABELS_KEY, labels); } catch (e) { /* storage off */ }
  }
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

// Pieces in hand (variants with drops): the side at the bottom of the
// board below it, the other above. A piece of the side to move is a button:
// clicking it shows where it may be dropped.
function renderHands() {
  const hands = S.pos.hands;
  const bottom = S.flip ? 'white' : 'black';
  for (const [id, colour] of [['hand-bottom', bottom], ['hand-top', bottom === 'black' ? 'white' : 'black']]) {
    const box = $(id);
    box.hidden = !hands;
    if (!hands) continue;
    box.innerHTML = '';
    const title = document.createElement('span');
    title.className = 'muted';
    title.textContent = `${colour} in hand: `;
    box.appendChild(title);
    if (!hands[colour].length) box.append('none');
    for (const h of hands[colour]) {
      const b = document.createElement('button');
      b.className = 'hand-piece';
      b.dataset.hand = h.code;
      b.dataset.colour = colour;
      b.title = h.name;
      b.textContent = h.count > 1 ? `${h.label} ×${h.count}` : h.label;
      b.disabled = colour !== S.pos.side_to_move || !S.legal.some((m) => m.hand === h.code);
      b.addEventListener('click', () => clickHand(h.code));
      box.appendChild(b);
    }
  }
}

function clickHand(code) {
  if (!S.pos || S.pos.outcome || S.engine.thinking) return;
  S.sel = { from: null, hand: code, prefix: [] };
  highlight();
  for (const b of document.querySelectorAll('.hand-piece')) b.classList.toggle('sel', b.dataset.hand === code);
}

function renderHistory() {
  const ol = $('history');
  ol.innerHTML = '';
  const moves = S.game.moves;
  // The shown plies come from the server (canonical text and USI); later
  // plies, kept after a jump back, are shown as the client has them.
  const shown = S.pos.history;
  moves.forEach((text, i) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.dataset.ply = i + 1;
    const h = shown[i];
    b.textContent = h ? h.text : text;
    li.appendChild(b);
    if (h && h.usi && S.pos.usi) {
      const u = document.createElement('span');
      u.className = 'usi';
      u.textContent = h.usi;
      li.appendChild(u);
    }
    if (i + 1 === S.cursor) li.className = 'current';
    ol.appendChild(li);
  });
}

function renderOptions() {
  const box = $('options');
  box.innerHTML = '';
  if (!S.pos.options.length) { box.innerHTML = '<p class="muted">This variant has no options.</p>'; return; }
  for (const o of S.pos.options) {
    const label = document.createElement('label');
    let input;
    if (o.type === 'bool') {
      input = document.createElement('input');
      input.type = 'checkbox';
      input.checked = o.value === true;
      input.addEventListener('change', () => setOption(o.name, input.checked));
      label.appendChild(input);
      label.append(' ' + o.name);
    } else {
      input = document.createElement('select');
      for (const v of o.values) {
        const opt = document.createElement('option');
        opt.value = v; opt.textContent = v; opt.selected = v === o.value;
        input.appendChild(opt);
      }
      input.addEventListener('change', () => setOption(o.name, input.value));
      label.append(o.name + ' ');
      label.appendChild(input);
    }
    input.id = 'opt-' + o.name;
    const doc = document.createElement('span');
    doc.className = 'doc';
    doc.textContent = `${o.doc} (default: ${o.default})`;
    label.appendChild(doc);
    box.appendChild(label);
  }
}

function setOption(name, value) {
  engineStop();
  S.game.options[name] = value;
  S.diagrams.clear();
  refresh();
}

// ---- choosing a move, leg by leg ----

function candidates() {
  if (!S.sel) return [];
  const { from, hand, prefix } = S.sel;
  const mine = hand ? (m) => m.hand === hand : (m) => !m.hand && m.from === from;
  return S.legal.filter((m) => mine(m) && prefix.every((sq, i) => m.steps[i] && m.steps[i].square === sq));
}

function squares() {
  return document.querySelectorAll('#board [data-sq]');
}

function highlight() {
  const marks = new Map();
  const add = (sq, c) => { if (!marks.has(sq)) marks.set(sq, new Set()); marks.get(sq).add(c); };
  let hint = '';
  if (S.sel) {
    if (S.sel.from) add(S.sel.from, 'sel');
    S.sel.prefix.forEach((sq) => add(sq, 'chosen'));
    const k = S.sel.prefix.length;
    const cands = candidates();
    for (const m of cands) {
      if (m.steps.length > k) add(m.steps[k].square, 'next');
      for (let j = k; j < m.steps.length; j++) {
        const st = m.steps[j];
        if (st.kind === 'shot') add(st.square, 'shot');
        else if (j === lastLanding(m)) add(st.square, 'dest');
        else add(st.square, 'via');
      }
      for (const c of m.captures) add(c, 'cap');
    }
    if (k > 0 && cands.some((m) => m.steps.length === k)) {
      hint = `Click ${S.sel.prefix[k - 1]} again to end the move there, or go on.`;
    } else {
      hint = `${cands.length} moves: click a highlighted square (Esc cancels).`;
    }
  }
  for (const el of squares()) {
    const set = marks.get(el.dataset.sq);
    el.setAttribute('class', 'sq' + (set ? ' ' + [...set].join(' ') : ''));
  }
  $('hint').textContent = hint;
}

function lastLanding(m) {
  for (let j = m.steps.length - 1; j >= 0; j--) if (m.steps[j].kind === 'land') return j;
  return -1;
}

function clickSquare(sq) {
  if (!S.pos || S.pos.outcome || S.engine.thinking) return;
  if (S.sel) {
    const k = S.sel.prefix.length;
    const cands = candidates();
    if (k > 0 && sq === S.sel.prefix[k - 1]) {
      const done = cands.filter((m) => m.steps.length === k);
      if (done.length) { finish(done); return; }
    }
    const next = cands.filter((m) => m.steps.length > k && m.steps[k].square === sq);
    if (next.length) {
      S.sel.prefix.push(sq);
      const longer = next.filter((m) => m.steps.length > k + 1);
      if (!longer.length) { finish(next); return; }
      highlight();
      return;
    }
    S.sel = null;
  }
  if (S.legal.some((m) => !m.hand && m.from === sq)) S.sel = { from: sq, prefix: [] };
  highlight();
}

const PROMOTION_WORDS = { revert: 'Move (it flips)', promote: 'Promote', decline: 'Do not promote', promote_with_chain: 'Promote, with the others', none: 'Move' };

function finish(moves) {
  if (moves.length === 1) { play(moves[0].text); return; }
  const box = $('promo-choices');
  box.innerHTML = '';
  for (const m of moves) {
    const b = document.createElement('button');
    b.textContent = `${PROMOTION_WORDS[m.promotion] || m.promotion} (${m.text})`;
    b.dataset.move = m.text;
    b.dataset.promotion = m.promotion;
    b.addEventListener('click', () => { $('promo').hidden = true; play(m.text); });
    box.appendChild(b);
  }
  $('promo').hidden = false;
}

async function play(text) {
  S.sel = null;
  try {
    const reply = await B.play(gameBody({ move: text }));
    S.game.moves = reply.history.map((h) => h.text);
    S.cursor = S.game.moves.length;
    showError('');
    await refresh();
  } catch (e) {
    showError(e.message);
    highlight();
  }
}

// ---- piece information on hover ----

async function showPiece(sq) {
  const piece = S.pos && S.pos.pieces.find((p) => p.square === sq);
  if (!piece) return;
  const key = piece.code + '/' + piece.colour + '/' + S.labels;
  if (S.hovered === key) return;
  S.hovered = key;
  let d = S.diagrams.get(key);
  if (!d) {
    try {
      d = await B.diagram(gameBody({ piece: piece.code, colour: piece.colour, labels: S.labels, moves: [] }));
    } catch (e) { return; }
    S.diagrams.set(key, d);
  }
  if (S.hovered !== key) return;
  // With codes, no kanji: they may be what this machine cannot draw.
  const label = (p) => (S.labels === 'codes' ? '' : escapeHtml(p.label) + ' ');
  const promo = d.promotes_to
    ? `Promotes to ${label(d.promotes_to)}${escapeHtml(d.promotes_to.name)} (${escapeHtml(d.promotes_to.code)}).`
    : d.promoted_from ? `Promoted from ${label(d.promoted_from)}${escapeHtml(d.promoted_from.name)}.`
      // A backend that cannot say into what (the WASM package) says only whether it is promoted.
      : d.promotes_to === undefined ? (d.promoted ? 'A promoted piece.' : '') : 'Does not promote.';
  $('piece-info').innerHTML = `<h3 id="piece-name">${label(d)}${escapeHtml(d.name)} (${escapeHtml(d.code)}), ${escapeHtml(piece.colour)}</h3>`
    + `<p id="piece-promotion">${promo}</p>${d.svg}<p class="muted">${escapeHtml(d.doc || '')}</p>`;
}

// ---- variants and the rule-file editor ----

async function loadVariants() {
  const list = await B.variants();
  const sel = $('variant');
  for (const v of list.variants) {
    const o = document.createElement('option');
    o.value = v.name;
    o.textContent = v.bundled ? v.name : `${v.name} (${v.file})`;
    sel.appendChild(o);
  }
  const asked = readAddress();
  const first = list.variants.find((v) => v.name === asked.variant) || list.variants[0];
  if (first) { sel.value = first.name; await pickVariant(first.name, first.name === asked.variant ? asked : null); }
}

// Opens a variant at its start, or at the game `from` (the page's address).
async function pickVariant(name, from) {
  const src = await B.rules(name);
  engineStop();
  S.game = { variant: name, rules: null, name: null, options: {}, position: null, sfen: null, moves: [] };
  S.cursor = 0;
  if (from) {
    Object.assign(S.game, { options: from.options, position: from.position, sfen: from.sfen, moves: from.moves });
    S.cursor = from.ply === null ? from.moves.length : Math.min(from.ply, from.moves.length);
  }
  // Until the new board arrives there is none (the old one is not this variant's).
  S.pos = null;
  S.legal = [];
  S.sel = null;
  S.refreshGen++;
  // An edit of the previous file still being checked must not land here.
  clearTimeout(S.checkTimer);
  S.checkSeq++;
  S.diagrams.clear();
  S.hovered = null;
  $('piece-info').innerHTML = '<p class="muted">Point at a piece to see its moves and promotion.</p>';
  S.ruleFile = src.file.split('/').pop();
  $('rule-name').textContent = src.file;
  $('editor').value = src.text;
  showError('');
  // A file given on the command line may be broken: show why at once.
  const check = await B.check({ variant: name });
  showDiagnostics(check.diagnostics, check.ok);
  await refresh();
}

function scheduleCheck() {
  clearTimeout(S.checkTimer);
  S.checkTimer = setTimeout(checkRules, 250);
  drawGutter();
}

async function checkRules() {
  const text = $('editor').value;
  const seq = ++S.checkSeq;
  const name = $('rule-name').textContent || 'rules.toml';
  let reply;
  try {
    reply = await B.check({ rules: text, name });
  } catch (e) { showError(e.message); return; }
  if (seq !== S.checkSeq) return; // a newer edit is being checked
  showDiagnostics(reply.diagnostics, reply.ok);
  if (reply.ok) {
    engineStop();
    S.game.rules = text;
    S.game.name = name;
    S.diagrams.clear();
    S.hovered = null;
    if (!(await refresh())) {
      // The options or moves may not fit the new rules: start afresh.
      S.game.options = {};
      S.game.moves = [];
      S.cursor = 0;
      S.game.position = null;
      S.game.sfen = null;
      await refresh();
    }
  }
}

function showDiagnostics(list, ok) {
  S.diags = list;
  const st = $('editor-status');
  const errors = list.filter((d) => d.severity === 'error').length;
  st.textContent = ok ? (list.length ? `valid, ${list.length} warning(s)` : 'valid') : `${errors} error(s)`;
  st.className = ok ? 'good' : 'bad';
  const ul = $('diagnostics');
  ul.innerHTML = '';
  for (const d of list) {
    const li = document.createElement('li');
    li.className = d.severity;
    li.dataset.line = d.line;
    li.textContent = `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}` + (d.help ? ` (${d.help})` : '');
    ul.appendChild(li);
  }
  drawGutter();
}

// Line numbers and each diagnostic beside its line, kept in step with the
// editor's scrolling.
function drawGutter() {
  const ed = $('editor');
  const lines = ed.value.split('\n').length;
  const byLine = new Map();
  for (const d of S.diags || []) {
    if (d.line == null) continue;
    const prev = byLine.get(d.line);
    if (!prev || (prev.severity === 'warning' && d.severity === 'error')) byLine.set(d.line, d);
  }
  const g = $('gutter');
  let html = '';
  for (let i = 1; i <= lines; i++) {
    const d = byLine.get(i);
    html += d ? `<div class="${d.severity}" data-line="${i}" title="${escapeHtml(d.message)}">${i}</div>` : `<div data-line="${i}">${i}</div>`;
  }
  g.innerHTML = html;
  const notes = $('notes');
  notes.innerHTML = '';
  for (const [line, d] of byLine) {
    const n = document.createElement('div');
    n.className = d.severity;
    n.dataset.line = line;
    n.style.top = (4 + (line - 1) * 18) + 'px';
    n.textContent = '◀ ' + d.message;
    n.title = d.message + (d.help ? '\n' + d.help : '');
    notes.appendChild(n);
  }
  syncScroll();
}

function syncScroll() {
  const top = $('editor').scrollTop;
  $('gutter').scrollTop = top;
  for (const n of $('notes').children) n.style.transform = `translateY(${-top}px)`;
}

function saveAs() {
  const blob = new Blob([$('editor').value], { type: 'application/toml' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = S.ruleFile || 'rules.toml';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// ---- the game in the page's address ----

// `?variant=NAME&moves=M1+M2...` and optionally `position=TEXT` or
// `sfen=TEXT`, `ply=N` (the ply shown when earlier than the last) and
// `opt.NAME=VALUE` for each option changed: a link that opens this game.
// Edited rule text is not carried (it may be megabytes): such a link
// opens the variant the text started from.
function readAddress() {
  const q = new URLSearchParams(location.search);
  const options = {};
  for (const [k, v] of q) {
    if (!k.startsWith('opt.')) continue;
    options[k.slice(4)] = v === 'true' ? true : v === 'false' ? false : v;
  }
  const moves = (q.get('moves') || '').split(' ').filter((m) => m.length);
  const ply = q.has('ply') && /^[0-9]+$/.test(q.get('ply')) ? Number(q.get('ply')) : null;
  return { variant: q.get('variant'), position: q.get('position'), sfen: q.get('sfen'), moves, ply, options };
}

function writeAddress() {
  const g = S.game;
  const q = new URLSearchParams();
  q.set('variant', g.variant);
  if (g.position) q.set('position', g.position);
  if (g.sfen) q.set('sfen', g.sfen);
  if (g.moves.length) q.set('moves', g.moves.join(' '));
  if (S.cursor < g.moves.length) q.set('ply', String(S.cursor));
  for (const [k, v] of Object.entries(g.options)) q.set('opt.' + k, String(v));
  const old = new URLSearchParams(location.search).get('labels');
  if (old) q.set('labels', old);
  const url = '?' + q.toString();
  if (url !== location.search) history.replaceState(null, '', url);
}

// ---- playing against the engine (backends with one) ----

// The engine plays the side chosen, from the position shown when it is the
// last of the game, within the time or depth chosen; its moves go through
// play() as a person's do. Any change to the game stops it.
function engineTurn() {
  if (!B.engine || !S.pos || S.pos.outcome || S.engine.thinking) return;
  if (S.cursor !== S.game.moves.length || !S.legal.length) return;
  const side = S.engine.side;
  if (side === 'none' || (side !== 'both' && side !== S.pos.side_to_move)) return;
  engineGo();
}

async function engineGo() {
  if (!B.engine || !S.pos || S.pos.outcome || S.engine.thinking) return;
  if (S.cursor !== S.game.moves.length) {
    // Thinking from an earlier ply drops the later moves, as playing does.
    S.game.moves = S.game.moves.slice(0, S.cursor);
  }
  const gen = ++S.engine.gen;
  S.engine.thinking = true;
  $('engine-info').textContent = 'thinking…';
  drawEngine();
  // The strength: `movetime=MS`, or `depth=N movetime=MS` (a depth, within a time).
  const limits = {};
  for (const word of $('engine-strength').value.split(' ')) {
    const [k, v] = word.split('=');
    limits[k] = Number(v);
  }
  let best = null;
  try {
    best = await B.engine.think(gameBody(), limits, (info) => {
      if (gen !== S.engine.gen) return;
      S.engine.info = info;
      const parts = [];
      if (info.depth !== undefined) parts.push(`depth ${info.depth}`);
      if (info.score !== undefined) parts.push(`score ${info.score}`);
      if (info.nodes !== undefined) parts.push(`${info.nodes} nodes`);
      if (info.nps !== undefined) parts.push(`${info.nps} n/s`);
      if (info.pv && info.pv.length) parts.push(`pv ${info.pv.join(' ')}`);
      $('engine-info').textContent = parts.join(', ');
    });
  } catch (e) {
    if (gen === S.engine.gen) showError('engine: ' + e.message);
  }
  if (gen !== S.engine.gen) return;
  S.engine.thinking = false;
  drawEngine();
  if (best) {
    $('engine-last').textContent = best;
    await play(best);
  }
}

function engineStop() {
  S.engine.gen++;
  if (S.engine.thinking && B.engine) B.engine.cancel();
  S.engine.thinking = false;
  if (B.engine) drawEngine();
}

function drawEngine() {
  $('engine-go').disabled = S.engine.thinking;
  $('engine-stop').disabled = !S.engine.thinking;
  $('engine-box').classList.toggle('thinking', S.engine.thinking);
}

// ---- wiring ----

function wire() {
  const board = $('board');
  board.addEventListener('click', (e) => {
    const t = e.target.closest('[data-sq]');
    if (t) clickSquare(t.dataset.sq);
  });
  board.addEventListener('mouseover', (e) => {
    const t = e.target.closest('[data-sq]');
    if (t) showPiece(t.dataset.sq);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { S.sel = null; $('promo').hidden = true; highlight(); }
  });
  $('promo-cancel').addEventListener('click', () => { $('promo').hidden = true; S.sel = null; highlight(); });
  $('variant').addEventListener('change', (e) => pickVariant(e.target.value));
  $('undo').addEventListener('click', () => {
    engineStop();
    if (S.cursor === 0) return;
    S.game.moves = S.game.moves.slice(0, S.cursor - 1);
    S.cursor -= 1;
    refresh();
  });
  $('start').addEventListener('click', () => { engineStop(); S.cursor = 0; refresh(); });
  $('history').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-ply]');
    if (b) { engineStop(); S.cursor = Number(b.dataset.ply); refresh(); }
  });
  $('flip').addEventListener('click', () => { S.flip = !S.flip; refresh(); });
  $('labels').addEventListener('click', () => {
    setLabels(S.labels === 'names' ? 'codes' : 'names', true);
    refresh();
  });
  $('zoom-in').addEventListener('click', () => zoomBy(1.25));
  $('zoom-out').addEventListener('click', () => zoomBy(0.8));
  $('zoom-fit').addEventListener('click', () => { S.zoom = S.zoom === 'fit' ? 1 : 'fit'; applyZoom(); });
  $('export-pos').addEventListener('click', () => { $('io').value = S.pos ? S.pos.position : ''; });
  $('export-sfen').addEventListener('click', () => {
    $('io').value = S.pos && S.pos.sfen ? S.pos.sfen : '';
    if (S.pos && !S.pos.sfen) showError('This variant has no SFEN form; use the position text.');
  });
  $('import').addEventListener('click', async () => {
    const text = $('io').value.trim();
    if (!text) return;
    engineStop();
    const old = { position: S.game.position, sfen: S.game.sfen, moves: S.game.moves, cursor: S.cursor };
    // Native position text separates squares with commas; SFEN never does.
    if (text.includes(',')) { S.game.position = text; S.game.sfen = null; } else { S.game.sfen = text; S.game.position = null; }
    S.game.moves = [];
    S.cursor = 0;
    if (!(await refresh())) {
      Object.assign(S.game, { position: old.position, sfen: old.sfen, moves: old.moves });
      S.cursor = old.cursor;
    } else {
      showError('');
    }
  });
  const ed = $('editor');
  ed.addEventListener('input', scheduleCheck);
  ed.addEventListener('scroll', syncScroll);
  ed.addEventListener('keydown', (e) => {
    if (e.key === 'Tab') { e.preventDefault(); document.execCommand('insertText', false, '  '); }
  });
  $('save-as').addEventListener('click', saveAs);
  $('copy-link').addEventListener('click', async () => {
    $('io').value = location.href;
    try { await navigator.clipboard.writeText(location.href); } catch (e) { /* the text is in the box */ }
  });
  $('engine-side').addEventListener('change', (e) => { S.engine.side = e.target.value; engineTurn(); });
  $('engine-go').addEventListener('click', () => engineGo());
  $('engine-stop').addEventListener('click', () => { if (B.engine) B.engine.stop(); });
}

// The static site (data-backend="wasm") runs the rules in the page; a
// page of `gunbai serve` asks the server.
async function start() {
  if (document.body.dataset.backend === 'wasm') {
    $('status').textContent = 'loading the rules engine…';
    const mod = await import('./wasm-backend.js');
    B = await mod.create();
    // A copy of the site's files for offline use, where the browser
    // allows service workers (https or localhost).
    if ('serviceWorker' in navigator && window.isSecureContext) {
      navigator.serviceWorker.register('sw.js').catch(() => { /* online only */ });
    }
  }
  $('engine-box').hidden = !B.engine;
  if (B.engine) drawEngine();
  await loadVariants();
}

setLabels(initialLabels(), false);
wire();
start().catch((e) => showError(e.message));
