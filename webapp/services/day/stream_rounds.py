"""Which rounds go to the stream by themselves (issue 38.5): the desk's choice, honoured by auto-call.

The event's ``stream_rounds`` setting: "" (only what the desk puts in the stream queue), "finals"
(the grand final and its reset, a single elimination's final and third-place match) or "top8"
(from the last 8 on: winners semifinals on, the last four losers rounds, the grand final and
reset; in a single elimination the quarterfinals on) — of the event's final bracket (its last
phase, played as one bracket), never a pool's. A ready match of a chosen round that is on
no station joins the end of the stream queue when auto-call plans (call_plan.plan_auto_calls),
so it waits for the stream station instead of going to the first free one. A grand final reset
keeps its players' sides (slot a stays TSH's team 1), and follows its first grand final to the
stream whatever the choice. The desk's one tap "to the stream" takes a
called match off its station and puts it first in the stream queue (queue_first).
"""
from sqlalchemy import func, select

from ...extensions import db
from ...models import BracketRow, Event, MatchRow, Phase, Station
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


def final_bracket(event: Event):
    """The bracket the event's placements come from: its last phase's, when that phase runs as one
    bracket (a pool's late rounds are not the event's top 8)."""
    last = max(event.phases, key=lambda p: p.position, default=None)
    if last is None or last.status != "running" or len(last.brackets) != 1:
        return None
    return last.brackets[0]


def queue_chosen(event: Event) -> None:
    """Put the chosen rounds' ready, uncalled matches at the end of the stream queue (the final
    bracket's only: a few reads, whatever the event's size)."""
    value, bracket = choice(event), final_bracket(event)
    if bracket is None or stream_station(event) is None:
        return
    streams = {s.name for s in stations.event_stations(event) if s.stream}
    waiting = [m for m in bracket.matches if m.status == "ready" and not m.station and m.stream_rank is None]
    picked = sorted((m for m in waiting if chosen(m, value) or _reset_of_streamed(m, streams)), key=stations.queue_key)
    if not picked:
        return
    rank = db.session.scalar(select(func.max(MatchRow.stream_rank))
                             .join(BracketRow, BracketRow.id == MatchRow.bracket_id)
                             .join(Phase, Phase.id == BracketRow.phase_id)
                             .where(Phase.event_id == event.id, MatchRow.status == "ready")) or 0
    for match in picked:
        rank += 1
        match.stream_rank, match.version = rank, match.version + 1


def _reset_of_streamed(match: MatchRow, streams: set) -> bool:
    """A grand final reset whose first grand final was played on the stream goes there too."""
    if match.side != "GF" or match.round < 2:
        return False
    first = next((m for m in match.bracket.matches if m.side == "GF" and m.round == 1), None)
    return first is not None and first.station in streams


def queue_first(event: Event, match: MatchRow) -> None:
    """The desk's one tap: this (uncalled) match first in the stream queue."""
    _regular, stream = stations.queue(event)
    stations.set_stream_queue(event, [match.id] + [m.id for m in stream if m.id != match.id])


def stream_station(event: Event) -> Station | None:
    return next((s for s in stations.event_stations(event) if s.stream), None)
