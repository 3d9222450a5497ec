// The guided first game (D72): the engine plays a scripted game (api.tutorial) and offers the player only
// the scripted move; this module words the script's notes and the move to make, draws the Learn offer
// on the first screen, and remembers that the visitor has seen it.
import { h } from "./dom.js";
import { storage } from "./saves.js";
import { lx, namer, moveText } from "./learntext.js";
import { t, has, addTexts, cardName, colourName, own } from "../i18n/index.js";
/** @import { Update } from "../types/bridge" */
/** @typedef {{key: string, [field: string]: any}} GuideNote a note of a guided game's script (tabletop.guide) */

export const LEARNED_KEY = "oriflamme.learned";

const NOTES = {
  en: {
    welcome: "Welcome! You play {player}. Over six rounds, each of you adds one card a round to a shared queue; then the queue is played from start to end. Most influence points at the end wins. Follow the highlighted move.",
    place_ends: "Your first card goes face down at the start or at the end of the queue — never in the middle. Nobody else knows it is your {card}.",
    place_on: "You may also cover one of your own cards: only the top card of a stack counts, and the card beneath waits, protected, until the top one leaves.",
    resolution: "Everyone has placed: the queue now resolves from its first card to its last.",
    opponent_stays: "{player} left a card face down: it earns a token. You cannot see what it is — but each token hints it is worth waiting for.",
    stay: "Your turn in the queue. A face-down card may stay hidden and gain a token (+1 on the card), or be revealed. Your Conspiracy wants tokens: keep it hidden for now.",
    ambush_bait: "Your Ambush does nothing when you reveal it. Keep it hidden: it is bait for an opponent who tries to remove it.",
    reveal: "Now reveal: the tokens on the card become your points, and its ability acts — now and in every later round, while it stays on top.",
    ambush: "Sprung! {attacker} attacked {player}'s Ambush: {player} scores 4 points and the attacking card is thrown away too.",
    eliminate: "{player} eliminated {victim}'s {card}: the card goes to the discard, its tokens are lost, and the attacker scores 1 point.",
    conspiracy: "{player}'s Conspiracy paid {amount}: twice the tokens it had gathered. Patience pays.",
    heir_unique: "{player}'s Heir earned nothing: an Heir scores only while no other face-up Heir is in the queue.",
    end: "The six rounds are over. Cards still in hand do not count. On a tie the player with more cards in the queue ranks higher — and that is you!",
    card_heir: "An Heir scores 2 points when it acts — if it is the only face-up Heir.",
    card_soldier: "A Soldier eliminates a card right next to it.",
    card_spy: "A Spy takes 1 point from a player whose card is next to it.",
    card_shapeshifter: "A Shapeshifter copies the ability of a face-up neighbour.",
    card_assassination: "An Assassination eliminates any top card, then leaves the queue.",
    card_lord: "A Lord scores 1 point, plus 1 for each neighbouring card of its own family.",
    card_decree: "A Decree moves another card to a new place in the queue, then leaves.",
    card_archer: "An Archer eliminates the card at the start or at the end of the queue.",
    // Château, Village & Port
    "lieux.welcome": "Welcome! You play {player}. Each turn everyone secretly picks a character, then one by one puts it in the Château, the Village or the Port. At the end of each of the three rounds the places pay their cards. Most gold wins.",
    select: "Pick the character you will play this turn; the others pick theirs at the same time, face down.",
    put: "Now put your card in a place. In each row the highest card stands on the left: it earns the place's first reward.",
    scoring: "End of the round: each place pays its cards from left to right, and the cards that were paid leave the table.",
    round_end: "First round done! From here on you play on your own against the bots.",
    "lieux.effect": "{player}'s {card} acts as soon as it is put down.",
  },
  fr: {
    welcome: "Bienvenue ! Vous jouez {player}. En six manches, chacun ajoute une carte par manche à une file commune ; puis la file se joue du début à la fin. Le plus de points d'influence à la fin l'emporte. Suivez le coup mis en évidence.",
    place_ends: "Votre première carte se pose face cachée au début ou au bout de la file — jamais au milieu. Personne d'autre ne sait que c'est votre {card}.",
    place_on: "Vous pouvez aussi recouvrir une de vos cartes : seule la carte du dessus compte, et celle du dessous attend, à l'abri, que celle du dessus s'en aille.",
    resolution: "Tout le monde a posé : la file se résout maintenant de sa première carte à sa dernière.",
    opponent_stays: "{player} a laissé une carte cachée : elle gagne un jeton. Impossible de savoir ce que c'est — mais chaque jeton laisse penser qu'elle vaut la peine d'attendre.",
    stay: "À votre carte de jouer. Une carte cachée peut rester cachée et gagner un jeton (+1 sur la carte), ou être révélée. Votre Complot aime les jetons : gardez-le caché pour l'instant.",
    ambush_bait: "Révéler votre Embuscade ne sert à rien. Gardez-la cachée : c'est un appât pour l'adversaire qui voudra la retirer.",
    reveal: "Révélez maintenant : les jetons de la carte deviennent vos points, et son pouvoir agit — maintenant et à chaque manche suivante, tant qu'elle reste sur le dessus.",
    ambush: "Piégé ! {attacker} a attaqué l'Embuscade de {player} : {player} marque 4 points et la carte attaquante est défaussée elle aussi.",
    eliminate: "{player} a éliminé la carte {card} de {victim} : elle part à la défausse, ses jetons sont perdus, et l'attaquant marque 1 point.",
    conspiracy: "Le Complot de {player} a rapporté {amount} : deux fois les jetons accumulés. La patience paie.",
    heir_unique: "L'Héritier de {player} n'a rien rapporté : un Héritier ne marque que s'il n'y a aucun autre Héritier face visible dans la file.",
    end: "Les six manches sont finies. Les cartes restées en main ne comptent pas. En cas d'égalité, celui qui a le plus de cartes dans la file passe devant — et c'est vous !",
    card_heir: "Un Héritier marque 2 points quand il agit — s'il est le seul Héritier face visible.",
    card_soldier: "Un Soldat élimine une carte juste à côté de lui.",
    card_spy: "Un Espion prend 1 point à un joueur dont la carte est à côté de lui.",
    card_shapeshifter: "Un Changeforme copie le pouvoir d'une voisine face visible.",
    card_assassination: "Un Assassinat élimine n'importe quelle carte du dessus, puis quitte la file.",
    card_lord: "Un Seigneur marque 1 point, plus 1 par carte voisine de sa famille.",
    card_decree: "Un Décret déplace une autre carte ailleurs dans la file, puis s'en va.",
    card_archer: "Un Archer élimine la carte du début ou du bout de la file.",
    "lieux.welcome": "Bienvenue ! Vous jouez {player}. À chaque tour, chacun choisit en secret un personnage, puis le place l'un après l'autre au Château, au Village ou au Port. À la fin de chacune des trois manches, les lieux paient leurs cartes. Le plus d'or l'emporte.",
    select: "Choisissez le personnage que vous jouerez ce tour ; les autres choisissent le leur en même temps, face cachée.",
    put: "Placez maintenant votre carte dans un lieu. Dans chaque rangée, la plus forte carte est à gauche : elle touche la première récompense du lieu.",
    scoring: "Fin de manche : chaque lieu paie ses cartes de gauche à droite, et les cartes payées quittent la table.",
    round_end: "Première manche terminée ! Désormais, vous jouez seul contre les bots.",
    "lieux.effect": "La carte {card} de {player} agit dès qu'elle est posée.",
  },
  de: {
    welcome: "Willkommen! Du spielst {player}. In sechs Runden legt jeder pro Runde eine Karte in eine gemeinsame Reihe; dann wird die Reihe vom Anfang bis zum Ende abgehandelt. Wer am Ende die meisten Punkte hat, gewinnt. Folge dem hervorgehobenen Zug.",
    place_ends: "Deine erste Karte kommt verdeckt an den Anfang oder ans Ende der Reihe — nie in die Mitte. Niemand sonst weiß, dass es dein {card} ist.",
    place_on: "Du darfst auch eine deiner eigenen Karten abdecken: Nur die oberste Karte eines Stapels zählt, die darunter wartet geschützt, bis die obere geht.",
    resolution: "Alle haben gelegt: Die Reihe wird jetzt von ihrer ersten bis zur letzten Karte abgehandelt.",
    opponent_stays: "{player} hat eine Karte verdeckt gelassen: Sie bekommt eine Münze. Welche Karte es ist, siehst du nicht — aber jede Münze deutet an, dass sich Warten lohnt.",
    stay: "Deine Karte ist dran. Eine verdeckte Karte kann verdeckt bleiben und eine Münze bekommen (+1 auf der Karte) oder aufgedeckt werden. Dein Komplott mag Münzen: Lass es vorerst verdeckt.",
    ambush_bait: "Deinen Hinterhalt aufzudecken bringt nichts. Lass ihn verdeckt: Er ist ein Köder für Gegner, die ihn entfernen wollen.",
    reveal: "Jetzt aufdecken: Die Münzen der Karte werden zu deinen Punkten, und ihre Fähigkeit wirkt — jetzt und in jeder späteren Runde, solange sie oben liegt.",
    ambush: "Zugeschnappt! {attacker} hat {player}s Hinterhalt angegriffen: {player} bekommt 4 Punkte, und die angreifende Karte wird ebenfalls abgelegt.",
    eliminate: "{player} hat {victim}s Karte {card} ausgeschaltet: Sie kommt auf die Ablage, ihre Münzen sind verloren, und der Angreifer bekommt 1 Punkt.",
    conspiracy: "{player}s Komplott brachte {amount}: doppelt so viel, wie es Münzen gesammelt hatte. Geduld zahlt sich aus.",
    heir_unique: "{player}s Nachfahre brachte nichts: Ein Nachfahre punktet nur, solange kein anderer offener Nachfahre in der Reihe liegt.",
    end: "Die sechs Runden sind vorbei. Karten auf der Hand zählen nicht. Bei Gleichstand liegt vorn, wer mehr Karten in der Reihe hat — und das bist du!",
    card_heir: "Ein Nachfahre bringt 2 Punkte, wenn er wirkt — sofern er der einzige offene Nachfahre ist.",
    card_soldier: "Ein Soldat schaltet eine Karte direkt neben sich aus.",
    card_spy: "Eine Spionin nimmt einer Familie, deren Karte neben ihr liegt, 1 Punkt ab.",
    card_shapeshifter: "Eine Formwandlerin kopiert die Fähigkeit einer offenen Nachbarkarte.",
    card_assassination: "Ein Attentat schaltet eine beliebige oberste Karte aus und verlässt dann die Reihe.",
    card_lord: "Ein Gebieter bringt 1 Punkt, plus 1 für jede benachbarte Karte seiner Familie.",
    card_decree: "Ein Dekret verschiebt eine andere Karte an einen neuen Platz in der Reihe und geht dann.",
    card_archer: "Eine Bogenschützin schaltet die Karte am Anfang oder am Ende der Reihe aus.",
    "lieux.welcome": "Willkommen! Du spielst {player}. In jedem Zug wählt jeder geheim eine Figur und legt sie dann der Reihe nach ins Schloss, ins Dorf oder in den Hafen. Am Ende jeder der drei Runden zahlen die Orte ihre Karten aus. Wer das meiste Gold hat, gewinnt.",
    select: "Wähle die Figur für diesen Zug; die anderen wählen ihre gleichzeitig, verdeckt.",
    put: "Lege deine Karte jetzt an einen Ort. In jeder Reihe steht die höchste Karte links: Sie bekommt die erste Belohnung des Ortes.",
    scoring: "Rundenende: Jeder Ort zahlt seine Karten von links nach rechts aus, und ausgezahlte Karten verlassen den Tisch.",
    round_end: "Erste Runde geschafft! Ab jetzt spielst du allein gegen die Bots.",
    "lieux.effect": "{player}s Karte {card} wirkt, sobald sie liegt.",
  },
};

