"""Glicko-2: rating, rating deviation (RD) and volatility.

Follows Mark E. Glickman, "Example of the Glicko-2 system" (glicko.net), step
by step; the step numbers in the comments are the paper's:

1. Choose the system constant τ; a new player starts at 1500 / 350 / 0.06.
2. Convert to the Glicko-2 scale: μ = (r − 1500)/173.7178, φ = RD/173.7178.
3. v = [Σ g(φ_j)² E (1 − E)]⁻¹ with g(φ) = 1/√(1 + 3φ²/π²) and
   E = 1/(1 + exp(−g(φ_j)(μ − μ_j))).
4. Δ = v Σ g(φ_j)(s_j − E).
5. The new volatility σ′ by the Illinois algorithm on f(x), ε = 0.000001.
6. φ* = √(φ² + σ′²).
7. φ′ = 1/√(1/φ*² + 1/v), μ′ = μ + φ′² Σ g(φ_j)(s_j − E).
8. Back to the Glicko scale: r′ = 173.7178 μ′ + 1500, RD′ = 173.7178 φ′.

A rating period without games only widens the deviation: φ′ = √(φ² + σ²)
(the paper's remark after step 8), rating and volatility stay.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from elo_core.errors import InputError
from elo_core.league import LeagueGame
from elo_core.validation import check_rating, check_score

__all__ = [
    "DEFAULT_START",
    "Glicko2Rating",
    "Glicko2Result",
    "Glicko2Standing",
    "Glicko2Steps",
    "SCALE",
    "rate_periods",
    "update",
    "update_steps",
]

SCALE = 173.7178
"""The factor between the Glicko and the Glicko-2 scale (step 2)."""

EPSILON = 0.000001
"""Convergence tolerance of the Illinois iteration (step 5)."""

DEFAULT_START = (1500.0, 350.0, 0.06)
"""A new player's rating, RD and volatility (step 1)."""

# The ranges the method is used in. Glickman calls τ from 0.3 to 1.2 sensible; far
# outside the bounds below the iteration of step 5 loses its meaning in floats
# (τ = 1e-30 stops the bracket from moving; σ = 1e-200 makes ln σ² = ln 0).
MIN_RD, MAX_RD = 1.0, 1000.0
MIN_VOLATILITY, MAX_VOLATILITY = 0.0001, 1.0
MIN_TAU, MAX_TAU = 0.1, 2.0
#: Every loop of step 5 stops after this many rounds, whatever the input.
_MAX_ITERATIONS = 1000


@dataclass(frozen=True, slots=True)
class Glicko2Rating:
    """A player's state on the Glicko scale: rating r, deviation RD, volatility σ."""

    rating: float
    rd: float
    volatility: float


@dataclass(frozen=True, slots=True)
class Glicko2Result:
    """One game of the rating period: the opponent's r and RD, and the score (1, 0.5, 0).

    :func:`update` also takes the same three values as a plain tuple.
    """

    opponent_rating: float
    opponent_rd: float
    score: float


@dataclass(frozen=True, slots=True)
class Glicko2Steps:
    """The intermediate quantities of one update, named as in the paper.

    ``v``, ``delta`` are ``None`` for a period without games (only φ* applies).
    """

    mu: float
    phi: float
    v: float | None
    delta: float | None
    new_volatility: float
    phi_star: float
    new_phi: float
    new_mu: float
    result: Glicko2Rating


@dataclass(frozen=True, slots=True)
class Glicko2Standing:
    """One player after :func:`rate_periods`."""

    name: str
    rating: float
    rd: float
    volatility: float
    games: int
    wins: int
    draws: int
    losses: int


# --- validation -------------------------------------------------------------


def _in_range(
    value: object, field: str, label: str, code: str, minimum: float, maximum: float
) -> float:
    """A number from ``minimum`` to ``maximum``, else InputError ``code`` with the range."""
    limits = {"min": minimum, "max": maximum}
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InputError(code, f"{label} must be a number.", field=field, params=limits)
    if not (math.isfinite(value) and minimum <= value <= maximum):
        raise InputError(
            code,
            f"{label} must be from {minimum:g} to {maximum:g}.",
            field=field,
            reason="range",
            params=limits,
        )
    return float(value)


def _rd(value: object, field: str = "rd") -> float:
    label = "The opponent's rating deviation" if field == "opponent_rd" else "The rating deviation"
    return _in_range(value, field, label, "rd-invalid", MIN_RD, MAX_RD)


def _volatility(value: object) -> float:
    return _in_range(
        value, "volatility", "The volatility", "volatility-invalid", MIN_VOLATILITY, MAX_VOLATILITY
    )


