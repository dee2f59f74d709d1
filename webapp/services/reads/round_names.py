"""The one rule for naming rounds and matches, as players know it from start.gg.

A match key (W2.3, L1.2, GF1, Q1R) is the bracket's internal address; people read the
name (``match_title``) instead: pages, the phone's sheets and the sync answers all use it,
so it lives here in the services and not in the views (the views only add the key as a
small secondary label, ``template_helpers.match_key_label``).

Winners quarterfinals / semifinals / final only for the rounds played by the last 8 / 4 / 2
of that side (a round of 4 / 2 / 1 matches, byes counted, as the bracket is drawn);
other winners rounds are "Winners round N"; losers rounds are "Losers round N" and the
last one, when it is a single match, "Losers final"; then "Grand final" and its reset.
A single elimination drops the "Winners" ("Quarterfinals", "Final").

A match is its round's name, numbered among the round's played matches when there are
several ("Winners round 2, match 3"); byes and void resets get no number, so the first
match a person sees is "match 1". A group's matches are numbered through the group in
the order they are played. Every name is unique in its phase.

Linear: a bracket's names are built once, from one pass over its matches, and kept on the
bracket row for the reader's language and the phase's version (bumped with any change to
its matches), so a page naming every match of a 1024-player bracket does it in one pass.
"""
from dataclasses import dataclass, field

from flask_babel import get_locale
from flask_babel import gettext as _
from sqlalchemy import case, func, inspect, select

from ...extensions import db
from ...lru import LRU
from ...models import MatchRow

UNPLAYED = ("bye", "void")
SIDE_NAMED = {1: "final", 2: "semi", 4: "quarter"}   # matches in a round -> its name


@dataclass
class BracketNames:
    """A bracket's round names {(side, round): name} and match names {key: name}."""

    rounds: dict = field(default_factory=dict)
    matches: dict = field(default_factory=dict)


def _winners(kind: str | None, number: int, double: bool) -> str:
    if double:
        return {"final": _("Winners final"), "semi": _("Winners semifinals"),
                "quarter": _("Winners quarterfinals")}.get(kind) or _("Winners round %(n)s", n=number)
    return {"final": _("Final"), "semi": _("Semifinals"),
            "quarter": _("Quarterfinals")}.get(kind) or _("Round %(n)s", n=number)


def _round_name(side: str, number: int, size: int, last: bool, double: bool) -> str:
    """A round's name from its side, number, match count (byes too) and whether it ends its side."""
    if side == "W":
        return _winners(SIDE_NAMED.get(size), number, double)
    if side == "L":
        return _("Losers final") if last and size == 1 else _("Losers round %(n)s", n=number)
    if side == "GF":
        return _("Grand final reset") if number > 1 else _("Grand final")
    if side == "Q" and number > 1:
        return _("Finals-stage qualifier rematches")
    if side == "RR":
        return _("Pool round %(n)s", n=number)
    if side == "PO":
        return _("Playoff")
    if side == "S":
        return _("Swiss round %(n)s", n=number)
    return side_label_words(side)


def side_label_words(side: str) -> str:
    """The heading of a side of one-off matches (third place, pairs, finals stage)."""
    return {"3P": _("Third-place match"), "P": _("Matches"), "Q": _("Finals-stage qualifiers"),
            "F": _("Final")}.get(side, side)


def _special(match) -> str | None:
    """Titles of the one-off matches: third place, pairs, KGP finals stage."""
    if match.side == "3P":
        return _("Third-place match")
    if match.side == "P":
        return _("Match %(n)s", n=match.index)
    if match.side == "Q":
        if match.key.endswith("R"):
            return _("Finals-stage qualifier %(n)s, rematch", n=match.index)
        return _("Finals-stage qualifier %(n)s", n=match.index)
    if match.side == "F":
        return _("Final")
    return None


def _play_depth(match, last_w: int) -> tuple:
    """Roughly when a match becomes playable: winners round r, losers round q after W(q)."""
    depth = {"W": match.round, "L": match.round + 1}.get(match.side, last_w + match.round + 100)
    return (depth, 0 if match.side == "W" else 1, match.index)


def build(matches, label: str = "", fmt: str = "") -> BracketNames:
    """Every round and match name of one bracket, in one pass (plus a sort per round)."""
    rounds: dict[tuple, list] = {}
    for m in matches:
        rounds.setdefault((m.side, m.round), []).append(m)
    double = fmt == "double_elimination" or any(side == "L" for side, _r in rounds)
    last = {}
    for side, number in rounds:
        last[side] = max(last.get(side, 0), number)
    names = BracketNames()
    for (side, number), members in rounds.items():
        names.rounds[(side, number)] = _round_name(side, number, len(members), number == last[side], double)
    if label:
        _name_group(names, matches, label, last.get("W", 0))
    else:
        for (side, number), members in rounds.items():
            _name_round(names, names.rounds[(side, number)], members)
    return names


