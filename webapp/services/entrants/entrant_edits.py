"""One entrant at a time: add (also late, into phases not started yet), edit, remove and re-add,
withdraw once their phase has started (the rest of their matches become walkovers)."""
from ...extensions import db
from ...models import AuditEntry, Entrant, Event
from ...tournament.curfew import AGE_GROUPS, UNDER_16, with_guardian
from ...tournament.errors import N_
from ...tournament.textsearch import fold
from .. import ServiceError
from ..accounts import audit
from ..decisions import corrections
from ..matches import brackets
from .entrant_lists import add_entrants, check_characters, check_duplicates, check_lengths, normalize_name

NAME_MAX = 120


def phase_started(event: Event) -> bool:
    return any(p.status != "draft" for p in event.phases)


def in_play(entrant: Entrant) -> bool:
    """True once a started phase's bracket holds this entrant: their seed and members are fixed."""
    return any(e["id"] == entrant.id for p in entrant.event.phases if p.status != "draft"
               for b in p.brackets for e in b.entrants)


def removable(entrant: Entrant) -> bool:
    """Removed (not withdrawn) only before their phase starts, and never from a count a preset fixed."""
    from ..setup.event_templates import count_fixed

    return not in_play(entrant) and not count_fixed(entrant.event)


def open_phases(event: Event) -> list:
    """The phases a new entrant would join: not started, taking the entry list."""
    return [p for p in event.phases if p.status == "draft" and p.seeding == "entry"]


def add_one(event: Event, row: dict, user=None) -> Entrant:
    """Add one entrant (members as the form gives them: name, reading, character); after a phase
    has started only into phases not started yet."""
    from ..setup.event_templates import count_changed, count_fixed

    row = check_new(event, row)
    late = phase_started(event)
    if count_fixed(event) or (late and not open_phases(event)):
        raise ServiceError("entrants.late_closed",
                           N_("No phase that takes late entries is left to start: %(name)s cannot be added now."),
                           name=row["name"])
    with db.session.no_autoflush:
        entrant = add_entrants(event, [row])[0]
        count_changed(event)
    audit.record("entrant.add", user, event.id, name=entrant.name, late=late)
    db.session.flush()
    return entrant


def check_new(event: Event, row: dict) -> dict:
    """The row a new entrant is made from, checked as the desk's add and the sheet import check it
    (a name, lengths, a unique name, a team's members); the public sign-up asks here too."""
    _check_row(row)
    row = {**row, "members": _entries(event, row)}
    check_lengths([row])
    check_duplicates(event, [row])
    return row


def _entries(event: Event, row: dict) -> list[tuple]:
    """(name, character, declared, reading) per member; a player is their own one member."""
    members = [tuple(m) for m in row.get("members") or []]
    if event.team_size <= 1:
        character = members[0][2] if members else ""
        return [(row["name"], normalize_name(character)[:60], False, normalize_name(row.get("reading") or ""))]
    named = [m for m in members if normalize_name(m[0])]
    if len(named) != event.team_size:
        raise ServiceError("entrants.team_size_edit", N_("A team needs %(size)s members, each with a name."),
                           size=event.team_size)
    return [(normalize_name(n), normalize_name(c)[:60], False, r) for n, r, c in named]


def _check_row(row: dict) -> None:
    if row.get("age_group", "") not in ("", *AGE_GROUPS):
        raise ServiceError("entrants.age_group", N_("Choose an age group from the list."))
    check_characters([row.get("name") or "", row.get("reading") or ""])  # as typed: a line break is not trimmed away
    row["name"] = normalize_name(row.get("name") or "")
    if not row["name"]:
        raise ServiceError("entrants.no_name", N_("Give the entrant a name."))
    if len(row["name"]) > NAME_MAX or len(row.get("reading") or "") > NAME_MAX:
        raise ServiceError("entrants.name_long", N_("Names and readings are at most %(max)s characters."),
                           max=NAME_MAX)


def set_guardian(entrant: Entrant, guardian: bool, user=None) -> None:
    """Mark an under-16 as here with a guardian (保護者同伴) or not: the curfew warnings read it."""
    if entrant.age_group not in UNDER_16:
        raise ServiceError("entrants.guardian", N_("Only an entrant under 16 is marked as with a guardian: set "
                                                   "%(name)s's age group first."), name=entrant.name)
    entrant.age_group = with_guardian(entrant.age_group, guardian)
    audit.record("entrant.guardian", user, entrant.event_id, entrant=entrant.id, guardian=guardian)


