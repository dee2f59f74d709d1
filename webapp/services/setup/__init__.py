"""Setting an event up: the builder and its preview of the day, event files and copies, presets and
plan (template) events, phases and their checks, the match rules, the game catalogue and the desk's
own titles, progressions between phases, the demo.

May import: entries, accounts, entrants, matches, day (stations), reads, stream (a stream station's hold
and scoreboard), models, the domain.
"""
