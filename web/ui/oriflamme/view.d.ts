// Oriflamme's view(viewer) as the engine sends it (docs/ENGINE_API.md), and what its table draws with.
import type { BaseView, Colour, Seat } from "../../types/bridge";
import type { Props, VNode } from "../dom.js";

/** A card of the queue; `card` is null for a face-down card the viewer does not own. */
export interface QueueCard {
  card: string | null;
  owner: Colour;
  face_up: boolean;
  tokens: number;
}

export interface OriflammeView extends BaseView {
  edition: string;
  direction: "ltr" | "rtl";
  cursor: number | null;               // 1-based, in the resolution phase
  hand: string[];                      // the viewer's own
  aside: string[];
  hand_sizes: Record<Colour, number>;
  aside_sizes: Record<Colour, number>;
  discard: Record<Colour, string[]>;
  queue: QueueCard[][];                // stacks, bottom card first
  decision: { kind: string; player: Colour; ability: string | null; position: number | null } | null;
}

/** What the table needs besides the view (oriflamme/index.js screen). */
export interface TableMeta {
  viewer: Colour | null;
  seats: Seat[];
  legal: string[];
  guided: boolean;                     // legal holds only a guided game's taught move (no rule to infer)
  lastText: string;
  flash: Colour | null;
  flashPos: number | null;
  tokens: boolean;                     // does this edition use tokens (the catalogue's)
  hint: VNode | null;
  announce: string;                    // what the live region says of this update (one sentence)
  parts?: number;                      // the parts drawn (D102, D140): all of them if absent or Infinity
}

/** How one card is drawn (oriflamme/table.js card). */
export interface CardOptions {
  owner?: Colour | null;
  up?: boolean;
  tokens?: number;
  mine?: boolean;
  tag?: string;
  attrs?: Props;
  cls?: string;
  key?: string;
  label?: string | null;
  said?: string;                       // what a screen reader reads for a card that is no button
}
