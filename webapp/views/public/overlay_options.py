"""The overlay's options, read from its address and checked: a bad one is refused by name.

``lang`` ja | en; ``accent`` and ``text``: a colour from the named list or a hex colour (#rgb or
#rrggbb, the "#" written %23 or left out); ``show``: the lines to draw, comma-separated, from
round, names, romaji, score, chars, left (kachinuki players left), games (each game's result);
``preview=1``: a neutral game frame behind, to try the overlay in a browser before OBS.
Colours reach the page only as these checked values in data attributes; the overlay's script
sets them as CSS custom properties (no inline style, no markup from the address).
"""
import re
from dataclasses import dataclass

from flask_babel import lazy_gettext as _l

LANGS = ("ja", "en")
COLOURS = {"red": "#b3262e", "crimson": "#dc143c", "blue": "#1f4fa8", "navy": "#14213d", "green": "#1d7a46",
           "gold": "#c9a227", "orange": "#e36414", "purple": "#5b2a86", "black": "#111111",
           "white": "#ffffff", "gray": "#4a4a4a"}
LINES = ("round", "names", "romaji", "score", "chars", "left", "games")
_HEX = re.compile(r"^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


class OptionError(ValueError):
    """An option the overlay cannot take: its name, what was given, and what it accepts."""

    def __init__(self, name: str, given: str, accepted):
        super().__init__(name)
        self.name, self.given, self.accepted = name, given[:40], accepted


@dataclass(frozen=True)
class Options:
    lang: str = "ja"
    accent: str = COLOURS["red"]
    text: str = COLOURS["white"]
    show: tuple = LINES
    preview: bool = False   # a neutral game frame behind (to try the overlay in a browser)

    def key(self) -> str:
        """What the answer depends on, for its ETag."""
        return f"{self.lang}.{self.accent}.{self.text}.{'+'.join(self.show)}.{int(self.preview)}"

    def shows(self, line: str) -> bool:
        return line in self.show


def colour(name: str, given: str | None, default: str) -> str:
    """A named or hex colour as #rrggbb; OptionError otherwise."""
    if given is None or given == "":
        return default
    value = given.strip().lower()
    if value in COLOURS:
        return COLOURS[value]
    found = _HEX.match(value)
    if not found:
        raise OptionError(name, given, _l("a colour name (%(names)s) or a hex colour such as %%23b3262e",
                                          names=", ".join(COLOURS)))
    digits = found.group(1)
    return "#" + ("".join(c * 2 for c in digits) if len(digits) == 3 else digits)


def read_options(args) -> Options:
    """The overlay's options from the query string; unknown values are refused by name."""
    lang = args.get("lang") or "ja"
    if lang not in LANGS:
        raise OptionError("lang", lang, "ja, en")
    show = tuple(dict.fromkeys(p.strip() for p in (args.get("show") or ",".join(LINES)).split(",") if p.strip()))
    unknown = [line for line in show if line not in LINES]
    if unknown or not show:
        raise OptionError("show", ",".join(unknown), ", ".join(LINES))
    preview = args.get("preview") or "0"
    if preview not in ("0", "1"):
        raise OptionError("preview", preview, "0, 1")
    return Options(lang, colour("accent", args.get("accent"), COLOURS["red"]),
                   colour("text", args.get("text"), COLOURS["white"]), show, preview == "1")
