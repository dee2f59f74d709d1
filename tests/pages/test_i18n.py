"""Japanese first: the ja catalogue is complete and sound, pages and domain messages use it.

The catalogue check reads webapp/translations/ja/LC_MESSAGES/messages.po, and a
second check extracts the strings from the sources (as scripts/update-translations.sh
does), so a new English msgid without a Japanese translation fails here. To fix:
run scripts/update-translations.sh, translate the new entries, drop any fuzzy flag.
"""
import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "webapp" / "translations"
JA_PO = TRANSLATIONS / "ja" / "LC_MESSAGES" / "messages.po"
JA_MO = JA_PO.with_suffix(".mo")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")
KEYWORDS = {**DEFAULT_KEYWORDS, "_l": None, "N_": None, "lazy_gettext": None}


def _catalog():
    with JA_PO.open("rb") as fh:
        return read_po(fh, locale="ja")


def _ensure_compiled() -> None:
    """The .mo is built by `make translations`; build it here too if missing or stale.

    Done at import (collection) time, before any test loads translations, so
    Flask-Babel never caches an empty catalogue for this run.
    """
    if JA_MO.exists() and JA_MO.stat().st_mtime >= JA_PO.stat().st_mtime:
        return
    catalog = _catalog()
    with JA_MO.open("wb") as fh:
        write_mo(fh, catalog, use_fuzzy=False)


_ensure_compiled()


def _messages():
    return [m for m in _catalog() if m.id and not isinstance(m.id, tuple)]


# -- (a) the catalogue ---------------------------------------------------------

def test_every_message_has_a_japanese_translation_not_fuzzy():
    messages = _messages()
    assert messages, "the ja catalogue is empty"
    untranslated = [m.id for m in messages if not (m.string or "").strip()]
    fuzzy = [m.id for m in messages if m.fuzzy]
    assert not untranslated, f"untranslated msgids (run scripts/update-translations.sh and translate): {untranslated}"
    assert not fuzzy, f"fuzzy translations (check them and drop the flag): {fuzzy}"


def test_each_message_is_defined_once_in_its_own_entry():
    """Parallel branches add entries at the end and git merges the file as a union: a msgid added
    twice, or two entries glued without a blank line, reads as one silently (babel keeps one
    translation; msgfmt refuses the file)."""
    lines = JA_PO.read_text(encoding="utf-8").splitlines()
    ids = [_whole_string(lines, n) for n, line in enumerate(lines) if line.startswith("msgid ")]
    glued = [n + 1 for n, line in enumerate(lines[1:], start=1)
             if line.startswith(("msgid ", "#")) and lines[n - 1].startswith(("msgstr", '"'))]
    assert sorted({i for i in ids if ids.count(i) > 1}) == [] and glued == []


def _whole_string(lines: list[str], start: int) -> str:
    """A msgid with its continuation lines ('msgid ""' opens a long one)."""
    end = start + 1
    while end < len(lines) and lines[end].startswith('"'):
        end += 1
    return "".join(lines[start:end])


def test_placeholders_match_and_format_cleanly():
    problems = []
    for m in _messages():
        wanted, got = set(PLACEHOLDER.findall(m.id)), set(PLACEHOLDER.findall(m.string))
        if wanted != got:
            problems.append((m.id, m.string, sorted(wanted ^ got)))
            continue
        if m.id.count("%%") != m.string.count("%%"):
            problems.append((m.id, m.string, "%%"))
            continue
        if wanted:  # a python-format string must still format with its own names
            try:
                m.string % {name: 1 for name in wanted}
            except (KeyError, TypeError, ValueError) as exc:
                problems.append((m.id, m.string, repr(exc)))
    assert not problems, problems


def test_no_translation_is_left_in_english():
    """A msgstr identical to its msgid is only fine for names and codes."""
    allowed = {"KGP2025 1on1", "Best of"}
    same = [m.id for m in _messages() if m.string == m.id and m.id not in allowed]
    assert not same, same


def test_every_string_in_the_sources_is_in_the_catalogue():
    """New _()/N_()/_l() strings must reach the .po (and be translated, see above)."""
    method_map, options_map = parse_mapping_cfg((ROOT / "babel.cfg").open(encoding="utf-8"))
    # Babel skips folders starting with "_" by default; templates/_partials must count.
    def wanted(path):
        name = Path(path).name
        return not name.startswith(".") and name != "__pycache__"

    in_sources = {message for _, _, message, *_ in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS, directory_filter=wanted)
        if isinstance(message, str)}
    assert "Cancel the call" in in_sources  # a string from templates/_partials
    in_catalogue = {m.id for m in _messages()}
    missing = sorted(in_sources - in_catalogue)
    assert not missing, f"not in the ja catalogue yet (run scripts/update-translations.sh): {missing}"


