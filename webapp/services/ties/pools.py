"""A start.gg event of several phase groups or phases (pools, then a top cut), built the same in taikai.

What taikai builds the same way: a first phase of one or several single or double elimination phase groups
(pools), each group's players and seeds as start.gg places them (its ``seeds``: ``phaseGroup``,
``groupSeedNum``), a double elimination pool played down to the players it sends on (``stop_at_top``), then
later phases of one bracket each whose every seed comes from the phase before (``seeds {
progressionSource { originPhaseGroup originPlacement } }``), the same number from each pool. A double
elimination pool's placements are start.gg's: 1..K/2 the winners side's last players, K/2+1..K the losers
side's, each side in bracket order. Anything else (round robin or Swiss, a seed of a later phase that no
progression fills, pools sending different numbers on) is refused in words before anything is made.

A later phase is built when its pools are done (``start_due``, run by the sender's pass, offline too: what
start.gg does by itself), its seeds in start.gg's order, and its matches paired then with the sets read at
linking (kept as ids: ``their_slot``). The ids kept per link: ``phase`` (taikai's phase: start.gg's
phase), ``pool`` (a bracket: its phase group), ``source`` (a later phase's seed: its group and placement),
``paired`` (a later phase whose matches are paired) or ``unpaired_phase`` (one the desk started seeded otherwise:
how many sets differ, shown on the desk's page).
"""
from ...extensions import db
from ...models import BracketRow, Event, Phase, TieId, TieLink
from ...tournament import bracket as bracket_engine
from ...tournament.errors import N_, BracketError
from .. import ServiceError
from ..entrants import entrant_lists
from ..matches import brackets
from ..setup import events
from . import links, pairing, startgg_api
from .pairing import follow_drops, origins_by

# The ids this module keeps (linking.rebuild clears them).
KINDS = ("phase", "pool", "source", "their_slot", "paired", "unpaired_phase")
CUTS = (2, 4, 8, 16, 32, 64)  # what a double elimination pool can stop at (formats/double_elimination.py)


def read_seeds(link: TieLink, phase_id: str, url: str) -> list[dict]:
    """Every seed of one start.gg phase: its number, group, entrant and where it comes from."""
    seeds, page, pages = [], 1, 1
    while page <= pages:
        answer = startgg_api.call(link.token, startgg_api.PHASE_SEEDS, {"phaseId": phase_id, "page": page},
                                  url=url).get("phase") or {}
        seeds += (answer.get("seeds") or {}).get("nodes") or []
        pages = startgg_api.pages(answer, "seeds")
        page += 1
    return seeds


def plan(phases: list[dict]) -> list[dict]:
    """Each phase as taikai will build it, or a refusal in words (``phases``: linking.read's, in order)."""
    out = []
    for n, phase in enumerate(phases):
        seeds = sorted(phase["seeds"], key=lambda s: s.get("seedNum") or 0)
        if n == 0:
            out.append({**phase, "members": _members(phase, seeds)})
            continue
        if not seeds:
            raise ServiceError("tie.no_seeds", N_("start.gg's phase %(phase)s has no seeds coming from the phase "
                                                  "before it: taikai cannot fill it the same way."),
                               phase=phase["name"])
        if len(phase["groups"]) != 1:
            raise ServiceError("tie.later_pools", N_("start.gg's phase %(phase)s has %(groups)s pools after the "
                                                     "first phase: taikai builds one bracket there."),
                               phase=phase["name"], groups=len(phase["groups"]))
        out.append({**phase, "sources": _sources(phase, seeds, phases[n - 1])})
    for before, after in zip(out, out[1:], strict=False):  # each phase but the last
        before["sends"] = _sends(before, after)
    return out


