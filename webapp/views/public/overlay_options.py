"""The overlay's options, read from its address and checked: a bad one is refused by name.

``lang`` ja | en; ``accent`` and ``text``: a colour from the named list or a hex colour (#rgb or
#rrggbb, the "#" written %23 or left out); ``show``: the lines to draw, comma-separated, from
round, names, romaji, score, chars, left (kachinuki players left), games (each game's result);
``preview=1``: a neutral game frame behind, to try the overlay in a browser before OBS;
``pos`` top | bottom; ``scale`` 50-150 (per cent); ``safe``: ``game`` (keep clear of where the
event's game draws health bars, timer and gauges: GAME_HUD), ``none``, or ``<top>,<bottom>`` pixels
kept clear (0-400 each).
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
POSITIONS = ("top", "bottom")
# Pixels of a 1920×1080 frame a title's own HUD takes at the top (health bars, timer, names) and
# at the bottom (super / drive / heat gauges), measured on the games' versus screens.
GAME_HUD = {"sf6": (190, 150), "tekken8": (200, 120), "tekken7": (190, 110), "ggst": (200, 150),
            "2xko": (190, 140), "gbvsr": (190, 150), "kofxv": (170, 150), "mbtl": (180, 150),
            "uni2": (180, 150), "fatal_fury_cotw": (190, 150), "vf5revo": (150, 60), "ssbu": (0, 210)}
_SAFE = re.compile(r"^(\d{1,3}),(\d{1,3})$")
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
    pos: str = "top"
    scale: int = 100        # per cent
    safe: tuple | None = None  # (top, bottom) pixels kept clear; None: the event's game's HUD

    def key(self) -> str:
        """What the answer depends on, for its ETag."""
        return (f"{self.lang}.{self.accent}.{self.text}.{'+'.join(self.show)}.{int(self.preview)}"
                f".{self.pos}.{self.scale}.{self.safe}")

    def insets(self, game: str) -> tuple[int, int]:
        """Pixels kept clear at the top and the bottom of the frame."""
        return self.safe if self.safe is not None else GAME_HUD.get(game or "", (0, 0))

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
                   colour("text", args.get("text"), COLOURS["white"]), show, preview == "1",
                   *_placement(args))


def _placement(args) -> tuple:
    """pos, scale and safe from the address, each checked."""
    pos = args.get("pos") or "top"
    if pos not in POSITIONS:
        raise OptionError("pos", pos, "top, bottom")
    scale = args.get("scale") or "100"
    if not scale.isdigit() or not 50 <= int(scale) <= 150:
        raise OptionError("scale", scale, "50-150")
    safe = args.get("safe") or "game"
    found = _SAFE.match(safe)
    if safe not in ("game", "none") and not (found and max(map(int, found.groups())) <= 400):
        raise OptionError("safe", safe, "game, none, <top>,<bottom> (0-400)")
    insets = None if safe == "game" else (0, 0) if safe == "none" else tuple(map(int, found.groups()))
    return pos, int(scale), insets
