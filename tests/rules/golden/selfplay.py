"""The golden self-play file: 50 seeded random hands and 20 bot hands per preset, what each came to.

`tests/rules/test_golden_selfplay.py` plays them again on every test run and compares, so a change that
alters how any hand plays (a speed-up, a refactoring) fails loudly. When a change of behaviour is meant,
regenerate the file on purpose and say why in the commit:

    .venv/bin/python -m tests.rules.golden.selfplay
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from games.bots import self_play
from games.rules import PRESETS
from games.rules.checks import random_hand

GOLDEN = Path(__file__).with_name("selfplay.jsonl")
HANDS_PER_PRESET = 50  # random legal moves
BOT_HANDS_PER_PRESET = 20  # every seat a bot (games.bots): most of these end in a win


def digest(rows) -> str:
    text = json.dumps(rows, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def record(variant: str, i: int) -> dict:
    """Hand i of a preset (the state's digest leaves out the rule set itself, so that a new parameter
    whose default plays as before does not change the file): players cycle through the variant's table sizes, the dealer through the seats,
    and every other hand a seat that may win does (more wins, so the scoring is covered too)."""
    rules = PRESETS[variant]
    players = rules.player_counts[i % len(rules.player_counts)]
    seed, dealer, hu_first = 7_919 * (i + 1), i % players, i % 2 == 1
    played = random_hand(rules, seed, dealer, players, hu_first=hu_first)
    result = played.state.result
    return {"variant": variant, "seed": seed, "dealer": dealer, "players": players, "hu_first": hu_first,
            "moves": len(played.log), "winner": result["winner"], "base": result.get("base"),
            "huxi": result.get("huxi"), "patterns": result.get("patterns"),
            "events": digest([e.to_dict() for e in played.events]),
            "state": digest({k: v for k, v in played.state.to_json().items() if k != "rules"})}


def bot_record(variant: str, i: int) -> dict:
    """Bot hand i of a preset, at three seats (the bots' choices and the scoring of their wins)."""
    seed, dealer = 104_729 * (i + 1), i % 3
    state = self_play(PRESETS[variant], seed, dealer, 3, bots=range(3))
    result = state.result
    return {"variant": variant, "seed": seed, "dealer": dealer, "players": 3, "bots": True,
            "moves": state.move_no, "winner": result["winner"], "base": result.get("base"),
            "huxi": result.get("huxi"), "patterns": result.get("patterns"),
            "state": digest({k: v for k, v in state.to_json().items() if k != "rules"})}


def records() -> list[dict]:
    return ([record(name, i) for name in PRESETS for i in range(HANDS_PER_PRESET)]
            + [bot_record(name, i) for name in PRESETS for i in range(BOT_HANDS_PER_PRESET)])


def main() -> None:
    rows = records()
    GOLDEN.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"wrote {len(rows)} hands to {GOLDEN}")


if __name__ == "__main__":
    main()
