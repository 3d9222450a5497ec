"""Every event the engine sends the page is told in words in every language: random games of each game in
the registry are played through the bridge (one human seat, random bots; every variant), each update's
events (already redacted for that human) are handed to the game's own log module in node
(web/ui/<game>/log.js) in EN, FR and DE, and no text may come back empty-handed: not the bare key, not a
placeholder left unfilled, not "undefined"/"null"/"NaN". A new event type without its words fails here.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

from tabletop import registry
from tabletop.bridge import api

ROOT = Path(__file__).resolve().parent.parent

# For each sample {game, edition, viewer, event}: the text in each language, or the problem with it.
NODE_SCRIPT = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [root, samplesFile] = process.argv.slice(1);
globalThis.document = { documentElement: { lang: "" } };
const url = (path) => pathToFileURL(`${root}/${path}`).href;
const i18n = await import(url("web/i18n/index.js"));
const tellers = {
  oriflamme: (await import(url("web/ui/oriflamme/log.js"))).eventText,
  lieux: (await import(url("web/ui/lieux/log.js"))).lieuxEventText,
};
const samples = JSON.parse(readFileSync(samplesFile, "utf8"));
const problems = [];
let told = 0;
for (const code of ["en", "fr", "de"]) {
  await i18n.setLang(code);
  for (const { game, edition, viewer, event } of samples) {
    const text = game === "oriflamme" ? tellers.oriflamme(event, edition, { viewer })
      : tellers.lieux(event, { viewer });
    const bad = typeof text !== "string" ? "not a text"
      : /\{\w+\}/.test(text) ? "a placeholder left"
      : /\b(undefined|null|NaN)\b|\[object/.test(text) ? "a missing value"
      : /^(ev\.|lieux:)|^[a-z_]+$/.test(text) && text !== "" ? "the key, not words"
      : game === "oriflamme" && event.amount && !text.includes(i18n.t("pointsWords", { n: event.amount }))
        ? "an amount without its unit"
      : null;
    if (bad) problems.push({ code, game, type: event.type, bad, text });
    else if (text) told++;
  }
}
console.log(JSON.stringify({ problems: problems.slice(0, 30), count: problems.length, told }));
"""


def play(game_id: str, variant: str, players: int, seed: int) -> list[dict[str, Any]]:
    """One game, a human in the first seat and random bots: every update's events as that human saw them."""
    spec = registry.get(game_id)
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
    settings = {"game": game_id, spec.variant_setting: variant, "players": players, "seed": seed,
                "seats": seats}
    rng = random.Random(seed)
    u = json.loads(api.new_game(json.dumps(settings)))
    assert "error" not in u, u
    samples = []
    while True:
        samples += [{"game": game_id, "edition": variant, "viewer": u["viewer"], "event": ev}
                    for ev in u["events"]]
        if u["over"]:
            return samples
        u = json.loads(api.act(rng.choice(u["legal"])) if u["to_act_kind"] == "human" else api.bot_step())
        assert "error" not in u, u


def test_every_event_is_told_in_every_language(tmp_path: Path) -> None:
    samples: list[dict[str, Any]] = []
    for game_id in registry.ids():
        spec = registry.get(game_id)
        for k, variant in enumerate(spec.variants):
            for players in range(variant.min_players, variant.max_players + 1):
                samples += play(game_id, variant.id, players, seed=1000 * k + players)
    types = {(s["game"], s["event"]["type"]) for s in samples}
    assert len(types) >= 20, types  # both games' events, not a handful
    (tmp_path / "samples.json").write_text(json.dumps(samples))
    command = ["node", "--input-type=module", "-e", NODE_SCRIPT, str(ROOT), str(tmp_path / "samples.json")]
    proc = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout)
    assert out["count"] == 0, out["problems"]
    assert out["told"] > len(samples)  # most events make a line, in each language
