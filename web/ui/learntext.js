// Words of the learning features (hints that explain, the review, the guided games, undo, statistics) in
// EN/FR/DE, and the sentences built from the engine's structured data (tabletop.hints, moments, review).
// The engine sends ids and numbers only; every word is chosen here.
import { t, has, addTexts, own, colourName } from "../i18n/index.js";
import { adapterOf, loadAdapter } from "./games.js";

/** @typedef {{kind: string, [field: string]: any}} Move a move as tabletop.hints describes it (ids, seats, positions) */
/** @typedef {{kind: string, [field: string]: any}} Effect what a move does, from the engine's events */
/** @typedef {{action: string, move?: Move | null, effects?: Effect[], reason?: number | null,
 *   points?: Record<string, number>}} ExplainedHint the hint with its explanation (api.hint) */
/** @typedef {ReturnType<typeof namer>} Namer */

/**
 * Resolves once the names of `game` can be said: its adapter names its cards and places (call before `namer`).
 * @param {string | null | undefined} game
 * @returns {Promise<void>}
 */
export async function loadNames(game) {
  await loadAdapter(game);
}

/** The tables, by language (exported for the tests: every language says everything English says). */
export const TEXT = {
  en: {
    you: "you", your: "your", yourCard: "your card", aCard: "a face-down card",
    // hint: the move
    "m.place.first": "Place your {card} at the start of the queue",
    "m.place.last": "Place your {card} at the end of the queue",
    "m.place.on": "Place your {card} on your stack at position {pos}",
    "m.reveal": "Reveal your {card}",
    "m.stay": "Leave your {card} face down",
    "m.eliminate": "Eliminate the {card} of {owner} at position {pos}",
    "m.copy": "Copy the {card} of {owner} at position {pos}",
    "m.steal": "Take a point from {victim}",
    "m.move": "Move the {card} of {owner} from position {pos} to gap {to}",
    "m.moveOnto": "Move the {card} of {owner} from position {pos} onto position {to}",
    "m.eliminate.down": "Eliminate the face-down card of {owner} at position {pos}",
    "m.move.down": "Move the face-down card of {owner} from position {pos} to gap {to}",
    "m.moveOnto.down": "Move the face-down card of {owner} from position {pos} onto position {to}",
    "m.choose": "Designate positions {a} and {b}",
    "m.select": "Choose your {card} for this turn",
    "m.put": "Put your {card} in the {place}",
    "m.lmove": "Move the {card} of {owner} to the {to}",
    "m.lcopy": "Copy the {card} of {owner}",
    "m.discard": "Discard the {card} of {owner}",
    "m.eliminate.own": "Eliminate your {card} at position {pos}",
    "m.copy.own": "Copy your {card} at position {pos}",
    "m.move.own": "Move your {card} from position {pos} to gap {to}",
    "m.moveOnto.own": "Move your {card} from position {pos} onto position {to}",
    "m.lmove.own": "Move your {card} to the {to}",
    "m.lcopy.own": "Copy your {card}",
    "m.discard.own": "Discard your {card}",
    "m.target": "Aim at {victim}",
    "m.targetPlace": "Send {victim} to the {place}",
    // hint: the reason
    "r.eliminate": "it removes the {card} of {victim}",
    "r.eliminate.down": "it removes the face-down card of {victim}",
    "r.ambush": "the Ambush of {player} springs",
    "r.steal": "it takes {amount} from {victim}",
    "r.gain": "you score {amount}",
    "r.gain.card": "your {card} scores {amount}",
    "r.gain.tokens": "you collect {amount} from its tokens",
    "r.gain.conspiracy": "your Conspiracy pays {amount}",
    "r.gain.reward": "the place pays you {amount}",
    "r.token": "it gains a token ({tokens} on it now)",
    "r.reveal": "your {card} turns face up",
    "r.move": "it moves the {card} of {victim}",
    "r.move.down": "it moves the face-down card of {victim}",
    "r.copy": "it copies the {card}",
    "r.discard": "{card} of {victim} leaves the table",
    "r.force": "{victim} must play in the {place}",
    "r.swap": "the card {victim} chose is swapped",
    hintSentence: "{move}: {reason}.", hintPoints: "{move}: {reason} ({points}).", hintMove: "{move}.",
    // undo
    undo: "Take back", undoHelp: "Take back your last move and the bots' replies since",
    "ev.taken_back": "{player} took back a move.",
    // review
    review: "Game review", scoreChart: "Score by round", round0: "Start", roundN: "R{r}",
    keyMoments: "Key moments", noMoments: "A quiet game: no big swing.",
    "k.ambush": "Round {round}: the Ambush of {player} springs on {attacker}",
    "k.ambush.own": "Round {round}: {player} walks into their own Ambush",
    "k.eliminate": "Round {round}: {player} eliminates the {card} of {victim}",
    "k.steal": "Round {round}: {player} takes {amount} from {victim}",
    "k.steal.leader": "Round {round}: {player} takes {amount} from the leader, {victim}",
    "k.gain.conspiracy": "Round {round}: the Conspiracy of {player} pays {amount}",
    "k.gain": "Round {round}: {player} scores {amount}",
    "k.gain.card": "Round {round}: the {card} of {player} scores {amount}",
    "k.gain.tokens": "Round {round}: {player} collects {amount} from a card's tokens",
    "k.discard": "Round {round}: {player} discards the {card} of {victim}",
    "k.other": "Round {round}: {player} plays",
    decisive: "from here on, {player} leads to the end",
    decisions: "Your decisions", reviewing: "Reviewing your decisions… {done}/{total}",
    decisionsAll: "The players' decisions", reviewingAll: "Reviewing the players' decisions… {done}/{total}",
    reviewDone: "{n} decisions reviewed by the strongest bot, from what you could see at the time.",
    noMistakes: "No costly decision: well played.",
    played: "played {move}", better: "better: {move}", winChance: "win chance {a}% → {b}%",
    "g.inaccuracy": "Inaccuracy", "g.mistake": "Mistake", "g.blunder": "Blunder",
    held: "Every hand", hand: "Hand", aside: "Aside", pile: "Draw pile",
    watchReplay: "Watch replay", atStep: "Open the replay here",
    // guided game
    learn: "Learn to play", learnHelp: "A guided first game: about five minutes, you make the moves.",
    learnGame: "Guided game", skip: "Skip the guided game", next: "Continue", learnDone: "Play a real game",
    tutorialStep: "Guided game · step {k}/{n}", doThis: "Your move: {move}.",
    // statistics
    stats: "Statistics", statsTitle: "Your statistics on this device", games: "Games", wins: "Wins",
    avgScore: "Average score", bestScore: "Best score", streak: "Current win streak", reset: "Reset statistics",
    resetDone: "Statistics cleared.", noStats: "No finished game yet.", level: "Strongest bot", edition: "Edition",
    all: "All games",
  },
  fr: {
    you: "vous", your: "votre", yourCard: "votre carte", aCard: "une carte face cachée",
    "m.place.first": "Posez votre {card} au début de la file",
    "m.place.last": "Posez votre {card} au bout de la file",
    "m.place.on": "Posez votre {card} sur votre pile en position {pos}",
    "m.reveal": "Révélez votre {card}",
    "m.stay": "Laissez votre {card} face cachée",
    "m.eliminate": "Éliminez la carte {card} de {owner} en position {pos}",
    "m.copy": "Copiez la carte {card} de {owner} en position {pos}",
    "m.steal": "Prenez un point à {victim}",
    "m.move": "Déplacez la carte {card} de {owner} de la position {pos} à l'espace {to}",
    "m.moveOnto": "Déplacez la carte {card} de {owner} de la position {pos} sur la position {to}",
    "m.eliminate.down": "Éliminez la carte face cachée de {owner} en position {pos}",
    "m.move.down": "Déplacez la carte face cachée de {owner} de la position {pos} à l'espace {to}",
    "m.moveOnto.down": "Déplacez la carte face cachée de {owner} de la position {pos} sur la position {to}",
    "m.choose": "Désignez les positions {a} et {b}",
    "m.select": "Choisissez votre {card} pour ce tour",
    "m.put": "Placez votre {card} au {place}",
    "m.lmove": "Déplacez la carte {card} de {owner} au {to}",
    "m.lcopy": "Copiez la carte {card} de {owner}",
    "m.discard": "Défaussez la carte {card} de {owner}",
    "m.eliminate.own": "Éliminez votre {card} en position {pos}",
    "m.copy.own": "Copiez votre {card} en position {pos}",
    "m.move.own": "Déplacez votre {card} de la position {pos} à l'espace {to}",
    "m.moveOnto.own": "Déplacez votre {card} de la position {pos} sur la position {to}",
    "m.lmove.own": "Déplacez votre {card} au {to}",
    "m.lcopy.own": "Copiez votre {card}",
    "m.discard.own": "Défaussez votre {card}",
    "m.target": "Visez {victim}",
    "m.targetPlace": "Envoyez {victim} au {place}",
    "r.eliminate": "la carte {card} de {victim} est retirée",
    "r.eliminate.down": "la carte face cachée de {victim} est retirée",
    "r.ambush": "l'Embuscade de {player} se déclenche",
    "r.steal": "vous prenez {amount} à {victim}",
    "r.gain": "vous marquez {amount}",
    "r.gain.card": "votre {card} marque {amount}",
    "r.gain.tokens": "vous récupérez {amount} grâce à ses jetons",
    "r.gain.conspiracy": "votre Complot rapporte {amount}",
    "r.gain.reward": "le lieu vous rapporte {amount}",
    "r.token": "un jeton s'y ajoute ({tokens} dessus)",
    "r.reveal": "votre {card} se retourne",
    "r.move": "la carte {card} de {victim} est déplacée",
    "r.move.down": "la carte face cachée de {victim} est déplacée",
    "r.copy": "la carte {card} est copiée",
    "r.discard": "la carte {card} de {victim} quitte la table",
    "r.force": "{victim} devra jouer au {place}",
    "r.swap": "la carte choisie par {victim} est échangée",
    hintSentence: "{move} : {reason}.", hintPoints: "{move} : {reason} ({points}).", hintMove: "{move}.",
    undo: "Reprendre", undoHelp: "Reprendre votre dernier coup et les réponses des bots depuis",
    "ev.taken_back": "{player} a repris un coup.",
    review: "Bilan de la partie", scoreChart: "Score par manche", round0: "Départ", roundN: "M{r}",
    keyMoments: "Moments clés", noMoments: "Partie calme : aucun grand écart.",
    "k.ambush": "Manche {round} : l'Embuscade de {player} piège {attacker}",
    "k.ambush.own": "Manche {round} : {player} tombe dans sa propre Embuscade",
    "k.eliminate": "Manche {round} : {player} élimine la carte {card} de {victim}",
    "k.steal": "Manche {round} : {player} prend {amount} à {victim}",
    "k.steal.leader": "Manche {round} : {player} prend {amount} au meneur, {victim}",
    "k.gain.conspiracy": "Manche {round} : le Complot de {player} rapporte {amount}",
    "k.gain": "Manche {round} : {player} marque {amount}",
    "k.gain.card": "Manche {round} : la carte {card} de {player} rapporte {amount}",
    "k.gain.tokens": "Manche {round} : {player} récupère {amount} grâce aux jetons d'une carte",
    "k.discard": "Manche {round} : {player} défausse la carte {card} de {victim}",
    "k.other": "Manche {round} : {player} joue",
    decisive: "dès lors, {player} mène jusqu'à la fin",
    decisions: "Vos décisions", reviewing: "Analyse de vos décisions… {done}/{total}",
    decisionsAll: "Les décisions des joueurs", reviewingAll: "Analyse des décisions des joueurs… {done}/{total}",
    reviewDone: "{n} décisions analysées par le bot le plus fort, avec ce que vous pouviez voir à ce moment.",
    noMistakes: "Aucune décision coûteuse : bien joué.",
    played: "joué : {move}", better: "mieux : {move}", winChance: "chance de gagner {a} % → {b} %",
    "g.inaccuracy": "Imprécision", "g.mistake": "Erreur", "g.blunder": "Gaffe",
    held: "Toutes les mains", hand: "Main", aside: "De côté", pile: "Pioche",
    watchReplay: "Revoir la partie", atStep: "Ouvrir le rejeu ici",
    learn: "Apprendre à jouer", learnHelp: "Une première partie guidée : environ cinq minutes, c'est vous qui jouez.",
    learnGame: "Partie guidée", skip: "Passer la partie guidée", next: "Continuer", learnDone: "Jouer une vraie partie",
    tutorialStep: "Partie guidée · étape {k}/{n}", doThis: "À vous : {move}.",
    stats: "Statistiques", statsTitle: "Vos statistiques sur cet appareil", games: "Parties", wins: "Victoires",
    avgScore: "Score moyen", bestScore: "Meilleur score", streak: "Série de victoires en cours", reset: "Effacer les statistiques",
    resetDone: "Statistiques effacées.", noStats: "Aucune partie terminée pour l'instant.", level: "Bot le plus fort", edition: "Édition",
    all: "Toutes les parties",
  },
  de: {
    you: "du", your: "dein", yourCard: "deine Karte", aCard: "eine verdeckte Karte",
    "m.place.first": "Lege deine Karte {card} an den Anfang der Reihe",
    "m.place.last": "Lege deine Karte {card} ans Ende der Reihe",
    "m.place.on": "Lege deine Karte {card} auf deinen Stapel an Position {pos}",
    "m.reveal": "Decke deine Karte {card} auf",
    "m.stay": "Lass deine Karte {card} verdeckt",
    "m.eliminate": "Schalte die Karte {card} von {owner} an Position {pos} aus",
    "m.copy": "Kopiere die Karte {card} von {owner} an Position {pos}",
    "m.steal": "Nimm {victim} einen Punkt ab",
    "m.move": "Verschiebe die Karte {card} von {owner} von Position {pos} in Lücke {to}",
    "m.moveOnto": "Verschiebe die Karte {card} von {owner} von Position {pos} auf Position {to}",
    "m.eliminate.down": "Schalte die verdeckte Karte von {owner} an Position {pos} aus",
    "m.move.down": "Verschiebe die verdeckte Karte von {owner} von Position {pos} in Lücke {to}",
    "m.moveOnto.down": "Verschiebe die verdeckte Karte von {owner} von Position {pos} auf Position {to}",
    "m.choose": "Bestimme die Positionen {a} und {b}",
    "m.select": "Wähle deine Karte {card} für diesen Zug",
    "m.put": "Lege deine Karte {card} an den Ort {place}",
    "m.lmove": "Verschiebe die Karte {card} von {owner} an den Ort {to}",
    "m.lcopy": "Kopiere die Karte {card} von {owner}",
    "m.discard": "Wirf die Karte {card} von {owner} ab",
    "m.eliminate.own": "Schalte deine Karte {card} an Position {pos} aus",
    "m.copy.own": "Kopiere deine Karte {card} an Position {pos}",
    "m.move.own": "Verschiebe deine Karte {card} von Position {pos} in Lücke {to}",
    "m.moveOnto.own": "Verschiebe deine Karte {card} von Position {pos} auf Position {to}",
    "m.lmove.own": "Verschiebe deine Karte {card} an den Ort {to}",
    "m.lcopy.own": "Kopiere deine Karte {card}",
    "m.discard.own": "Wirf deine Karte {card} ab",
    "m.target": "Ziele auf {victim}",
    "m.targetPlace": "Schicke {victim} an den Ort {place}",
    "r.eliminate": "sie entfernt die Karte {card} von {victim}",
    "r.eliminate.down": "sie entfernt die verdeckte Karte von {victim}",
    "r.ambush": "der Hinterhalt von {player} schnappt zu",
    "r.steal": "sie nimmt {victim} {amount} ab",
    "r.gain": "du bekommst {amount}",
    "r.gain.card": "deine Karte {card} bringt {amount}",
    "r.gain.tokens": "du kassierst {amount} für ihre Münzen",
    "r.gain.conspiracy": "dein Komplott bringt {amount}",
    "r.gain.reward": "der Ort bringt dir {amount}",
    "r.token": "sie bekommt eine Münze (jetzt {tokens})",
    "r.reveal": "deine Karte {card} wird aufgedeckt",
    "r.move": "sie verschiebt die Karte {card} von {victim}",
    "r.move.down": "sie verschiebt die verdeckte Karte von {victim}",
    "r.copy": "sie kopiert die Karte {card}",
    "r.discard": "Die Karte {card} von {victim} verlässt den Tisch",
    "r.force": "{victim} muss an den Ort {place}",
    "r.swap": "die gewählte Karte von {victim} wird getauscht",
    hintSentence: "{move}: {reason}.", hintPoints: "{move}: {reason} ({points}).", hintMove: "{move}.",
    undo: "Zurücknehmen", undoHelp: "Deinen letzten Zug und die Antworten der Bots seither zurücknehmen",
    "ev.taken_back": "{player} hat einen Zug zurückgenommen.",
    review: "Spielanalyse", scoreChart: "Spielstand je Runde", round0: "Start", roundN: "R{r}",
    keyMoments: "Schlüsselmomente", noMoments: "Ein ruhiges Spiel: kein großer Umschwung.",
    "k.ambush": "Runde {round}: der Hinterhalt von {player} erwischt {attacker}",
    "k.ambush.own": "Runde {round}: {player} läuft in den eigenen Hinterhalt",
    "k.eliminate": "Runde {round}: {player} schaltet die Karte {card} von {victim} aus",
    "k.steal": "Runde {round}: {player} nimmt {victim} {amount} ab",
    "k.steal.leader": "Runde {round}: {player} nimmt dem Führenden, {victim}, {amount} ab",
    "k.gain.conspiracy": "Runde {round}: das Komplott von {player} bringt {amount}",
    "k.gain": "Runde {round}: {player} bekommt {amount}",
    "k.gain.card": "Runde {round}: die Karte {card} von {player} bringt {amount}",
    "k.gain.tokens": "Runde {round}: {player} kassiert {amount} für die Münzen einer Karte",
    "k.discard": "Runde {round}: {player} wirft die Karte {card} von {victim} ab",
    "k.other": "Runde {round}: {player} spielt",
    decisive: "ab hier führt {player} bis zum Ende",
    decisions: "Deine Entscheidungen", reviewing: "Deine Entscheidungen werden geprüft… {done}/{total}",
    decisionsAll: "Die Entscheidungen der Spieler", reviewingAll: "Die Entscheidungen der Spieler werden geprüft… {done}/{total}",
    reviewDone: "{n} Entscheidungen vom stärksten Bot geprüft, mit dem, was du damals sehen konntest.",
    noMistakes: "Keine teure Entscheidung: gut gespielt.",
    played: "gespielt: {move}", better: "besser: {move}", winChance: "Siegchance {a} % → {b} %",
    "g.inaccuracy": "Ungenauigkeit", "g.mistake": "Fehler", "g.blunder": "Patzer",
    held: "Alle Karten", hand: "Hand", aside: "Beiseite", pile: "Nachziehstapel",
    watchReplay: "Wiederholung ansehen", atStep: "Wiederholung hier öffnen",
    learn: "Spielen lernen", learnHelp: "Eine geführte erste Partie: etwa fünf Minuten, du machst die Züge.",
    learnGame: "Geführte Partie", skip: "Geführte Partie überspringen", next: "Weiter", learnDone: "Eine echte Partie spielen",
    tutorialStep: "Geführte Partie · Schritt {k}/{n}", doThis: "Dein Zug: {move}.",
    stats: "Statistik", statsTitle: "Deine Statistik auf diesem Gerät", games: "Partien", wins: "Siege",
    avgScore: "Durchschnitt", bestScore: "Bestes Ergebnis", streak: "Aktuelle Siegesserie", reset: "Statistik löschen",
    resetDone: "Statistik gelöscht.", noStats: "Noch keine beendete Partie.", level: "Stärkster Bot", edition: "Ausgabe",
    all: "Alle Partien",
  },
};

