"""Services: load rows, call the domain, save. No HTTP here.

One package per feature, so a new piece of work has one place to go:

- ``entries/``   the entry kernel every author's entry passes through (Entry, payloads, pipeline)
- ``accounts/``  desk and staff users, PINs, sessions, sign-in links, the audit trail
- ``setup/``     the builder, event files and copies, presets and plans, rules, the game catalogue
- ``entrants/``  adding, importing and editing entrants; seeds copied from an earlier event
- ``matches/``   brackets and match play, seeding, Swiss rounds, pools, the simulator
- ``decisions/`` the desk's decisions on results: corrections, conflicts, rulings, DQs, no-shows
- ``day/``       stations and calls, check-in, the day's clock, the timetable, the forecast
- ``players/``   sign-up, a player's own link, self check-in, self-report, "my event"
- ``reads/``     what pages and the API read: standings, bracket views, history, the offline pack
- ``exports/``   results leaving taikai: OBF, start.gg-shaped sets, placements CSV
- ``stream/``    a match's live state and what TournamentStreamHelper is told
- ``ties/``      an event linked to start.gg (Challonge next): ids on both sides, the queue of set reports

Each package's docstring says what it may import. ``ServiceError`` (below) is the one refusal
every service raises; the views turn it into words.
"""


class ServiceError(Exception):
    """Bad input a person can fix; carries a translatable message and its values."""

    def __init__(self, code: str, message: str, **params):
        super().__init__(message % params if params else message)
        self.code = code
        self.message = message
        self.params = params


class NotFound(ServiceError):
    """What was asked for does not exist; the views answer it with their 404 page."""
