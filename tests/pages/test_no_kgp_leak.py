"""Nothing of KGP or Tekken 7 on an event that does not use them (issue 26).

The three events of the "done when" (Tekken 8, SF6 3on3 point format, GGST) are set up from the
desk's forms and played to their end; then every page of each (public, phase, matches, players,
standings, schedule, projector, staff, desk event/phase/rules pages, the offline pack) is read in
Japanese and English and must name no KGP leftover (its name, its fee, its prohibited acts) and no
Fatal Fury or Tekken 7 character or stage that the event's own title does not also have."""
import json
import pathlib
import re
import sys
import tomllib

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from three_events import create, play  # noqa: E402
from visible_pages import desk_pages, public_pages, staff_pages, visible_text  # noqa: E402

from webapp.tournament import games  # noqa: E402

DATA = pathlib.Path(games.__file__).parent / "data"
KGP_WORDS = ("KGP", "5,800", "5800円", "5,800円", "禁止行為", "PS/SHARE", "SHARE", "pause menu", "ポーズメニュー",
             "Prohibited act", "鉄拳7", "Tekken 7", "膝まったり", "Hiza")


def _names(key: str) -> set[str]:
    data = tomllib.loads((DATA / f"{key}.toml").read_text())
    return {entry[lang] for kind in ("characters", "stages") for entry in data.get(kind, []) for lang in ("ja", "en")}


def _foreign(own_key: str) -> list[re.Pattern]:
    """Tekken 7 and Fatal Fury names that are not also a name (or part of one) of the event's own title."""
    own = _names(own_key)
    names = sorted(n for n in (_names("tekken7") | _names("fatal_fury_cotw"))
                   if n not in own and not any(n in o for o in own))
    # a name is a whole word: "Law" not in "lawful", 「リー」 not in 「エントリー」
    edge = {True: "A-Za-z", False: "ァ-ヺー"}
    return [re.compile(rf"(?<![{edge[n.isascii()]}]){re.escape(n)}(?![{edge[n.isascii()]}])") for n in names]


def _pages(event):
    urls = public_pages(event) + staff_pages(event) + desk_pages(event)
    urls += [f"/e/{event.slug}/schedule", f"/e/{event.slug}/calls", f"/sync/pack/{event.id}", "/sync/pack"]
    return list(dict.fromkeys(urls))


def _leaks(text: str, event, patterns) -> list[str]:
    found = [w for w in KGP_WORDS if w in text]
    found += [p.pattern for p in patterns if p.search(text)]
    rounds = event.game in ("tekken8",)
    if rounds and ("2ラウンド先取" in text or "first to 2 rounds" in text):
        found.append("2ラウンド先取 on a 3-round game")
    return found


# A choice not taken is the catalogue (every title, every preset), not what the event says.
UNCHOSEN = re.compile(r"<option(?![^>]*\bselected)[^>]*>.*?</option>", re.S)


def _text(response) -> str:
    if response.is_json:
        return json.dumps(response.get_json(), ensure_ascii=False)
    return visible_text(UNCHOSEN.sub("", response.get_data(as_text=True)))


@pytest.mark.parametrize("key", ["tekken8", "sf6", "ggst"])
def test_no_kgp_or_tekken7_on_the_event_s_pages(desk_client, key):
    event = create(desk_client, key)
    play(event)
    patterns, problems = _foreign(event.game), []
    for url in _pages(event):
        for lang in ("ja", "en"):
            response = desk_client.get(url + ("&" if "?" in url else "?") + f"lang={lang}")
            assert response.status_code == 200, (url, response.status_code)
            leaks = _leaks(_text(response), event, patterns)
            if leaks:
                problems.append(f"{url} [{lang}]: {leaks}")
    assert not problems, "\n".join(problems)


def test_the_scan_sees_a_leak_when_there_is_one():
    class Event:
        game = "tekken8"
    text = "テリー・ボガード 5,800円 禁止行為 2ラウンド先取 Law"
    assert len(_leaks(text, Event, _foreign("sf6"))) >= 5
    assert not _leaks("エントリー lawful 一八", Event, _foreign("tekken8"))


def test_rules_saved_from_a_japanese_page_keep_the_preset_s_penalty_names_in_both_languages(desk_client):
    import html

    from bare_event import post_bare_event
    created = post_bare_event(desk_client, "GGST 月例", game="ggst")
    rules = created.headers["Location"] + "/rules"
    page = desk_client.get(rules + "?lang=ja").get_data(as_text=True)
    fields = {name: [html.unescape(v) for v in re.findall(rf'name="{name}"[^>]*?value="([^"]*)"', page)]
              for name in ("penalty_key", "penalty_msgid", "penalty_shown", "penalty_name")}
    assert "ペナルティ：相手にラウンドを与える" in fields["penalty_name"]
    fields["penalty_name"][1] = "遅刻"  # one typed anew
    effects = re.findall(r'name="penalty_effect".*?<option value="(\w+)"[^>]*selected', page, re.S)
    form = {"preset": "standard_1on1", "rounds_to_win": "2", "best_of": ["1", "3"], "character_rule": "free",
            "stage_rule": "none", "side_rule": "agreement", "double_ko": "replayed", "entry_fee_yen": "0",
            **fields, "penalty_effect": effects}
    assert desk_client.post(rules, data=form).status_code == 302
    english = desk_client.get(rules + "?lang=en").get_data(as_text=True)
    assert "ペナルティ" not in english and "遅刻" in english
