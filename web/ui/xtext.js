// Texts of the session features (install, embed, saves, share, replay, hot-seat) in EN/FR/DE.
import { lang } from "../i18n/index.js";

const TEXT = {
  en: {
    install: "Install", installHint: "Install the game: it then starts from your home screen and plays offline.",
    updateReady: "A new version of the game is ready.", reload: "Reload",
    embed: "Embed", embedTitle: "Embed the game in your site", embedHelp: "Paste this into your page or blog post (it works from 360×600 up; saving is unavailable inside another site):",
    copy: "Copy", copied: "Copied", close: "Close",
    openFull: "Open the full game ↗",
    badSave: "The saved game could not be read, so a new game starts.",
    badLog: "The saved game's log could not be read; the game goes on without it.",
    share: "Share", shareTitle: "Share this game", shareHelp: "This link replays the whole game, every card revealed:",
    badLink: "This replay link is damaged or incomplete.",
    replay: "Replay", replayOf: "Replay · {edition} · {n} players", step: "Step {k}/{n}",
    start: "Start", prev: "Back", next: "Forward", end: "End", play: "Play", pause: "Pause",
    jumpRound: "Jump to round", round: "Round {r}", newGame: "Play a game",
    hand: "Hand", aside: "Aside", discard: "Discard", noCards: "—",
    startPos: "The deal.", humanSeat: "Player {n} (this device)", human: "Human", humanShort: "human",
    passTo: "Pass the device to {player}", passHelp: "Only {player} should look at the screen now: their hand and face-down cards will be shown.",
    ready: "I am {player}: show my cards",
  },
  fr: {
    install: "Installer", installHint: "Installez le jeu : il se lance depuis l'écran d'accueil et fonctionne hors ligne.",
    updateReady: "Une nouvelle version du jeu est prête.", reload: "Recharger",
    embed: "Intégrer", embedTitle: "Intégrer le jeu dans votre site", embedHelp: "Collez ceci dans votre page ou votre article (dès 360×600 ; pas de sauvegarde dans un autre site) :",
    copy: "Copier", copied: "Copié", close: "Fermer",
    openFull: "Ouvrir le jeu complet ↗",
    badSave: "La partie sauvegardée est illisible : une nouvelle partie commence.",
    badLog: "Le journal de la partie sauvegardée est illisible : la partie continue sans lui.",
    share: "Partager", shareTitle: "Partager cette partie", shareHelp: "Ce lien rejoue toute la partie, toutes les cartes révélées :",
    badLink: "Ce lien de rejeu est abîmé ou incomplet.",
    replay: "Rejeu", replayOf: "Rejeu · {edition} · {n} joueurs", step: "Étape {k}/{n}",
    start: "Début", prev: "Reculer", next: "Avancer", end: "Fin", play: "Lire", pause: "Pause",
    jumpRound: "Aller à la manche", round: "Manche {r}", newGame: "Jouer une partie",
    hand: "Main", aside: "De côté", discard: "Défausse", noCards: "—",
    startPos: "La donne.", humanSeat: "Joueur {n} (cet appareil)", human: "Humain", humanShort: "humain",
    passTo: "Passez l'appareil à {player}", passHelp: "Seul·e {player} doit regarder l'écran : sa main et ses cartes face cachée vont s'afficher.",
    ready: "Je suis {player} : montrer mes cartes",
  },
  de: {
    install: "Installieren", installHint: "Installieren Sie das Spiel: Es startet dann vom Startbildschirm und läuft offline.",
    updateReady: "Eine neue Version des Spiels ist bereit.", reload: "Neu laden",
    embed: "Einbetten", embedTitle: "Das Spiel in Ihre Seite einbetten", embedHelp: "Fügen Sie dies in Ihre Seite oder Ihren Blogbeitrag ein (ab 360×600; in fremden Seiten wird nicht gespeichert):",
    copy: "Kopieren", copied: "Kopiert", close: "Schließen",
    openFull: "Ganzes Spiel öffnen ↗",
    badSave: "Der Spielstand war nicht lesbar, daher beginnt ein neues Spiel.",
    badLog: "Das Protokoll des Spielstands war nicht lesbar; das Spiel geht ohne es weiter.",
    share: "Teilen", shareTitle: "Diese Partie teilen", shareHelp: "Dieser Link spielt die ganze Partie nach, alle Karten aufgedeckt:",
    badLink: "Dieser Wiederholungs-Link ist beschädigt oder unvollständig.",
    replay: "Wiederholung", replayOf: "Wiederholung · {edition} · {n} Spieler", step: "Schritt {k}/{n}",
    start: "Anfang", prev: "Zurück", next: "Vor", end: "Ende", play: "Abspielen", pause: "Pause",
    jumpRound: "Zur Runde", round: "Runde {r}", newGame: "Eine Partie spielen",
    hand: "Hand", aside: "Beiseite", discard: "Ablage", noCards: "—",
    startPos: "Die Verteilung.", humanSeat: "Spieler {n} (dieses Gerät)", human: "Mensch", humanShort: "Mensch",
    passTo: "Gib das Gerät an {player} weiter", passHelp: "Nur {player} sollte jetzt hinschauen: Handkarten und verdeckte Karten werden gezeigt.",
    ready: "Ich bin {player}: meine Karten zeigen",
  },
};

export function x(key, vars) {
  let s = (TEXT[lang()] || TEXT.en)[key];
  if (s == null) s = TEXT.en[key];
  if (s == null) return key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (vars[k] == null ? m : String(vars[k])));
  return s;
}
