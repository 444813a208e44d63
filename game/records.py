"""Records that outlive one game: the Durak series tally (DUR-20).

Later games add the six-round scoresheet and the Tonk chip ledger here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .durak import SERIES_LENGTHS
from .engine import SaveError, SettingError


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
        """Rebuild from ``to_dict``; raises ``SaveError`` when the data is damaged."""
        try:
            series = cls(str(data["length"]), int(data["players"]), list(data["results"]))
            for r in series.results:
                if r is not None and not (isinstance(r, int) and 0 <= r < series.players):
                    raise ValueError(f"bad result {r!r}")
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"damaged series tally: {exc}") from exc
        return series
