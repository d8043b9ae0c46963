"""`python -m games.rules.cli score`: the JSON-lines contract of the issue, errors included."""
import argparse
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.rules import cards as C
from games.rules import cli_score

ROOT = Path(__file__).resolve().parents[2]
PLAIN18 = {"variant": "changde", "hand": "壹壹壹叁叁叁一二三二七十四五六七八九伍陆", "card": "柒",
           "source": "other_draw"}


def run(lines, pretty=False):
    out = io.StringIO()
    assert cli_score.run(argparse.Namespace(pretty=pretty), io.StringIO("".join(l + "\n" for l in lines)), out) == 0
    return out.getvalue().splitlines()


def score(**fields):
    (line,) = run([json.dumps({"id": "t", **fields}, ensure_ascii=False)])
    return json.loads(line)


def test_cli_score_command_one_json_line_per_input_line_in_order():
    lines = [json.dumps({"id": 1, **PLAIN18}, ensure_ascii=False), "not json",
             json.dumps({"id": "b", **PLAIN18, "source": "discard"}), json.dumps({"id": [3], "variant": "x"})]
    proc = subprocess.run([sys.executable, "-m", "games.rules.cli", "score"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0 and proc.stderr == ""
    outs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [o["id"] for o in outs] == [1, None, "b", [3]]
    assert outs[0] == {"id": 1, "win": True, "huxi": 18, "grade": 2, "patterns": [], "fan": 0, "base": 2,
                       "self_draw": False, "split": [["kan", "壹壹壹"], ["kan", "叁叁叁"], ["sentence", "一二三"],
                                                     ["sentence", "二七十"], ["sentence", "四五六"],
                                                     ["sentence", "七八九"], ["sentence", "伍陆柒"]]}
    assert "error" in outs[1] and outs[2] == {"id": "b", "win": False, "why": "source"}
    assert "unknown variant" in outs[3]["error"]


def test_cli_score_win_line_with_patterns_and_table_groups():
    out = score(variant="yongzhou_half", hand="二七十贰柒拾七八九壹壹壹四五六叁肆", card="伍", source="own_draw",
                groups=[{"kind": "peng", "cards": "贰贰贰"}], last_card=True)
    assert out["patterns"] == [["红胡", 2], ["海底", 2]] and out["fan"] == 4
    assert (out["grade"], out["base"], out["self_draw"]) == (2, (2 + 1) * 4, True)
    assert ["peng", "贰贰贰"] in out["split"]
    assert list(out) == ["id", "win", "huxi", "grade", "patterns", "fan", "base", "self_draw", "split"]


def test_cli_score_split_kinds_and_cards_in_stable_order():
    out = score(variant="changde", hand="拾拾拾拾一二三二七十四五六七八九壹贰叁伍", card="伍", source="other_draw")
    kinds = {kind for kind, _ in out["split"]}
    assert kinds <= {"sentence", "jiao", "kan", "peng", "wei", "chouwei", "pao", "ti", "jiang"}
    assert all(cards == C.fmt(C.parse(cards)) for _, cards in out["split"])
    assert ["ti", "拾拾拾拾"] in out["split"] and ["jiang", "伍伍"] in out["split"]


def test_cli_score_no_win_lines():
    assert score(**{**PLAIN18, "card": "捌"}) == {"id": "t", "win": False, "why": "shape"}
    assert score(**{**PLAIN18, "hand": PLAIN18["hand"].replace("二七十", "肆伍陆").replace("壹壹壹", "捌玖拾")}
                 ) == {"id": "t", "win": False, "why": "huxi"}


def test_cli_score_heavenly_and_shown_lines():
    three_ti = "一一一一二二二二三三三三肆伍陆柒捌玖拾壹"
    out = score(variant="changde", hand=three_ti, card=None, source=None, heavenly=True)
    assert out["win"] and out["self_draw"] and out["huxi"] == 27 and out["rest"] == "壹拾"
    dealer = score(variant="changde", hand=PLAIN18["hand"] + "柒", card=None, source="shown")
    assert (dealer["grade"], dealer["base"]) == (8, 9)


def test_cli_score_reads_ascii_cards():
    out = score(variant="changde", hand="b1 b1 b1 b3 b3 b3 s1 s2 s3 s2 s7 s10 s4 s5 s6 s7 s8 s9 b5 b6",
                card="b7", source="other_draw")
    assert out["huxi"] == 18


@pytest.mark.parametrize("fields, reason", [
    ({"variant": "nowhere"}, "unknown variant"),
    ({"variant": None}, "variant must be one of"),
    ({"hand": "一二x"}, "unknown card"),
    ({"hand": ["一", "二"]}, "hand must be a string"),
    ({"card": "一二"}, "exactly one card"),
    ({"card": 5}, "card must be a string"),
    ({"source": "somewhere"}, "source must be one of"),
    ({"source": None}, "needs its source"),
    ({"last_card": "yes"}, "last_card must be true or false"),
    ({"heavenly": 1}, "heavenly must be true or false"),
    ({"groups": "peng"}, "groups must be a list"),
    ({"groups": [["peng", "五五五"]]}, "groups[0] must be an object"),
    ({"groups": [{"kind": "peng", "cards": "五五伍"}]}, "is not a peng"),
    ({"groups": [{"kind": "pao", "cards": "五五五"}]}, "is not a pao"),
    ({"groups": [{"kind": "chi", "cards": "五五五"}]}, "neither a sentence nor a jiao"),
    ({"groups": [{"kind": "kan", "cards": "五五五"}]}, "is not one of"),
    ({"groups": [{"kind": "ti", "cards": "柒柒柒柒"}]}, "5 copies of 柒"),
    ({"hand": "壹壹壹壹壹" + PLAIN18["hand"][5:]}, "copies of 壹"),
])
def test_cli_score_bad_input_is_an_error_line_with_a_clear_reason(fields, reason):
    out = score(**{**PLAIN18, **fields})
    assert set(out) == {"id", "error"} and out["id"] == "t" and reason in out["error"], out


def test_cli_score_keeps_going_after_bad_lines():
    lines = ["{", "[1, 2]", "", json.dumps({"id": 9, **PLAIN18}, ensure_ascii=False)]
    outs = [json.loads(line) for line in run(lines)]
    assert len(outs) == 4 and [o.get("error", "")[:9] for o in outs[:3]] == ["malformed", "each line", "empty lin"]
    assert outs[3]["id"] == 9 and outs[3]["win"]


def test_cli_score_never_shows_a_traceback(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")
    monkeypatch.setattr(cli_score, "evaluate", broken)
    (line,) = run([json.dumps({"id": 1, **PLAIN18}, ensure_ascii=False)])
    assert json.loads(line) == {"id": 1, "error": "internal error: RuntimeError: boom"}


def test_cli_score_pretty_prints_a_readable_table():
    lines = [json.dumps({"id": "a", **PLAIN18, "source": "shown"}, ensure_ascii=False),
             json.dumps({"id": "b", **PLAIN18, "card": "捌"}, ensure_ascii=False), "oops"]
    text = "\n".join(run(lines, pretty=True))
    assert "[a] win (self-draw)" in text and "kan       壹壹壹   6 hu-xi" in text
    assert "base (底) 9 = 8 + 1" in text
    assert "[b] no win: the holdings do not make 7 groups" in text and "[None] error: malformed JSON" in text
