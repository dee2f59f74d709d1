"""An event on the start.gg stand-in in pools, then a top cut: ``put_pools(gg, players, pools, sends)`` makes
a first phase of ``pools`` double elimination phase groups (start.gg's own pool assignment: seed n in pool
(n - 1) % pools, not taikai's snake), each played down to the ``sends`` players it sends on, and a second
phase of one double elimination (grand final and reset) whose every seed names its pool and placement
(``progressionSource``): the pool winners first in pool order, then the second places in another order, as
an organiser may set them. Built from the textbook rules (startgg_brackets), not taikai's generator."""
from startgg_brackets import Builder, _from, losers, seed_order, ultimate


def _seed(seed_num: int, entrant) -> dict:
    return {"prereqType": "seed", "prereqId": None, "prereqPlacement": None, "seed": {"seedNum": seed_num},
            "entrant": {"id": entrant} if entrant else None, "standing": None}


def _winners(b: Builder, seeds: list[int], entrant_of) -> list[list[int]]:
    """Winners rounds of a bracket whose group seeds 1..n are the phase seeds ``seeds``."""
    order, rounds = seed_order(len(seeds)), []
    rounds.append([b.add(1, f"W1.{i}", [_seed(seeds[order[2 * i] - 1], entrant_of(seeds[order[2 * i] - 1])),
                                        _seed(seeds[order[2 * i + 1] - 1], entrant_of(seeds[order[2 * i + 1] - 1]))])
                   for i in range(len(seeds) // 2)])
    while len(rounds[-1]) > 1:
        last = rounds[-1]
        rounds.append([b.add(len(rounds) + 1, f"W{len(rounds) + 1}.{i}", [_from(last[2 * i], 1), _from(last[2 * i + 1], 1)])
                       for i in range(len(last) // 2)])
    return rounds


def _group(b: Builder, gg, group_id: int, make) -> None:
    before = set(b.sets)
    make()
    for set_id in set(b.sets) - before:
        b.sets[set_id]["group"] = group_id


def put_pools(gg, players: int = 64, pools: int = 8, sends: int = 2) -> None:
    entrants = {n: 4400000 + n for n in range(1, players + 1)}
    b = Builder()
    pool_ids = [5500 + g for g in range(pools)]
    members = {g: [n for n in range(1, players + 1) if (n - 1) % pools == g] for g in range(pools)}
    for g, group_id in enumerate(pool_ids):
        _group(b, gg, group_id, lambda g=g: losers(b, _winners(b, members[g], entrants.get)))
    top = pools * sends
    sources = [(pool_ids[g], 1) for g in range(pools)]
    sources += [(pool_ids[(g + pools // 2) % pools], 2) for g in range(pools)][: top - pools]
    top_id = 5600

    def top_cut():
        w = _winners(b, list(range(1, top + 1)), lambda n: None)
        final = losers(b, w)
        gf = b.add(len(w) + 1, "GF", [_from(w[-1][0], 1), _from(final, 1)])
        b.add(len(w) + 2, "GF2", [_from(gf, 1), _from(gf, 2)])

    _group(b, gg, top_id, top_cut)
    gg.sets, gg.routes = b.sets, b.routes
    pool_seeds = [{"id": 800000 + n, "seedNum": n, "groupSeedNum": members[(n - 1) % pools].index(n) + 1,
                   "phaseGroup": {"id": pool_ids[(n - 1) % pools]}, "entrant": {"id": entrants[n]},
                   "progressionSource": None} for n in range(1, players + 1)]
    top_seeds = [{"id": 810000 + n, "seedNum": n, "groupSeedNum": n, "phaseGroup": {"id": top_id}, "entrant": None,
                  "progressionSource": {"id": 820000 + n, "originPhaseGroup": {"id": group}, "originPlacement": place}}
                 for n, (group, place) in enumerate(sources, start=1)]
    gg.event = {"id": 1200, "slug": "tournament/major-1/event/ultimate-singles", "name": "Ultimate Singles",
                "videogame": ultimate(),
                "phases": [
                    {"id": 2100, "name": "Pools", "bracketType": "DOUBLE_ELIMINATION", "phaseOrder": 1,
                     "phaseGroups": {"nodes": [{"id": i, "displayIdentifier": f"{chr(65 + g)}",
                                                "bracketType": "DOUBLE_ELIMINATION"} for g, i in enumerate(pool_ids)]},
                     "seeds": {"pageInfo": {"totalPages": 1}, "nodes": pool_seeds}},
                    {"id": 2101, "name": "Top Cut", "bracketType": "DOUBLE_ELIMINATION", "phaseOrder": 2,
                     "phaseGroups": {"nodes": [{"id": top_id, "displayIdentifier": "1",
                                                "bracketType": "DOUBLE_ELIMINATION"}]},
                     "seeds": {"pageInfo": {"totalPages": 1}, "nodes": top_seeds}}],
                "entrants": {"nodes": [{"id": e, "name": f"Player{n}", "initialSeedNum": n,
                                        "participants": [{"id": e + 7, "gamerTag": f"Player{n}", "prefix": ""}]}
                                       for n, e in entrants.items()]}}
