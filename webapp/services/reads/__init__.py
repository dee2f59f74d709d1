"""What pages and the read API read: standings, bracket views and outlines, match scores, a
match's sheet, round names, player history, sets' links, the offline pack a staff phone keeps.

May import: entries, setup, matches, exports (match records), stream (live match), models, the domain.
"""
