"""A later phase (a top cut) started seeded otherwise than start.gg's progressions: its matches could not be
paired with start.gg's sets (``pools._pair_later`` keeps ``unpaired_phase``: the phase, how many sets
differ), so its results are not reported there. The desk's start.gg page says so where the eye is, and
what the desk can do: while nothing of it is played, start it again as start.gg seeds it (``start_again``:
its unplayed bracket dropped, started and paired by ``pools.start_due``); once a match is played, report
its sets on start.gg by hand. A mirrored copy only shows it: the venue starts it again, then pushes.
"""
from sqlalchemy import select

from ...extensions import db
from ...models import BracketRow, MatchRow, Phase, TieId, TieLink
from ...tournament.errors import N_
from .. import ServiceError
from . import pools

KIND = "unpaired_phase"


def listing(link: TieLink) -> list[dict]:
    """Each phase whose sets stay unreported: {"phase", "sets" (how many differ), "played" (a match played)}."""
    out = []
    for mark in _marks(link):
        phase = db.session.get(Phase, int(mark.local))
        if phase is None or phase.status == "draft" or _paired(link, phase.id):
            continue  # started again since, or paired after all: nothing to say
        out.append({"phase": phase, "sets": int(mark.remote or 0), "played": played(phase)})
    return out


def played(phase: Phase) -> bool:
    """Whether a match of the phase has a result or a game entered (then its bracket stays as it is)."""
    rows = select(MatchRow).join(BracketRow).where(BracketRow.phase_id == phase.id)
    if db.session.scalars(rows.where(MatchRow.status == "done").limit(1)).first() is not None:
        return True
    return any(m.actions for m in db.session.scalars(rows.where(MatchRow.status == "ready")))


def start_again(link: TieLink, phase: Phase) -> bool:
    """Drop the phase's unplayed bracket and start it as start.gg seeds it, paired with its sets; whether
    it is paired now (its pools not done yet: the sender's pass starts it when they are)."""
    if not any(int(m.local) == phase.id for m in _marks(link)):
        raise ServiceError("tie.unpaired_gone", N_("That phase is paired with start.gg already: look at the page "
                                                   "again."))
    if played(phase):
        raise ServiceError("tie.unpaired_played", N_("A match of %(phase)s has been played: it can no longer be "
                                                     "started again. Report its sets on start.gg by hand."),
                           phase=phase.name)
    phase.brackets.clear()
    phase.status, phase.draw = "draft", None
    db.session.flush()
    forget(link, phase.id)
    pools.start_due(link)
    return _paired(link, phase.id)


def forget(link: TieLink, phase_id: int) -> None:
    """The phase's mark goes (started again, or paired)."""
    for mark in _marks(link):
        if int(mark.local) == phase_id:
            db.session.delete(mark)
    db.session.flush()


def _marks(link: TieLink) -> list[TieId]:
    return db.session.query(TieId).filter_by(link_id=link.id, kind=KIND).order_by(TieId.id).all()


def _paired(link: TieLink, phase_id: int) -> bool:
    return db.session.query(TieId.id).filter_by(link_id=link.id, kind="paired", local=str(phase_id)).first() \
        is not None
