"""Test helper: build `evaluate` calls from the card notation, through the CLI's own request parser."""
from games.rules.cli_score import parse_request


def ev(variant, hand, card=None, source=None, groups=(), **flags):
    """Evaluate `hand` (+ `card` from `source`) with table `groups` given as (kind, cards) pairs."""
    obj = {"variant": variant, "hand": hand, "card": card, "source": source,
           "groups": [{"kind": kind, "cards": cards} for kind, cards in groups], **flags}
    return parse_request(obj).evaluate()


def split_of(result):
    """The split as sorted (kind, cards) pairs, easy to compare."""
    return sorted((g.kind.value, g.text) for g in result.split)
