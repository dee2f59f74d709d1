"""Adding entrants: pasted lists and CSV files (UTF-8 or Shift_JIS)."""
import csv
import unicodedata

from ...extensions import db
from ...models import Entrant, Event, Member
from ...tournament.errors import N_, RuleViolation
from ...tournament.reception import reception_info
from ...tournament.rulesets import RULESETS
from ...tournament.textsearch import fold, normalise_name
from .. import ServiceError
from ..setup.rules import entry_fee

MAX_CSV_BYTES = 2 * 1024 * 1024


def normalize_name(name: str) -> str:
    """NFKC (full-width ASCII → half-width, half-width kana → full-width) and trimmed.

    A wave dash stays one: Shift_JIS sheets decode 〜 as the full-width tilde ～, which NFKC
    would turn into an ASCII '~'."""
    return unicodedata.normalize("NFKC", name.replace("\uff5e", "\u301c")).strip()


def check_characters(texts: list[str]) -> None:
    """Refuse, naming the rule, a name with a control or an invisible (format) character (the domain's
    one normalisation, tournament/textsearch.normalise_name, and its words)."""
    for text in texts:
        try:
            normalise_name(text or "")
        except RuleViolation as problem:
            raise ServiceError(problem.code, problem.message, **problem.params) from None


def decode_csv(data: bytes) -> str:
    """Decode an uploaded file: UTF-8 (with or without BOM), else Shift_JIS (cp932)."""
    if not data.strip():
        raise ServiceError("entrants.empty", N_("The file is empty."))
    if len(data) > MAX_CSV_BYTES:
        raise ServiceError("entrants.too_large", N_("The file is larger than 2 MB."))
    for encoding in ("utf-8-sig", "cp932"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise ServiceError("entrants.encoding",
                       N_("The file is neither UTF-8 nor Shift_JIS text. Save it as CSV (UTF-8) and try again."))


def readable_rows(reader):
    """The reader's rows; a row the csv module cannot read is a clear refusal naming its line."""
    try:
        yield from reader
    except csv.Error as problem:
        if "field larger than field limit" in str(problem):
            raise ServiceError("entrants.cell_too_long", N_(
                "Line %(line)s has a cell longer than %(limit)s characters: is it really a list of entrants?"),
                line=reader.line_num, limit=f"{csv.field_size_limit():,}") from None
        raise ServiceError("entrants.csv", N_("Line %(line)s cannot be read as CSV: check its quotes."),
                           line=reader.line_num) from None


NAME_MAX, CHARACTER_MAX = 120, 60  # the columns' sizes (PostgreSQL refuses longer)


def check_lengths(rows: list[dict]) -> None:
    """Names, readings and characters: no control or invisible character, not too long."""
    for row in rows:
        names = [row["name"], row.get("reading") or ""] + [m[0] for m in row["members"]]
        check_characters(names + [m[1] for m in row["members"] if len(m) > 1])
        characters = [m[1] for m in row["members"] if len(m) > 1]
        too_long = [n for n in names if len(n) > NAME_MAX] + [c for c in characters if len(c) > CHARACTER_MAX]
        if too_long:
            raise ServiceError("entrants.name_too_long", N_(
                "A name is too long (%(name)s…): names have at most %(max)s characters, characters %(chars)s."),
                name=too_long[0][:20], max=NAME_MAX, chars=CHARACTER_MAX)


def positional_row(cells: list[str], line_no: int, team_size: int, extra: int = 0) -> dict:
    """A line without a header: name[,seed][,member,character]*."""
    name, rest = cells[0], cells[1:]
    if not name:
        raise ServiceError("entrants.no_name", N_("Line %(line)s has no name."), line=line_no)
    seed = None
    if rest and rest[0].isdigit():
        seed, rest = int(rest[0]), rest[1:]
    elif rest and rest[0] == "":
        rest = rest[1:]
    members = [(rest[i], rest[i + 1] if i + 1 < len(rest) else "") for i in range(0, len(rest), 2)
               if rest[i]]
    if team_size > 1 and members and not team_size <= len(members) <= team_size + extra:  # extra: substitutes
        raise ServiceError("entrants.team_size",
                           N_("Line %(line)s: a team needs %(size)s members with their characters, found %(found)s."),
                           line=line_no, size=team_size, found=len(members))
    return {"name": name, "seed": seed, "members": members, "line": line_no}


def add_entrants(event: Event, rows: list[dict]) -> list[Entrant]:
    """Validate the whole list first, then add every entrant or none."""
    rows = [{**row, "name": normalize_name(row["name"])} for row in rows]
    check_lengths(rows)
    check_duplicates(event, rows)
    _check_seeds(event, rows)
    added = []
    defaults = default_info(event)  # read before any entrant joins the event: no flush of a half-made list
    for row in rows:
        reading = normalize_name(row.get("reading") or "")
        info = row.get("info") or dict(defaults)
        if row.get("region"):  # a sheet's region column: round-1 separation reads it
            info = {**info, "region": row["region"]}
        entrant = Entrant(event=event, name=row["name"], seed=row["seed"], reading=reading, info=info,
                          age_group=row.get("age_group") or "")
        members = row["members"] or [(row["name"], "", False, reading)]
        for position, (member, character, *extra) in enumerate(members, start=1):
            declared, member_reading = (extra + [False, ""])[:2]
            entrant.members.append(Member(position=position, name=member, character=character,
                                          reading=normalize_name(member_reading or ""),
                                          change_declared=bool(declared)))
        added.append(entrant)
    db.session.add_all(added)
    return added


def default_info(event: Event) -> dict:
    """Under a rule set with a reception category (KGP2025: players) entrants are recorded as that
    at the door unless the desk says otherwise."""
    ruleset = RULESETS.get(event.ruleset)
    if ruleset and ruleset.reception_category:
        return reception_info(ruleset.reception_category)
    fee = entry_fee(event)   # a custom event charges only the fee its rules set (none by default)
    return {"category": "player", "days": 1, "due_yen": fee} if fee else {}


def check_duplicates(event: Event, rows: list[dict]) -> None:
    """One entrant per name as people read it: width, kana, case and invisible characters aside."""
    seen = {fold(e.name) for e in event.entrants}
    for row in rows:
        key = fold(row["name"])
        if key in seen:
            raise ServiceError("entrants.duplicate", N_("%(name)s is entered twice: names must be unique."),
                               name=row["name"])
        seen.add(key)


def _check_seeds(event: Event, rows: list[dict]) -> None:
    total = len(event.entrants) + len(rows)
    taken = {e.seed for e in event.entrants if e.seed}
    for row in rows:
        seed = row["seed"]
        if seed is None:
            continue
        if not 1 <= seed <= total:
            raise ServiceError("entrants.seed_range",
                               N_("Seed %(seed)s of %(name)s is out of range: use 1 to %(total)s."),
                               seed=seed, name=row["name"], total=total)
        if seed in taken:
            raise ServiceError("entrants.seed_taken", N_("Seed %(seed)s is given twice."), seed=seed)
        taken.add(seed)


def set_seeds(event: Event, seeds: dict[int, int | None]) -> None:
    """Set seeds by entrant id; each seed 1..N at most once."""
    total = len(event.entrants)
    used = set()
    for entrant in event.entrants:
        seed = seeds.get(entrant.id, entrant.seed)
        if seed is not None and not 1 <= seed <= total:
            raise ServiceError("entrants.seed_range",
                               N_("Seed %(seed)s of %(name)s is out of range: use 1 to %(total)s."),
                               seed=seed, name=entrant.name, total=total)
        if seed is not None and seed in used:
            raise ServiceError("entrants.seed_taken", N_("Seed %(seed)s is given twice."), seed=seed)
        used.add(seed)
    for entrant in event.entrants:
        entrant.seed = seeds.get(entrant.id, entrant.seed)


def parse_seed(raw: str, name: str) -> int | None:
    """A seed typed by the desk: empty means unseeded, otherwise a whole number."""
    raw = normalize_name(raw)
    if not raw:
        return None
    if not raw.isdigit():
        raise ServiceError("entrants.seed_number", N_("The seed of %(name)s must be a whole number."), name=name)
    return int(raw)


def seeded_order(entrants: list[Entrant]) -> list[Entrant]:
    """Seeded entrants by seed, then unseeded ones in entry order."""
    seeded = sorted((e for e in entrants if e.seed), key=lambda e: e.seed)
    rest = sorted((e for e in entrants if not e.seed), key=lambda e: e.id)
    return seeded + rest
