// esbuild entry (scripts/build.py → dist/web/boot/fake-indexeddb.js): an in-memory IndexedDB,
// installed on globalThis. Loaded only where the browser denies storage (cross-site iframes).
import "fake-indexeddb/auto";