def _members(phase: dict, seeds: list[dict]) -> list[list[str]]:
    by_group: dict[str, list] = {str(g["id"]): [] for g in phase["groups"]}
    for s in seeds:
        group = str((s.get("phaseGroup") or {}).get("id") or "")
        if group in by_group and s.get("entrant"):
            by_group[group].append((s.get("groupSeedNum") or s.get("seedNum") or 0, str(s["entrant"]["id"])))
    return [[e for _n, e in sorted(by_group[str(g["id"])])] for g in phase["groups"]]


def _sources(phase: dict, seeds: list[dict], before: dict) -> list[tuple[str, int]]:
    groups = {str(g["id"]) for g in before["groups"]}
    out = []
    for s in seeds:
        source = s.get("progressionSource") or {}
        group = str((source.get("originPhaseGroup") or {}).get("id") or "")
        if group not in groups or not source.get("originPlacement"):
            raise ServiceError("tie.progression", N_("Seed %(seed)s of start.gg's phase %(phase)s does not come "
                                                     "from the phase before it: taikai cannot fill it the same "
                                                     "way."), seed=s.get("seedNum"), phase=phase["name"])
        out.append((group, int(source["originPlacement"])))
    return out


def _sends(before: dict, after: dict) -> int:
    """How many each pool sends on: the same from every pool, places 1..K."""
    per_group: dict[str, set] = {str(g["id"]): set() for g in before["groups"]}
    for group, place in after["sources"]:
        per_group[group].add(place)
    counts = {len(p) for p in per_group.values()}
    k = counts.pop() if len(counts) == 1 else 0
    if not k or any(p != set(range(1, k + 1)) for p in per_group.values()) or (
            before["format"] == "double_elimination" and k not in CUTS):
        raise ServiceError("tie.sends", N_("start.gg's pools of %(phase)s send on different places or numbers "
                                           "of players: taikai sends the same top places from every pool."),
                           phase=before["name"])
    if before["format"] != "double_elimination":
        raise ServiceError("tie.format", N_("start.gg's bracket is %(format)s, which taikai cannot build the same "
                                            "way (single and double elimination only)."),
                           format="SINGLE_ELIMINATION pools")
    return k


def build(event: Event, link: TieLink, remote: dict) -> dict:
    """Make the entrants, the pools (started) and the later phases (waiting for their pools), every
    match of the pools paired with its set; or refuse with nothing made."""
    planned = plan(remote["phases"])
    people = remote["entrants"]
    _check_seeded(planned, {e["id"] for e in people})
    savepoint = db.session.begin_nested()
    added = entrant_lists.add_entrants(event, [{"name": e["name"], "seed": n, "members": []}
                                               for n, e in enumerate(people, start=1)])
    db.session.flush()
    local = {p["id"]: e.id for e, p in zip(added, people, strict=True)}
    phases = [_add_phase(event, one, n) for n, one in enumerate(planned)]
    db.session.flush()
    try:
        matched = _start_pools(phases[0], planned[0], local, link)
        _route_later(phases, planned)
    except ServiceError:
        savepoint.rollback()
        raise
    except BracketError as problem:  # a pool taikai's formats cannot make (too few players for its cut…)
        savepoint.rollback()
        raise ServiceError(problem.code, problem.message, **problem.params) from None
    savepoint.commit()
    remember(link, planned, phases, matched, local)
    return {"entrants": len(added), "sets": len(matched)}


def _check_seeded(planned: list[dict], entrants: set[str]) -> None:
    """Every player a phase's seeds name is one of the event's entrants (start.gg's answers agree)."""
    for one in planned:
        strangers = {str(s["entrant"]["id"]) for s in one["seeds"] if s.get("entrant")} - entrants
        if strangers:
            raise ServiceError("tie.seed_entrant", N_("start.gg's phase %(phase)s seeds %(count)s players who are "
                                                      "not among the event's entrants: taikai cannot fill it the "
                                                      "same way."), phase=one["name"], count=len(strangers))


