"""Helpers several test files share (moved from tests/pages/test_internal_names.py, where they were imported from)."""
from html.parser import HTMLParser

SKIP = {"script", "style", "head", "template"}


WORD_ATTRS = ("placeholder", "title", "aria-label", "alt")


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class VisibleText(HTMLParser):
    """Text a person reads, without <script>/<style> and without elements of class "key"."""

    def __init__(self):
        super().__init__()
        self.stack, self.parts = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        hidden = tag in SKIP or "key" in (attrs.get("class") or "").split()
        if not self._muted() and not hidden:
            self.parts.extend(attrs[a] for a in WORD_ATTRS if attrs.get(a))
        if tag not in VOID:
            self.stack.append(hidden)

    def handle_endtag(self, tag):
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not self._muted():
            self.parts.append(data)

    def _muted(self):
        return any(self.stack)


def visible_text(html: str) -> str:
    """The words of a page, keys stripped."""
    parser = VisibleText()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def public_pages(event):
    urls = [f"/e/{event.slug}", f"/e/{event.slug}/standings", f"/e/{event.slug}/players?q=チ",
            f"/e/{event.slug}/draws", f"/e/{event.slug}/calls"]
    urls += [f"/e/{event.slug}/p/{e.id}" for e in event.entrants[:3]]
    if event.template:
        urls += [f"/e/{event.slug}/schedule"]
    for phase in event.phases:
        urls += [f"/e/{event.slug}/phase/{phase.id}"]
        urls += [f"/m/{m.id}" for m in some(phase)]
    return urls


def some(phase):
    """The first matches of each bracket and every match something happened in."""
    matches = [m for b in phase.brackets for m in b.matches]
    busy = [m for m in matches if m.actions or m.walkover or m.flagged or m.status == "done"]
    return list(dict.fromkeys(matches[:3] + busy[:12]))


def staff_pages(event):
    urls = [f"/staff/e/{event.slug}", f"/staff/e/{event.slug}/checkin"]
    return urls + [f"/staff/m/{m.id}" for p in event.phases for m in some(p) if m.status != "bye"]


def desk_pages(event):
    urls = [f"/desk/e/{event.id}", f"/desk/e/{event.id}/mirror", f"/desk/e/{event.id}/stations",
            f"/desk/e/{event.id}/stations/qr", f"/desk/entrant/{event.entrants[0].id}/dq",
            f"/desk/e/{event.id}/rules"] + [f"/desk/phase/{p.id}/rules" for p in event.phases]
    urls += [f"/desk/e/{event.id}/day"]
    if event.template:
        urls += [f"/desk/phase/{p.id}/preview" for p in event.phases if p.status == "draft"]
    for phase in event.phases:
        urls += [f"/desk/phase/{phase.id}", f"/desk/phase/{phase.id}?status=all"]
        done = [m for b in phase.brackets for m in b.matches if m.status == "done" and (m.slot_a and m.slot_b)]
        urls += [f"/desk/match/{m.id}/correction" for m in done[:3]]
    return urls
