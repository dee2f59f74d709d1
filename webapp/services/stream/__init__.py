"""The stream: one match's live state (`match_live`), what TournamentStreamHelper is told
(`tsh_plan`), the desk's TSH link, readings as romaji.

May import: entries, setup, matches, reads, models, the domain.
"""
