"""Contracts (the melds a player must lay down first in a round: ``DUNKA_CONTRACTS``,
``ELVAKORT_CONTRACTS``) and arrangements (melds laid plus the cards left in hand)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from game.cards import Card, parse_card
from game.engine import check_choice, SettingError

from .meld import Meld, MeldError

_SIZE_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


@dataclass(frozen=True)
class Contract:
    """The melds a player must lay down first in a round.

    Attributes:
        sets: how many sets; ``set_size`` their fewest cards.
        runs: how many runs; ``run_size`` their fewest cards.
        go_out: the contract may only be laid down by going out at once, every card in the
            contract melds (Dunka round 6, DUN-15; Elvakort round 6, ELV-10). The searches
            take ``use_all`` separately; the game passes ``use_all=contract.go_out``.

    Each meld may be longer than its size (DUN-4). Text form: ``"2 sets + 1 four-run"``.
    """

    sets: int = 0
    runs: int = 0
    set_size: int = 3
    run_size: int = 3
    go_out: bool = False

    def __post_init__(self) -> None:
        check_choice("sets", self.sets, [0, 1, 2, 3, 4])
        check_choice("runs", self.runs, [0, 1, 2, 3, 4])
        check_choice("set_size", self.set_size, [2, 3, 4, 5])
        check_choice("run_size", self.run_size, [2, 3, 4, 5, 6, 7])
        check_choice("go_out", self.go_out, [True, False])

    def __str__(self) -> str:
        parts = []
        if self.sets:
            word = "" if self.set_size == 3 else f"{_SIZE_WORDS[self.set_size]}-"
            parts.append(f"{self.sets} {word}set{'s' if self.sets > 1 else ''}")
        if self.runs:
            parts.append(f"{self.runs} {_SIZE_WORDS[self.run_size]}-run"
                         f"{'s' if self.runs > 1 else ''}")
        text = " + ".join(parts) or "no melds"
        return text + (", going out" if self.go_out else "")

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form ``{"sets": 2, "runs": 1, "set_size": 3, "run_size": 4, ...}``."""
        return {"sets": self.sets, "runs": self.runs, "set_size": self.set_size,
                "run_size": self.run_size, "go_out": self.go_out}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Contract":
        """Rebuild a contract from ``to_dict``. Raises ``SettingError`` for bad values."""
        names = {"sets", "runs", "set_size", "run_size", "go_out"}
        for key in data:
            if key not in names:
                raise SettingError(key, data[key], sorted(names))
        return cls(**data)


DUNKA_CONTRACTS: tuple[Contract, ...] = (
    Contract(sets=2),
    Contract(sets=1, runs=1, run_size=4),
    Contract(runs=2, run_size=4),
    Contract(sets=3),
    Contract(runs=3, run_size=3),
    Contract(sets=2, runs=1, run_size=4, go_out=True),
)
"""Dunka's six rounds, index 0 = round 1 (rules/dunka.md, table; DUN-15 for round 6)."""

ELVAKORT_CONTRACTS: tuple[Contract, ...] = (
    Contract(sets=2),
    Contract(sets=1, runs=1, run_size=4),
    Contract(runs=2, run_size=4),
    Contract(sets=3),
    Contract(sets=2, runs=1, run_size=4),
    Contract(sets=1, runs=2, run_size=4, go_out=True),
)
"""Elvakort's six rounds, index 0 = round 1 (rules/elvakort.md; runs are 4+, ELV-2; round 6
goes out at once, ELV-10)."""


@dataclass(frozen=True)
class Arrangement:
    """A way to lay melds down from a hand.

    Attributes:
        melds: the melds, sets first, then runs.
        left: the cards left in hand, sorted by ``card_key``.
    """

    melds: tuple[Meld, ...]
    left: tuple[Card, ...]

    def points(self, values: Callable[[Card], int]) -> int:
        """The value of the cards left in hand."""
        return sum(values(c) for c in self.left)

    def __str__(self) -> str:
        melds = " | ".join(map(str, self.melds)) or "no melds"
        return f"{melds} ; left: {' '.join(map(str, self.left)) or '-'}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form ``{"melds": [meld dicts], "left": ["2C", ...]}``."""
        return {"melds": [m.to_dict() for m in self.melds], "left": [str(c) for c in self.left]}

    @classmethod
    def from_dict(cls, data: Any) -> "Arrangement":
        """Rebuild from ``to_dict``. Raises ``MeldError`` if it cannot."""
        if not isinstance(data, dict) or set(data) != {"melds", "left"}:
            raise MeldError(f"not an arrangement: {data!r}")
        try:
            left = tuple(parse_card(t) for t in data["left"])
        except (TypeError, ValueError) as exc:
            raise MeldError(str(exc)) from None
        return cls(tuple(Meld.from_dict(m) for m in data["melds"]), left)

