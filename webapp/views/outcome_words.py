"""The one table of what became of an entry, in a person's words, for every script.

Rendered by the server (Babel, the reader's language) into each page that runs the entry
scripts (templates/_partials/outcome_words.html, a <meta> that static/js/dom.js reads once);
entry.js (beside the form) and outbox_panel.js (the outbox list) show these words and no others.
`tone` is the colour the state is shown in; `form` the words beside the form; `panel` the
shorter words of the outbox list.
"""
from flask_babel import gettext as _


def outcome_words() -> dict[str, dict[str, str]]:
    """Each state of an entry on the phone -> {tone, form, panel}, in the current language."""
    recorded = {"tone": "accepted", "form": _("Recorded"), "panel": _("Recorded")}
    return {
        "saved": {"tone": "queued", "form": _("Queued on this phone — not sent yet"), "panel": _("Saved on phone")},
        "sending": {"tone": "queued", "form": _("Sending — waiting for the server"), "panel": _("Sending")},
        "auth": {"tone": "queued", "form": _("Queued on this phone — sent when you sign in"),
                 "panel": _("Sign in to send")},
        "applied": recorded,
        "duplicate": {**recorded, "panel": _("Recorded (sent twice, counted once)")},
        "confirmed": {**recorded, "panel": _("Confirmed (the same as another phone's entry)")},
        "conflict": {"tone": "conflict", "form": _("Conflict — sent to the desk, which decides"),
                     "panel": _("Conflict — the desk will decide")},
        "held": {"tone": "held", "form": _("Held — it waits for an earlier result and applies by itself"),
                 "panel": _("Waiting for an earlier result — applies by itself")},
        "rejected": {"tone": "rejected", "form": _("Not recorded"), "panel": _("Rejected: ")},
        "back_in_form": {"tone": "rejected", "form": _("Your entry is back in the form: correct it and send it again."),
                         "panel": ""},
        # The desk's decision on a conflict, as the phone that entered it reads it.
        "decided_lost": {"kept": _("The desk kept the other entry (not this one)"),
                         "taken": _("The desk took the other entry (not this one)"),
                         "third": _("The desk entered another result (not this one)")},
        "decided_kept": {"kept": _("The desk kept the other entry (not this one)"),
                         "taken": _("The desk took this entry"),
                         "third": _("The desk entered another result (not this one)")},
    }
