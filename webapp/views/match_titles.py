"""Human names for matches ("勝者側 2回戦 第3試合" / "Winners round 2, match 3").

A match key (W2.3, L1.2, GF1, Q1R) is the bracket's internal address; people read the
title instead and see the key only as a small secondary label (``match_key_label``).
Numbers count the matches that are really played (byes and void resets are skipped),
so the first match a person sees in a round is "match 1".
"""
from markupsafe import Markup, escape

from flask_babel import gettext as _

from .template_helpers import round_label

UNPLAYED = ("bye", "void")


def _real(matches) -> list:
    return [m for m in matches if m.status not in UNPLAYED]


def _number_in_round(match, siblings) -> tuple[int, int]:
    """(position of the match among the played matches of its round, how many there are)."""
    same = sorted((m for m in _real(siblings) if m.side == match.side and m.round == match.round),
                  key=lambda m: m.index)
    keys = [m.key for m in same]
    return (keys.index(match.key) + 1 if match.key in keys else match.index), len(same)


def _play_depth(m, last_w: int) -> tuple:
    """Roughly when a match becomes playable: winners round r, losers round q after W(q)."""
    depth = {"W": m.round, "L": m.round + 1}.get(m.side, last_w + m.round + 100)
    return (depth, 0 if m.side == "W" else 1, m.index)


def _group_number(match, siblings) -> int:
    """The match's number within its group, in the order the group is played."""
    real = _real(siblings)
    last_w = max((m.round for m in real if m.side == "W"), default=0)
    keys = [m.key for m in sorted(real, key=lambda m: _play_depth(m, last_w))]
    return keys.index(match.key) + 1 if match.key in keys else match.index


def _side_round_name(match, siblings, double: bool) -> str:
    """"Winners round 2", "Semifinals", "Losers final"... for a W or L match."""
    total = max((m.round for m in siblings if m.side == match.side), default=match.round)
    if match.side == "W" and double:
        from_end = total - match.round
        named = {0: _("Winners final"), 1: _("Winners semifinals"), 2: _("Winners quarterfinals")}
        return named.get(from_end, _("Winners round %(n)s", n=match.round))
    return round_label(match.side, match.round, total)


def _numbered(name: str, match, siblings) -> str:
    number, count = _number_in_round(match, siblings)
    return name if count <= 1 else _("%(round)s, match %(n)s", round=name, n=number)


def _special(match) -> str | None:
    """Titles of the one-off matches: grand final, third place, KGP finals stage, pairs."""
    side, key = match.side, match.key
    if side == "GF":
        return _("Grand final reset") if match.round > 1 else _("Grand final")
    if side == "3P":
        return _("Third-place match")
    if side == "P":
        return _("Match %(n)s", n=match.index)
    if side == "Q":
        if key.endswith("R"):
            return _("Finals-stage qualifier %(n)s, rematch", n=match.index)
        return _("Finals-stage qualifier %(n)s", n=match.index)
    if side == "F":
        return _("Final")
    return None


def match_title(match) -> str:
    """A match's name in the reader's language, without the internal key."""
    bracket = getattr(match, "bracket", None)
    siblings = list(bracket.matches) if bracket is not None else [match]
    group = getattr(bracket, "label", "") if bracket is not None else ""
    if group:
        return _("Group %(label)s, match %(n)s", label=group, n=_group_number(match, siblings))
    special = _special(match)
    if special is not None:
        return special
    if match.side in ("W", "L"):
        double = any(m.side == "L" for m in siblings) or getattr(bracket, "format", "") == "double_elimination"
        return _numbered(_side_round_name(match, siblings, double), match, siblings)
    return match.key


def match_key_label(match) -> Markup:
    """The internal key as a small secondary label (class "key", stripped by the name scan)."""
    return Markup('<small class="key" title="%s">%s</small>') % (_("Bracket key"), escape(match.key))
