"""The desk's decisions on results: corrections and what they would change, a game's score
corrected, the conflict queue, voids waiting for a ruling, disqualifications and withdrawals,
no-shows and walkovers, a referee's request to the desk.

May import: entries, accounts, matches, entrants, day, reads, models, the domain.
"""
