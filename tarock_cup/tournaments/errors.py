"""The refusal of a stored tariff, beside the tournaments' models that raise it.

It lives here, not in the tariffs app, because the tariffs' models import the tournaments'
models, which therefore must not import the tariffs app back.
"""

from typing import Any

import scoring


class TariffNotApplicable(Exception):
    """A tournament's stored tariff that the engine refuses now (its base ruleset changed since,
    or it was stored by hand): its pages say so instead of scoring by it."""

    def __init__(self, tournament: Any, error: scoring.ScoringError) -> None:
        self.tournament = tournament
        self.error = error
        super().__init__(f"the tariff of {tournament.slug} cannot be applied: {error}")


class PlayedElsewhere(Exception):
    """A round, registration or hand asked of a tournament that is only an imported final
    ranking: its pages say why (tournaments/middleware.py) instead of changing it."""

    def __init__(self, tournament: Any) -> None:
        self.tournament = tournament
        super().__init__(f"{tournament.slug} is an imported final ranking")