def _tau(value: object) -> float:
    return _in_range(value, "tau", "The system constant tau", "tau-invalid", MIN_TAU, MAX_TAU)


# --- the algorithm ----------------------------------------------------------


def _g(phi: float) -> float:
    """Step 3: g(φ) = 1/√(1 + 3φ²/π²)."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: σ′ by the Illinois algorithm (a regula falsi variant) on f(x)."""
    a = math.log(sigma * sigma)
    phi2 = phi * phi
    tau2 = tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / tau2

    # 5.2: the initial bracket [A, B].
    big_a = a
    if delta * delta > phi2 + v:
        big_b = math.log(delta * delta - phi2 - v)
    else:
        # With τ ≥ MIN_TAU this ends after a few steps; the bound keeps it finite regardless.
        k = 1
        while f(a - k * tau) < 0 and k < _MAX_ITERATIONS:
            k += 1
        big_b = a - k * tau
    # 5.3 and 5.4: shrink the bracket until |B − A| ≤ ε.
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(_MAX_ITERATIONS):
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        # "≤ 0", not "< 0": with f(C) = 0 exactly the bracket would stop shrinking.
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    # 5.5: σ′ = e^(A/2).
    return math.exp(big_a / 2.0)


def _steps(
    rating: float,
    rd: float,
    volatility: float,
    opponents: Sequence[tuple[float, float, float]],
    tau: float,
) -> Glicko2Steps:
    """Steps 2–8 on checked values; ``opponents`` are (rating, RD, score) triples."""
    mu = (rating - 1500.0) / SCALE  # step 2
    phi = rd / SCALE
    if not opponents:
        phi_star = math.sqrt(phi * phi + volatility * volatility)
        result = Glicko2Rating(rating, SCALE * phi_star, volatility)
        return Glicko2Steps(mu, phi, None, None, volatility, phi_star, phi_star, mu, result)
    inverse_v = 0.0
    total = 0.0
    for opponent_rating, opponent_rd, score in opponents:
        g = _g(opponent_rd / SCALE)
        e = 1.0 / (1.0 + math.exp(-g * (mu - (opponent_rating - 1500.0) / SCALE)))
        inverse_v += g * g * e * (1.0 - e)  # step 3
        total += g * (score - e)  # step 4
    v = 1.0 / inverse_v
    delta = v * total
    sigma = _new_volatility(phi, volatility, v, delta, tau)  # step 5
    phi_star = math.sqrt(phi * phi + sigma * sigma)  # step 6
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)  # step 7
    new_mu = mu + new_phi * new_phi * total
    result = Glicko2Rating(SCALE * new_mu + 1500.0, SCALE * new_phi, sigma)  # step 8
    return Glicko2Steps(mu, phi, v, delta, sigma, phi_star, new_phi, new_mu, result)


def _opponent(result: object) -> tuple[float, float, float]:
    """A result's (opponent rating, opponent RD, score), checked the same way for both forms."""
    if isinstance(result, Glicko2Result):
        values: tuple[object, ...] = (result.opponent_rating, result.opponent_rd, result.score)
    elif isinstance(result, (tuple, list)) and len(result) == 3:
        values = tuple(result)
    else:
        raise InputError(
            "games-invalid",
            "Every result must be a Glicko2Result or an (opponent rating, RD, score) tuple.",
            field="games",
        )
    opponent_rating, opponent_rd, score = values
    return (
        check_rating(opponent_rating, "opponent"),
        _rd(opponent_rd, "opponent_rd"),
        check_score(score),
    )


def update_steps(
    rating: float,
    rd: float,
    volatility: float,
    results: Iterable[Glicko2Result | tuple[float, float, float]],
    *,
    tau: float = 0.5,
) -> Glicko2Steps:
    """Like :func:`update`, with every intermediate quantity of the paper's steps."""
    checked_rating = check_rating(rating)
    checked_rd = _rd(rd)
    checked_volatility = _volatility(volatility)
    checked_tau = _tau(tau)
    if isinstance(results, (str, bytes)) or not isinstance(results, Iterable):
        raise InputError(
            "games-invalid",
            "The results must be a list of Glicko2Result or (opponent rating, RD, score) tuples.",
            field="games",
        )
    opponents = [_opponent(result) for result in results]
    return _steps(checked_rating, checked_rd, checked_volatility, opponents, checked_tau)


