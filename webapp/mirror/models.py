"""The mirror's tables, defined in webapp/models/mirror.py with every other table (importing
them from here first no longer half-imports the models package)."""
from ..models.mirror import ID_FLOOR, ID_SPAN, MirrorLink, MirrorTarget

__all__ = ["ID_FLOOR", "ID_SPAN", "MirrorLink", "MirrorTarget"]
