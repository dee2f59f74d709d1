"""Entrants: adding them (pasted lists, CSV), importing a sheet with a preview, editing one at a
time, seeds copied from an earlier event.

May import: entries, accounts, setup (rules, plans), matches, decisions (what a removal changes),
reads (standings, round names), models, the domain.
"""
