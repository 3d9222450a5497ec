// Browser APIs the page uses that TypeScript's DOM library does not declare (not yet standard).

/** Chromium's install prompt (web/pwa/pwa.js keeps it for our own "Install" button). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

interface WindowEventMap {
  beforeinstallprompt: BeforeInstallPromptEvent;
}

/** Under ?test=1 only (web/ui/main.js): what the browser tests read from the page. */
interface Window {
  __oriflamme?: { engine: import("./bridge").Engine; received: import("./bridge").Update[] | null };
  /** How long the last review took (web/ui/review.js), for the browser tests and the notes. */
  __reviewMs?: number;
}

/** PyScript's worker for `<script type="py" worker>` (web/engine.js): ready once Python has run the
 * worker's script; `sync` calls what py/engine_worker.py exports, each answering JSON text. */
interface XWorker {
  ready: Promise<{ sync: EngineSync }>;
}
interface EngineSync {
  [name: string]: (...args: (string | null)[]) => Promise<string>;
}
