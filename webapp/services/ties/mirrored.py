"""start.gg linked on a public taikai that mirrors a venue's event (issue 39: reports from the public mirror).

The venue laptop may have no internet while its pusher still reaches the public site (a phone's tether).
The API token is never mirrored (no push carries the ``tie_link`` row; ``pushed`` reads its ids only), so
the organiser links the mirrored copy on this site's own start.gg page, the one desk change a mirrored copy takes
(mirror/__init__.py). start.gg's event is read as at the venue, but nothing is built: the copy is the
venue's and stays so. Its entrants and matches are paired by the start.gg ids the venue pushed when it had
linked the same event (``pushed``: ids only, never the token), else entrants by name and matches with
start.gg's sets by where their players come from (``pairing.pair``: no drop is moved here), and
this site's sender reports the results the venue pushes. The sender reads each set before it reports
(``sender._send``), so the venue's reports when it reconnects and this site's go out once between them:
a set that holds the same result is left alone, one that holds another is a conflict for the desk.
"""
from ...models import Event, Phase
from ...tournament.errors import N_
from ...tournament.textsearch import fold_name
from .. import ServiceError
from ..entries import access
from . import linking, links, pairing, pools, pushed


def is_copy(event_id: int) -> bool:
    """Whether this site shows the event for a venue that runs it (its mirrored copy)."""
    return (access.writer_elsewhere(event_id) or ("",))[0] == "mirror.read_only"


def due_options(link) -> dict:
    """How the sender's pass starts a link's later phases (``pools.start_due``): on a copy nothing is
    started, a phase the venue started is paired by the set ids it pushed, else as it is."""
    if not is_copy(link.event_id):
        return {}
    return {"mirrored": True, "follow": by_ids_first(pushed.of_copy(link.event_id, link.slug)["match"])}


def by_ids_first(known: dict[int, str]):
    """``pairing.as_is``, unless the venue pushed a set id for the bracket's matches and every set there is
    one of them: then the venue's own pairing, made against start.gg when it linked."""
    def follow(nodes: dict, sets: dict, slots_of) -> tuple[dict, int]:
        ours = {m: known[m] for m in nodes if m in known and known[m] in sets}
        if ours and set(ours.values()) == set(sets) and len(ours) == len(sets):
            return ours, 0
        return pairing.as_is(nodes, sets, slots_of)
    return follow


def pair(event: Event, link, remote: dict) -> dict:
    """Pair the copy's entrants and started brackets with start.gg's, keep the ids; or refuse in words
    with nothing kept (the caller's transaction is rolled back). The ids the venue pushed go first
    (``pushed``: a venue that linked the same start.gg event), names and shapes for the rest."""
    known = pushed.of_copy(event.id, link.slug)
    entrants = _pair_entrants(event, remote["entrants"], known["entrant"])
    phases = sorted(event.phases, key=lambda p: p.id)
    follow = by_ids_first(known["match"])
    if "phases" in remote:
        pool_groups: dict[int, str] = {}
        matched = _pair_phases(phases, remote["phases"], entrants, pool_groups, follow)
        pools.remember(link, pools.plan(remote["phases"]), phases, {}, {})
        links.remember(link, "pool", pool_groups)  # the pools' places seed the top cut (pools._placed)
    else:
        matched = _pair_group(phases, remote, entrants, follow)
    linking.remember(link, remote, matched, entrants)
    return {"entrants": len(entrants), "sets": len(matched)}


def _pair_entrants(event: Event, theirs: list[dict], known: dict[int, str]) -> dict[int, str]:
    """{the copy's entrant id: start.gg's}, by the id the venue pushed, else by name (an entrant the venue
    has renamed since it linked keeps its id); every entrant of the copy must be there."""
    there = {one["id"] for one in theirs}
    out = {e.id: known[e.id] for e in event.entrants if known.get(e.id) in there}
    taken = set(out.values())
    by_name: dict[str, str] = {}
    for one in theirs:
        if one["id"] not in taken:
            by_name.setdefault(fold_name(one["name"]), one["id"])
    missing = []
    for entrant in sorted((e for e in event.entrants if e.id not in out), key=lambda e: e.seed or 0):
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


def _pair_group(phases: list[Phase], remote: dict, entrants: dict[int, str], follow) -> dict:
    """One phase of one bracket: start.gg's seed slots are its entrants' places in seed order."""
    brackets = [b for p in phases for b in p.brackets]
    if len(brackets) != 1:
        raise _refuse_shape(abs(len(brackets) - 1) or 1)
    rank = {e["id"]: n for n, e in enumerate(remote["entrants"], start=1)}
    return _pair_bracket(brackets[0], remote["sets"], lambda entrant: rank.get(entrants.get(entrant)), follow)


def _pair_phases(phases: list[Phase], remote: list[dict], entrants: dict[int, str], pool_groups: dict,
                 follow) -> dict:
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
            matched.update(_pair_bracket(row, theirs, lambda entrant: entrant, follow))
    return matched


def _pair_bracket(row, sets: dict, seed_of, follow) -> dict:
    """{match id: set id} for one bracket, read only: every set and every match paired, or refused."""
    nodes = {m.id: m for m in row.matches}
    matched, left = follow(nodes, sets, pairing.origins_by(seed_of))
    if left:
        raise _refuse_shape(left)
    return matched
