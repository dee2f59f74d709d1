"""Every catalogue character of a title TournamentStreamHelper has assets for carries TSH's own name for it.

TSH shows a character only when the name it is sent equals a key of StreamHelperAssets'
``character_to_codename`` (games/<codename>/base_files/config.json); tests/vendor/tsh_character_keys.json
is a trimmed copy of those keys (the source commit of each is noted there).
"""
import json
from pathlib import Path

import pytest

from webapp.tournament import games

VENDORED = json.loads((Path(__file__).parent.parent / "vendor" / "tsh_character_keys.json").read_text(encoding="utf-8"))
# Characters the catalogue has and TSH's assets do not (yet): sent by name, the desk is told.
NOT_IN_TSH = {"sf6": {"sagat", "c_viper", "alex", "ingrid"}, "tekken7": {"raven", "roger_jr"},
              "gbvsr": {"vikala", "sandalphon", "galleon", "wilnas", "meg"},
              "mbtl": {"mario", "powered_ciel", "neco_arc"}}


@pytest.mark.parametrize("codename", sorted(VENDORED["games"]))
def test_each_character_has_tsh_key_from_the_asset_list(codename):
    keys = set(VENDORED["games"][codename])
    title = next(t for t in games.GAMES.values() if t.tsh_game == codename)
    for character in title.characters:
        if character.key in NOT_IN_TSH.get(codename, set()):
            assert character.tsh == "", character.key
        else:
            assert character.tsh in keys, (character.key, character.tsh)


@pytest.mark.parametrize("codename", sorted(VENDORED["games"]))
def test_the_vendored_copy_names_its_source(codename):
    assert len(VENDORED["commits"][codename]) == 40


def test_the_names_the_issue_found_blank_now_reach_tsh():
    tekken8, ggst = games.get_title("tekken8"), games.get_title("ggst")
    assert (tekken8.character("jin").tsh, tekken8.character("king").tsh, tekken8.character("law").tsh) == \
        ("Jin Kazama", "King II", "Marshall Law")
    assert ggst.character("goldlewis").tsh == "Goldlewis Dickinson"
