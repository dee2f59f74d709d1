"""Importing entrants from a sheet: how each column will be read, a preview, then all rows or none.

A header row is recognised by its names (Japanese or English); a column nobody can name
must be given a meaning (or "ignore") by the desk before anything is imported. Files
without a header keep the old layout: name, seed, then member and character pairs.
"""
import csv
import io
import re
import uuid
from dataclasses import dataclass, field

from sqlalchemy import select

from ...extensions import db
from ...models import BracketRow, Entrant, Event, MatchRow, Phase
from ...tournament.curfew import read_age
from ...tournament.errors import N_
from ...tournament.sheet_text import delimiter, kana_column, one_line
from ...tournament.textsearch import fold
from .. import ServiceError
from ..accounts import audit
from ..setup.event_templates import count_changed, count_fixed
from ..setup.rules import rules_for
from . import entrant_lists as entrants

# One import takes at most this many rows (docs/running-an-event.md): a bigger sheet is split into parts.
MAX_IMPORT_ROWS = 1024
SAMPLE_ROWS = 8

# What a column can mean, in the order the desk's choice lists them.
KINDS = ("name", "reading", "seed", "region", "member", "member_reading", "character", "age", "ignore")
KIND_LABELS = {"name": N_("Name"), "reading": N_("Reading (furigana)"), "seed": N_("Seed"),
               "region": N_("Region (kept apart in round 1 when the desk asks)"),
               "member": N_("Member"), "member_reading": N_("Member's reading"),
               "character": N_("Character"), "age": N_("Age group (under 18 / under 16, for the curfew)"),
               "ignore": N_("Ignore this column")}
_HEADERS = {
    "name": ("名前", "なまえ", "氏名", "ちーむ名", "ちーむ", "選手名", "ぷれいやー名", "ぷれいやー", "えんとりー名",
             "参加者名", "参加者", "name", "team", "teamname", "player", "playername", "entrant", "tag"),
    "reading": ("ふりがな", "よみ", "よみがな", "読み", "読み仮名", "かな", "名前よみ", "名前ふりがな",
                "ちーむ名ふりがな", "ちーむ名よみ", "reading", "furigana", "kana", "yomi"),
    "seed": ("しーど", "しーど順", "seed", "seeding"),
    "region": ("地域", "ちいき", "地方", "都道府県", "出身", "region", "area", "prefecture"),
    "member": ("めんばー", "めんばー名", "選手", "member", "membername"),
    "member_reading": ("めんばーふりがな", "めんばーよみ", "選手ふりがな", "選手よみ", "memberreading",
                       "memberfurigana"),
    "character": ("きゃら", "きゃらくたー", "使用きゃら", "使用きゃらくたー", "character", "char", "chara"),
    "age": ("年齢", "ねんれい", "年齢区分", "年代", "age", "agegroup"),
    "ignore": ("備考", "めも", "こめんと", "note", "notes", "memo", "comment", "comments", "#"),
}
_NUMBERED = ("member", "member_reading", "character")
_BY_HEADER = {word: kind for kind, words in _HEADERS.items() for word in words}


@dataclass
class Column:
    index: int
    header: str
    kind: str | None  # None: nobody knows; the desk must choose


_NAME_READING = [Column(0, "", "name"), Column(1, "", "reading"), Column(2, "", "seed")]


@dataclass
class ImportPlan:
    """What an import would do: the columns as read, the rows, the problems to settle first."""

    columns: list[Column]
    rows: list[dict]
    duplicates: list[dict] = field(default_factory=list)
    has_header: bool = True

    @property
    def unknown(self) -> list[Column]:
        return [c for c in self.columns if c.kind is None]

    @property
    def sample(self) -> list[dict]:
        return self.rows[:SAMPLE_ROWS]


def header_kind(header: str) -> str | None:
    """The meaning of a header cell ('メンバー2', 'Character 3' read as member, character), or None."""
    key = re.sub(r"[\s_\-・()（）:：]+", "", fold(header))
    if key in _BY_HEADER:
        return _BY_HEADER[key]
    # Numbered columns repeat per member ('メンバー2'); a name like 'プレイヤー1' is not a header.
    kind = _BY_HEADER.get(re.sub(r"[0-9]+", "", key))  # 'ふりがな1': the first member's reading
    return "member_reading" if kind == "reading" else kind if kind in _NUMBERED else None


