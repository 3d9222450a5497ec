// Globals of our module workers (web/boot/worker-prelude.js sets them; interpreter.js reads them).

/** Set by the module boot.js puts before the prelude (see wrapWorker there). */
declare var oriflammeBootParams: BootParams | undefined;
/** Promises of the runtime pieces the page prepared (null: it could not; Pyodide fetches it). */
declare var oriflammeEarly: { snapshot?: Promise<ArrayBuffer | null>; wasm?: Promise<WebAssembly.Module | null> } | undefined;
/** Reports a boot stage to the page (a no-op without the prelude). */
declare var oriflammeBootReport: ((stage: string) => void) | undefined;
