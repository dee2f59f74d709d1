"""start.gg linked on a public taikai that mirrors a venue's event (issue 39: reports from the public mirror).

The venue laptop may have no internet while its pusher still reaches the public site (a phone's tether).
The API token is never mirrored (operations/leave.py: no push carries ``tie_link``), so the organiser links
the mirrored copy on this site's own start.gg page, the one desk change a mirrored copy takes
(mirror/__init__.py). start.gg's event is read as at the venue, but nothing is built: the copy is the
venue's and stays so. Its entrants are paired with start.gg's by name, its matches with start.gg's sets by
where their players come from (``pairing.pair``: no drop is moved here, the bracket is the venue's), and
this site's sender reports the results the venue pushes. The sender reads each set before it reports
(``sender._send``), so the venue's reports when it reconnects and this site's go out once between them:
a set that holds the same result is left alone, one that holds another is a conflict for the desk.
"""
from ...models import Event, Phase
from ...tournament.errors import N_
from ...tournament.textsearch import fold_name
from .. import ServiceError
from ..entries import one_writer
from . import linking, links, pairing, pools


def is_copy(event_id: int) -> bool:
    """Whether this site shows the event for a venue that runs it (its mirrored copy)."""
    return (one_writer.writer_elsewhere(event_id) or ("",))[0] == "mirror.read_only"


def pair(event: Event, link, remote: dict) -> dict:
    """Pair the copy's entrants and started brackets with start.gg's, keep the ids; or refuse in words
    with nothing kept (the caller's transaction is rolled back)."""
    entrants = _pair_entrants(event, remote["entrants"])
    phases = sorted(event.phases, key=lambda p: p.id)
    if "phases" in remote:
        pool_groups: dict[int, str] = {}
        matched = _pair_phases(phases, remote["phases"], entrants, pool_groups)
        pools.remember(link, pools.plan(remote["phases"]), phases, {}, {})
        links.remember(link, "pool", pool_groups)  # the pools' places seed the top cut (pools._placed)
    else:
        matched = _pair_group(phases, remote, entrants)
    linking.remember(link, remote, matched, entrants)
    return {"entrants": len(entrants), "sets": len(matched)}


def _pair_entrants(event: Event, theirs: list[dict]) -> dict[int, str]:
    """{the copy's entrant id: start.gg's}, by name; every entrant of the copy must be there."""
    by_name: dict[str, str] = {}
    for one in theirs:
        by_name.setdefault(fold_name(one["name"]), one["id"])
    out, missing = {}, []
    for entrant in sorted(event.entrants, key=lambda e: e.seed or 0):
        found = by_name.pop(fold_name(entrant.name), None)
        if found is None:
            missing.append(entrant.name)
        else:
            out[entrant.id] = found
    if missing:
        raise ServiceError("tie.mirror_entrants", N_("start.gg has no entrant named %(names)s: the venue's "
                                                     "entrants and start.gg's must be the same to report there."),
                           names="、".join(missing[:5]))
    return out


def _refuse_shape(count: int):
    return ServiceError("tie.mirror_shape", N_("The venue's bracket and start.gg's differ (%(count)s sets): this "
                                               "site cannot report it there."), count=count)


def _pair_group(phases: list[Phase], remote: dict, entrants: dict[int, str]) -> dict:
    """One phase of one bracket: start.gg's seed slots are its entrants' places in seed order."""
    brackets = [b for p in phases for b in p.brackets]
    if len(brackets) != 1:
        raise _refuse_shape(abs(len(brackets) - 1) or 1)
    rank = {e["id"]: n for n, e in enumerate(remote["entrants"], start=1)}
    return _pair_bracket(brackets[0], remote["sets"], lambda entrant: rank.get(entrants.get(entrant)))


def _pair_phases(phases: list[Phase], remote: list[dict], entrants: dict[int, str], pool_groups: dict) -> dict:
    """Pools, then later phases: every bracket the venue started, paired with its group (the first phase's
    kept in ``pool_groups``). A later phase start.gg has not filled yet is paired by the sender's pass
    (``pools.start_due``, which builds nothing on a copy) once the venue's push brings it."""
    if len(phases) != len(remote):
        raise _refuse_shape(abs(len(phases) - len(remote)))
    local = {theirs: ours for ours, theirs in entrants.items()}
    matched = {}
    for n, (phase, one) in enumerate(zip(phases, remote, strict=True)):
        rows = sorted(phase.brackets, key=lambda b: b.id)
        if not rows:
            continue
        seeded = {int(s["seedNum"]): local.get(str(s["entrant"]["id"])) for s in one["seeds"] if s.get("entrant")}
        if n and not seeded:
            continue  # start.gg fills it when the pools are reported: the pass pairs it then
        if len(rows) != len(one["groups"]):
            raise _refuse_shape(abs(len(rows) - len(one["groups"])))
        for row, group in zip(rows, one["groups"], strict=True):
            if n == 0:
                pool_groups[row.id] = str(group["id"])
            theirs = {s: [("seed", seeded.get(o[1])) if o and o[0] == "seed" else o for o in slots]
                      for s, slots in group["sets"].items()}
            matched.update(_pair_bracket(row, theirs, lambda entrant: entrant))
    return matched


def _pair_bracket(row, sets: dict, seed_of) -> dict:
    """{match id: set id} for one bracket, read only: every set and every match paired, or refused."""
    nodes = {m.id: m for m in row.matches}
    matched, left = pairing.as_is(nodes, sets, pairing.origins_by(seed_of))
    if left:
        raise _refuse_shape(left)
    return matched
