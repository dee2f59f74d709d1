"""Event presets: shipped event files (``*.toml`` in this folder), one per kind of event day.

Each file is an event file (docs/event-files.md) with a ``[preset]`` table: its ``label`` and
``description`` (msgids, translated in the catalogue like every label) and its ``position`` in
lists; a seed event's file (one with a ``plan``) takes its label from the plan's registration.
Every list of presets reads ``PRESETS``: adding one is adding a file. Pure stdlib.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from ..event_plans import get_template
from ..registry import Registry

FOLDER = Path(__file__).parent


@dataclass(frozen=True)
class Preset:
    """One shipped event file: its key (the file's name), words, and the spec without [preset]."""

    name: str
    label: str
    description: str
    position: int
    spec: dict = field(hash=False, compare=False)

    @property
    def entrants(self) -> str:
        """"1on1" or "team", as the file says (a plan's kind is the plan's; see its team_size)."""
        return self.spec.get("entrants", "1on1")


PRESETS = Registry("event preset")


def _load(path: Path) -> Preset:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    about = data.pop("preset")
    return Preset(path.stem, about.get("label") or _plan_label(data), about["description"],
                  int(about.get("position", 99)), data)


def _plan_label(data: dict) -> str:
    """A seed event's preset is named by its plan's registration: one label, written once."""
    return get_template(data["plan"]).label


def choices() -> list[Preset]:
    """The presets in list order."""
    return sorted(PRESETS.values(), key=lambda p: (p.position, p.name))


for _path in sorted(FOLDER.glob("*.toml")):
    PRESETS.register(_load(_path))
