"""Records that outlive one game: the Durak series tally (DUR-20).

Later games add the six-round scoresheet and the Tonk chip ledger here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import checks
from .durak import SERIES_LENGTHS
from .engine import SaveError, SettingError

MAX_GAMES = 1000
"""A bound on the games a saved series holds (a series until someone has been Durak three
times can have any number of draws, but not in practice)."""


@dataclass
class DurakSeries:
    """The tally of a Durak series (DUR-20): how often each player was Durak, and draws.

    Attributes:
        length: ``"1"``, ``"3"``, ``"5"`` (games) or ``"durak2"``/``"durak3"`` (until someone
            has been Durak that many times).
        players: number of seats.
        results: one entry per finished game: the Durak's seat, or ``None`` for a draw.

    Raises ``SettingError`` for a bad length or player count.
    """

    length: str
    players: int
    results: list = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.length not in SERIES_LENGTHS:
            raise SettingError("series_length", self.length, SERIES_LENGTHS)
        if not 2 <= self.players <= 8:
            raise SettingError("players", self.players, range(2, 9))

    @property
    def durak_counts(self) -> list[int]:
        """How many times each seat has been Durak."""
        counts = [0] * self.players
        for r in self.results:
            if r is not None:
                counts[r] += 1
        return counts

    @property
    def draws(self) -> int:
        """Games that ended with no Durak (DUR-19)."""
        return sum(1 for r in self.results if r is None)

    @property
    def last_durak(self) -> int | None:
        """The last game's Durak, ``None`` after a draw or before the first game (DUR-7)."""
        return self.results[-1] if self.results else None

    def record(self, durak: int | None) -> None:
        """Add a finished game's result. Raises ``ValueError`` once the series is over or
        for a seat that does not exist."""
        if self.is_over():
            raise ValueError("the series is over")
        if durak is not None and not 0 <= durak < self.players:
            raise ValueError(f"no seat {durak}")
        self.results.append(durak)

    def is_over(self) -> bool:
        """True when the series has been played to its length (DUR-20)."""
        if self.length.startswith("durak"):
            return max(self.durak_counts, default=0) >= int(self.length[-1])
        return len(self.results) >= int(self.length)

    def to_dict(self) -> dict:
        """JSON-safe summary, including derived counts for display."""
        return {"length": self.length, "players": self.players, "results": list(self.results),
                "games": len(self.results), "durak_counts": self.durak_counts,
                "draws": self.draws, "over": self.is_over()}

    @classmethod
    def from_dict(cls, data: dict) -> "DurakSeries":
        """Rebuild from ``to_dict``; raises ``SaveError`` (naming the field) when the data is
        damaged: a missing field, a wrong type (a float or bool where a seat belongs), a
        length or player count not allowed, a result for a seat that does not exist, or
        results recorded after the series was already over (DUR-20). The derived fields
        (``games``, ``durak_counts``, ``draws``, ``over``) are recomputed, not trusted."""
        try:
            d = checks.fields(data, "series", ("length", "players", "results"),
                              ("games", "durak_counts", "draws", "over"))
            series = cls(checks.choice(d["length"], "series.length", SERIES_LENGTHS),
                         checks.whole(d["players"], "series.players", 2, 8))
            for i, r in enumerate(checks.items(d["results"], "series.results", MAX_GAMES)):
                if series.is_over():
                    raise SaveError("series.results: games recorded after the series ended")
                series.results.append(checks.opt_seat(r, f"series.results[{i}]",
                                                      series.players))
        except SaveError as exc:
            raise SaveError(f"damaged series tally: {exc}") from None
        except (TypeError, ValueError) as exc:
            raise SaveError(f"damaged series tally: {exc}") from None
        return series
