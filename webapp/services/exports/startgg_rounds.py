"""Round names as start.gg spells them ("Winners Semi-Final", "Losers Round 2", "Grand Final Reset"),
in English whatever the page's language: tools that read start.gg's sets match on these words."""

SPELLED = {0: "Final", 1: "Semi-Final", 2: "Quarter-Final"}  # rounds before a side's last


def full_round_text(match, last_round: dict, double: bool) -> str:
    """start.gg's ``fullRoundText`` for a match (last_round: a side's last round number)."""
    if match.side == "GF":
        return "Grand Final Reset" if match.round > 1 else "Grand Final"
    if match.side not in ("W", "L"):
        return f"Round {match.round}"
    side = ("Winners " if match.side == "W" else "Losers ") if double else ""
    named = SPELLED.get(last_round.get(match.side, 0) - match.round)
    return f"{side}{named}" if named else f"{side}Round {match.round}"


def last_rounds(matches) -> dict:
    """Each side's last round number in a bracket."""
    out: dict[str, int] = {}
    for m in matches:
        out[m.side] = max(out.get(m.side, 0), m.round)
    return out
