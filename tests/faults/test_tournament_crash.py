"""A tournament across SIGKILLs (issue 24; the scenario is tests/faults/tournament.py, run in a process of
its own): killed twice mid-round, it resumes and finishes; every fee is taken once, every prize paid
once (coins = start − fee + prize for each person), the ranks are 1…9, and `manage.py ledger_check` is
clean on the database it leaves."""
from .test_faults import run


def test_a_tournament_killed_twice_mid_round_finishes_and_pays_each_fee_and_prize_once(soak):
    done = run("tournament", soak)
    assert done["kills"] == 2 and done["state"] == "finished"
    assert [r["n"] for r in done["rounds"]] == [1, 2, 3] and all(r["ended"] for r in done["rounds"])
    assert len(done["fees"]) == len(set(done["fees"])) == 5 and done["refunds"] == []
    assert len(done["prizes"]) == len(set(done["prizes"])) == sum(1 for p in done["people"] if p["prize"])
    assert done["ranks"] == list(range(1, 10))
    for person in done["people"]:
        assert person["coins"] == done["start"] - 100 + person["prize"], person
    assert {p["prize"] for p in done["people"]} <= {0, 225, 135, 90}  # 500 − 10 % = 450: 50/30/20 %
    assert done["audit"] == 0 and "OK" in done["audit_out"], done["audit_out"]
    assert done["tracebacks"] == 0, done["log_tail"]
