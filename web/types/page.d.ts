// Browser APIs the page uses that TypeScript's DOM library does not declare (not yet standard).

/** Chromium's install prompt (web/pwa/pwa.js keeps it for our own "Install" button). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

interface WindowEventMap {
  beforeinstallprompt: BeforeInstallPromptEvent;
}
