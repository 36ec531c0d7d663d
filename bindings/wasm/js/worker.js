// The engine in a Web Worker: create it with
//   new Worker(new URL('./worker.js', import.meta.url), {type: 'module'})
// and talk to it with the messages engine.js lists (position, go, stop,
// isready, setoption, newgame). One thread, no SharedArrayBuffer.

import { init } from './index.js';
import { EngineSession } from './engine.js';

const session = new EngineSession((msg) => self.postMessage(msg));
const loaded = init().then(
  () => true,
  (e) => {
    self.postMessage({ type: 'error', message: `gunbai could not load: ${e && e.message ? e.message : e}`, diagnostics: [] });
    return false;
  },
);

self.onmessage = (event) => {
  const msg = event.data;
  // `stop` acts at once; everything else is queued in order by the session.
  if (msg !== null && typeof msg === 'object' && msg.type === 'stop') {
    session.handle(msg);
    return;
  }
  loaded.then((ok) => ok && session.handle(msg));
};
