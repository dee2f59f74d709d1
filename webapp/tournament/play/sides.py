"""The two sides of a match, "a" and "b" (below every other play module: no imports)."""

SIDES = ("a", "b")


def other(side: str) -> str:
    """The opposing side."""
    return "b" if side == "a" else "a"
