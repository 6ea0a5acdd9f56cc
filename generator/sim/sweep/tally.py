"""What a slice of games leaves behind (a Tally: counters that add up), and a cell's summary with 95% intervals.

A Tally holds counts, and per game (in game order) its outcome, length and measures, so slices merge by addition and
concatenation in slice order whatever process, machine or order played them; the summary of the merged counts is
therefore the same for any way the sweep was spread. The per-game records pair a rule variant's games with the
printed rule's on the same seeds (compare.py).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..stats import rate
from .balance import holm, intervals, seat_test


@dataclass
class Tally:
    """Counters of some games of one cell; `add` one game, `merge` another Tally, `to_json`/`from_json` for files."""

    seats: int
    games: int = 0
    unfinished: int = 0
    sole: list[int] = field(default_factory=list)  # games won by this seat alone (seat 0 = first player)
    shared: int = 0  # games every seat won together (a cooperative success)
    draws: int = 0  # finished, won by some seats together (a tie)
    nobody: int = 0  # finished with no winner (a cooperative or group failure)
    length: Counter = field(default_factory=Counter)  # game length -> games
    decided: Counter = field(default_factory=Counter)  # tenth of the game after which the winner led for good
    lead_changes: int = 0
    scored: int = 0  # games with a score over time (decisiveness and lead changes measured)
    fired: Counter = field(default_factory=Counter)  # rule id -> games in which it applied
    events: Counter = field(default_factory=Counter)  # event -> total count
    focus: int = 0  # games of a pairing "A/B" (one A player among B players)
    focus_decided: int = 0  # ... won by one seat alone
    focus_wins: int = 0  # ... won by the A player alone
    outcomes: list[str] = field(default_factory=list)  # per game: seat digit won alone, = together, t tie,
    # n nobody, u unfinished
    lengths: list[int] = field(default_factory=list)  # per game, an unfinished game's at the cap
    values: dict[str, list[int]] = field(default_factory=dict)  # measure -> per game (e.g. mastery, claimed value)
    foci: list[str] = field(default_factory=list)  # per game of a pairing: the A player's seat (the ladder)

    def __post_init__(self) -> None:
        self.sole = self.sole or [0] * self.seats

    def add(self, winners: tuple[int, ...] | None, length: int, fired: set[str] | list[str] | Counter,
            scores: list[tuple[int, ...]] | None = None, events: dict[str, int] | None = None,
            focus: int | None = None, values: dict[str, int] | None = None, shift: int = 0) -> None:
        """One game: winners (seats; None when it did not finish), its length, the rules that fired, its score
        after each round (when the game keeps one), event counts, the seat of a pairing's A player, and the
        game's measures (the same names in every game of a cell); `shift`: the scores' rows are indexed by seat +
        shift (mod seats), e.g. a ladder by player when seat 0 is the first player."""
        self.games += 1
        self.outcomes.append("u" if winners is None else str(winners[0]) if len(winners) == 1 else
                             "=" if len(winners) == self.seats else "t" if winners else "n")
        self.lengths.append(length)
        if values:
            for k, v in values.items():
                self.values.setdefault(k, []).append(v)
        if focus is not None:
            self.foci.append(str(focus))
            self.focus += 1
            if winners is not None and len(winners) == 1:
                self.focus_decided += 1
                self.focus_wins += winners[0] == focus
        if winners is None:
            self.unfinished += 1
        elif len(winners) == 1:
            self.sole[winners[0]] += 1
        elif len(winners) == self.seats:
            self.shared += 1
        elif winners:
            self.draws += 1
        else:
            self.nobody += 1
        if winners is not None:
            self.length[length] += 1
        self.fired.update(fired)
        if events:
            totals = self.events
            for k, v in events.items():
                if v:
                    totals[k] += v
        if scores and winners is not None and len(winners) == 1:
            self.scored += 1
            self._decisiveness((winners[0] + shift) % self.seats, scores)

    def _decisiveness(self, winner: int, scores: list[tuple[int, ...]]) -> None:
        """The tenth of the game after which the winner was the sole leader to the end; leader changes."""
        leaders = []
        for row in scores:
            top = max(row)
            leaders.append(row.index(top) if row.count(top) == 1 else None)
        last_not = max((i for i, who in enumerate(leaders) if who != winner), default=-1)
        self.decided[min(10, (10 * (last_not + 1)) // len(scores))] += 1
        held = [who for who in leaders if who is not None]
        self.lead_changes += sum(a != b for a, b in zip(held, held[1:]))

    def merge(self, other: Tally) -> None:
        """Add another Tally of the same cell."""
        self.games += other.games
        self.unfinished += other.unfinished
        self.sole = [a + b for a, b in zip(self.sole, other.sole)]
        self.shared += other.shared
        self.draws += other.draws
        self.nobody += other.nobody
        self.lead_changes += other.lead_changes
        self.scored += other.scored
        self.focus += other.focus
        self.focus_decided += other.focus_decided
        self.focus_wins += other.focus_wins
        for mine, theirs in ((self.length, other.length), (self.decided, other.decided), (self.fired, other.fired),
                             (self.events, other.events)):
            mine.update(theirs)
        self.outcomes += other.outcomes
        self.foci += other.foci
        self.lengths += other.lengths
        for k, v in other.values.items():
            self.values.setdefault(k, []).extend(v)

    def to_json(self) -> dict:
        """A JSON-ready dict (keys sorted, so equal tallies write equal files)."""
        return {"seats": self.seats, "games": self.games, "unfinished": self.unfinished, "sole": self.sole,
                "shared": self.shared, "draws": self.draws, "nobody": self.nobody,
                "length": {str(k): v for k, v in sorted(self.length.items())},
                "decided": {str(k): v for k, v in sorted(self.decided.items())},
                "lead_changes": self.lead_changes, "scored": self.scored,
                "fired": dict(sorted(self.fired.items())), "events": dict(sorted(self.events.items())),
                "outcomes": "".join(self.outcomes), "lengths": self.lengths,
                "values": {k: v for k, v in sorted(self.values.items())},
                **({"foci": "".join(self.foci)} if self.foci else {}),
                **({"focus": [self.focus, self.focus_decided, self.focus_wins]} if self.focus else {})}

    @classmethod
    def from_json(cls, d: dict) -> Tally:
        """The Tally to_json wrote (ValueError when the counts are not whole numbers that add up: a damaged or
        forged slice file is played again, never reported)."""
        counts = [d[k] for k in ("seats", "games", "unfinished", "shared", "draws", "nobody", "lead_changes",
                                 "scored")] + list(d["sole"]) + list(d.get("focus", ()))
        tables = [d[k] for k in ("length", "decided", "fired", "events")]
        if not all(type(v) is int and v >= 0 for v in counts + [v for t in tables for v in t.values()]) or \
                len(d["sole"]) != d["seats"] or \
                sum(d["sole"]) + d["shared"] + d["draws"] + d["nobody"] + d["unfinished"] != d["games"] or \
                sum(d["length"].values()) != d["games"] - d["unfinished"]:
            raise ValueError("not a slice's counts")
        outcomes, lengths, values = d["outcomes"], d["lengths"], d["values"]
        per_game = [lengths] + list(values.values())
        if not isinstance(outcomes, str) or len(outcomes) != d["games"] or set(outcomes) - set("0123456789=tnu") or \
                not all(isinstance(x, list) and len(x) == d["games"] and all(type(v) is int for v in x)
                        for x in per_game) or \
                [outcomes.count(str(s)) for s in range(d["seats"])] != d["sole"] or outcomes.count("u") != d["unfinished"]:
            raise ValueError("not a slice's games")
        foci = d.get("foci", "")
        if not isinstance(foci, str) or len(foci) != d.get("focus", (0,))[0] or set(foci) - set("0123456789"):
            raise ValueError("not a slice's pairing seats")
        return cls(d["seats"], d["games"], d["unfinished"], list(d["sole"]), d["shared"], d["draws"], d["nobody"],
                   Counter({int(k): v for k, v in d["length"].items()}),
                   Counter({int(k): v for k, v in d["decided"].items()}), d["lead_changes"], d["scored"],
                   Counter(d["fired"]), Counter(d["events"]), *d.get("focus", (0, 0, 0)), list(outcomes),
                   list(lengths), {k: list(v) for k, v in values.items()}, list(foci))


def _quantile(hist: Counter, q: float) -> int | None:
    """The nearest-rank q quantile of a histogram value -> count."""
    n = sum(hist.values())
    if not n:
        return None
    rank, seen = max(1, -(-int(q * 100) * n // 100)), 0
    for value in sorted(hist):
        seen += hist[value]
        if seen >= rank:
            return value
    return max(hist)


def mean_ci(xs: list[int]) -> dict:
    """{'mean', 'ci95', 'games'}: a measure's mean with a 95% normal interval (scipy's t quantile below 30 games)."""
    n = len(xs)
    if not n:
        return {"mean": None, "ci95": None, "games": 0}
    m = sum(xs) / n
    if n < 2:
        return {"mean": round(m, 4), "ci95": None, "games": n}
    from scipy.stats import t as student

    sd = (sum((x - m) ** 2 for x in xs) / (n - 1)) ** 0.5
    half = float(student.ppf(0.975, n - 1)) * sd / n ** 0.5
    return {"mean": round(m, 4), "ci95": [round(m - half, 4), round(m + half, 4)], "games": n}


def summary(t: Tally, seated: bool = True) -> dict:
    """A cell's measures: each seat's win rate with a 95% Wilson interval, first player's advantage and balance
    (largest gap between two seats) with 95% intervals, the seat test (balance.seat_test) and its flag; draws, unfinished,
    length (mean, p90), decisiveness and lead changes, how often each rule fired. `seated` False: the seats
    share one outcome (a cooperative game), so no seat measures."""
    n_len = sum(t.length.values())
    out: dict = {"games": t.games, "unfinished": t.unfinished, "draws": t.draws, "shared_wins": t.shared,
                 "no_winner": t.nobody,
                 "length": {"mean": round(sum(k * v for k, v in t.length.items()) / n_len, 3) if n_len else None,
                            "p90": _quantile(t.length, 0.9), "capped": t.unfinished,
                            "mean_with_capped": round(sum(t.lengths) / len(t.lengths), 3) if t.lengths else None,
                            "ci95_with_capped": mean_ci(t.lengths)["ci95"] if t.lengths else None}}
    if t.values:
        out["measures"] = {k: mean_ci(v) for k, v in sorted(t.values.items())}
    decided = sum(t.sole)
    if seated and decided:
        fair = 1 / t.seats
        seats = [rate(k, decided) for k in t.sole]
        rates = [s["rate"] for s in seats]
        out["seats"] = seats
        out["fair_share"] = round(fair, 4)
        out["first_player_advantage"] = round(rates[0] - fair, 4)
        out["balance_gap"] = round(max(rates) - min(rates), 4)
        out.update(intervals(t.sole))
        out["balance_test"] = seat_test(t.sole)
        holm([out])  # one cell alone; a sweep's report corrects over all its cells (balance.holm)
    if t.scored:
        out["decisiveness"] = {"games": t.scored, "mean_decided_at": round(
            sum(k * v for k, v in t.decided.items()) / (10 * t.scored), 3),
            "decided_by_half": round(sum(v for k, v in t.decided.items() if k <= 5) / t.scored, 4),
            "lead_changes_mean": round(t.lead_changes / t.scored, 3)}
    if t.focus:
        fair = 1 / t.seats
        won = rate(t.focus_wins, t.focus_decided)
        out["skill"] = {"games": t.focus, "decided": t.focus_decided, "win_rate": won, "fair_share": round(fair, 4),
                        "edge": round(won["rate"] - fair, 4) if won["rate"] is not None else None,
                        "significant": won["rate"] is not None and not won["ci95"][0] <= fair <= won["ci95"][1]}
    out["rules_fired"] = {k: round(v / t.games, 4) for k, v in sorted(t.fired.items())} if t.games else {}
    out["events_per_game"] = {k: round(v / t.games, 4) for k, v in sorted(t.events.items())} if t.games else {}
    return out
