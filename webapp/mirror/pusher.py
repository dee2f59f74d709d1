"""The venue's side: push an event's operation log and state to the public site, resumably.

Each push asks the public site how far it has (its `seq`, the venue's last operation
it holds), sends the operations after that in order and in batches, and ends with
the event's state when it changed. A batch is one transaction on the public site,
so a cut loses nothing and a batch sent twice changes nothing.
"""
import socket
import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx
from flask import current_app

from ..database import utcnow
from ..extensions import db
from ..operations import leave
from ..operations.event_scope import event_ops as _event_ops
from ..operations.event_scope import ours as _ours
from ..services import ServiceError
from ..services.ties import pushed
from ..tournament.errors import N_
from . import state as mirror_state
from .models import MirrorTarget

BATCH = 1000
LOOPBACK = {"127.0.0.1", "localhost", "::1"}  # a public site on this machine (tests, benches)
API = "/mirror/api"


@dataclass
class PushResult:
    """What one push did: operations sent, and how it ended (ok|offline|refused|promoted)."""

    status: str
    sent: int = 0
    message: str = ""


def link_event(event_id: int, url: str, token: str) -> MirrorTarget:
    """Point an event at a public taikai (a new URL or token starts from what the site says)."""
    url, token = url.strip().rstrip("/"), token.strip()
    if not _safe_address(url) or len(url) > 300:
        raise ServiceError("mirror.url", N_("Give the public site's address, starting with https://."))
    if not token.startswith("tkm_") or len(token) > 100:
        raise ServiceError("mirror.token_form", N_("Paste the mirror token the public site's desk issued."))
    target = db.session.query(MirrorTarget).filter_by(event_id=event_id).first()
    if target is None:
        target = MirrorTarget(event_id=event_id, url=url, token=token)
        db.session.add(target)
    if (target.url, target.token) != (url, token):  # another site, or another link there: what it holds is unknown
        target.digest, target.ids_digest = "", ""
    target.url, target.token, target.status, target.message = url, token, "new", ""
    return target


def _safe_address(url: str) -> bool:
    """https, so the token and the event never cross the internet in clear; plain http only on this machine."""
    parts = urlsplit(url)
    if parts.scheme == "https":
        return bool(parts.hostname)
    return parts.scheme == "http" and parts.hostname in LOOPBACK


def _as_json(row: dict) -> dict:
    """An operation as it leaves for the public site: only what leave.py allows."""
    return leave.allowed("op", row)


def waiting(target: MirrorTarget) -> int:
    """Operations of the event the public site does not have yet."""
    return len(_ours(_event_ops(target.event_id, target.acked_seq), target.event_id))


def unpublished(target: MirrorTarget) -> int:
    """After a promotion: entries the venue took that the public site never got (refusals aside)."""
    rows = _ours(_event_ops(target.event_id, target.acked_seq), target.event_id)
    return sum(1 for row in rows if row["outcome"] != "rejected")


def client_for(target: MirrorTarget) -> httpx.Client:
    """A kept client: timeouts, the bearer token, and the CA bundle when one is configured."""
    bundle = current_app.config.get("MIRROR_CA_BUNDLE")
    verify = ssl.create_default_context(cafile=bundle) if bundle else True
    return httpx.Client(base_url=target.url, verify=verify,
                        timeout=httpx.Timeout(current_app.config.get("MIRROR_TIMEOUT", 15.0), connect=5.0),
                        headers={"Authorization": f"Bearer {target.token}"})


def push(target: MirrorTarget, client: httpx.Client | None = None, batch: int = BATCH,
         on_batch=None) -> PushResult:
    """Bring the public copy up to date; records the outcome on the target."""
    own = client is None
    client = client or client_for(target)
    target.last_attempt_at = utcnow()
    db.session.commit()  # see _release
    try:
        result = _push(target, client, batch, on_batch)
    except httpx.HTTPError as problem:
        result = PushResult("offline", message=type(problem).__name__)
    finally:
        if own:
            client.close()
    target.status, target.message = result.status, result.message
    if result.status == "promoted" and target.promoted_at is None:
        target.promoted_at = utcnow()  # from now on the venue's copy is read-only
    db.session.commit()
    return result


def _push(target, client, batch, on_batch) -> PushResult:
    refused = _read_status(target, client)
    if refused:
        return refused
    sent = 0
    while (next_batch := _next_body(target, batch)) is not None:
        body, count, last = next_batch
        refused = _send(target, client, body)
        if refused:
            return refused
        sent += count
        if on_batch:
            on_batch(target, sent)
        if last:
            break
    return PushResult("ok", sent)