def remember(link: TieLink, planned: list[dict], phases: list[Phase], matched: dict, local: dict) -> None:
    links.remember(link, "match", matched)
    links.remember(link, "entrant", {i: r for r, i in local.items()})
    links.remember(link, "phase", {p.id: one["id"] for p, one in zip(phases, planned, strict=True)})
    for phase, one in zip(phases[1:], planned[1:], strict=True):
        links.remember(link, "source", {f"{phase.id}.{n}": f"{g}.{k}" for n, (g, k) in
                                        enumerate(one["sources"], start=1)})
        links.remember(link, "their_slot", {f"{s}.{i}": pairing.as_text(o) for s, slots in
                                            one["groups"][0]["sets"].items() for i, o in enumerate(slots)})


def _route_later(phases: list[Phase], planned: list[dict]) -> None:
    """Each later phase takes the top places of the phase before (taikai's own progression rule, so its
    pages and forecasts read it), and is checked to be buildable the same as start.gg's."""
    for n in range(1, len(phases)):
        phases[n].options = {**(phases[n].options or {}), "progression": {
            "from": phases[n - 1].id, "mode": "top", "count": planned[n - 1]["sends"]}}
        phases[n].seeding = "routed"
        _check_later(phases[n], planned[n])


def _add_phase(event: Event, one: dict, n: int) -> Phase:
    options = {"stop_at_top": one["sends"]} if one.get("sends") else {}
    return events.add_phase(event, one["name"] or f"Phase {n + 1}", one["format"],
                            group_count=len(one["groups"]), **options)


def _start_pools(phase: Phase, one: dict, local: dict, link: TieLink) -> dict:
    assignment = [[local[r] for r in members] for members in one["members"]]
    players = [bracket_engine.Entrant(i, n) for n, i in enumerate((i for g in assignment for i in g), start=1)]
    rows = brackets.start_phase(phase, [], assignment=assignment if len(assignment) > 1 else None, players=players)
    db.session.flush()
    seed_entrant = {int(s["seedNum"]): local[str(s["entrant"]["id"])] for s in one["seeds"] if s.get("entrant")}
    matched = {}
    for row, group in zip(rows, one["groups"], strict=True):
        nodes = {m.id: m for m in row.matches}
        ours = origins_by(lambda entrant: entrant)
        theirs = {s: [("seed", seed_entrant.get(o[1])) if o and o[0] == "seed" else o for o in slots]
                  for s, slots in group["sets"].items()}
        pairs, left = follow_drops(nodes, theirs, ours)
        if left:
            raise ServiceError("tie.shape", N_("start.gg's bracket moves players differently from taikai's "
                                               "(%(count)s sets differ): taikai cannot follow it."), count=left)
        matched.update(pairs)
        links.remember(link, "pool", {row.id: group["id"]})
    return matched


def _check_later(phase: Phase, one: dict) -> None:
    """Generate the later phase for stand-in players in start.gg's seed order and pair it (nothing kept)."""
    players = [bracket_engine.Entrant(n, n) for n in range(1, len(one["sources"]) + 1)]
    made = brackets.build(phase, players)[0]
    nodes = {m.key: pairing.Node(m) for m in made.matches.values()}
    _pairs, left = follow_drops(nodes, one["groups"][0]["sets"], origins_by(lambda seed: seed))
    if left:
        raise ServiceError("tie.shape", N_("start.gg's bracket moves players differently from taikai's "
                                           "(%(count)s sets differ): taikai cannot follow it."), count=left)


