// Our own card art: one emblem per card, drawn in a 64×64 box with the current colour.
// Shapes are simple and bold so they stay readable on a 50-pixel-wide card.
const S = 'fill="none" stroke="currentColor" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"';
const F = 'fill="currentColor"';

/** @type {Record<string, string>} */
export const EMBLEMS = {
  // a drawn bow with its arrow
  archer: `<path ${S} d="M20 8 C44 16 44 48 20 56"/><path ${S} stroke-width="2" d="M20 8 L20 56"/>
    <path ${S} d="M10 32 L54 32"/><path ${F} d="M56 32 L46 26 L46 38 Z"/><path ${S} stroke-width="3" d="M10 32 l-4 -5 M10 32 l-4 5"/>`,
  // an upright sword
  soldier: `<path ${F} d="M27 10 L32 2 L37 10 L37 42 L27 42 Z"/><path ${F} d="M16 41 L48 41 L48 47 L16 47 Z"/>
    <path ${S} stroke-width="6" d="M32 47 L32 56"/><circle ${F} cx="32" cy="59" r="4.5"/>`,
  // a watchful eye
  spy: `<path ${S} d="M6 32 C18 16 46 16 58 32 C46 48 18 48 6 32 Z"/><circle ${F} cx="32" cy="32" r="8"/>
    <circle fill="#fff" cx="35" cy="29" r="2.5"/>`,
  // a coronet with a star above it
  heir: `<path ${F} d="M8 46 L8 20 L20 33 L32 16 L44 33 L56 20 L56 46 Z"/><path ${S} d="M8 54 L56 54"/>
    <path ${F} d="M32 2 L34.5 8 L41 8 L36 12 L38 18 L32 14.5 L26 18 L28 12 L23 8 L29.5 8 Z"/>`,
  // a dagger with a falling drop
  assassination: `<path ${F} d="M44 6 L50 12 L26 38 L22 34 Z"/><path ${S} d="M16 32 L30 46"/>
    <path ${S} d="M22 40 L12 50"/><path ${F} d="M44 44 C44 44 38 52 38 55 a6 6 0 0 0 12 0 C50 52 44 44 44 44 Z"/>`,
  // a scroll with a seal
  decree: `<path ${S} d="M16 10 L46 10 L46 50 L18 50"/><path ${S} d="M16 10 a5 5 0 0 0 0 10 L22 20 L22 10"/>
    <path ${S} stroke-width="3" d="M28 20 L40 20 M28 28 L40 28 M28 36 L36 36"/><circle ${F} cx="18" cy="50" r="7"/>`,
  // a keep with battlements
  lord: `<path ${S} d="M16 56 L16 18 L22 18 L22 24 L29 24 L29 18 L35 18 L35 24 L42 24 L42 18 L48 18 L48 56 Z"/>
    <path ${F} d="M27 56 L27 44 a5 5 0 0 1 10 0 L37 56 Z"/><path ${S} stroke-width="3" d="M32 18 L32 6 L42 9 L32 12"/>`,
  // a half-light, half-dark mask
  shapeshifter: `<path ${S} d="M10 18 C22 12 42 12 54 18 C54 40 44 54 32 56 C20 54 10 40 10 18 Z"/>
    <path ${F} d="M32 14 C42 14 50 15 54 18 C54 40 44 54 32 56 Z"/>
    <path ${S} stroke-width="3" d="M17 28 L26 30"/><path fill="#fff" d="M38 30 L47 28 L46 32 L39 33 Z"/>`,
  // the open jaws of a trap
  ambush: `<path ${S} d="M6 30 C6 8 58 8 58 30"/><path ${S} d="M6 36 C6 58 58 58 58 36"/>
    <path ${F} d="M12 26 L16 36 L20 24 Z M24 20 L28 34 L32 19 Z M36 19 L38 34 L42 20 Z M46 23 L48 36 L52 26 Z"/>
    <path ${F} d="M14 40 L18 30 L22 42 Z M26 44 L30 30 L34 45 Z M38 44 L41 30 L44 42 Z"/>`,
  // a keyhole in a shield: secrets
  conspiracy: `<path ${S} d="M32 6 L52 14 C52 34 44 50 32 58 C20 50 12 34 12 14 Z"/>
    <circle ${F} cx="32" cy="26" r="6"/><path ${F} d="M29 28 L35 28 L37 44 L27 44 Z"/>`,
  // prototype: a hooded figure
  assassin: `<path ${S} d="M14 58 C14 30 20 8 32 8 C44 8 50 30 50 58"/>
    <path ${F} d="M22 30 C22 20 42 20 42 30 C42 40 36 44 32 44 C28 44 22 40 22 30 Z"/>
    <circle fill="#fff" cx="28" cy="31" r="2"/><circle fill="#fff" cx="36" cy="31" r="2"/>`,
  // prototype: a heavy purse of coins
  mercenaries: `<path ${S} d="M24 14 L40 14 L36 22 C50 28 54 40 52 48 C50 56 14 56 12 48 C10 40 14 28 28 22 Z"/>
    <path ${S} stroke-width="3" d="M26 22 L38 22"/><path ${S} stroke-width="3" d="M32 30 L32 48 M27 34 C27 30 37 30 37 35 C37 40 27 38 27 43 C27 48 37 48 37 44"/>`,
  // prototype: a tall crown with a jewel
  queen: `<path ${S} d="M12 44 L8 16 L22 28 L32 8 L42 28 L56 16 L52 44 Z"/><path ${S} d="M12 52 L52 52"/>
    <circle ${F} cx="32" cy="34" r="5"/>`,
};

/**
 * Emblem markup for a card id; unknown ids get a question mark, never a crash.
 * @param {string} card
 */
export function emblemSvg(card) {
  const body = EMBLEMS[card] || `<text x="32" y="44" text-anchor="middle" font-size="36" ${F}>?</text>`;
  return `<svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">${body}</svg>`;
}

/** The back of a card: a banner (an oriflamme) on a pole. */
export const BACK_SVG = `<svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
  <path ${S} d="M18 58 L18 6"/><path ${F} d="M20 8 L52 8 L44 18 L52 28 L20 28 Z"/></svg>`;