def _read_status(target: MirrorTarget, client) -> PushResult | None:
    """Where the mirror stands (its last entry, its state's digest): a refusal, or None and saved."""
    reply = client.get(f"{API}/status")
    refused = _refusal(reply)
    if refused:
        return refused
    target.acked_seq, target.digest = reply.json()["seq"], reply.json()["digest"]
    if "ids" in reply.json():  # a site that does not say keeps what this venue last pushed to it
        target.ids_digest = reply.json()["ids"]
    target.push_seq = max(target.push_seq or 0, int(reply.json().get("push") or 0))
    target.catchup_total = waiting(target)
    db.session.commit()
    return None


def _next_body(target: MirrorTarget, batch: int) -> tuple[dict, int, bool] | None:
    """The next push (its body, its entries' count, whether it is the last), None when the
    mirror has every entry and the state: the state goes with the last batch when it changed."""
    rows = _event_ops(target.event_id, target.acked_seq, batch)
    ops = [_as_json(r) for r in _ours(rows, target.event_id)]
    last = len(rows) < batch
    state = mirror_state.export_state(target.event_id) if last else None
    startgg = pushed.for_push(target.event_id) if last else None  # ids only, never the link's token
    fresh = state is not None and _fresh(target, state, startgg)
    if not rows and not fresh:
        return None
    body = {"after": target.acked_seq, "upto": rows[-1]["id"] if rows else target.acked_seq,
            "event_id": target.event_id, "ops": ops, "state": state if fresh else None,
            "source": f"{socket.gethostname()}", "push": _next_push(target)}
    if fresh and startgg is not None:
        body["startgg"] = startgg
    return body, len(ops), last


def _fresh(target: MirrorTarget, state: dict, startgg: dict | None) -> bool:
    """Whether the site lacks this state or these start.gg ids. Read so that sites of every version agree
    (each fingerprints the state as it did; the ids apart: the site's answer, or what went last to a site
    that does not say), so a venue and a site of different versions send the state once, not every push."""
    return not mirror_state.has_state(target.digest, state, startgg) or \
        (target.ids_digest or "") != mirror_state.ids_digest(startgg)


def _send(target: MirrorTarget, client, body: dict) -> PushResult | None:
    """Post one push (the database released meanwhile): a refusal, or None and the mirror's
    answer saved."""
    _release()
    reply = client.post(f"{API}/push", json=body)
    refused = _refusal(reply)
    if refused:
        return refused
    target.acked_seq, target.digest = reply.json()["seq"], reply.json()["digest"]
    if "ids" in reply.json():
        target.ids_digest = reply.json()["ids"]
    elif body["state"] is not None:  # a site of an earlier version: it holds what went with the state
        target.ids_digest = mirror_state.ids_digest(body.get("startgg"))
    target.last_push_at = utcnow()
    db.session.commit()
    return None


def _next_push(target: MirrorTarget) -> int:
    """The number of the push about to go: above every push the site has taken (kept when cut)."""
    target.push_seq = (target.push_seq or 0) + 1
    return target.push_seq


def _release() -> None:
    """End the read transaction before waiting on the network.

    On SQLite a transaction that read and then writes fails at once ("database is
    locked") if a phone's entry was committed in between, so no snapshot may be held
    across a request to the public site.
    """
    db.session.commit()


RETRYABLE = (408, 425, 429)  # the site is busy or slow: the next push may go through


def _refusal(reply: httpx.Response) -> PushResult | None:
    """A refused push as the desk should read it; None when the reply is good."""
    if reply.status_code == 200:
        return None
    code = (reply.json() if reply.headers.get("content-type", "").startswith("application/json") else {}).get("error")
    if code in ("token", "other_event", "scope", "malformed", "json"):
        return PushResult("refused", message=code)  # the desk must act: a retry changes nothing
    if code == "promoted":
        return PushResult("promoted", message="promoted")
    if code in ("gap", "stale"):
        return PushResult("offline", message=code)  # the next push starts from what the site says
    if 400 <= reply.status_code < 500 and reply.status_code not in RETRYABLE:
        # A refusal this venue does not know (another version, a wrong address): a retry
        # changes nothing, so the desk is told, not shown "not connected".
        return PushResult("refused", message=f"HTTP {reply.status_code}")
    return PushResult("offline", message=f"HTTP {reply.status_code}")