def start_due(link: TieLink, mirrored: bool = False, follow=None) -> int:
    """Start every later phase whose pools are done, seeded as start.gg seeds it, and pair its matches
    with the sets kept at linking (a phase the desk started itself is paired too); how many phases were
    paired. A pass with nothing to do reads the link's few phase ids. On a mirrored copy nothing is
    started or moved: a phase the venue started is paired as it is (``follow``: by the set ids the venue
    pushed first, mirrored.by_ids_first; else ``pairing.as_is``)."""
    marks = db.session.query(TieId.kind, TieId.local).filter(TieId.link_id == link.id,
                                                              TieId.kind.in_(("phase", "paired"))).all()
    done = {int(local) for kind, local in marks if kind == "paired"}
    due = [p for p in sorted(int(local) for kind, local in marks if kind == "phase")[1:] if p not in done]
    paired = 0
    for phase in (db.session.get(Phase, p) for p in due):
        if phase is None or (phase.status == "draft" and (mirrored or not _source_done(phase))):
            continue
        known = _known(link)
        if phase.status == "draft" and not _start_later(phase, known):
            continue
        if _pair_later(link, phase, known, follow or (pairing.as_is if mirrored else follow_drops)):
            paired += 1
    return paired


def _known(link: TieLink) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for t in db.session.query(TieId).filter(TieId.link_id == link.id, TieId.kind.in_(("pool", "source",
                                                                                        "their_slot"))):
        out.setdefault(t.kind, {})[t.local] = t.remote
    return out


def _sources_of(known: dict, phase_id: int) -> list[tuple[str, int]]:
    prefix = f"{phase_id}."
    rows = sorted(((int(k[len(prefix):]), v) for k, v in known.get("source", {}).items() if k.startswith(prefix)))
    return [(v.split(".")[0], int(v.split(".")[1])) for _n, v in rows]


def _source_done(phase: Phase) -> bool:
    rule = (phase.options or {}).get("progression") or {}
    source = db.session.get(Phase, rule.get("from")) if rule.get("from") else None
    return source is not None and source.status == "done"


def _placed(known: dict) -> dict[tuple[str, int], int]:
    """(start.gg group, placement): taikai's entrant, for every finished pool."""
    out = {}
    for bracket_id, group in known.get("pool", {}).items():
        row = db.session.get(BracketRow, int(bracket_id))
        if row is None:
            continue
        for place, entrant in enumerate(_pool_places(row), start=1):
            out[(group, place)] = entrant
    return out


def _pool_places(row: BracketRow) -> list[int]:
    """A pool's players going on in start.gg's placement order: the winners side's last matches' winners,
    then the losers side's, each side in bracket order (a whole bracket: its champion and runner-up)."""
    out = []
    for side in ("W", "L"):
        last = [m for m in row.matches if m.side == side and m.winner_to is None and m.status != "void"]
        out += [m.winner_id for m in sorted(last, key=lambda m: m.index) if m.winner_id]
    return out


def _start_later(phase: Phase, known: dict) -> bool:
    placed = _placed(known)
    order = [placed.get(source) for source in _sources_of(known, phase.id)]
    if not order or None in order:
        return False
    players = [bracket_engine.Entrant(i, n) for n, i in enumerate(order, start=1)]
    brackets.start_phase(phase, [], players=players)
    db.session.flush()
    return True


def _pair_later(link: TieLink, phase: Phase, known: dict, follow=follow_drops) -> bool:
    placed = _placed(known)
    by_seed = {n: placed.get(s) for n, s in enumerate(_sources_of(known, phase.id), start=1)}
    sets: dict[str, list] = {}
    for key, text in known.get("their_slot", {}).items():
        set_id, slot = key.rsplit(".", 1)
        sets.setdefault(set_id, [None, None])[int(slot)] = pairing.from_text(text)
    theirs = {s: [("seed", by_seed.get(o[1])) if o and o[0] == "seed" else o for o in slots]
              for s, slots in sets.items()}
    nodes = {m.id: m for b in phase.brackets for m in b.matches}
    pairs, left = follow(nodes, theirs, origins_by(lambda entrant: entrant))
    if left:  # the desk seeded it otherwise: its sets stay unreported, said on the desk's page
        links.remember(link, "unpaired_phase", {phase.id: left})
        return False
    links.remember(link, "match", pairs)
    links.remember(link, "paired", {phase.id: len(pairs)})
    db.session.query(TieId).filter_by(link_id=link.id, kind="unpaired_phase", local=str(phase.id)).delete()
    return True
