"""Best-of by round: a phase plays most matches at its best-of and the later rounds at another.

The phase's options hold ``{"best_of_by_round": {"from": <rule>, "best_of": 5}}``; a rule names
the rounds by where they stand in the bracket (the round's match count, byes counted, as the
rounds are named): start.gg's per-round ``bestOf`` and Tonamel's ラウンドごとの勝利条件.

- ``top8``: from the last eight (single elimination: quarterfinals; double: winners semifinals,
  the losers rounds of at most two matches, and the grand final);
- ``top4``: from the last four (semifinals; double: winners final, the losers rounds of one match,
  grand final);
- ``finals``: winners final, losers final and grand final (single elimination: the final);
- ``grand_final``: the grand final only (single elimination: the final).
A side with no such round (pools, Swiss, pairs) keeps the phase's best-of. Pure stdlib.
"""
from __future__ import annotations

from .errors import N_

RULES = {"top8": N_("From the top 8"), "top4": N_("From the top 4"),
         "finals": N_("Winners final, losers final and grand final"), "grand_final": N_("Grand final only")}


def _later(rule: str, side: str, size: int, last: bool, double: bool) -> bool:
    """Whether a round (its side, match count, whether it ends its side) is one of the rule's."""
    if side == "GF":
        return True
    if side == "3P":
        return rule in ("top8", "top4")
    if side == "W":
        most = {"top8": 2 if double else 4, "top4": 1 if double else 2, "finals": 1}.get(rule, 0 if double else 1)
        return size <= most and (rule != "grand_final" or (not double and last))
    if side == "L":
        return {"top8": size <= 2, "top4": size <= 1, "finals": last}.get(rule, False)
    return False


def best_of(setting: dict | None, side: str, size: int, last: bool, double: bool, default: int) -> int:
    """The games of a match in a round of ``size`` matches on ``side`` under the phase's setting."""
    if not setting or setting.get("from") not in RULES:
        return default
    return int(setting.get("best_of", default)) if _later(setting["from"], side, size, last, double) else default
