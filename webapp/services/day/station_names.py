"""Station names as people read them: one station whatever way its number is written."""
import re

from ..entrants.entrant_lists import normalize_name


def station_key(name: str) -> str:
    """What makes two station names the same station to a person: "2", "２", "2番台", "2 台" and
    "Station 2" are one station (pages show "2" as "2番台" / "Station 2")."""
    name = normalize_name(name).casefold()
    name = _STATION_WORDS.sub("", name).strip()
    return name


_STATION_WORDS = re.compile(r"^(station|stn\.?)\s*|\s*(番台|台)$")