// Read through the page's one lookup as t("learn:key"); the three tables are small and live here.
addTexts("learn", { t: TEXT.en }, async (code) => ({ t: own(TEXT, code) || TEXT.en }));

/** lx("undo"), lx("reviewing", {done, total}) = t("learn:…"): falls back to English, then to the key. */
/** @type {(key: string, vars?: Record<string, unknown>) => string} */
export const lx = (key, vars) => t(`learn:${key}`, vars);
/** @type {(key: string) => boolean} */
export const hasLx = (key) => has(`learn:${key}`);

/**
 * How cards, places and players are named for one game and one viewer: Oriflamme cards by id (edition),
 * Château, Village & Port characters by value.
 * @param {string} game @param {string} edition @param {string|null} viewer
 */
export function namer(game, edition, viewer) {
  const A = adapterOf(game);
  /** @type {(c: string | number | null | undefined) => string} */
  const card = (c) => (c == null ? lx("aCard") : A ? A.cardLabel(c, edition) : String(c));
  /** @type {(c: string | null | undefined) => string} */
  const who = (c) => (c == null ? "?" : c === viewer ? `${colourName(c)} (${lx("you")})` : colourName(c));
  /** @type {(p: string | null | undefined) => string} */
  const place = (p) => (p == null ? "?" : A ? A.placeLabel(p) : p);
  /** An amount with its unit (points, gold), or nothing where the view does not tell it (hidden gold). */
  /** @type {(n: number | null | undefined) => string | undefined} */
  const amount = (n) => (n == null ? undefined : A ? A.amountLabel(n) : String(n));
  return { card, who, place, amount, me: viewer };
}

