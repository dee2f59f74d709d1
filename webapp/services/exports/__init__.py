"""Results leaving taikai: Open Bracket Format, start.gg-shaped sets, the placements CSV, a CSV
safe for spreadsheets, and one match as results leave (`match_records`).

May import: entries, setup, matches, reads, models, the domain.
"""