def update(
    rating: float,
    rd: float,
    volatility: float,
    results: Iterable[Glicko2Result | tuple[float, float, float]],
    *,
    tau: float = 0.5,
) -> Glicko2Rating:
    """A player's new rating, RD and volatility after one rating period.

    ``results`` are the period's games (all played "at once", each against the
    opponent's rating and RD from before the period): :class:`Glicko2Result`
    records or plain ``(opponent rating, opponent RD, score)`` tuples (or
    lists), checked alike. No games: only RD grows. ``tau`` is the system
    constant τ (Glickman suggests 0.3 – 1.2).
    Raises :class:`InputError` (rating-invalid, rd-invalid, volatility-invalid,
    tau-invalid, score-invalid, games-invalid) for bad input.
    """
    return update_steps(rating, rd, volatility, results, tau=tau).result


# --- a league over rating periods ------------------------------------------


def _name(value: object, field: str, period: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(
            "player-invalid", f"Period {period}: every player needs a name.", field=field
        )
    return value


def rate_periods(
    periods: Iterable[Iterable[tuple[str, str, float] | LeagueGame]],
    *,
    start: tuple[float, float, float] = DEFAULT_START,
    tau: float = 0.5,
) -> tuple[Glicko2Standing, ...]:
    """Glicko-2 ratings of a group over consecutive rating periods.

    Each period is a sequence of games ``(player_a, player_b, score_a)`` (or
    :class:`~elo_core.league.LeagueGame`; the date is not used). A
    player enters at ``start`` (rating, RD, volatility) in the first period
    they play; within a period everyone is rated from the values before it
    (step 3 onwards); everyone who appeared earlier but did not play in a
    period has only their RD widened. Returns the standings sorted by rating
    (highest first), then name.
    """
    if not isinstance(start, tuple) or len(start) != 3:
        raise InputError(
            "games-invalid", "The start must be (rating, RD, volatility).", field="start"
        )
    start_state = (check_rating(start[0], "start"), _rd(start[1]), _volatility(start[2]))
    checked_tau = _tau(tau)
    if isinstance(periods, (str, bytes)) or not isinstance(periods, Iterable):
        raise InputError(
            "games-invalid", "The periods must be a list of lists of games.", field="games"
        )

    state: dict[str, tuple[float, float, float]] = {}
    counts: dict[str, list[int]] = {}  # name -> [wins, draws, losses]
    for period_number, period in enumerate(periods, 1):
        if isinstance(period, (str, bytes)) or not isinstance(period, Iterable):
            raise InputError(
                "games-invalid",
                f"Period {period_number} must be a list of games.",
                field="games",
            )
        played: dict[str, list[tuple[float, float, float]]] = {}
        games: list[tuple[str, str, float]] = []
        for game in period:
            if isinstance(game, LeagueGame):
                game = (game.player_a, game.player_b, game.score_a)
            if not isinstance(game, (tuple, list)) or len(game) != 3:
                raise InputError(
                    "games-invalid",
                    f"Period {period_number}: a game is (player_a, player_b, score_a).",
                    field="games",
                )
            player_a = _name(game[0], "player_a", period_number)
            player_b = _name(game[1], "player_b", period_number)
            if player_a == player_b:
                raise InputError(
                    "player-invalid",
                    f"Period {period_number}: {player_a} cannot play themself.",
                    field="player_b",
                )
            try:
                score_a = check_score(game[2])
            except InputError as error:
                message = f"Period {period_number}: {error}"
                raise InputError(error.code, message, field="score") from None
            games.append((player_a, player_b, score_a))
        for player_a, player_b, _ in games:
            for name in (player_a, player_b):
                if name not in state:
                    state[name] = start_state
                    counts[name] = [0, 0, 0]
        for player_a, player_b, score_a in games:
            rating_a, rd_a, _ = state[player_a]
            rating_b, rd_b, _ = state[player_b]
            played.setdefault(player_a, []).append((rating_b, rd_b, score_a))
            played.setdefault(player_b, []).append((rating_a, rd_a, 1.0 - score_a))
            slot = 0 if score_a == 1 else 1 if score_a == 0.5 else 2
            counts[player_a][slot] += 1
            counts[player_b][2 - slot] += 1
        state = {
            name: _as_tuple(_steps(*values, played.get(name, ()), checked_tau).result)
            for name, values in state.items()
        }
    standings = [
        Glicko2Standing(name, rating, rd, volatility, sum(counts[name]), *counts[name])
        for name, (rating, rd, volatility) in state.items()
    ]
    standings.sort(key=lambda s: (-s.rating, s.name))
    return tuple(standings)


def _as_tuple(rating: Glicko2Rating) -> tuple[float, float, float]:
    return (rating.rating, rating.rd, rating.volatility)
