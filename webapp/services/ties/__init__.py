"""Ties with the services organisers keep their events on: start.gg (GraphQL) and Challonge (v1).

What lives here: the link (an event, its slug there, the organiser's token: a credential that no export,
mirror, log or page carries), the ids on both sides (a match and its set, an entrant, a character, a
stage), each match's result in the service's own terms (``results``), the queue of reports it is told
(``queue``: one report per change taikai decided, sent once, in bracket order) and the sender that works
through it (``sender``), which the background loop in ``webapp/web/tie_sender.py`` runs, never a request.
``startgg_api`` and ``challonge_api`` are the only modules that speak to the services.

May import: models, the domain, and the services' reads of results (``exports/match_records``,
``reads/standings``, ``setup/game_catalogue``) and of brackets (``matches``); nothing above services.
"""
