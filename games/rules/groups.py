"""Group kinds (R3) and their hu-xi (R4, Luzhou R10.3)."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from . import cards as C


class Kind(StrEnum):
    SENTENCE = "sentence"  # 一句话: three consecutive of one size, or 二七十 of one size
    JIAO = "jiao"  # 绞: three of one value, mixed sizes
    KAN = "kan"  # 坎: three identical in hand, never split
    PENG = "peng"
    WEI = "wei"
    CHOUWEI = "chouwei"
    PAO = "pao"
    TI = "ti"
    JIANG = "jiang"  # the one pair allowed when the player has a pao or ti


FOUR_SAME = frozenset({Kind.PAO, Kind.TI})
# Bound once for the turn loop and the claim checks: reading Kind.X goes through EnumType.__getattr__
# (0.1 µs), as does a member's .value.
WEI_KINDS = (Kind.WEI, Kind.CHOUWEI)  # a wei, open or not (R5.4, R6.4)
THREE_SAME = (Kind.PENG, Kind.WEI, Kind.CHOUWEI)  # three of a kind on the table: the fourth copy makes it four
KIND_TEXT = {k: k.value for k in Kind}


class GroupError(ValueError):
    """Cards that do not make the group their kind says."""


def is_sentence(cards: tuple[int, ...]) -> bool:
    if len(cards) != 3 or len({C.is_big(k) for k in cards}) != 1:
        return False
    values = sorted(C.value(k) for k in cards)
    return values == [2, 7, 10] or (values[1] == values[0] + 1 and values[2] == values[0] + 2)


def is_jiao(cards: tuple[int, ...]) -> bool:
    return (len(cards) == 3 and len({C.value(k) for k in cards}) == 1
            and len({C.is_big(k) for k in cards}) == 2)


def is_chi_group(cards: tuple[int, ...]) -> bool:
    """A group that chi or bi can lay down: a sentence or a jiao (R6.2)."""
    return is_sentence(cards) or is_jiao(cards)


def _chi_groups_with(k: int) -> tuple[tuple[int, int, int], ...]:
    v, base = C.value(k), (10 if C.is_big(k) else 0)
    other = k - 10 if C.is_big(k) else k + 10
    shapes = [(s, s + 1, s + 2) for s in (v - 2, v - 1, v) if 1 <= s <= 8]
    if v in (2, 7, 10):
        shapes.append((2, 7, 10))
    out = [tuple(base + x - 1 for x in shape) for shape in shapes]
    out += [tuple(sorted((k, k, other))), tuple(sorted((k, other, other)))]
    assert all(is_chi_group(g) for g in out)
    return tuple(out)


# Built once: chi and bi choices (claims), the win prechecks and the bots all read them.
GROUPS_WITH = tuple(_chi_groups_with(k) for k in C.KINDS)
NEIGHBOURS = tuple(tuple(sorted({j for g in GROUPS_WITH[k] for j in g})) for k in C.KINDS)  # k included


def chi_groups_with(k: int) -> tuple[tuple[int, int, int], ...]:
    """Every sentence or jiao holding card kind k (R3), each as sorted kinds."""
    return GROUPS_WITH[k]


def is_special_sentence(cards: tuple[int, ...]) -> bool:
    """一二三 or 二七十, small or big (R3)."""
    return sorted(C.value(k) for k in cards) in ([1, 2, 3], [2, 7, 10]) and is_sentence(cards)


@dataclass(frozen=True, slots=True)
class Group:
    kind: Kind
    cards: tuple[int, ...]

    @classmethod
    def make(cls, kind: Kind | str, cards) -> Group:
        """Build a group, refusing cards that are not what the kind says."""
        kind = Kind(kind)
        cs = tuple(sorted(cards))
        same = len(set(cs)) == 1
        ok = {
            Kind.SENTENCE: is_sentence(cs),
            Kind.JIAO: is_jiao(cs),
            Kind.JIANG: len(cs) == 2 and same,
        }.get(kind, same and len(cs) == (4 if kind in FOUR_SAME else 3))
        if not ok:
            raise GroupError(f"{C.fmt(cs)} is not a {kind.value}")
        return cls(kind, cs)

    @property
    def text(self) -> str:
        return C.fmt(self.cards)

    def __str__(self) -> str:
        return f"{self.kind.value} {self.text}"


@dataclass(frozen=True, slots=True)
class HuxiTable:
    """Hu-xi of each group, as (small, big) pairs. Wei and chou-wei count as a kan (R4, R10.3)."""

    peng: tuple[int, int] = (1, 3)
    peng_red: tuple[int, int] = (1, 3)
    kan: tuple[int, int] = (3, 6)
    kan_red: tuple[int, int] = (3, 6)
    pao: tuple[int, int] = (6, 9)
    pao_red: tuple[int, int] = (6, 9)
    ti: tuple[int, int] = (9, 12)
    ti_red: tuple[int, int] = (9, 12)
    s123: tuple[int, int] = (3, 6)
    s2710: tuple[int, int] = (3, 6)

    def huxi(self, kind: Kind, cards: tuple[int, ...]) -> int:
        first = cards[0]
        size = 1 if C.is_big(first) else 0
        red = C.is_red(first)
        if kind == Kind.PENG:
            return (self.peng_red if red else self.peng)[size]
        if kind in (Kind.KAN, Kind.WEI, Kind.CHOUWEI):
            return (self.kan_red if red else self.kan)[size]
        if kind == Kind.PAO:
            return (self.pao_red if red else self.pao)[size]
        if kind == Kind.TI:
            return (self.ti_red if red else self.ti)[size]
        if kind == Kind.SENTENCE:
            values = sorted(C.value(k) for k in cards)
            if values == [1, 2, 3]:
                return self.s123[size]
            if values == [2, 7, 10]:
                return self.s2710[size]
        return 0


STANDARD_HUXI = HuxiTable()
# R10.3: red peng 6/9; kan 6/9, red kan 9/12; 招 (pao) = kan + 3; 垅 (ti) = 招 + 3, at most 18;
# 一二三 3/6, 二七十 6/9.
LUZHOU_HUXI = HuxiTable(
    peng=(1, 3), peng_red=(6, 9), kan=(6, 9), kan_red=(9, 12),
    pao=(9, 12), pao_red=(12, 15), ti=(12, 15), ti_red=(15, 18),
    s123=(3, 6), s2710=(6, 9),
)
