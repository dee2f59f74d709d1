"""A bare event (a name, its rules, its kind of entrant; no phase) created the desk's way: an
event file uploaded to /desk/events/from-file. Tests that set the rest up form by form start here."""
import io

from webapp.services.setup import event_files

KINDS = {"player": "1on1", "team": "team"}


def post_bare_event(client, name, ruleset="", entrant_kind="player", team_size=1, game="other"):
    """The upload's response (302 to the event's desk page when created)."""
    spec = {"name": name, "game": game, "entrants": KINDS[entrant_kind], "phases": []}
    if entrant_kind == "team":
        spec["team_size"] = int(team_size)
    if ruleset:
        spec["rules"] = {"preset": ruleset}
    text = event_files.to_toml(spec)
    return client.post("/desk/events/from-file", data={"spec": (io.BytesIO(text.encode()), "event.toml")},
                       content_type="multipart/form-data")


def event_id_of(response) -> int:
    """The created event's id, from the redirect to its desk page."""
    return int(response.headers["Location"].rstrip("/").split("/")[-1])
