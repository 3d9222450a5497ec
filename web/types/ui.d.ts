// The page's own shapes (web/ui/*): its state, the setup form, an adapter per game.
// Import in JSDoc: /** @import { State, Setup } from "../types/ui" */
import type { Colour, Engine, GameEvent, Update, BaseView, Position, Seat } from "./bridge";
import type { VNode, Child, Children } from "../ui/dom.js";

/** The setup form's values (setup.js defaultSetup, fromParams; the URL's parameters). */
export interface Setup {
  game: string;
  options: Record<string, Record<string, boolean | number | string>>;  // game → its options' values
  players: number;
  colour: Colour;
  levels: string[];           // the other seats: a bot level, or "human" (hot-seat)
  lang: string;
  seed: string;               // as typed: "" for a random deal
  speed: string;              // the bots' pace (setup.js SPEEDS)
  [variantSetting: string]: unknown;  // each game's variant (`edition`, `set`: its variant_setting)
}

/** Oriflamme's two-step choices: a hand card, the card to move, the first card to choose. */
export interface Selection {
  handIdx: number | null;
  moveSrc: number | null;
  chooseA: number | null;
}

/** A line of the log panel, with the event it tells (told again after a change of language). */
export interface LogLine {
  key: string;
  text: string;
  cls: string;
  ev?: GameEvent;
  viewer?: Colour | null;
}

export interface BootState {
  ready: boolean;
  fraction: number;
  stage: string;
  error: string | null;
}

/** The Hint button's state, for the update whose action count is `at`. */
export type HintState = { state: "thinking"; at: number } | { state: "done"; action: string; at: number; text?: string };

/** The page's one state object (store.js S). */
export interface State {
  screen: "setup" | "game" | "replay";
  setup: Setup | null;        // null only until the language and the catalogue are in (main.js)
  boot: BootState;
  engine: Engine | null;
  update: Update | null;
  sel: Selection;
  log: LogLine[];
  lastText: string;
  flash: Colour | null;
  flashPos: number | null;
  busy: boolean;
  gen: number;
  rules: boolean;
  endHidden: boolean;
  error: string | null;
  pass: Colour | null;
  shownTo: Colour | null;
  hint: HintState | null;
  tutorial: any | null;       // a guided game's script (api.tutorial): settings, player, steps with notes
  stats: boolean;             // the statistics dialog is open
  firstMoveAt: number | null; // the action count at the human's first move this sitting (Undo's limit)
  link: string;               // the URL parameters the game in play was dealt from (saves.js gameLink), "" from the form
  askLink: string | null;     // a link for another game than the saved one: the question before replacing it
  linkProblems: LinkProblem[]; // what the page's link asked for that it does not offer (D222), worded at each draw
}

/** A value of the page's link that it cannot follow: a text key and its values; `game`'s own texts name
 * `vars.setting` (its variant's control), which may arrive after the link is read (setup.js linkProblemText). */
export interface LinkProblem {
  key: string;
  vars: Record<string, string | number>;
  game?: string;
}

/** What a player's badge needs to know of the table (chrome.js badge; each game's meta has more). */
export interface BadgeMeta {
  viewer: Colour | null;
  seats?: Seat[];
  flash?: Colour | null;
}

/** What an adapter says of the end dialog (chrome.js endDialog). */
export interface EndOptions {
  viewer: Colour | null;
  title: string;
  scoreLabel: string;
  tieColumn?: string;          // the header of a column of tie-break values, or none
  crown?: boolean;             // mark the first player
  tieNote: (rule: string, score: number) => string;
}

/** What the game loop tells its listeners (loop.js on(type, fn)), by event type. */
export interface LoopEvents {
  table: { gen: number };
  update: { update: Update; previous: Update | null; fromBot: boolean; texts: string[] };
  drawn: { update: Update };
  botwait: { update: Update; ms: number };
  handover: { colour: Colour };
  over: { update: Update };
}

/** What screen.js gives an adapter's screen() besides the update and the state. */
export interface ScreenContext {
  log: VNode | null;                   // null until a table drawn anew has its last part (screen.js, D102, D140)
  parts: number;                       // how many of the adapter's parts to draw: Infinity once all are there
  hint: VNode | null;
  speed: number;
  rerender: () => void;
  withShare: (endVnode: VNode) => VNode;
}

/** One game in the page (games.js): web/ui/<game>/index.js. */
export interface Adapter {
  id: string;
  /** A table drawn anew arrives in this many parts, a frame each, the log with the last (D140); 2 if absent
   * (D102: the table, then the log). */
  parts?: number;
  screen(u: Update<any>, ui: State, ctx: ScreenContext): (Child | null)[];
  rules(view: BaseView | null, setup: Setup | null): VNode;
  tell(ev: GameEvent, view: any, viewer: Colour | null | undefined): string;
  focusOf(events: GameEvent[] | undefined): { pos?: number | null };
  /** A card's name as the engine's structured data gives it (Oriflamme: card id; lieux: value). */
  cardLabel(card: string | number, edition: string): string;
  /** An amount won or lost, with its unit (Oriflamme: "3 points"; lieux: "3 gold"). */
  amountLabel(n: number): string;
  /** A place's name (lieux), or the id as is. */
  placeLabel(place: string): string;
  hintSelection(action: string, u: Update<any>, sel: Selection): Selection;
  /** The replay viewer (replay.js): the title's game or edition, a player's rows, the board. */
  replayTitle(pos: Position): string;
  replayRows(pos: Position, colour: Colour): Children[];
  replayBoard(pos: Position): VNode;
}
