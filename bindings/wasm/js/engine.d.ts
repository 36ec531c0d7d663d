// Types of engine.js: the engine session that worker.js runs.
import type { EngineMessageIn, EngineMessageOut } from './index.js';

export class EngineSession {
  constructor(post: (msg: EngineMessageOut) => void);
  /** Handles one message, in order; `stop` acts at once. */
  handle(msg: EngineMessageIn): Promise<void>;
  /** Waits until no search runs. */
  idle(): Promise<void>;
}
