"""Which rounds go to the stream by themselves (issue 38.5): the desk's choice, honoured by auto-call.

The event's ``stream_rounds`` setting: "" (only what the desk puts in the stream queue), "finals"
(the grand final and its reset, a single elimination's final and third-place match) or "top8"
(from the last 8 on: winners semifinals on, the last four losers rounds, the grand final and
reset; in a single elimination the quarterfinals on). A ready match of a chosen round that is on
no station joins the end of the stream queue when auto-call plans (call_plan.plan_auto_calls),
so it waits for the stream station instead of going to the first free one. A grand final reset
keeps its players' sides (slot a stays TSH's team 1). The desk's one tap "to the stream" takes a
called match off its station and puts it first in the stream queue (queue_first).
"""
from ...models import Event, MatchRow, Station
from ...tournament.errors import N_
from .. import ServiceError
from ..accounts import audit
from ..entries import access
from . import stations

CHOICES = ("", "finals", "top8")
LABELS = {"": N_("Only the matches I put in the stream queue"), "finals": N_("Grand final and reset (and finals)"),
          "top8": N_("Everything from the top 8 on")}


def choice(event: Event) -> str:
    value = (event.settings or {}).get("stream_rounds", "")
    return value if value in CHOICES else ""


def set_choice(event: Event, value: str, user=None) -> None:
    """Save which rounds go to the stream by themselves."""
    access.check_desk(user)
    if value not in CHOICES:
        raise ServiceError("stream.rounds", N_("Choose which rounds go to the stream from the list."))
    event.settings = {**(event.settings or {}), "stream_rounds": value}
    audit.record("event.stream_rounds", user, event.id, rounds=value)


def _sizes(match: MatchRow) -> tuple[dict, int]:
    """Matches per (side, round) of the match's bracket, and its last losers round."""
    sizes: dict = {}
    for other in match.bracket.matches:
        if other.status != "bye":
            sizes[(other.side, other.round)] = sizes.get((other.side, other.round), 0) + 1
    return sizes, max((r for s, r in sizes if s == "L"), default=0)


def chosen(match: MatchRow, value: str) -> bool:
    """Whether the match is in the rounds the desk sends to the stream."""
    if not value:
        return False
    if match.side in ("GF", "3P") or (match.side == "F"):
        return True
    sizes, last_losers = _sizes(match)
    double = last_losers > 0
    size = sizes.get((match.side, match.round), 0)
    if match.side == "W" and size == 1 and not double:
        return True  # a single elimination's final
    if value != "top8":
        return False
    if match.side == "W":
        return size <= (2 if double else 4)
    return match.side == "L" and match.round >= last_losers - 3


def queue_chosen(event: Event) -> None:
    """Put the chosen rounds' ready, uncalled matches at the end of the stream queue."""
    value = choice(event)
    if not value or not any(s.stream for s in stations.event_stations(event)):
        return
    _regular, stream = stations.queue(event)
    rank = max((m.stream_rank for m in stream), default=0)
    for match in _regular:
        if chosen(match, value):
            rank += 1
            match.stream_rank, match.version = rank, match.version + 1


def queue_first(event: Event, match: MatchRow) -> None:
    """The desk's one tap: this (uncalled) match first in the stream queue."""
    _regular, stream = stations.queue(event)
    stations.set_stream_queue(event, [match.id] + [m.id for m in stream if m.id != match.id])


def stream_station(event: Event) -> Station | None:
    return next((s for s in stations.event_stations(event) if s.stream), None)
