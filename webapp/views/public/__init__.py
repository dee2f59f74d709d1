"""Public pages, no sign-in: events, brackets, standings, matches, a player's history, the
projector's call screen and the stream overlay.
"""
