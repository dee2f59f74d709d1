"""A phase's rules in a few words, for the desk to check before the start ("Best of 3 · 3 stocks · 7 minutes ·
1-2-1 striking of 5 starters, 4 counterpicks · 2 bans · DSR"): each part a msgid and its params.

Pure: the built RuleSet and the phase's games per match in; the view translates each part.
"""
from __future__ import annotations

from webapp.tournament.errors import N_
from webapp.tournament.rulesets.build import DOUBLE_KO, SIDE_RULES, STAGE_RULES
from webapp.tournament.rulesets.characters import CHARACTER_RULES
from webapp.tournament.stage_striking import DSR

# How many games a match is, said one way on every page, as each language's players say it: "Best of 3" in
# English, by the games to win in Japanese ("2本先取"). One msgid a size, so that each language counts its own.
BEST_OF_WORDS = {1: N_("Best of 1"), 3: N_("Best of 3"), 5: N_("Best of 5"), 7: N_("Best of 7"), 9: N_("Best of 9")}


def best_of_words(n: int) -> str:
    """A match's games as a msgid the page translates; a size no form offers reads "Bo11" in both languages."""
    return BEST_OF_WORDS.get(n) or f"Bo{n}"


def best_of_list(sizes) -> list[str]:
    """Several sizes (the rules allow best of 3 or 5), each as ``best_of_words`` says it."""
    return [best_of_words(n) for n in sizes]


def summary(rules, best_of: int) -> list[tuple[str, dict]]:
    """The parts, in the order a person reads a rule sheet: games, score, characters, stages, sides, K.O."""
    parts = [(best_of_words(best_of), {}), score_part(rules)]
    if rules.score_unit == "stocks" and rules.time_minutes:
        parts.append((N_("%(n)d minutes"), {"n": rules.time_minutes}))
    if rules.characters_per_side > 1:
        parts.append((N_("%(n)d characters a side, in order") if rules.character_order else
                      N_("%(n)d characters a side"), {"n": rules.characters_per_side}))
    parts.append((CHARACTER_RULES.get(rules.character_rule, rules.character_rule), {}))
    return parts + _stages(rules) + _sides_and_ko(rules)


def score_part(rules) -> tuple[str, dict]:
    """What one game is played to: stocks in a stock game (Smash has no rounds), else rounds to win."""
    if rules.score_unit == "stocks":
        return N_("%(n)d stocks"), {"n": rules.stocks}
    return N_("first to %(n)d rounds"), {"n": rules.rounds_to_win}


def _stages(rules) -> list[tuple[str, dict]]:
    striking = rules.stage_striking
    if rules.stage_rule != "striking" or striking is None:
        return [(STAGE_RULES.get(rules.stage_rule, rules.stage_rule), {})]
    parts = striking.as_settings()
    return [(N_("%(order)s striking of %(starters)d starters, %(counterpicks)d counterpicks"),
             {"order": "-".join(map(str, parts["strike_order"])), "starters": len(parts["starters"]),
              "counterpicks": len(striking.stages) - len(parts["starters"])}),
            (N_("%(n)d bans"), {"n": striking.bans}), (DSR[striking.dsr], {})]


def _sides_and_ko(rules) -> list[tuple[str, dict]]:
    parts = [(SIDE_RULES.get(rules.side_rule, rules.side_rule), {})] if rules.sides else [(N_("no 1P/2P sides"), {})]
    if rules.double_ko_rule != "impossible":
        parts.append((DOUBLE_KO.get(rules.double_ko_rule, rules.double_ko_rule), {}))
    return parts
