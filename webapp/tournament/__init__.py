"""The pure tournament domain: formats, match play, rule sets, standings.

Nothing here imports Flask, SQLAlchemy or marshmallow: plain dataclasses in,
new state or a RuleViolation out.
"""
