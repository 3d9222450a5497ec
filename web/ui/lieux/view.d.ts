// Château, Village & Port's view(viewer) as the engine sends it, and what its table draws with.
import type { BaseView, Colour, Seat } from "../../types/bridge";
import type { Props, VNode } from "../dom.js";

/** A character card lying in a place; `value` null: face down. */
export interface PlacedCard {
  owner: Colour;
  value: number | null;
  ability?: string | null;
  timing?: "immediate" | "end" | null;
}

export interface Place {
  id: string;
  name?: string;
  rewards: (number | string)[];
  cards: PlacedCard[];
}

export interface LieuxView extends BaseView {
  set: string;
  side: string;
  hidden_gold: boolean;
  turn: number;
  turns: number;
  gold: Record<Colour, number | null> | null;      // null entries: hidden gold
  hand: number[];
  hand_sizes: Record<Colour, number>;
  pile_sizes: Record<Colour, number>;
  discard: Record<Colour, number[]>;
  selected: Record<Colour, { value: number | null } | null> | null;
  forced: Record<Colour, string>;
  places: Place[];
  decision: {
    kind: string; player: Colour; ability: string | null;
    source: { value?: number | null; [field: string]: unknown } | null;
    copied: boolean; forced?: string | null;
    slots?: Record<string, number>;                 // where each `put` action lands (rule L2)
  } | null;
}

/** What the table needs besides the view (lieux/index.js screen). */
export interface LieuxMeta {
  viewer: Colour | null;
  seats: Seat[];
  legal: string[];
  lastText: string;
  flash: Colour | null;
  fresh: Set<string>;                               // "owner:value" of the cards just placed or moved
  scoring: VNode | null;
  hint: VNode | null;
}

/** How one character card is drawn (lieux/table.js lcard). */
export interface LcardOptions {
  tag?: string;
  attrs?: Props;
  cls?: string;
  key?: string;
  label?: string | null;
  timing?: "immediate" | "end" | null;
  mine?: boolean;
  down?: boolean;
  noInfo?: boolean;
}