def read_table(text: str) -> list[list[str]]:
    """The sheet's non-empty lines as cells (a '#' in the first cell comments a line out)."""
    table = []
    for cells in entrants.readable_rows(csv.reader(io.StringIO(text), delimiter=delimiter(text))):
        cells = [entrants.normalize_name(one_line(c)) for c in cells]
        if any(cells) and not cells[0].startswith("#"):
            table.append(cells)
    if not table:
        raise ServiceError("entrants.empty", N_("No entrants found: write one name per line."))
    _capped(table[1:])  # a header line and at most MAX_IMPORT_ROWS rows
    return table


def plan(event: Event, text: str, choices: dict[int, str] | None = None) -> ImportPlan:
    """Read the sheet as the preview shows it; `choices` are the desk's meanings by column index."""
    extra = rules_for(event).substitutes if event.entrant_kind == "team" else 0  # substitutes the rules allow
    return _checked(event.entrants, read_plan(text, event.team_size, choices, extra))


def read_plan(text: str, team_size: int, choices: dict[int, str] | None = None, extra: int = 0) -> ImportPlan:
    """The sheet's columns and rows, before comparing them with anyone already entered."""
    table = read_table(text)
    head = table[0]
    kinds = [header_kind(h) for h in head]
    if "name" not in kinds:  # no header: the old layout, name[,seed][,member,character]*
        kana = team_size == 1 and kana_column(table, 1)  # a 1on1 'name,reading' paste: kana is the reading
        rows = [_row(_NAME_READING, c, n, 1) if kana else entrants.positional_row(c, n, team_size, extra)
                for n, c in enumerate(table, start=1)]
        return ImportPlan([], _capped(rows), has_header=False)
    choices = choices or {}
    columns = [Column(i, h, choices.get(i) if choices.get(i) in KINDS else kinds[i]) for i, h in enumerate(head)]
    rows = [_row(columns, cells, n, team_size, extra) for n, cells in enumerate(table[1:], start=2)]
    return ImportPlan(columns, _capped([r for r in rows if r["name"]]))


def new_event_plan(text: str, team_size: int, choices: dict[int, str] | None = None) -> ImportPlan:
    """The preview of a sheet for an event not created yet (duplicates within the sheet flagged)."""
    return _checked([], read_plan(text, team_size, choices))


def sheet_rows(text: str, team_size: int, choices: dict[int, str] | None = None,
               skip_duplicates: bool = False) -> list[dict]:
    """Rows for a new event (template or command line): every column known, every name once."""
    result = new_event_plan(text, team_size, choices)
    _refuse_open_questions(result, skip_duplicates)
    return [r for r in result.rows if not r["duplicate"]]


def _capped(rows: list[dict]) -> list[dict]:
    if len(rows) > MAX_IMPORT_ROWS:
        raise ServiceError("entrants.too_many",
                           N_("The sheet has %(rows)s rows; one import takes at most %(max)s. "
                              "Split it and import the parts one after the other."),
                           rows=len(rows), max=MAX_IMPORT_ROWS)
    return rows


def _row(columns: list[Column], cells: list[str], line: int, team_size: int, extra: int = 0) -> dict:
    row = {"name": "", "reading": "", "seed": None, "members": [], "line": line}
    members: list[list[str]] = []
    for column in columns:
        value = cells[column.index] if column.index < len(cells) else ""
        _put(row, members, column.kind, value, line)
    row["members"] = _members(row, members, team_size, line, extra)
    return row


def _put(row: dict, members: list, kind: str | None, value: str, line: int) -> None:
    if kind == "seed" and value:
        if not value.isdigit():
            raise ServiceError("entrants.seed_number", N_("Line %(line)s: the seed must be a whole number."),
                               line=line)
        row["seed"] = int(value)
    elif kind == "region":
        row["region"] = row.get("region") or value.strip()[:60]
    elif kind == "age":
        row["age_group"] = read_age(value, line)
    elif kind in ("name", "reading"):
        row[kind] = row[kind] or value
    elif kind == "member":
        members.append([value, "", ""])
    elif kind in ("member_reading", "character"):
        if not members:  # a 1-on-1 sheet: the player is the one member
            members.append([None, "", ""])
        members[-1][1 if kind == "member_reading" else 2] = value


def _members(row: dict, members: list, team_size: int, line: int, extra: int = 0) -> list[tuple]:
    """(name, character, declared, reading) per member; a player's own name when the sheet has none."""
    out = [(m[0] if m[0] is not None else row["name"], m[2], False, m[1] or (row["reading"] if m[0] is None else ""))
           for m in members if m[0] or m[0] is None]
    if team_size > 1 and out and not team_size <= len(out) <= team_size + extra:
        raise ServiceError("entrants.team_size",
                           N_("Line %(line)s: a team needs %(size)s members with their characters, found %(found)s."),
                           line=line, size=team_size, found=len(out))
    return out


