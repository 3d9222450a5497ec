// Messages of the boot (web/boot/*): shared by the page's and the workers' type checks.

/** A runtime piece the page prepares for the engine worker (early.js: the wasm; runtime-worker.js: the snapshot). */
type RuntimePiece = "snapshot" | "wasm";

/** What early.js or the runtime worker delivers, and the page relays to the engine worker: one piece, or why not. */
interface RuntimeMessage {
  snapshot?: ArrayBuffer;
  wasm?: WebAssembly.Module;
  absent?: RuntimePiece;
  failed?: RuntimePiece;
  error?: string;
}

/** What the page asks the runtime worker to prepare: the URLs of the wasm and of the kept snapshot. */
interface RuntimeJob {
  wasm?: string;
  packed?: string;          // the wasm compressed with zstd (D200)
  decoder?: string;         // the zstd decoder's module (fzstd)
  packedFirst?: boolean;    // the packed wasm first: from another machine, or the service worker (D201)
  keep?: string;            // the Cache Storage cache that keeps the inflated wasm
  snapshot?: string;
  format?: string;          // snapshot-format.js (the worker may run from a blob: URL)
}

/** The parameters boot.js gives every module worker (worker-prelude.js reads them). */
interface BootParams {
  ch?: string;              // the BroadcastChannel the workers report boot progress on
  idb?: boolean;            // true: no usable IndexedDB, install the in-memory one
  early?: RuntimePiece[];   // the pieces the page sends on a MessagePort
}

/** A boot message on the channel: a stage reached, or a runtime file downloaded. */
type BootMessage =
  | { type: "stage"; stage: string; t?: number }
  | { type: "resource"; file: string; bytes?: number; transfer?: number; t?: number };
