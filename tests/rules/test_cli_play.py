"""The `python -m games.rules.cli play` contract: one JSON line out per scenario line in."""
import json
import subprocess
import sys

from games.rules import cards as C
from tests.rules.test_r5_forced_moves import A_WAITS_SAN_LIU, DEALER20


def scenario(sid, hands, stock, actions, variant="changde"):
    named = C.parse("".join(hands) + stock)
    removed = "".join(C.char(k) * (C.COPIES - n) for k, n in enumerate(C.counts(named)))
    return {"id": sid, "variant": variant, "dealer": 0, "hands": hands, "stock": stock,
            "removed": removed, "actions": actions}


def run_cli(*lines: str) -> list[dict]:
    out = subprocess.run([sys.executable, "-m", "games.rules.cli", "play"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def test_cli_play_contract():
    passed = scenario("passed", ["二" + DEALER20, "一三", "二贰"], "二",
                      [[0, "discard", "二"], [1, "pass"], [1, "chi", "一二三"], [2, "pass"]])
    won = scenario("won", ["拾", A_WAITS_SAN_LIU, ""], "六", [[1, "hu"]])
    bad_card = scenario("bad", ["二" + DEALER20, "一三", "二贰"], "二", [[0, "discard", "x"]])
    out = run_cli(json.dumps(passed, ensure_ascii=False), json.dumps(won, ensure_ascii=False),
                  json.dumps(bad_card, ensure_ascii=False), "{not json", json.dumps({"id": 5, "hands": ["一", "", ""]}))
    assert [o["id"] for o in out] == ["passed", "won", "bad", None, 5]

    first = out[0]
    assert first["error"] == {"index": 2, "message": "二 is a passed card for you"}
    assert first["events"] == [
        {"seat": 0, "move": "show", "cards": "拾"}, {"seat": 0, "move": "discard", "cards": "二"},
        {"seat": 1, "move": "draw", "cards": "二"}, {"seat": 1, "move": "show", "cards": "二"}]
    assert first["state"] == {
        "to_act": [2], "legal": {"2": ["chi 二二贰", "pass"]},
        "hands": [C.fmt(C.parse(DEALER20)), "一三", "二贰"], "table": [[], [], []],
        "discards": ["二", "", ""], "stock_left": 0, "passed": ["", "二", ""],
        "finished": False, "result": None}

    result = out[1]["state"]["result"]
    assert out[1]["error"] is None and out[1]["state"]["finished"]
    assert result["winner"] == 1 and result["card"] == "六" and result["self_draw"] is True
    assert {"huxi", "grade", "patterns", "fan", "base", "split"} <= set(result)

    assert out[2]["error"]["index"] == 0 and "unknown card" in out[2]["error"]["message"]
    assert out[2]["state"]["to_act"] == [0]  # the state before the refused action
    assert out[3]["error"]["index"] is None and out[3]["state"] is None
    assert "exactly 4 times" in out[4]["error"]["message"]


def test_cli_simulate_prints_the_figures_and_checks():
    out = subprocess.run([sys.executable, "-m", "games.rules.cli", "simulate", "--variant", "yongzhou_half",
                          "--hands", "5", "--seed", "3", "--check"], capture_output=True, text=True)
    assert out.returncode == 0
    assert "hands/s" in out.stdout and "wins" in out.stdout and "drawn hands" in out.stdout
    assert "average moves" in out.stdout and "all invariants held" in out.stdout


def test_cli_simulate_check_exits_non_zero_at_the_first_violation(monkeypatch, capsys):
    from games.rules import cli

    monkeypatch.setattr("games.rules.cli_simulate.violation", lambda state: "cards not conserved: test")
    assert cli.main(["simulate", "--hands", "3", "--check"]) == 1
    assert "cards not conserved: test" in capsys.readouterr().err