// Read through the page's one lookup as t("guide:key").
addTexts("guide", { t: NOTES.en }, async (code) => ({ t: own(NOTES, code) || NOTES.en }));

/** A note's words ("" for a key the guide does not know). */
/** @type {(key: string, vars: Record<string, unknown>) => string} */
const note = (key, vars) => (has(`guide:${key}`) ? t(`guide:${key}`, vars) : "");

/**
 * A note of the script in the current language.
 * @param {GuideNote} n @param {string} game @param {string} edition
 */
export function noteText(n, game, edition) {
  const N = namer(game, edition, null);
  const vars = { ...n, player: n.player ? colourName(n.player) : "", victim: colourName(n.victim || ""),
    attacker: colourName(n.attacker || ""), card: n.card ? cardName(edition, n.card) : n.value != null ? N.card(n.value) : "",
    amount: N.amount(n.amount) ?? "" };
  // A game's own wording first ("lieux.welcome"), then its kind of note ("lieux.effect" for "effect_…").
  const own = [`${game}.${n.key}`, `${game}.${n.key.split("_")[0]}`].find((k) => has(`guide:${k}`));
  return note(own || n.key, vars);
}

/** Has this device seen (or skipped) a guided game? */
export function learned() {
  try { return storage()?.getItem(LEARNED_KEY) === "1"; } catch { return false; }
}
export function markLearned() {
  try { storage()?.setItem(LEARNED_KEY, "1"); } catch { /* denied */ }
}