/**
 * The sentence for points scored: the reason's own (a Conspiracy cashed), else the scoring card's, else plain.
 * @param {"r" | "k"} kind a hint's result or a key moment @param {Effect} e
 */
export function gainKey(kind, e) {
  const own = `${kind}.gain.${e.reason}`;
  if (hasLx(own)) return own;
  return e.card != null ? `${kind}.gain.card` : `${kind}.gain`;
}

/**
 * A sentence's form for a card nobody may name yet ("the face-down card of Green"), where it has one.
 * @param {string} key @param {boolean} hidden
 */
const down = (key, hidden) => (hidden && hasLx(`${key}.down`) ? `${key}.down` : key);

/**
 * The move of a hint or a review, as a clause ("Reveal your Soldier").
 * @param {Move | null | undefined} move @param {Namer} N
 * @returns {string}
 */
export function moveText(move, N) {
  if (!move) return "";
  const k = move.kind;
  const hidden = move.card == null && move.value == null;  // an opponent's face-down card
  const card = move.card != null ? N.card(move.card) : move.value != null ? N.card(move.value) : lx("yourCard");
  const owner = N.who(move.owner);
  // One's own card is "your Soldier", not "the Soldier of Red (you)".
  /** @type {(key: string, vars: Record<string, unknown>) => string} */
  const say = (key, vars) => lx(move.owner != null && move.owner === N.me && hasLx(`${key}.own`) ? `${key}.own` : key, vars);
  switch (k) {
    case "place": return lx(`m.place.${move.where}`, { card, pos: move.position });
    case "reveal": case "stay": return lx(`m.${k}`, { card: move.card != null ? card : "" }).replace(/\s+$/, "");
    case "copy": case "eliminate":
      if (k === "copy" && move.place != null) return say("m.lcopy", { owner, card }); // a place's card: no position
      return say(down(`m.${k}`, hidden), { owner, card, pos: move.position });
    case "steal": return lx("m.steal", { victim: N.who(move.victim) });
    case "move":
      if (move.to != null && typeof move.to === "string") return say("m.lmove", { owner, card, to: N.place(move.to) });
      return say(down(move.onto ? "m.moveOnto" : "m.move", hidden), { owner, card, pos: move.position, to: move.to });
    case "choose": return lx("m.choose", { a: move.positions[0], b: move.positions[1] });
    case "select": return lx("m.select", { card });
    case "put": return lx("m.put", { card, place: N.place(move.place) });
    case "discard": return say("m.discard", { owner, card });
    case "target": return move.place ? lx("m.targetPlace", { victim: N.who(move.victim), place: N.place(move.place) }) : lx("m.target", { victim: N.who(move.victim) });
    default: return k;
  }
}

