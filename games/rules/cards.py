"""Cards and their text notation (R1).

A card *kind* is an int 0..19: small 一..十 are 0..9, big 壹..拾 are 10..19. Holdings are usually
kept as count vectors (a list or tuple of 20 counts), which is what the winning search works on.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

SMALL_CHARS = "一二三四五六七八九十"
BIG_CHARS = "壹贰叁肆伍陆柒捌玖拾"
CHARS = SMALL_CHARS + BIG_CHARS
KINDS = range(20)
COPIES = 4
RED_VALUES = frozenset({2, 7, 10})

_ASCII = re.compile(r"([sb])(10|[1-9])", re.IGNORECASE)


class CardError(ValueError):
    """A card string that cannot be read (unknown character, too many copies…)."""


def kind(value: int, big: bool) -> int:
    return value - 1 + (10 if big else 0)


def value(k: int) -> int:
    return k % 10 + 1


def is_big(k: int) -> bool:
    return k >= 10


def is_red(k: int) -> bool:
    return value(k) in RED_VALUES


def char(k: int) -> str:
    return CHARS[k]


def parse(text: str | None) -> list[int]:
    """Read cards written as 一…十 / 壹…拾, or ASCII s1…s10 / b1…b10; spaces and commas are ignored."""
    cards: list[int] = []
    i = 0
    text = text or ""
    while i < len(text):
        ch = text[i]
        if ch in CHARS:
            cards.append(CHARS.index(ch))
            i += 1
        elif ch in " ,，、\t":
            i += 1
        else:
            m = _ASCII.match(text, i)
            if not m:
                raise CardError(f"unknown card {ch!r} in {text!r}")
            cards.append(kind(int(m.group(2)), m.group(1).lower() == "b"))
            i = m.end()
    return cards


def parse_card(text: str) -> int:
    """Read exactly one card."""
    cards = parse(text)
    if len(cards) != 1:
        raise CardError(f"expected one card, got {text!r}")
    return cards[0]


def fmt(cards: Iterable[int]) -> str:
    """Cards in the stable order: small before big, then by value."""
    return "".join(CHARS[k] for k in sorted(cards))


def counts(cards: Iterable[int]) -> list[int]:
    c = [0] * 20
    for k in cards:
        c[k] += 1
    return c


def minus(c: Sequence[int], cards: Iterable[int]) -> tuple[int, ...] | None:
    """The counts less these cards, or None when they are not all there."""
    h = list(c)
    for k in cards:
        h[k] -= 1
        if h[k] < 0:
            return None
    return tuple(h)


def from_counts(c: Sequence[int]) -> list[int]:
    return [k for k in KINDS for _ in range(c[k])]


def check_copies(cards: Iterable[int], where: str = "") -> None:
    """Refuse more than four copies of a kind (R1)."""
    c = counts(cards)
    for k in KINDS:
        if c[k] > COPIES:
            raise CardError(f"{c[k]} copies of {CHARS[k]}{where}: there are only {COPIES}")


def deck() -> list[int]:
    """The 80 cards, in kind order."""
    return [k for k in KINDS for _ in range(COPIES)]