# -- (b) pages -----------------------------------------------------------------
# The `app` fixture keeps one app context open for the whole test, so Flask's `g`
# (where Flask-Babel caches the chosen locale) outlives a request: `_get` clears
# that cache first, as a fresh app context would in production.

def _get(client, url):
    from flask_babel import refresh

    refresh()
    return client.get(url).get_data(as_text=True)


def test_home_page_is_japanese_by_default(client):
    html = _get(client, "/")
    assert '<html lang="ja">' in html
    assert "大会一覧" in html  # "Events"
    assert "<h1>Events</h1>" not in html


def test_home_page_switches_to_english_and_remembers(client):
    html = _get(client, "/?lang=en")
    assert '<html lang="en">' in html
    assert "<h1>Events</h1>" in html and "大会一覧" not in html
    html = _get(client, "/")  # the choice is kept (a cookie of its own)
    assert '<html lang="en">' in html
    html = _get(client, "/?lang=ja")
    assert '<html lang="ja">' in html and "大会一覧" in html


def test_the_choice_survives_a_session_written_by_an_answer_begun_before_it(client):
    """The service worker fetches pages while the person switches; one of those answers may write
    the session it read before the switch, last. The page after still comes in the chosen language."""
    with client.session_transaction() as session:
        session["_flashes"] = [("ok", "サインインしました")]
    before = client.get_cookie("session").value
    assert '<html lang="en">' in _get(client, "/?lang=en")
    client.set_cookie("session", before)  # the late answer's Set-Cookie
    assert '<html lang="en">' in _get(client, "/")


def test_unknown_language_falls_back_to_japanese(client):
    html = _get(client, "/?lang=xx")
    assert '<html lang="ja">' in html


def test_desk_page_is_japanese(desk_client):
    html = _get(desk_client, "/desk/")
    assert "新しい大会" in html and "大会を作成" in html  # "New event", "Create event"


# -- (c) domain messages -------------------------------------------------------

def _violation(check, *args):
    from webapp.tournament.errors import RuleViolation

    with pytest.raises(RuleViolation) as caught:
        check(*args)
    return caught.value


def test_rule_violation_renders_in_japanese(app):
    from flask_babel import refresh

    from webapp.tournament.errors import N_, RuleViolation
    from webapp.web.i18n import translate_violation

    violation = RuleViolation("tekken.kachinuki_out",
                              N_("Tekken kachinuki: %(name)s is already out"), name="太郎")
    with app.test_request_context("/"):
        refresh()
        assert translate_violation(violation) == "鉄拳 勝ち抜き戦: 太郎 はすでに敗退しています"
    with app.test_request_context("/?lang=en"):
        refresh()
        assert translate_violation(violation) == "Tekken kachinuki: 太郎 is already out"


def test_domain_check_message_renders_in_japanese(app):
    from webapp.tournament.play.core import check_side
    from webapp.web.i18n import translate_violation

    violation = _violation(check_side, "c")
    with app.test_request_context("/"):
        assert translate_violation(violation) == "側は a か b で指定してください（c は指定できません）"


def test_kgp_rule_numbers_survive_translation(app):
    from flask_babel import gettext

    from webapp.tournament.errors import N_, RuleViolation
    from webapp.tournament.rulesets import kgp2025
    from webapp.web.i18n import translate_violation

    with app.test_request_context("/"):
        labels = [gettext(label) for label in kgp2025.ACTS.values()]
        violation = RuleViolation(
            "kgp.loser_only_changes",
            N_("KGP ④: only the loser of the previous game may change character; %(name)s won game "
               "%(game)d with %(before)s and may not switch to %(after)s (staff may record it as "
               "prohibited act ① instead)"),
            name="A氏", game=1, before="テリー・ボガード", after="春麗")
        text = translate_violation(violation)
    assert [label[:5] for label in labels] == [f"禁止行為{n}" for n in "①②③④⑤⑥"]
    assert text.startswith("KGP ④:") and "禁止行為①" in text
    assert "A氏 は第1セットに テリー・ボガード で勝利" in text and "春麗" in text
