"""Why a move is refused (games.rules IllegalAction and InvalidAction codes), for players.

Keyed by (class name, code) as games.rules raises them (actions.IllegalAction.TEXTS,
actions.InvalidAction.TEXTS); the placeholders are the refusal's params: card faces as text. A message
names no seat, and no cards but the player's own or those on the table (the engine's params already
keep that, R3); what a player typed is not repeated back.
"""
from django.utils.translation import gettext_lazy as _

MESSAGES = {
    # whose move it is
    ("IllegalAction", "no_seat"): _("There is no such seat at this table."),
    ("IllegalAction", "hand_over"): _("This hand is over."),
    ("IllegalAction", "not_your_turn"): _("It is not your turn: another player must discard first."),
    ("IllegalAction", "must_discard"): _("You must discard a card now."),
    ("IllegalAction", "not_held"): _("You do not hold %(card)s."),
    ("IllegalAction", "kan_card"): _("%(card)s is part of a kan (three of a kind in your hand), which can "
                                     "never be discarded."),
    ("IllegalAction", "already_decided"): _("You have already decided on this %(card)s."),
    ("IllegalAction", "claims_pending"): _("You cannot discard now: %(card)s is waiting for the players' "
                                           "claims."),
    ("IllegalAction", "not_asked"): _("You have nothing to decide now."),
    ("IllegalAction", "better_claim"): _("A better claim on %(card)s has been made: yours can no longer be "
                                         "met."),
    ("IllegalAction", "nothing_to_decide"): _("You have nothing to decide on this %(card)s."),
    # taking the card
    ("IllegalAction", "take_tiwei"): _("Nobody may take a card that made a ti or a wei."),
    ("IllegalAction", "take_shown"): _("The shown card stays in the dealer's hand: it can only be won on."),
    ("IllegalAction", "own_pao"): _("%(card)s makes your pao, which comes before peng and chi."),
    ("IllegalAction", "cannot_take"): _("You cannot take %(card)s now."),
    ("IllegalAction", "peng_own_discard"): _("You cannot peng your own discard."),
    ("IllegalAction", "peng_own_draw"): _("You cannot peng a card you drew yourself."),
    ("IllegalAction", "take_own_discard"): _("You cannot chi your own discard."),
    ("IllegalAction", "passed_card"): _("%(card)s is a passed card for you: you may no longer chi or peng "
                                        "it."),
    ("IllegalAction", "own_discard_card"): _("You discarded %(card)s yourself this hand, so you may not chi "
                                             "or peng it."),
    ("IllegalAction", "peng_no_pair"): _("You need a pair of %(card)s in your hand to peng."),
    ("IllegalAction", "peng_no_discard"): _("After that peng you would owe a discard and have nothing to "
                                            "discard."),
    ("IllegalAction", "chi_not_next"): _("Only the player after the discarder may chi a discard."),
    ("IllegalAction", "chi_not_drawer_or_next"): _("Only the player who drew the card and the player after "
                                                   "him may chi it."),
    ("IllegalAction", "chi_group_lacks_card"): _("The chi group %(group)s must hold the %(card)s you "
                                                 "take."),
    ("IllegalAction", "chi_kan_card"): _("%(card)s is part of a kan, which is never split."),
    ("IllegalAction", "chi_not_held"): _("You do not hold %(cards)s for that chi."),
    ("IllegalAction", "bi_lacks_card"): _("The bi group %(group)s holds no %(card)s."),
    ("IllegalAction", "must_bi"): _("You must bi %(card)s as well: every %(card)s left in your hand goes "
                                    "down with the chi."),
    ("IllegalAction", "bi_impossible"): _("Your other %(card)s cannot be matched (bi), so you cannot chi "
                                          "%(card)s that way."),
    ("IllegalAction", "chi_no_discard"): _("After that chi you would owe a discard and have nothing to "
                                           "discard."),
    # winning
    ("IllegalAction", "hu_tiwei"): _("Nobody else may win on a card that made a ti or a wei."),
    ("IllegalAction", "hu_discard"): _("A discarded card can never be won on."),
    ("IllegalAction", "hu_own_discard"): _("You cannot win on your own discard."),
    ("IllegalAction", "declined_peng_bars_hu"): _("You declined a peng this hand, and in this variant that "
                                                  "bars you from winning it."),
    ("IllegalAction", "passed_hu"): _("Passed hu: you let a win on %(card)s go at %(huxi)s table hu-xi; you "
                                      "may win on %(card)s again once your table hu-xi changes."),
    ("IllegalAction", "hu_huxi"): _("With %(card)s you would have fewer than %(min_huxi)s hu-xi."),
    ("IllegalAction", "hu_source"): _("You cannot win on %(card)s from where it came."),
    ("IllegalAction", "hu_shape"): _("Your cards and %(card)s do not make 7 groups."),
    # malformed moves (the page's buttons never send them)
    ("InvalidAction", "not_words"): _("That is not a move."),
    ("InvalidAction", "unknown_move"): _("There is no such move."),
    ("InvalidAction", "discard_one_card"): _("Discard exactly one card."),
    ("InvalidAction", "chi_needs_group"): _("A chi needs the group you chi with, then each bi group."),
    ("InvalidAction", "bad_cards"): _("Those are not cards."),
    ("InvalidAction", "not_chi_group"): _("%(group)s is neither a sentence nor a jiao."),
    ("InvalidAction", "takes_no_cards"): _("That move takes no cards."),
    ("InvalidAction", "scenario_entry"): _("Each move needs its seat, the move and its cards."),
}
