// Size and speed of the WebAssembly package against the native CLI on the
// same machine (docs/performance.md, "WebAssembly"). A benchmark, not a
// test: it prints figures and asserts nothing.
//
//   node bindings/wasm/bench/bench.mjs [PKG] [GUNBAI]
//
// Times are CPU time (user), the least of three runs, so that other load
// on a shared machine counts less: process.cpuUsage() around the call in
// Node, bash's `time` around the whole process for the CLI (its start-up
// and rule compiling included, which favours the package slightly).

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '../../..');
const pkg = resolve(root, process.argv[2] ?? 'target/wasm-pkg');
const bin = resolve(root, process.argv[3] ?? 'target/release/gunbai');
const g = await import(pathToFileURL(join(pkg, 'index.js')).href);
await g.init();

const RUNS = 3;
const cpu = (f) => {
  const t = process.cpuUsage();
  const out = f();
  const d = process.cpuUsage(t);
  return [out, (d.user + d.system) / 1e6];
};
const native = (args) => {
  const quoted = args.map((a) => `'${a}'`).join(' ');
  const r = spawnSync('bash', ['-c', `TIMEFORMAT=%U:%S; time '${bin}' ${quoted} >/dev/null`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  const [u, s] = r.stderr.trim().split('\n').pop().split(':').map(Number);
  return u + s;
};
const best = (f) => Math.min(...Array.from({ length: RUNS }, f));

const wasm = readFileSync(join(pkg, 'gunbai_wasm_bg.wasm'));
const gz = gzipSync(wasm, { level: 9 }).length;
console.log(`size: gunbai_wasm_bg.wasm ${(wasm.length / 1048576).toFixed(2)} MiB, gzip -9 ${(gz / 1048576).toFixed(2)} MiB (${g.variants().length} rule files inside)`);

const line = (what, w, n, unit) =>
  console.log(`${what}: wasm ${Math.round(w).toLocaleString('en')} ${unit}, native ${Math.round(n).toLocaleString('en')} ${unit}: ${(w / n).toFixed(2)}x`);

for (const [variant, depth] of [
  ['chu', 4],
  ['shogi', 5],
]) {
  const b = new g.Board(variant);
  let count = 0;
  const tw = best(() => {
    const [n, t] = cpu(() => b.perft(depth));
    count = n;
    return t;
  });
  const tn = best(() => native(['perft', variant, String(depth), '--threads', '1']));
  line(`perft ${variant} ${depth} (${count.toLocaleString('en')} leaves)`, count / tw, count / tn, 'leaves/s');
}

const NODES = 200000;
for (const variant of ['chu', 'shogi']) {
  let nodes = 0;
  const tw = best(() => {
    const b = new g.Board(variant);
    const [r, t] = cpu(() => b.search({ nodes: NODES }));
    nodes = r.nodes;
    b.free();
    return t;
  });
  const tn = best(() => native(['bench', variant, '--depth', '1', '--search-nodes', String(NODES)]));
  line(`search ${variant} (${nodes.toLocaleString('en')} nodes)`, nodes / tw, NODES / tn, 'nodes/s');
}