/**
 * One effect as a clause ("it removes Blue's Heir").
 * @param {Effect} e @param {Namer} N
 * @returns {string}
 */
export function effectText(e, N) {
  const vars = { player: N.who(e.player), victim: N.who(e.victim), attacker: N.who(e.attacker), amount: N.amount(e.amount),
    tokens: e.tokens, card: N.card(e.card != null ? e.card : e.value), place: N.place(e.place) };
  if (e.kind === "gain") return lx(gainKey("r", e), vars);
  const key = down(`r.${e.kind}`, e.card == null && e.value == null);
  return hasLx(key) ? lx(key, vars) : "";
}

/**
 * The hint's sentence: the move, and one reason from what it does (if it surely does something).
 * @param {ExplainedHint} hint @param {Namer} N @param {string | null | undefined} viewer
 * @returns {string}
 */
export function hintSentence(hint, N, viewer) {
  const move = moveText(hint.move, N) || hint.action;
  const effect = hint.reason != null && hint.effects ? hint.effects[hint.reason] : null;
  const reason = effect ? effectText(effect, N) : "";
  const n = hint.points && viewer != null ? hint.points[viewer] : 0;
  if (!effect || !reason) return lx("hintMove", { move });
  // The points the move brings, unless its reason already says them (a gain; a steal of exactly that much).
  if (n > 0 && effect.kind !== "gain" && !(effect.kind === "steal" && effect.amount === n)) {
    return lx("hintPoints", { move, reason, points: `+${N.amount(n)}` });
  }
  return lx("hintSentence", { move, reason });
}
