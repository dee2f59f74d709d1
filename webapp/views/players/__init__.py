"""A player's own pages, opened by their personal link or the public sign-up: sign up, "my event",
self check-in, reporting their own match.
"""
