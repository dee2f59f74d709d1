"""Players in the loop: public sign-up with its cap and waitlist, a player's own link, self
check-in, self-report with the opponent's confirmation and the desk's decision, the report clock,
"my event", finding one's entry.

May import: entries, accounts, setup, entrants, matches, decisions, day, reads, models, the domain.
"""
