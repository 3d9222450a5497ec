"""Château, Village & Port's events in English sentences, for the terminal's log (the web page has its own
words for them in every language: web/ui/lieux/log.js). An event the terminal should not have met is told
field by field rather than lost."""

from __future__ import annotations

from typing import Any

from tabletop.terminal import plain_event

from .cards import CHARACTERS

PLACE_NAMES = {"chateau": "the Château", "village": "the Village", "port": "the Port"}
REWARD_WORDS = {"half": "half its value, rounded up", "per-card": "1 gold per card in the place",
                "steal": "1 gold from every other player"}


def _card(value: Any) -> str:
    return f"{CHARACTERS[value][2]} ({value})" if value in CHARACTERS else f"card {value}"


def _place(place: Any) -> str:
    return PLACE_NAMES.get(place, str(place))


def _gold(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"


def _reward(e: dict[str, Any]) -> str:
    r = e.get("reward")
    told = _gold(r) if isinstance(r, int) else REWARD_WORDS.get(str(r), str(r))
    return told + (" ×2" if e.get("doubled") else "")


def _discarded(e: dict[str, Any]) -> str:
    card, owner, place = _card(e.get("value")), e.get("owner"), _place(e.get("place"))
    reason = e.get("reason")
    if reason == "hunter":
        return f"The Hunter throws out {owner}'s {card} from {place}."
    if reason == "king":
        return f"A Thief is in {place}: {owner}'s King is thrown out."
    if reason == "rewarded":
        return f"{owner}'s {card} leaves {place}."
    return f"{e.get('colour')} throws out {owner}'s {card} from {place}."


def _stolen(e: dict[str, Any]) -> str:
    what = "gold" if e.get("amount") is None else f"{e['amount']} gold"
    why = " (reward)" if e.get("reason") == "reward" else ""
    return f"{e.get('colour')} takes {what} from {e.get('victim')}{why}."


def _gold_event(e: dict[str, Any]) -> str:
    if e.get("amount") is None:  # hidden gold: only its owner knows how much
        return f"{e.get('colour')} receives gold."
    sources = {"princess": " from the Princess", "merchant": " from the Merchant"}
    source = sources.get(e.get("reason") or "", "")
    total = e.get("gold", "?")
    return f"{e.get('colour')}: {_gold(e['amount'])} gold{source} ({total} in all)."


def describe_event(e: dict[str, Any]) -> str | None:
    """One log line for an event (None: nothing worth a line)."""
    kind, who = e.get("type"), e.get("colour")
    if kind == "round_started":
        return f"— Round {e.get('round')} begins; {e.get('first')} plays first. —"
    if kind == "turn_started":
        return f"Turn {e.get('turn')}: {e.get('first')} holds the first-player marker."
    if kind == "selected":  # the card is in the event only for the player who chose it
        return f"{who} chooses a card." if e.get("value") is None else f"{who} chooses {_card(e['value'])}."
    if kind == "revealing":
        return "Everyone has chosen: the cards are revealed and laid."
    if kind == "placed":
        ordered = ", as ordered" if e.get("forced") else ""
        return f"{who} lays {_card(e.get('value'))} in {_place(e.get('place'))}{ordered}."
    if kind == "effect":
        if e.get("copied"):
            return f"{who}'s Alchemist acts as a {str(e.get('ability')).capitalize()}."
        return f"{who}'s {_card(e.get('value'))} acts."
    if kind == "no_effect":
        return f"{who}'s {_card(e.get('value'))} has nothing to do."
    if kind == "copied":
        return f"{who}'s Alchemist copies {e.get('owner')}'s {_card(e.get('copied_value'))}."
    if kind == "moved":
        return (f"{who} moves {e.get('owner')}'s {_card(e.get('value'))} from {_place(e.get('from'))} "
                f"to {_place(e.get('to'))}.")
    if kind == "discarded":
        return _discarded(e)
    if kind == "stolen":
        return _stolen(e)
    if kind == "swapped":
        if e.get("old") is not None:  # told in full only to the player whose card changed
            old, new = _card(e["old"]), _card(e.get("new"))
            return f"{who}'s Courtesan makes {e.get('target')} exchange {old} for {new}."
        return f"{who}'s Courtesan makes {e.get('target')} exchange their chosen card."
    if kind == "forced":
        return f"{who}'s Strategist sends {e.get('target')}'s card to {_place(e.get('place'))}."
    if kind == "token_passed":
        return f"The first-player marker passes from {e.get('from')} to {e.get('to')}."
    if kind == "round_scoring":
        return f"Round {e.get('round')} is scored."
    if kind == "place_scoring":
        return f"Scoring {_place(e.get('place'))}."
    if kind == "reward":
        card = f"{e.get('owner')}'s {_card(e.get('value'))}"
        return f"In {_place(e.get('place'))}, rank {e.get('rank')}: {card} earns {_reward(e)}."
    if kind == "gold":
        return _gold_event(e)
    if kind == "round_ended":
        return f"— Round {e.get('round')} is over. —"
    if kind == "drew":
        if not e.get("count"):
            return None
        if isinstance(e.get("cards"), list):  # only the drawer sees which
            return f"{who} draws {', '.join(_card(c) for c in e['cards'])}."
        return f"{who} draws {e['count']} card{'s' if e['count'] != 1 else ''}."
    if kind == "game_over":
        return "The game is over."
    return plain_event(e)
