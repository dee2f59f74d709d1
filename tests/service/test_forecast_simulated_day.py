"""The forecast from the day's own pace, through the database: a 24-player double elimination on
four stations is played on a simulated clock (each match called to a free station,
its result recorded 12 ± 3 minutes later, as the desk's rows record them); halfway through the
day the forecast made from those rows ends within 15 minutes of the day's real end."""
import random
from datetime import date, datetime, timedelta, timezone

import pytest

from webapp.extensions import db
from webapp.services.day import forecasts, stations
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events
from webapp.tournament.schedule import minutes

JST = timezone(timedelta(hours=9))


def _event(seed):
    event = events.create_event(f"シミュレーション{seed}", "", game="tekken8", day=date(2026, 12, 5))
    event.settings = {"start_time": "10:00"}
    with db.session.no_autoflush:
        entrants.add_entrants(event, [{"name": f"選手{i:02d}", "seed": i, "members": []} for i in range(1, 25)])
    events.add_phase(event, "本戦", "double_elimination", grand_final="single")
    stations.add_numbered(event, 1, 4)
    brackets.start_phase(event.phases[0], event.entrants)
    db.session.commit()
    return event


class _Clock:
    """The stations on a simulated clock: call to the free ones, record results as they come in."""

    def __init__(self, event, rng):
        self.event, self.rng, self.now = event, rng, datetime(2026, 12, 5, 10, 0, tzinfo=JST)
        self.playing: dict[int, tuple[datetime, object]] = {}

    def call(self):
        ready = [m for b in self.event.phases[0].brackets for m in b.matches
                 if m.status == "ready" and m.slot_a and m.slot_b and m.id not in self.playing]
        for match in sorted(ready, key=lambda m: m.id)[:4 - len(self.playing)]:
            match.station, match.called_at = str(len(self.playing) + 1), self.now.astimezone(timezone.utc)
            self.playing[match.id] = (self.now + timedelta(minutes=max(5.0, self.rng.gauss(12, 3))), match)

    def finish_next(self):
        match_id = min(self.playing, key=lambda k: self.playing[k][0])
        self.now, match = self.playing.pop(match_id)
        brackets.record_winner(match, match.slot_a if self.rng.random() < 0.6 else match.slot_b)
        match.updated_at = self.now.astimezone(timezone.utc)
        db.session.flush()

    def over(self):
        return self.event.phases[0].status == "done" or not (self.playing or self._ready())

    def _ready(self):
        return any(m.status == "ready" for b in self.event.phases[0].brackets for m in b.matches)


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_the_forecast_at_midday_tracks_the_real_end(app, seed):
    event = _event(seed)
    clock = _Clock(event, random.Random(seed))
    total = sum(1 for b in event.phases[0].brackets for m in b.matches if m.status != "bye")
    done = 0
    expected = None
    while not clock.over():
        clock.call()
        clock.finish_next()
        done += 1
        if expected is None and done >= total // 2:
            expected = forecasts._compute(event, "Asia/Tokyo", clock.now.astimezone(timezone.utc))
    real_end = minutes(clock.now.astimezone(JST))
    assert expected.measured > 0 and abs(minutes(expected.end) - real_end) <= 15, (expected.end, clock.now)
