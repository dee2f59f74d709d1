"""The fast read path: hundreds of phones poll brackets that change a few times a minute.

One line from a write to a cheap read:

    a change (any write path)          versions.py: a before_flush hook adds one to the version of
          │                            every phase and event whose pages show what changed, in the
          ▼                            same transaction (an SQL "+ 1", so concurrent writers never
    phases.version / events.version    lose a step); entrants_version moves only with names
          │
          ├──▶ stamps.py     the version (with id and creation time) in one indexed read, no ORM
          │
          ├──▶ pollgate.py   WSGI layer in front of Flask: an htmx poll whose ETag names the current
          │                  version answers 304 after that read (no Flask request built)
          ├──▶ pagegate.py   WSGI layer: a session-less viewer's page is the app's earlier answer
          │                  to the same request at the same version, replayed from memory
          ▼
    fragments.py   a page, or a bracket's block, rendered once per (what, id, version, language,
                   script root: the configured one, webapp/venue/proxies.py)
                   and compressed once; kept in this worker and in the shared cache (Redis, or
                   folder_cache.py's folder when there is none)

Why it is safe: a key names the version, the row's creation time and a digest of the templates
and translations, so nothing is ever invalidated by hand and nothing stale can be served — a
change that a page shows moves the version in the transaction that makes it; and no request can
keep its own answer under another's key — every part of a request a kept answer shows is in its key,
and forwarding headers reach none of these layers unless the operator trusts them (issue 25). Each
measure's figure is in docs/benchmarks.md (bench/pages.py writes it): the 304 poll, the replayed
bracket, the one-game redraw.
"""
