"""A change of rules after a phase started: matches not yet begun play by the new rules; a match begun (an
entry made, or decided) keeps the rules it began with, so its games are never judged by rules they were not
played by. The desk is told what the change reaches."""
from dataclasses import dataclass

from .rules import event_settings, kept_rules, phase_settings, preset_for


@dataclass
class RuleChange:
    """What a change of rules reaches in the started phases."""

    not_begun: int = 0  # matches that will play by the new rules
    kept: int = 0       # matches begun before, keeping the rules they began with

    @property
    def after_start(self) -> bool:
        """The change reaches a started phase."""
        return bool(self.not_begun or self.kept)


def begun(match) -> bool:
    """An entry was made in the match, or it is decided."""
    return bool(match.actions) or match.status == "done"


def keep_begun(event, phases) -> RuleChange:
    """Before the rules change: each begun match of a started phase keeps the rules in force now."""
    change = RuleChange()
    for phase in phases:
        if phase.status == "draft":
            continue
        kept = kept_rules(phase)
        now = {"preset": preset_for(event), "event": event_settings(event), "phase": phase_settings(phase)}
        for match in (m for b in phase.brackets for m in b.matches):
            if begun(match):
                kept.setdefault(str(match.id), now)
                change.kept += 1
            else:
                change.not_begun += 1
        phase.play_options = {**(phase.play_options or {}), "kept_rules": kept}
    return change