def _checked(entered: list[Entrant], result: ImportPlan) -> ImportPlan:
    """Flag rows whose name is already entered or appears earlier in the sheet."""
    seen = {fold(e.name) for e in entered}
    for row in result.rows:
        key = fold(row["name"])
        row["duplicate"] = key in seen
        if row["duplicate"]:
            result.duplicates.append(row)
        seen.add(key)
    return result


def _refuse_open_questions(result: ImportPlan, skip_duplicates: bool) -> None:
    """Nothing is imported while a column has no meaning or a name repeats (unless skipped)."""
    if result.unknown:
        raise ServiceError("import.unknown_column",
                           N_("Choose how to read the column “%(header)s” (or ignore it) before importing."),
                           header=result.unknown[0].header)
    if result.duplicates and not skip_duplicates:
        raise ServiceError("import.duplicates",
                           N_("%(count)s rows repeat a name already entered or earlier in the sheet "
                              "(first: %(name)s). Fix the sheet, or skip them."),
                           count=len(result.duplicates), name=result.duplicates[0]["name"])


def apply(event: Event, result: ImportPlan, user=None, skip_duplicates: bool = False,
          source: str = "") -> list[Entrant]:
    """Add every row (all or none) as one change: one flush, so one version step of the event."""
    _refuse_open_questions(result, skip_duplicates)
    if count_fixed(event):
        raise ServiceError("import.template_started",
                           N_("This event's plan was fixed when its first phase started: no more entrants can join."))
    rows = [r for r in result.rows if not r["duplicate"]]
    batch = uuid.uuid4().hex[:12]
    with db.session.no_autoflush:
        added = entrants.add_entrants(event, [{**r, "info": {**entrants.default_info(event), "import": batch}}
                                              for r in rows])
        count_changed(event)
    audit.record("entrants.import", user, event.id, batch=batch, count=len(added), source=source[:120],
                 skipped=[r["name"] for r in result.duplicates] if skip_duplicates else [])
    db.session.flush()
    return added


def last_import(event: Event) -> dict | None:
    """The latest import whose entrants are still here: {'batch', 'count'}, for its undo button."""
    batches: dict[str, int] = {}
    for entrant in event.entrants:
        batch = (entrant.info or {}).get("import")
        if batch:
            batches[batch] = batches.get(batch, 0) + 1
    if not batches:
        return None
    newest = max(batches, key=lambda b: max(e.id for e in event.entrants if (e.info or {}).get("import") == b))
    return {"batch": newest, "count": batches[newest]}


def undo_refusal(event: Event) -> ServiceError | None:
    """Why the event's imports can no longer be undone (None: they can): a match has been played."""
    played = _first_played(event)
    if played is None:
        return None
    from ..reads.round_names import match_name
    return ServiceError("import.played",
                        N_("%(match)s has been played: an import can no longer be undone. "
                           "Withdraw entrants one by one."), match=match_name(played))


def _first_played(event: Event):
    """A match of the event with a result, else one in play (a game entered), else None: read with
    two small queries, not every match of the day (the desk's event page asks on every view)."""
    started = select(MatchRow).join(BracketRow).join(Phase).where(Phase.event_id == event.id)
    done = db.session.scalars(started.where(MatchRow.status == "done").limit(1)).first()
    if done is not None:
        return done
    return next((m for m in db.session.scalars(started.where(MatchRow.status == "ready")) if m.actions), None)


def undo(event: Event, batch: str, user=None) -> int:
    """Remove every entrant of one import while nothing is played; returns how many. Phases that
    started (nothing played in them) go back to not started: their brackets held these entrants."""
    refusal = undo_refusal(event)
    if refusal is not None:
        raise refusal
    gone = [e for e in event.entrants if (e.info or {}).get("import") == batch]
    if not gone:
        raise ServiceError("import.unknown", N_("This import has nothing left to undo."))
    with db.session.no_autoflush:
        reopened = _reopen_phases(event)
        for entrant in gone:
            event.entrants.remove(entrant)
        count_changed(event)
    audit.record("entrants.import_undo", user, event.id, batch=batch, names=[e.name for e in gone],
                 phases=[p.name for p in reopened])
    db.session.flush()
    return len(gone)


def _reopen_phases(event: Event) -> list:
    """Started phases back to not started, their unplayed brackets dropped (started again later)."""
    started = [p for p in event.phases if p.status != "draft"]
    for phase in started:
        phase.brackets.clear()
        phase.status, phase.draw = "draft", None
    if started:
        db.session.flush()  # the matches go before the entrants they name
    return started