def update(entrant: Entrant, row: dict, user=None) -> None:
    """Change name and reading (any time), seed and members (until their phase has started)."""
    _check_row(row)
    event = entrant.event
    if any(fold(e.name) == fold(row["name"]) for e in event.entrants if e.id != entrant.id):
        raise ServiceError("entrants.duplicate", N_("%(name)s is entered twice: names must be unique."),
                           name=row["name"])
    before = snapshot(entrant)
    entrant.name, entrant.reading = row["name"], normalize_name(row.get("reading") or "")
    if "age_group" in row:  # the curfew warnings read it; any time, like the name
        entrant.age_group = row["age_group"]
    fixed = in_play(entrant)
    if not fixed:
        _set_seed(entrant, row.get("seed"))
        _set_members(entrant, row.get("members") or [])
    elif row.get("members") and _member_values(row["members"]) != _member_values(before["members"]):
        raise ServiceError("entrants.members_fixed",
                           N_("%(name)s is in a phase that has started: members and characters can no longer change."),
                           name=entrant.name)
    if entrant.event.team_size == 1 and entrant.members:  # a player is their own one member
        entrant.members[0].name, entrant.members[0].reading = entrant.name, entrant.reading
    audit.record("entrant.edit", user, event.id, entrant=entrant.id, before=before, after=snapshot(entrant))


def _member_values(members) -> list:
    return [(normalize_name(m[0]), normalize_name(m[2] if len(m) > 2 else "")) for m in members]


def _set_seed(entrant: Entrant, seed: int | None) -> None:
    total = len(entrant.event.entrants)
    if seed is not None and not 1 <= seed <= total:
        raise ServiceError("entrants.seed_range", N_("Seed %(seed)s of %(name)s is out of range: use 1 to %(total)s."),
                           seed=seed, name=entrant.name, total=total)
    if seed is not None and any(e.seed == seed for e in entrant.event.entrants if e.id != entrant.id):
        raise ServiceError("entrants.seed_taken", N_("Seed %(seed)s is given twice."), seed=seed)
    entrant.seed = seed


def _set_members(entrant: Entrant, members: list) -> None:
    """members: [(name, reading, character)] in order; the number is the event's team size."""
    size = entrant.event.team_size
    if size > 1 and len([m for m in members if m[0]]) != size:
        raise ServiceError("entrants.team_size_edit", N_("A team needs %(size)s members, each with a name."),
                           size=size)
    for position, (name, reading, character) in enumerate(members[:max(size, 1)], start=1):
        member = next((m for m in entrant.members if m.position == position), None)
        if member is None:
            from ...models import Member
            member = Member(position=position, name="")
            entrant.members.append(member)
        member.name = normalize_name(name) or entrant.name
        member.reading, member.character = normalize_name(reading), normalize_name(character)[:60]


def snapshot(entrant: Entrant) -> dict:
    """What re-adding this entrant needs (kept in the audit entry of a removal)."""
    return {"name": entrant.name, "reading": entrant.reading, "seed": entrant.seed, "age_group": entrant.age_group,
            "members": [[m.name, m.reading, m.character] for m in entrant.members]}


def remove(entrant: Entrant, user=None) -> None:
    """Take an entrant out before their phase starts (kept in the audit trail for a re-add)."""
    if not removable(entrant):
        raise ServiceError("entrants.remove_started",
                           N_("%(name)s is in a phase that has started: withdraw them instead."), name=entrant.name)
    event = entrant.event
    audit.record("entrant.remove", user, event.id, entrant=entrant.id, snapshot=snapshot(entrant))
    with db.session.no_autoflush:
        event.entrants.remove(entrant)
        from ..setup.event_templates import count_changed

        count_changed(event)
    db.session.flush()


def removed(event: Event) -> list[AuditEntry]:
    """Removals not re-added since, newest first (one per name)."""
    here = {fold(e.name) for e in event.entrants}
    out, seen = [], set()
    for entry in db.session.query(AuditEntry).filter_by(event_id=event.id, action="entrant.remove") \
            .order_by(AuditEntry.id.desc()):
        key = fold(entry.detail["snapshot"]["name"])
        if key not in here and key not in seen:
            seen.add(key)
            out.append(entry)
    return out


def readd(event: Event, audit_id: int, user=None) -> Entrant:
    """Enter a removed entrant again, as they were (their seed only if it is still free)."""
    entry = db.session.get(AuditEntry, audit_id)
    if entry is None or entry.event_id != event.id or entry.action != "entrant.remove":
        raise ServiceError("entrants.readd_unknown", N_("There is no such removed entrant."))
    shot = entry.detail["snapshot"]
    seed = shot.get("seed")
    if seed and any(e.seed == seed for e in event.entrants):
        seed = None
    return add_one(event, {"name": shot["name"], "reading": shot.get("reading", ""), "seed": seed,
                           "members": shot.get("members") or [], "age_group": shot.get("age_group", "")}, user)


def withdraw(entrant: Entrant, user=None) -> list:
    """A withdrawal after the start: like a DQ, every match left to them is a walkover."""
    if entrant.dq:
        raise ServiceError("entrants.already_out", N_("%(name)s is already out of the event."), name=entrant.name)
    entrant.info = {**(entrant.info or {}), "withdrawn": True}
    return brackets.disqualify(entrant, user, reason="withdrew")


def undo_withdraw(entrant: Entrant, user=None) -> list:
    """Back in: the walkovers of the withdrawal are matches to play again (while nothing after them was played)."""
    changed = corrections.undo_dq(entrant, user)
    entrant.info = {k: v for k, v in (entrant.info or {}).items() if k != "withdrawn"}
    return changed
