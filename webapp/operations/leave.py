"""What may leave this server: for each record type, the columns an export may carry.

Every export is built from this one allow-list: the operation log (`flask oplog export`),
the event download offered before deleting an event, the mirror push (its state and its
entries) and the standings CSV. A column not named here never leaves, so a credential
added to a model later stays home until someone decides otherwise (tests/service/
test_exports_carry_no_secret.py fails on a column that is in neither list).

Never leaving: password hashes, TOTP secrets, the event's staff PIN hash, and the
generation counters that sessions, remember cookies and sign-in links are checked against
(a copy of them would revive a signed-out phone or a revoked QR on a server sharing the key).
"""
import re
import secrets
from datetime import date, datetime

LEAVES = {
    "event": ("id", "slug", "name", "game", "ruleset", "entrant_kind", "team_size", "day", "template", "settings",
              "version", "entrants_version", "created_at"),
    # Who made an entry, as the desk reads it: a name and a role, never a credential.
    "user": ("id", "username", "display_name", "role", "event_id", "created_at"),
    "entrant": ("id", "event_id", "name", "reading", "seed", "tier", "checked_in", "dq", "info", "created_at",
                "name_key", "reading_key"),
    "member": ("id", "entrant_id", "position", "name", "reading", "character", "change_declared", "name_key",
               "reading_key"),
    "phase": ("id", "event_id", "position", "name", "format", "options", "match_type", "best_of", "group_count",
              "status", "key", "seeding", "stage", "block", "play_options", "draw", "entrant_override", "calling",
              "version", "created_at"),
    "bracket": ("id", "phase_id", "label", "format", "options", "entrants", "wave"),
    "match": ("id", "bracket_id", "key", "side", "round", "index", "slot_a", "slot_b", "winner_to", "loser_to",
              "winner_id", "loser_id", "status", "walkover", "conditional", "station", "called_at", "stream_rank",
              "version", "slots_version", "actions", "flagged", "updated_at"),
    "conflict": ("id", "match_id", "operation_id", "reason", "status", "resolved_by", "resolved_at", "created_at"),
    "op": ("id", "op_id", "device_id", "seq", "kind", "event_id", "match_id", "base_version", "payload", "user_id",
           "device_time", "received_at", "outcome", "code", "message", "params", "match_version", "undone",
           "received_by"),
    "standing": ("rank", "rank_to", "name", "members"),
}
# Columns that stay home, each for a reason: a new column must be put in one of the two lists.
STAYS = {
    "event": ("staff_pin_hash", "staff_pin_generation"),
    "user": ("password_hash", "credential_generation", "signin_generation", "totp_secret", "phone_hash"),
    # A minor's age group is for the desk's curfew warnings, not for a public copy.
    "entrant": ("age_group",),
}
# Kept by each site for itself (page versions, a clock): a mirror does not take the venue's.
SITE_LOCAL = {"event": {"version", "entrants_version"}, "phase": {"version"}, "match": {"updated_at"}}
# A phone's form may carry its session's CSRF token: an entry's payload leaves without it, and
# the text kept of a malformed entry ("raw") with its value blanked.
SESSION_KEYS = ("csrf_token",)
_RAW_SESSION_VALUE = re.compile(r"""(['"](?:%s)['"]\s*:\s*)(['"])(?:(?!\2).)*\2""" % "|".join(SESSION_KEYS))


# Inside a column that leaves, what stays at the venue (issue 35.4): a player's sign-up answers
# (contact details), a minor's age group and guardian, the reception's check-in code, the secret
# the on-site sign-up codes are made from. A replay rebuilds the same brackets without them.
STAYS_INSIDE = {
    ("event", "settings"): ("checkin_code",),
    ("event", "settings", "signup"): ("onsite_secret",),
    ("entrant", "info"): ("answers", "contact", "email", "phone", "age_group", "guardian"),
    ("op", "payload"): ("answers", "checkin_code", "token", "address"),
}


def allowed(kind: str, data: dict) -> dict:
    """Only what may leave of one record (a row's columns by name), dates and times in ISO form."""
    out = {}
    for key in LEAVES[kind]:
        if key in data:
            value = data[key]
            out[key] = value.isoformat() if isinstance(value, (date, datetime)) else value
    if kind == "op" and isinstance(out.get("payload"), dict):
        out["payload"] = _payload(out["payload"])
    return without_private_keys(kind, out)


def without_private_keys(kind: str, out: dict) -> dict:
    for path, keys in STAYS_INSIDE.items():
        if path[0] != kind or not isinstance(out.get(path[1]), dict):
            continue
        out[path[1]] = _dropped(out[path[1]], path[2:], keys)
    return out


def _dropped(value: dict, inner: tuple, keys: tuple) -> dict:
    """A copy of ``value`` without ``keys`` (at ``inner``, a path of nested keys)."""
    if inner:
        nested = value.get(inner[0])
        return {**value, inner[0]: _dropped(nested, inner[1:], keys)} if isinstance(nested, dict) else value
    return {k: v for k, v in value.items() if k not in keys}


def _payload(payload: dict) -> dict:
    out = {k: v for k, v in payload.items() if k not in SESSION_KEYS}
    if isinstance(out.get("raw"), str):
        out["raw"] = _RAW_SESSION_VALUE.sub(r"\1\2\2", out["raw"])
    return out


def of_row(kind: str, row) -> dict:
    """What may leave of an ORM row."""
    return allowed(kind, {column.key: getattr(row, column.key) for column in row.__table__.columns})


def mirrored(kind: str) -> set[str]:
    """The columns a mirror copies: what may leave, but not the site's own counters."""
    return set(LEAVES[kind]) - SITE_LOCAL.get(kind, set())


def restored(kind: str, record: dict) -> dict:
    """A record made whole again for a replay: what stayed home gets values that open nothing.

    An account gets a password no one can match ("!": the desk sets one again) and fresh,
    unguessable generations, so no session, remember cookie or sign-in link made on the
    exporting server works on the copy; an event has no staff PIN until the desk sets one."""
    if kind == "user":
        return {**record, "password_hash": "!", "totp_secret": None, "phone_hash": None,
                "credential_generation": _fresh(), "signin_generation": _fresh()}
    if kind == "event":
        return {**record, "staff_pin_hash": None, "staff_pin_generation": _fresh()}
    return record


def _fresh() -> int:
    return secrets.randbelow(2**30) + 1
