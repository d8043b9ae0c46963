"""Why a rule set, a scoring request or a win is refused (RuleSetError, BadInput, NoWin), for the admin.

Keyed by (class name, code) as games.rules raises them: RuleSetError.TEXTS, BadInput.TEXTS and NoWin's
`why`. The placeholders are the refusal's params; `row` counts table groups from one.
"""
from django.utils.translation import gettext_lazy as _

_UNKNOWN_VARIANT = _("Unknown variant “%(name)s”; known: %(known)s.")

MESSAGES = {
    # a variant's parameters and fan table (R2, R4, R7, R8, R10)
    ("RuleSetError", "counts_text"): _("Counts “%(counts)s”: write a number, a range like 11-12, or 13- for "
                                       "13 or more."),
    ("RuleSetError", "counts_empty"): _("Counts “%(counts)s”: the range is empty."),
    ("RuleSetError", "pattern_code"): _("Pattern “%(name)s”: there is no kind “%(kind)s”."),
    ("RuleSetError", "pattern_name"): _("Every pattern needs a name."),
    ("RuleSetError", "pattern_negative"): _("Pattern “%(name)s”: fans cannot be negative."),
    ("RuleSetError", "pattern_counts"): _("Pattern “%(name)s”: a counting pattern needs counts."),
    ("RuleSetError", "pattern_of"): _("Pattern “%(name)s”: a combination names two or more patterns, "
                                      "like 乌胡+对对胡."),
    ("RuleSetError", "name"): _("A variant needs a code."),
    ("RuleSetError", "huxi_grade"): _("The minimum hu-xi and the grade start must be 0 or more, the hu-xi "
                                      "per grade 1 or more."),
    ("RuleSetError", "self_draw_rotate"): _("Self-draw grades must be 0 or more, and the drawn hands before "
                                            "the dealer passes on 1 or more."),
    ("RuleSetError", "base_cap"): _("The cap on a win's base must be 0 or more (0: no cap)."),
    ("RuleSetError", "player_counts"): _("Player counts must be among 2, 3 and 4."),
    ("RuleSetError", "player_counts_text"): _("player counts: write numbers separated by commas, e.g. 2,3"),
    ("RuleSetError", "pair_plus_others_card"): _("A hand pair won with another player's card counts as a "
                                                 "peng or as a kan."),
    ("RuleSetError", "pattern_names"): _("Two patterns share a name."),
    ("RuleSetError", "combo_unknown"): _("Combination “%(name)s” names unknown patterns: %(missing)s."),
    ("RuleSetError", "huxi_entry"): _("Hu-xi %(entry)s must be two numbers of 0 or more (small, big)."),
    ("RuleSetError", "unknown_variant"): _UNKNOWN_VARIANT,
    ("RuleSetError", "fields"): _("The variant's parameters cannot be read."),
    # the try box's holdings (read like a `cli score` line)
    ("BadInput", "line"): _("Each line must be an object {…}."),
    ("BadInput", "variant"): _("The variant must be one of %(variants)s."),
    ("BadInput", "unknown_variant"): _UNKNOWN_VARIANT,
    ("BadInput", "groups"): _("The table groups must be a list."),
    ("BadInput", "group"): _("Table group %(row)s needs a kind and its cards."),
    ("BadInput", "group_kind"): _("Table group %(row)s: there is no kind %(kind)s; use peng, wei, chouwei, "
                                  "pao, ti or chi."),
    ("BadInput", "group_chi"): _("Table group %(row)s: %(cards)s is neither a sentence nor a jiao, so it "
                                 "cannot be a chi."),
    ("BadInput", "group_not_peng"): _("Table group %(row)s: %(cards)s is not a peng."),
    ("BadInput", "group_not_wei"): _("Table group %(row)s: %(cards)s is not a wei."),
    ("BadInput", "group_not_chouwei"): _("Table group %(row)s: %(cards)s is not a chou-wei."),
    ("BadInput", "group_not_pao"): _("Table group %(row)s: %(cards)s is not a pao."),
    ("BadInput", "group_not_ti"): _("Table group %(row)s: %(cards)s is not a ti."),
    ("BadInput", "group_not_sentence"): _("Table group %(row)s: %(cards)s is not a sentence."),
    ("BadInput", "group_not_jiao"): _("Table group %(row)s: %(cards)s is not a jiao."),
    ("BadInput", "hand_text"): _("The hand must be written as cards, like 一二三."),
    ("BadInput", "card_text"): _("The winning card must be written as a card, like 三."),
    ("BadInput", "group_text"): _("The cards of table group %(row)s must be written as cards, like 一二三."),
    ("BadInput", "hand_unknown"): _("Hand: “%(card)s” is not a card."),
    ("BadInput", "card_unknown"): _("Winning card: “%(card)s” is not a card."),
    ("BadInput", "group_unknown"): _("Table group %(row)s: “%(card)s” is not a card."),
    ("BadInput", "card_count"): _("The winning card must be exactly one card, not “%(card)s”."),
    ("BadInput", "source"): _("The source must be one of %(sources)s."),
    ("BadInput", "flag"): _("%(name)s must be true or false."),
    ("BadInput", "no_source"): _("A winning card needs its source."),
    ("BadInput", "copies"): _("%(count)s copies of %(card)s among the groups, the hand and the card: there "
                              "are only %(copies)s."),
    # why holdings do not win (R7.1, R7.2, R7.3)
    ("NoWin", "shape"): _("The cards do not split into 7 groups."),
    ("NoWin", "huxi"): _("The hu-xi is below this variant's minimum."),
    ("NoWin", "source"): _("This card cannot be won on from that source."),
}
