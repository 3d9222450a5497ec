// The service worker's one global of its own: workbox-build's injectManifest replaces
// `self.__WB_MANIFEST` in web/pwa/sw.js by the precache list (scripts/build_sw.mjs).
declare var __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
