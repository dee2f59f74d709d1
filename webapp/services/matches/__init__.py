"""Brackets and match play: starting phases, a match's state rebuilt from its actions, the bracket
driven by results, seeding at a phase's start, Swiss rounds, round-robin cross tables and ties,
restarts, best-of by round, the simulator.

May import: entries, setup (rules, catalogue), entrants (seeded order), reads (bracket views),
models, the domain.
"""
