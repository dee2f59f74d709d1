"""Brackets as start.gg holds them, built here from the textbook rules, not from taikai's generator:
standard seeding (1 v n, …), winners rounds of pairs, and in double elimination a losers bracket where
each drop round meets the winners round's losers in reverse order, then grand final and its reset.
``put(gg, fmt, players)`` fills a StartggStandIn with such an event (ids of its own)."""



def ultimate() -> dict:
    """Ultimate as start.gg lists it: the catalogue's 86 characters carry start.gg's ids (issue 39.2),
    plus one character and one stage the catalogue does not know."""
    from webapp.services.setup import game_catalogue
    title = game_catalogue.title("ssbu")
    characters = [{"id": c.startgg_id, "name": c.en} for c in title.characters if c.startgg_id]
    stages = [{"id": 300 + n, "name": s.en} for n, s in enumerate(title.stages)]
    return {"id": 1386, "name": "Super Smash Bros. Ultimate", "displayName": "Ultimate",
            "characters": characters + [{"id": 99999, "name": "Nobody In The Catalogue"}],
            "stages": stages + [{"id": 999, "name": "A Stage taikai Does Not Know"}]}


def seed_order(size: int) -> list[int]:
    order = [1]
    while len(order) < size:
        order = [s for seed in order for s in (seed, 2 * len(order) + 1 - seed)]
    return order


class Builder:
    def __init__(self, first_id: int = 90000001):
        self.next_id, self.sets, self.routes = first_id, {}, {}

    def add(self, round_: int, identifier: str, slots: list) -> int:
        set_id, self.next_id = self.next_id, self.next_id + 1
        self.sets[set_id] = {"id": set_id, "group": 0, "round": round_, "identifier": identifier,
                             "fullRoundText": "", "state": 1, "winnerId": None, "games": [], "slots": slots}
        for index, slot in enumerate(slots):
            if slot.get("prereqType") == "set":
                role = "winner" if slot["prereqPlacement"] == 1 else "loser"
                self.routes.setdefault(slot["prereqId"], {})[role] = (set_id, index)
        return set_id


def _seed(n: int, entrants: dict) -> dict:
    return {"prereqType": "seed", "prereqId": None, "prereqPlacement": None, "seed": {"seedNum": n},
            "entrant": {"id": entrants[n]}, "standing": None}


def _from(set_id: int, placement: int) -> dict:
    return {"prereqType": "set", "prereqId": set_id, "prereqPlacement": placement, "seed": None,
            "entrant": None, "standing": None}


def winners(b: Builder, players: int, entrants: dict) -> list[list[int]]:
    order, rounds = seed_order(players), []
    rounds.append([b.add(1, f"W1.{i}", [_seed(order[2 * i], entrants), _seed(order[2 * i + 1], entrants)])
                   for i in range(players // 2)])
    while len(rounds[-1]) > 1:
        last = rounds[-1]
        rounds.append([b.add(len(rounds) + 1, f"W{len(rounds) + 1}.{i}", [_from(last[2 * i], 1), _from(last[2 * i + 1], 1)])
                       for i in range(len(last) // 2)])
    return rounds


def losers(b: Builder, w: list[list[int]]) -> int:
    first = w[0]
    current = [b.add(-1, f"L1.{i}", [_from(first[2 * i], 2), _from(first[2 * i + 1], 2)]) for i in range(len(first) // 2)]
    number = 1
    for drops in w[1:]:
        number += 1
        dropped = list(reversed(drops))
        current = [b.add(-number, f"L{number}.{i}", [_from(s, 1), _from(dropped[i], 2)]) for i, s in enumerate(current)]
        if len(current) > 1:
            number += 1
            current = [b.add(-number, f"L{number}.{i}", [_from(current[2 * i], 1), _from(current[2 * i + 1], 1)])
                       for i in range(len(current) // 2)]
    return current[0]


def put(gg, fmt: str, players: int, videogame: dict | None = None) -> None:
    entrants = {n: 4400000 + n for n in range(1, players + 1)}
    b = Builder()
    w = winners(b, players, entrants)
    if fmt == "DOUBLE_ELIMINATION":
        final = losers(b, w)
        gf = b.add(len(w) + 1, "GF", [_from(w[-1][0], 1), _from(final, 1)])
        b.add(len(w) + 2, "GF2", [_from(gf, 1), _from(gf, 2)])
    group = {"id": 5500, "displayIdentifier": "1", "bracketType": fmt}
    gg.sets, gg.routes = b.sets, b.routes
    for one in gg.sets.values():
        one["group"] = group["id"]
    gg.event = {"id": 1200, "slug": "tournament/weekly-12/event/ultimate-singles", "name": "Ultimate Singles",
                "videogame": videogame or ultimate(),
                "phases": [{"id": 2100, "name": "Bracket", "bracketType": fmt, "phaseGroups": {"nodes": [group]}}],
                "entrants": {"nodes": [{"id": e, "name": f"Player{n}", "initialSeedNum": n,
                                        "participants": [{"id": e + 7, "gamerTag": f"Player{n}", "prefix": ""}]}
                                       for n, e in entrants.items()]}}
