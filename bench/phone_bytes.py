"""What real phones send to POST /sync/ops, byte for byte (static/js/outbox_store.js `wire`).

Two shapes are in the field, and both must keep working (tests/service/test_old_phone_bytes.py):
- **online**: a match page's form serialized by outbox_forms.js. Its hidden fields ride along
  in the payload: ``kind``, ``base_version`` (text) and ``position`` (text); the score
  choice becomes winner and rounds.
- **offline**: the page built from the offline pack (offline_pack.js): no form bookkeeping,
  ``position`` as a number, and ``slots``, the players the referee saw sitting down.
Since static/js/form_payload.js both pages send one shape (``form_game``): the action's fields
with ``position`` last as a number; the offline page adds ``slots``. The online shape above is what
phones not yet updated still hold in their outboxes.
All carry the outbox's own bookkeeping beside the entry: ``seq``, ``device_time`` and
``entered_by`` (the person who made it on a shared phone). The benches send these, so the
path they measure is the one phones take.
"""
import json

DEVICE_TIME = "2026-12-04T10:00:00.000Z"  # new Date().toISOString()
TEXT_ON_THE_FORM = ("member_id",)  # numbers the online form holds as a button's or a radio's value


def online_game(op_id: str, device: str, seq: int, match_id: int, version: int, position: int,
                winner: str, loser_rounds: int, user_id: int, char_a: str = "", char_b: str = "",
                stage: str = "", side_a: str = "") -> dict:
    """A report_game from the online match page (the form's fields in its order)."""
    rounds = (2, loser_rounds) if winner == "a" else (loser_rounds, 2)
    payload = {"kind": "report_game", "base_version": str(version), "position": str(position),
               "char_a": char_a, "char_b": char_b, "stage": stage, "side_a": side_a,
               "rounds_a": rounds[0], "rounds_b": rounds[1], "winner": winner}
    return {"op_id": op_id, "device_id": device, "seq": seq, "kind": "report_game", "match_id": match_id,
            "base_version": version, "payload": payload, "device_time": DEVICE_TIME, "entered_by": user_id}


def offline_game(op_id: str, device: str, seq: int, match_id: int, slots_version: int, position: int,
                 winner: str, loser_rounds: int, user_id: int, slots: tuple[int, int], char_a: str = "",
                 char_b: str = "", stage: str = "", side_a: str = "") -> dict:
    """A report_game from the offline match page (numbers read from the form, slots named)."""
    rounds = (2, loser_rounds) if winner == "a" else (loser_rounds, 2)
    payload = {"char_a": char_a, "char_b": char_b, "stage": stage, "side_a": side_a,
               "rounds_a": rounds[0], "rounds_b": rounds[1], "winner": winner,
               "position": position, "slots": {"a": slots[0], "b": slots[1]}}
    return {"op_id": op_id, "device_id": device, "seq": seq, "kind": "report_game", "match_id": match_id,
            "base_version": slots_version, "payload": payload, "device_time": DEVICE_TIME, "entered_by": user_id}


def form_game(op_id: str, device: str, seq: int, match_id: int, version: int, position: int,
              winner: str, loser_rounds: int, user_id: int, **chars) -> dict:
    """A report_game from the online match page as form_payload.js sends it: the offline page's bytes
    without the players it saw sit down."""
    op = offline_game(op_id, device, seq, match_id, version, position, winner, loser_rounds, user_id, (1, 2), **chars)
    del op["payload"]["slots"]
    return op


def body(device: str, ops: list[dict], waiting: int | None = None) -> bytes:
    """The request body as outbox_send.js makes it (JSON.stringify: no spaces)."""
    batch = {"device_id": device, "ops": ops}
    if waiting is not None:
        batch["waiting"] = waiting
    return json.dumps(batch, ensure_ascii=False, separators=(",", ":")).encode()


def as_online(op: dict, user_id: int) -> dict:
    """A clean entry ({..., "payload": {..., "position": n}}) as the online match page sends it:
    the form's hidden fields in the payload, numbers the form holds as text, the outbox's bookkeeping."""
    payload = dict(op.get("payload") or {})
    form = {"kind": op["kind"], "base_version": "" if op.get("base_version") is None else str(op["base_version"])}
    if "position" in payload:
        form["position"] = str(payload.pop("position"))
    for name in TEXT_ON_THE_FORM:  # a radio button's or a submit button's value is text
        if type(payload.get(name)) is int:
            payload[name] = str(payload[name])
    return {**op, "payload": {**form, **payload}, "device_time": DEVICE_TIME, "entered_by": user_id}