def _name_round(names: BracketNames, round_name: str, members: list) -> None:
    played = sorted((m for m in members if m.status not in UNPLAYED), key=lambda m: m.index)
    number = {m.key: i for i, m in enumerate(played, 1)}
    pattern = _("%(round)s, match %(n)s") if len(played) > 1 else ""  # looked up once, filled per match
    for m in members:
        special = _special(m) if m.side not in ("W", "L", "GF") else None
        if special is not None:
            names.matches[m.key] = special
        elif pattern:
            names.matches[m.key] = pattern % {"round": round_name, "n": number.get(m.key, m.index)}
        else:
            names.matches[m.key] = round_name


def _name_group(names: BracketNames, matches, label: str, last_w: int) -> None:
    played = sorted((m for m in matches if m.status not in UNPLAYED), key=lambda m: _play_depth(m, last_w))
    number = {m.key: i for i, m in enumerate(played, 1)}
    pattern = _("Group %(label)s, match %(n)s")  # looked up once, filled per match
    for m in matches:
        names.matches[m.key] = pattern % {"label": label, "n": number.get(m.key, m.index)}


def for_bracket(bracket) -> BracketNames:
    """The bracket's names, built once per reader's language and phase version (from its loaded
    matches), or kept by this process for the bracket's shape when its matches are not loaded."""
    phase = getattr(bracket, "phase", None)
    loaded = _loaded(bracket)
    language = str(get_locale() or "")
    stamp = (language, getattr(phase, "version", None), len(bracket.matches) if loaded else None)
    kept = getattr(bracket, "_taikai_names", None)
    if kept is None or kept[0] != stamp:
        names = (build(bracket.matches, bracket.label or "", bracket.format or "") if loaded
                 else _shared(bracket, language))
        kept = (stamp, names)
        bracket._taikai_names = kept  # noqa: SLF001  (the row carries its own names cache)
    return kept[1]


@dataclass(slots=True)
class _Outline:
    """What naming reads of a match: five columns, not the row with its JSON columns."""

    key: str
    side: str
    round: int
    index: int
    status: str


def _loaded(bracket) -> bool:
    state = inspect(bracket, raiseerr=False)
    return state is None or state.session is None or "matches" not in state.unloaded


# A page naming a few matches of a big bracket (the run table's fifty rows) need not read its
# eight thousand: names change only with the bracket's shape, so this process keeps them by it.
_SHARED_MATCHES = 60_000  # names kept at most (about 12 MB)
_SHARED = LRU(_SHARED_MATCHES, weigh=lambda names: len(names.matches))


def _shared(bracket, language: str) -> BracketNames:
    key = (language, *shape(bracket))
    names = _SHARED.get(key)
    if names is None:
        names = build(_outline(bracket), bracket.label or "", bracket.format or "")
        _SHARED.put(key, names)
    return names


def shape(bracket) -> tuple:
    """All that names read of a bracket's rows, in one aggregate: how many matches, and which are
    byes or void (their count, and the sum and the sum of squares of their ids: any change of
    one or two of them changes these). The phase's creation time tells a rebuilt database apart."""
    phase = bracket.phase
    kept = getattr(bracket, "_taikai_shape", None)
    if kept is not None and kept[0] == phase.version:  # asked again in the same request
        return kept[1]
    unplayed = MatchRow.status.in_(UNPLAYED)
    counts = db.session.execute(select(func.count(), func.sum(case((unplayed, 1), else_=0)),
                                       func.sum(case((unplayed, MatchRow.id), else_=0)),
                                       func.sum(case((unplayed, MatchRow.id * MatchRow.id), else_=0)))
                                .where(MatchRow.bracket_id == bracket.id)).one()
    found = (bracket.id, phase.id, str(phase.created_at), bracket.label or "", bracket.format or "", *counts)
    bracket._taikai_shape = (phase.version, found)  # noqa: SLF001  (read again by the names and outline)
    return found


def _outline(bracket) -> list[_Outline]:
    columns = select(MatchRow.key, MatchRow.side, MatchRow.round, MatchRow.index, MatchRow.status)
    rows = db.session.execute(columns.where(MatchRow.bracket_id == bracket.id).order_by(MatchRow.id))
    return [_Outline(*row) for row in rows]


def match_name(match) -> str:
    """A match's name in the reader's language."""
    bracket = getattr(match, "bracket", None)
    if bracket is None:
        return build([match]).matches.get(match.key, match.key)
    return for_bracket(bracket).matches.get(match.key, match.key)


def round_name(match) -> str:
    """The name of the round a match is in ("Winners quarterfinals", "Losers round 3")."""
    bracket = getattr(match, "bracket", None)
    names = for_bracket(bracket) if bracket is not None else build([match])
    return names.rounds.get((match.side, match.round), "")


def phase_round_name(phase, side: str, number: int) -> str:
    """A round's name in a phase (its first bracket having it), for the run table's filter."""
    for bracket in phase.brackets:
        name = for_bracket(bracket).rounds.get((side, number))
        if name:
            return name
    return _("Round %(n)s", n=number)


def match_title(match) -> str:
    """A match's name in the reader's language, without the internal key."""
    return match_name(match)
