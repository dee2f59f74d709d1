"""TournamentStreamHelper gets a side's characters in order: KOF XV's three, 2XKO's duo (issue 40)."""
from webapp.services.stream.tsh_plan import _mains
from webapp.tournament import games


def test_tsh_gets_a_kof_side_s_three_characters_in_order():
    mains = _mains("草薙京 / 八神庵 / テリー・ボガード", games.get_title("kofxv"))
    assert mains == (("kofxv", (("Kyo Kusanagi",), ("Iori Yagami",), ("Terry Bogard",))),)
