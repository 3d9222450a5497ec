// The page's entry: picks the language, reads the catalogue and the URL, starts the engine (its boot
// progress drawn as it goes), listens to the player, then shows the setup form, a game or a shared replay.
// The rest lives in: store.js (state, redraw), screen.js (what is drawn), loop.js (the game loop),
// input.js (clicks, keys, the form), games.js (one adapter per game), chrome.js (the shared table chrome).
import { pickLang, setLang } from "../i18n/index.js";
import { S, TEST, app, params, received, render, whenIdle, engineReady, engineStarted } from "./store.js";
import "./screen.js";
import { loadCatalogue } from "./catalogue.js";
import { defaultSetup, fromParams, checkedSetup } from "./setup.js";
import { rememberedSetup, rememberedLang } from "./prefs.js";
import { FONT_WARMUP_LINES, warmFonts } from "./bootbar.js";
import { peekSave, savedGame, savedLink, gameLink } from "./saves.js";
import { isShareLink } from "./share.js";
import { initExtras, setNotice } from "./extras.js";
import { listen } from "./input.js";
import { startGame, resumeGame, precacheWhenIdle } from "./loop.js";
import { showReplay } from "./screen.js";
import { adapterOf, loadAdapter } from "./games.js";
import { t } from "../i18n/index.js";
import { initCardDetail } from "./carddetail.js";
import "./prefs.js"; // the theme in use, before the first frame
import { followMotion } from "./oriflamme/follow.js";
import { followSound } from "./sound.js";

async function connect() {
  try {
    const mod = await import("../engine.js"); // (web/dev/devserver.py answers this path with its HTTP bridge)
    const engine = await mod.connectEngine((p) => {
      S.boot = { ...S.boot, stage: p.stage, fraction: Math.max(S.boot.fraction, p.fraction || 0) };
      render();
    });
    S.boot = { ...S.boot, ready: true, fraction: 1 };
    if (TEST) window.__oriflamme = { engine, received };
    engineStarted(engine);
    render();
    if (S.screen !== "game") precacheWhenIdle(); // (a game registers it at the human's first decision)
  } catch (err) {
    S.boot = { ...S.boot, error: err instanceof Error && err.message ? err.message : String(err) };
    engineStarted(null);
    render();
  }
}

connect();
const [lang0] = await Promise.all([setLang(pickLang(params.get("lang") || rememberedLang())), loadCatalogue(engineReady)]);
const defaults = defaultSetup(lang0);
const parsed = fromParams(params, checkedSetup(rememberedSetup(defaults), defaults));
S.setup = parsed.setup;
listen();
initCardDetail(app);
followMotion();
followSound();
initExtras(app, { render: () => render(), engine: () => S.engine });
if (peekSave()?.bad) setNotice(t("badSave"));
S.linkProblems = parsed.problems; // said at the top of the form, instead of another game
// The form's game may be one whose texts come with its adapter (games.js): a link to Château, Village &
// Port that shows the form (a mistake in it, or another game in progress) drew its labels as keys.
if (!adapterOf(S.setup.game)) loadAdapter(S.setup.game).then(() => { if (S.screen === "setup") render(); });
if (isShareLink()) { // a shared finished game: the replay viewer
  S.screen = "replay";
  render();
  import("./replay.js").then((m) => {
    showReplay(m);
    render();
    m.startReplay(app, engineReady, render);
  });
} else if (parsed.start && savedGame() && savedLink() !== gameLink(params)) {
  // a link for another game than the one in progress here: ask before replacing it
  S.askLink = gameLink(params);
  setTimeout(() => { render(); /** @type {HTMLElement | null} */ (app.querySelector("[data-ui=link-keep]"))?.focus(); }, 0);
} else if (parsed.start) {
  // The first screen is drawn in a task of its own, not in the one that evaluated the page's modules:
  // two shorter main-thread tasks instead of one long one. The link's own game, if saved, resumes.
  S.screen = "game";
  S.busy = true;
  S.link = gameLink(params);
  setTimeout(savedGame() ? resumeGame : startGame, 0);
} else setTimeout(render, 0);
// Once the first screen is up, the table's fonts are looked up in hidden lines that stay for the page's
// life (bootbar.js warmFonts, D172), a few lines per idle period so that no frame takes them all.
let warmed = 0;
const warmStep = () => {
  if (S.boot.ready || warmed >= FONT_WARMUP_LINES) return;
  warmed += 3;
  warmFonts(warmed);
  whenIdle(warmStep);
};
whenIdle(warmStep);
