"""One registration style for every kind the desk chooses from.

Formats, match types, rule sets and event templates each register an object that carries its
own key (``name``), translatable ``label`` and whatever flags the rest of the code asks about
(``team_size``, ``roll_call``...). Choice lists, CLI options, form validation and labels read
the registry, so adding one of them touches its own module (and its tests) only.
"""
from __future__ import annotations

import importlib
import pkgutil


class Registry(dict):
    """Key -> registered object; ``register`` doubles as a class decorator."""

    def __init__(self, kind: str, make=None):
        super().__init__()
        self.kind = kind
        self._make = make  # formats keep one instance of the registered class

    def register(self, item):
        """Add ``item`` under ``item.name``; return the item unchanged (usable as a decorator)."""
        entry = self._make(item) if self._make else item
        self[entry.name] = entry
        return item

    def choices(self) -> tuple[str, ...]:
        """The keys in registration order: a form's valid values."""
        return tuple(self)

    def label(self, name: str) -> str:
        """The registered msgid for ``name`` (the key itself for an unknown one)."""
        entry = self.get(name)
        return getattr(entry, "label", "") or name if entry is not None else name


def load_modules(package_name: str, package_path) -> None:
    """Import every module of a package so that each registers itself (a new file is enough)."""
    for module in pkgutil.iter_modules(package_path):
        if not module.name.startswith("_"):
            importlib.import_module(f"{package_name}.{module.name}")
