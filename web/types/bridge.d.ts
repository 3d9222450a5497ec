// What the engine bridge (web/engine.js ↔ py/tabletop/bridge/api.py) exchanges, as docs/WEB.md
// describes it: plain JSON. The game-specific parts (a game's view, its events) are each game's
// adapter's business; here they are only as precise as the shared UI needs.
// Import in JSDoc: /** @import { Update, Engine } from "../types/bridge" */

export type Colour = string;
/** A bot level id: "random", "easy", "normal", "hard", "expert" (the catalogue lists them). */
export type Level = string;

/** A seat as the setup asks for it, and as an update reports it (with its colour). */
export interface SeatSetting {
  kind: "human" | "bot";
  level?: Level;
}
export interface Seat extends SeatSetting {
  colour: Colour;
}

/** New-game settings: the game, its variant setting (`edition`, `set`…), players, seats, seed, options. */
export interface Settings {
  game?: string;
  players?: number;
  seed?: number | string | null;
  seats?: SeatSetting[];
  colours?: Colour[];
  edition?: string;           // Oriflamme's
  set?: string;               // Château, Village & Port's
  hidden_gold?: boolean;
  [setting: string]: unknown;
}

/** An engine event (docs/ENGINE_API.md "Events"): a `type` and that type's fields. The fields differ
 * by type and by game (each game's log.js tells them), so they are not typed one by one here. */
export interface GameEvent {
  type: string;
  [field: string]: any;
}

/** The fields every game's view(viewer) has (docs/ENGINE_API.md); each game adds its own. */
export interface BaseView {
  game: string;
  format: string;
  viewer: Colour | null;
  seats: Colour[];
  round: number;
  rounds: number;
  first: Colour;
  phase: string;
  to_act: Colour | null;
  scores: Record<Colour, number>;
  is_over: boolean;
  ranking: Colour[][] | null;
  decision: { kind: string; player: Colour; ability: string | null; [field: string]: unknown } | null;
}

/** How a tie was broken, once the game is over (null otherwise). */
export interface TieBreak {
  rule: string;
  values: Record<Colour, number>;
}

/** What every call that plays or shows the game answers (docs/WEB.md "The update object"). */
export interface Update<V extends BaseView = BaseView> {
  viewer: Colour | null;
  view: V;
  legal: string[];
  /** A guided game: `legal` holds only the move it teaches, not every move the rules allow. */
  guided?: boolean;
  to_act: Colour | null;
  to_act_kind: "human" | "bot" | null;
  action: string | null;
  actor: Colour | null;
  events: GameEvent[];
  over: boolean;
  ranking: Colour[][] | null;
  tie_break: TieBreak | null;
  scores: Record<Colour, number>;
  actions: number;
  seats: Seat[];
  settings: Settings;
  /** A guided game (engine.tutorial): its settings, scripted steps and their note keys. */
  tutorial?: { settings: Settings; steps: { action: string; [field: string]: any }[]; [field: string]: any };
}

/** Any call can answer an error instead (illegal action, unreadable save, engine failure). */
export interface EngineError {
  error: string;
}

/** One played action in the log, as `viewer` may read it. */
/** engine.log(viewer): the whole log as `viewer` may read it. */
export interface Log {
  viewer: Colour | null;
  entries: LogEntry[];
}
export interface LogEntry {
  action: string | null;
  actor: Colour | null;
  events: GameEvent[];
}

/** A whole position in its text form (docs/NOTATION.md, docs/LIEUX_NOTATION.md): every card, nothing
 * hidden. Each game's has fields of its own (Oriflamme's hands, asides and queue; lieux's places…). */
export interface Position {
  format: string;
  seats: Colour[];
  round: number;
  first?: Colour;
  to_act?: Colour | null;
  [field: string]: any;
}

/** A finished game replayed from its save: every step with the full position (nothing hidden). */
export interface Replay {
  steps: { position: Position; action: string | null; actor: Colour | null;
           move?: { kind: string; [field: string]: any } | null; events: GameEvent[]; scores: Record<Colour, number> }[];
  ranking: Colour[][];
  tie_break: TieBreak | null;
  settings: Settings;
  seats: Seat[];
}

/** A game of the catalogue: its variants with their player ranges and colours, options, bot levels. */
export interface CatalogueGame {
  id: string;
  title: string;
  variant_setting: string;
  variants: { id: string; players: [number, number]; colours: Colour[] }[];
  options: Record<string, boolean | number | string>;
  levels: Level[];
  [fact: string]: unknown;
}
export interface Catalogue {
  games: CatalogueGame[];
}

/** Boot progress, for the loading bar (web/engine.js connectEngine). */
export interface Progress {
  stage: "loading" | "runtime" | "python" | "engine" | "ready";
  fraction: number;
  label: string;
  loaded?: number;
  total?: number;
  elapsed?: number;
}

/** engine.hint(): what the expert bot would play for the human to act (nothing is played). */
export interface Hint {
  action: string;
  colour?: Colour;
}

/** The engine as web/engine.js connectEngine() gives it: every call answered in order. */
export interface Engine {
  storageAvailable: boolean;
  newGame(settings?: Settings): Promise<Update | EngineError>;
  act(action: string): Promise<Update | EngineError>;
  botStep(): Promise<Update | EngineError>;
  update(viewer?: Colour | null): Promise<Update | EngineError>;
  log(viewer?: Colour | null): Promise<Log | EngineError>;
  catalogue(): Promise<Catalogue | EngineError>;
  hint(): Promise<Hint | EngineError>;
  /** The save as JSON text (store it as is); '{"error": ...}' when there is no game. */
  save(): Promise<string>;
  load(saveText: string | object): Promise<Update | EngineError>;
  replay(saveText: string | object): Promise<Replay | EngineError>;
  ping(): Promise<{ ok: boolean } | EngineError>;
  /** Take back the lone human's last decision and the bots' replies since. */
  undo(): Promise<Update | EngineError>;
  /** A guided first game of `game` (the update carries `tutorial`). */
  tutorial(game: string): Promise<Update | EngineError>;
  /** Begin reviewing a finished game (the current one, or a save): chart, key moments, hands dealt,
   * and how many decisions reviewNext() will judge. */
  reviewStart(saveText?: string | object | null): Promise<ReviewSummary | EngineError>;
  /** Judge the next decision of the review; the last answer also names the costliest decisions. */
  reviewNext(): Promise<ReviewStep | EngineError>;
}

/** engine.reviewStart(): the game's chart and key moments (tabletop.moments), and the decisions to judge. */
export interface ReviewSummary {
  decisions: number;
  [field: string]: any;
}

/** engine.reviewNext(): one more decision judged (tabletop.review). */
export interface ReviewStep {
  done: number;
  total: number;
  item: Record<string, any> | null;
  costliest?: number[];
  [field: string]: any;
}