/**
 * The Learn offer of the first screen: large for a first visit, a plain button after.
 * @param {string} game
 */
export function learnOffer(game) {
  const first = !learned();
  return h("div", { class: `learn-offer ${first ? "first" : ""}`, key: "learn" },
    first ? h("p", { class: "learn-help" }, lx("learnHelp")) : null,
    h("button", { type: "button", class: `btn ${first ? "primary learn-big" : "learn-small"}`, "data-ui": "learn",
      "data-game": game, "data-testid": "learn" }, lx("learn")));
}

/**
 * The guide's panel in the decision area: the notes since the player's last move, and the move to make.
 * @param {NonNullable<Update["tutorial"]>} guide the update's `tutorial` (settings, player, steps)
 * @param {Update} u the current update
 */
export function tutorialPanel(guide, u) {
  const game = guide.settings.game || "";
  const edition = guide.settings.edition || "";
  const steps = guide.steps;
  const at = Math.min(u.actions, steps.length); // past a short script the game goes on unscripted
  /** @type {GuideNote[]} */
  const notes = [];
  // What the player's previous move did, every note of the steps since, then this step's before-notes.
  let i = at - 1;
  while (i >= 0 && steps[i].actor !== guide.player) i--;
  if (i >= 0) for (const n of steps[i].after) notes.push(n);
  for (let k = i + 1; k < at; k++) for (const n of [...steps[k].before, ...steps[k].after]) notes.push(n);
  const cur = steps[at];
  if (cur && (u.to_act_kind === "human" || at === 0)) for (const n of cur.before) notes.push(n);
  const N = namer(game, edition, guide.player);
  const doing = cur && cur.move && u.to_act_kind === "human" ? lx("doThis", { move: moveText(cur.move, N) }) : null;
  const over = at >= steps.length;
  return h("div", { class: "tutorial-box", key: "tutorial", "data-testid": "tutorial", role: "status", "aria-live": "polite" },
    h("p", { class: "tutorial-step muted" }, lx("tutorialStep", { k: Math.min(at + 1, steps.length), n: steps.length })),
    notes.map((n, k) => h("p", { key: `n${k}${n.key}`, class: "tutorial-note", "data-note": n.key }, noteText(n, game, edition))),
    doing ? h("p", { class: "tutorial-do", "data-testid": "tutorial-do" }, doing) : null,
    h("div", { class: "decision-buttons" },
      over || u.over
        ? h("button", { type: "button", class: "btn primary", "data-ui": "menu", "data-testid": "learn-done" }, lx("learnDone"))
        : h("button", { type: "button", class: "btn link", "data-ui": "learn-skip", "data-testid": "learn-skip" }, lx("skip"))));
}
