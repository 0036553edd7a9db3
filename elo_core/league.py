"""Club Elo: a group's ratings from its games, applied in the order played.

As RULES.md ("Club Elo") describes it: everyone starts at the same number,
each game is rated on its own (a rating period of one game: both players'
expected scores come from their ratings just before it), and with the same K
for everyone the sum of all ratings stays constant, since what one player
gains the other loses (ΔR = K · (S − E), E_A + E_B = 1).
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from elo_core.elo import CAPS, MODELS, ROUNDINGS, Cap, Game, Model, Rounding, rate
from elo_core.errors import InputError
from elo_core.validation import MAX_RATING, check_k, check_option, check_rating, check_score

__all__ = ["League", "LeagueGame", "PlayerSetup", "Standing", "league"]


@dataclass(frozen=True, slots=True)
class LeagueGame:
    """One game: ``score_a`` is player A's score (1, 0.5 or 0); ``date`` is optional."""

    player_a: str
    player_b: str
    score_a: float
    date: datetime.date | None = None


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    """A player's own starting rating and K; ``None`` takes the league's value."""

    start: float | None = None
    k: float | None = None


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the table: the rating now and ``change`` since the start."""

    name: str
    rating: float
    games: int
    wins: int
    draws: int
    losses: int
    change: float


@dataclass(frozen=True, slots=True)
class League:
    """The league after all its games.

    ``standings`` are sorted by rating (highest first), then name.
    ``history[name]`` is the player's rating at the start and after each of
    their games; ``history_games[name]`` holds, at the same positions, the
    1-based number of that game in the league (0 for the start), so a chart
    can put every player on one axis. ``total`` is the sum of all ratings.
    """

    standings: tuple[Standing, ...]
    history: Mapping[str, tuple[float, ...]]
    history_games: Mapping[str, tuple[int, ...]]
    total: float


def _name(value: object, field: str, number: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(
            "player-invalid",
            f"Game {number}: the {field.replace('_', ' ')} needs a name.",
            field=field,
        )
    return value


def _checked_games(games: Iterable[LeagueGame]) -> list[tuple[str, str, float]]:
    """The games as (player_a, player_b, score_a) triples, each one checked."""
    if isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise InputError("games-invalid", "The games must be a list of games.", field="games")
    triples = []
    scores = _SCORES
    for number, game in enumerate(games, 1):
        # The common case in one test; anything else gets the detailed checks.
        if type(game) is LeagueGame and (game.date is None or isinstance(game.date, datetime.date)):
            player_a, player_b, score = game.player_a, game.player_b, game.score_a
            if (
                type(player_a) is str
                and type(player_b) is str
                and player_a != player_b
                and type(score) in scores
                and score in scores[type(score)]
                and player_a.strip()
                and player_b.strip()
            ):
                triples.append((player_a, player_b, float(score)))
                continue
        triples.append(_checked_game(game, number))
    return triples


# The plain types and values of a valid score (bool, a subclass of int, is refused).
_SCORES: dict[type, tuple[float, ...]] = {float: (0.0, 0.5, 1.0), int: (0, 1)}


def _checked_game(game: object, number: int) -> tuple[str, str, float]:
    """One game checked in detail: an InputError names the game and what is wrong."""
    if not isinstance(game, LeagueGame):
        raise InputError(
            "games-invalid", f"Game {number} is not a LeagueGame: {game!r}.", field="games"
        )
    player_a = _name(game.player_a, "player_a", number)
    player_b = _name(game.player_b, "player_b", number)
    if player_a == player_b:
        raise InputError(
            "player-invalid",
            f"Game {number}: {player_a} cannot play themself.",
            field="player_b",
        )
    if game.date is not None and not isinstance(game.date, datetime.date):
        raise InputError("games-invalid", f"Game {number}: the date must be a date.", field="date")
    try:
        score_a = check_score(game.score_a)
    except InputError as error:
        raise InputError(error.code, f"Game {number}: {error}", field="score") from None
    return (player_a, player_b, score_a)


def _checked_players(
    players: Mapping[str, PlayerSetup] | None, start: float, k: float
) -> dict[str, tuple[float, float]]:
    """Each set-up player's (start, K), the league's values filling the gaps."""
    if players is None:
        return {}
    if not isinstance(players, Mapping):
        raise InputError(
            "games-invalid", "The players must map names to PlayerSetup.", field="players"
        )
    setups = {}
    for name, setup in players.items():
        if not isinstance(name, str) or not name.strip():
            raise InputError("player-invalid", "Every player needs a name.", field="players")
        if not isinstance(setup, PlayerSetup):
            raise InputError(
                "games-invalid", f"The set-up of {name} is not a PlayerSetup.", field="players"
            )
        own_start = start if setup.start is None else check_rating(setup.start, "start")
        own_k = k if setup.k is None else check_k(setup.k)
        setups[name] = (own_start, own_k)
    return setups


def league(
    games: Iterable[LeagueGame],
    *,
    start: float = 1500,
    k: float = 20,
    model: Model = "logistic",
    cap: Cap = "none",
    rounding: Rounding = "none",
    players: Mapping[str, PlayerSetup] | None = None,
) -> League:
    """Rate a club's games in the order given; each game is its own rating period.

    For every game both players' expected scores come from their current
    ratings, and each changes by K · (S − E) with their own K: exactly
    :func:`elo_core.rate` with one game, ``model``, ``cap`` and ``rounding``
    (``"none"``, ``"tenth"`` or ``"fide"``, applied to each game's change).
    ``players`` may give some players their own start and K; they appear in
    the table even without games. With one K for all, no rounding and a
    symmetric cap (not ``"fide"``) the total stays constant.

    Raises :class:`InputError` (games-invalid, player-invalid, score-invalid,
    rating-invalid, k-invalid, option-invalid) for bad input, and
    rating-invalid if a rating leaves 0–4000 on the way.
    """
    start_value = check_rating(start, "start")
    k_value = check_k(k)
    model = check_option(model, MODELS, "model")
    cap = check_option(cap, CAPS, "cap")
    rounding = check_option(rounding, ROUNDINGS, "rounding")
    setups = _checked_players(players, start_value, k_value)
    triples = _checked_games(games)

    ratings: dict[str, float] = {}
    factors: dict[str, float] = {}
    for name, (own_start, own_k) in setups.items():
        ratings[name] = own_start
        factors[name] = own_k
    for player_a, player_b, _ in triples:
        for name in (player_a, player_b):
            if name not in ratings:
                ratings[name] = start_value
                factors[name] = k_value
    history = {name: [rating] for name, rating in ratings.items()}
    history_games = {name: [0] for name in ratings}

    fast = model == "logistic" and cap == "none" and rounding == "none"
    number = 0
    for player_a, player_b, score_a in triples:
        number += 1
        rating_a = ratings[player_a]
        rating_b = ratings[player_b]
        if fast:
            # rate()'s arithmetic in plain floats: E_A = 1 / (1 + 10^((R_B − R_A)/400)).
            surplus = score_a - 1.0 / (1.0 + 10.0 ** ((rating_b - rating_a) / 400.0))
            rating_a += factors[player_a] * surplus
            rating_b -= factors[player_b] * surplus
        else:
            rating_a, rating_b = _one_game(
                number,
                (player_a, rating_a, factors[player_a]),
                (player_b, rating_b, factors[player_b]),
                score_a,
                (model, cap, rounding),
            )
        if not (0.0 <= rating_a <= MAX_RATING and 0.0 <= rating_b <= MAX_RATING):
            raise InputError(
                "rating-invalid",
                f"Game {number} ({player_a} v {player_b}) takes a rating outside 0 to 4000; "
                "start the league higher or use a smaller K.",
                field="games",
            )
        ratings[player_a] = rating_a
        ratings[player_b] = rating_b
        history[player_a].append(rating_a)
        history[player_b].append(rating_b)
        history_games[player_a].append(number)
        history_games[player_b].append(number)

    return League(
        standings=_standings(ratings, history, triples),
        history={name: tuple(values) for name, values in history.items()},
        history_games={name: tuple(values) for name, values in history_games.items()},
        total=math.fsum(ratings.values()),
    )


def _one_game(
    number: int,
    a: tuple[str, float, float],
    b: tuple[str, float, float],
    score_a: float,
    options: tuple[Model, Cap, Rounding],
) -> tuple[float, float]:
    """Both players' new ratings after game ``number`` by :func:`elo_core.rate`."""
    (name_a, rating_a, k_a), (name_b, rating_b, k_b) = a, b
    model, cap, rounding = options
    try:
        new_a = rate(
            rating_a, [Game(rating_b, score_a)], k=k_a, model=model, cap=cap, rounding=rounding
        ).new_rating
        new_b = rate(
            rating_b,
            [Game(rating_a, 1.0 - score_a)],
            k=k_b,
            model=model,
            cap=cap,
            rounding=rounding,
        ).new_rating
    except InputError as error:
        raise InputError(
            error.code, f"Game {number} ({name_a} v {name_b}): {error}", field="games"
        ) from None
    return new_a, new_b


def _standings(
    ratings: Mapping[str, float],
    history: Mapping[str, list[float]],
    triples: list[tuple[str, str, float]],
) -> tuple[Standing, ...]:
    tally = {name: [0, 0, 0] for name in ratings}  # wins, draws, losses
    for player_a, player_b, score_a in triples:
        slot = 0 if score_a == 1.0 else 1 if score_a == 0.5 else 2
        tally[player_a][slot] += 1
        tally[player_b][2 - slot] += 1
    table = [
        Standing(
            name=name,
            rating=rating,
            games=sum(tally[name]),
            wins=tally[name][0],
            draws=tally[name][1],
            losses=tally[name][2],
            change=rating - history[name][0],
        )
        for name, rating in ratings.items()
    ]
    table.sort(key=lambda standing: (-standing.rating, standing.name))
    return tuple(table)
