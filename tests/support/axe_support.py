"""What the accessibility tests measure on a page: axe-core's worst findings and small touch targets."""
from pathlib import Path

from results_folder import TEST_RESULTS as SHOTS

AXE = Path(__file__).parents[1] / "browser" / "vendor" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}

SMALL_TARGETS = """() => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });  // what a tap opens counts too
  const box = el => el.getBoundingClientRect();
  const big = r => r.height >= 44 && r.width >= 44;
  const small = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')]
    .filter(el => el.checkVisibility({visibilityProperty: true, opacityProperty: false}))
    .filter(el => !big(box(el)))
    .filter(el => !(el.closest('label') && big(box(el.closest('label')))))  // the label is the target
    .map(el => `${el.tagName.toLowerCase()}.${el.className} "${(el.innerText || el.value || el.name || '').trim().slice(0, 20)}" `
               + `${Math.round(box(el).width)}x${Math.round(box(el).height)}`);
  // the header's menu, measured open, is closed again: open, it lies over the page
  document.querySelectorAll('[data-site-menu]').forEach(d => { d.open = false; });
  return small;
}"""


# Problems the issue named that axe rates below serious: they count too.
ALSO = {"heading-order", "landmark-unique", "empty-table-header", "page-has-heading-one"}


def serious_problems(page) -> list[str]:
    """axe-core's critical and serious violations on the page as it is now, and the ones in ALSO."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}" for v in result["violations"]
            if v["impact"] in ("critical", "serious") or v["id"] in ALSO]


def small_targets(page) -> list[str]:
    """Visible controls smaller than 44×44 CSS pixels."""
    return page.evaluate(SMALL_TARGETS)


def overflowing(page) -> list[str]:
    """Tables (and the page) wider than the screen: what a phone would have to scroll sideways to read."""
    return page.evaluate("""() => [document.documentElement, ...document.querySelectorAll('.table-wrap:not(pre), table')]
      .filter(el => el.scrollWidth > el.clientWidth + 1)
      .map(el => `${el.tagName.toLowerCase()}.${el.className} ${el.scrollWidth}/${el.clientWidth}`)""")


def shot(page, name: str) -> None:
    """A screenshot for a person to look at, in test-results/ (not committed)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


# GET routes that answer something other than an HTML page (files, JSON, CSV, the service worker).
NOT_PAGES = {"static", "public.service_worker", "public.standings_csv", "sync.event_pack", "sync.openapi",
             "sync.outcomes", "sync.packs", "mirror_api.api_status", "venue.ca_crt", "venue.ca_mobileconfig",
             "venue.ca_pem", "desk_events.oplog", "desk_event_files.download",
             "desk_event_files.preset_file", "signup.calendar",  # the event as a calendar file (.ics)
             "desk_plan.schedule",  # an old address of the timetable: a redirect to the day page
             # the read API (JSON) and its exports (OBF, start.gg JSON, placements CSV)
             "api.openapi", "api.events", "api.event", "api.entrants", "api.standings", "api.stations", "api.phase",
             "api.pools", "api.match", "api.event_export", "api.phase_export"}



def endpoints(app, paths) -> set[str]:
    """The view each path is served by."""
    adapter = app.url_map.bind("localhost")
    return {adapter.match(path.split("?")[0], method="GET")[0] for path in paths}
