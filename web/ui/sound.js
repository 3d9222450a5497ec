// Short sound cues made here with WebAudio oscillators (no sound files): your turn, a reveal, an
// elimination, the end of the game. Silent unless switched on (web/ui/prefs.js). The cues follow the
// engine's events as told to this viewer; the UI only maps event types to cues.
import { soundOn } from "./prefs.js";
import { on } from "./loop.js";
/** @import { Update } from "../types/bridge" */
/** @typedef {{type: OscillatorType, gain: number, notes: [number, number, number][]}} Cue */
/** @typedef {"turn" | "reveal" | "eliminated" | "end"} CueName */

// [frequency Hz, start s, length s] per note; one timbre per cue
/** @type {Record<CueName, Cue>} */
const CUES = {
  turn: { type: "sine", gain: 0.16, notes: [[660, 0, 0.09], [880, 0.1, 0.14]] },
  reveal: { type: "triangle", gain: 0.14, notes: [[520, 0, 0.06], [780, 0.05, 0.1]] },
  eliminated: { type: "sawtooth", gain: 0.07, notes: [[330, 0, 0.12], [220, 0.1, 0.2]] },
  end: { type: "sine", gain: 0.15, notes: [[523, 0, 0.15], [659, 0.15, 0.15], [784, 0.3, 0.3]] },
};
/** @type {Record<string, CueName>} */
const EVENT_CUES = { revealed: "reveal", eliminated: "eliminated", game_over: "end" };

/** @type {AudioContext | null} */
let ctx = null;
let lastAt = 0;

/**
 * Plays one cue now (nothing if sound is off or the browser has no WebAudio).
 * @param {CueName} name
 */
export function cue(name) {
  const c = Object.hasOwn(CUES, name) ? CUES[name] : null;
  if (!c || !soundOn()) return;
  /** @type {typeof AudioContext | undefined} (older Safari: only the prefixed one) */
  const AC = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
  if (!AC) return;
  try {
    ctx ||= new AC();
    if (ctx.state === "suspended") ctx.resume();
    const t0 = Math.max(ctx.currentTime, lastAt);
    for (const [freq, at, len] of c.notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = c.type;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(c.gain, t0 + at + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + len + 0.02);
    }
    lastAt = t0 + Math.max(...c.notes.map(([, at, len]) => at + len)); // cues of one update play one after another
  } catch { /* an audio device that refuses: silence */ }
}

/**
 * The cues of one update: its events, then "your turn" when a human is asked to decide.
 * @param {Update} update
 * @returns {CueName[]}
 */
export function cuesOf(update) {
  /** @type {CueName[]} */
  const names = [];
  for (const ev of update.events || []) {
    const name = Object.hasOwn(EVENT_CUES, ev.type) ? EVENT_CUES[ev.type] : null;
    if (name && !names.includes(name)) names.push(name);
  }
  if (!update.over && update.to_act_kind === "human" && (update.legal || []).length) names.push("turn");
  return names;
}

/** Play the cues of every answer of the engine (nothing while sound is off). */
export function followSound() {
  on("update", ({ update }) => { if (soundOn()) cuesOf(update).forEach(cue); });
}
