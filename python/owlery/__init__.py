"""Owlery for Python: the games as environments, Owlery's bots, and the simulator.

``Game`` steps a crossword game one answer at a time (``HpGame`` the Harry Potter edition's,
``CardGame`` the Scrabble Card Game's Classic and Forfeit, ``RummyGame`` its Rummy,
``Monopoly`` Monopoly: Harry Potter's); ``Game.observe(seat)`` is what that seat may see
(its own rack, never another's); ``Bot(name)`` asks one of Owlery's bots; ``sim(...)`` runs
the simulator, Python players seated beside Owlery's bots, and returns its tables as pandas
DataFrames; ``read_run(dir)`` reads any run directory ``owlery sim`` wrote; ``compare(base, changed,
opponents, deals)`` measures one player against another by paired games.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any, Callable, Dict, Optional, Sequence, Union

from ._owlery import (
    Bot,
    CardBot,
    CardChoice,
    CardGame,
    CardObservation,
    Choice,
    Game,
    HpBot,
    HpChoice,
    HpGame,
    HpObservation,
    Monopoly,
    MonopolyBot,
    MonopolyChoice,
    MonopolyObservation,
    Observation,
    RummyBot,
    RummyChoice,
    RummyGame,
    RummyObservation,
    bot_seed,
    bots,
    compare,
    game_seed,
)
from ._owlery import sim as _sim

__all__ = [
    "Bot",
    "CardBot",
    "CardChoice",
    "CardGame",
    "CardObservation",
    "Choice",
    "Game",
    "HpBot",
    "HpChoice",
    "HpGame",
    "HpObservation",
    "Monopoly",
    "MonopolyBot",
    "MonopolyChoice",
    "MonopolyObservation",
    "Observation",
    "RummyBot",
    "RummyChoice",
    "RummyGame",
    "RummyObservation",
    "bot",
    "bot_seed",
    "bots",
    "compare",
    "game_seed",
    "play",
    "read_run",
    "sim",
]


def bot(name: str, game: str = "scrabble", variant: Optional[str] = None) -> Any:
    """One of Owlery's bots for ``game`` (``scrabble``, ``scrabble-hp``, ``scrabble-cards``
    with ``variant`` ``rummy`` for Rummy's, or ``monopoly-hp``; ``owlery.bots(game, variant)``
    lists them)."""
    if game == "scrabble-cards" and variant == "rummy":
        return RummyBot(name)
    makers = {"scrabble": Bot, "scrabble-hp": HpBot, "scrabble-cards": CardBot, "monopoly-hp": MonopolyBot}
    if game not in makers:
        raise ValueError(f"game {game!r}: expected one of {', '.join(makers)}")
    return makers[game](name)


def play(game: Any, players: Sequence[Any]) -> Any:
    """Plays ``game`` to its end: ``players[s]`` answers for seat ``s``, each a ``Bot`` (an
    ``HpBot``, ``CardBot``, ``RummyBot`` or ``MonopolyBot`` at the other games), an object with
    ``choose(observation)``, or a function of an observation."""
    if len(players) != game.players:
        raise ValueError(f"{len(players)} players for {game.players} seats")
    while game.to_play is not None:
        player = players[game.to_play]
        choose = getattr(player, "choose", player)
        game.apply(choose(game.observe()))
    return game


def read_run(directory: Union[str, os.PathLike]) -> Dict[str, "pandas.DataFrame"]:
    """The tables of a run directory, each CSV as a DataFrame keyed by its name
    (``bots``, ``seats``, ``letters``, ...), with the manifest's text under ``manifest``."""
    import pandas

    directory = Path(directory)
    tables: Dict[str, Any] = {}
    for path in sorted(directory.glob("*.csv")):
        tables[path.stem] = pandas.read_csv(path, keep_default_na=False)
    manifest = directory / "manifest.toml"
    if manifest.exists():
        tables["manifest"] = manifest.read_text()
    return tables


def sim(
    bots: Sequence[Union[str, Callable, type, Any]],
    games: int,
    seed: int = 1,
    out: Optional[Union[str, os.PathLike]] = None,
    threads: Optional[int] = None,
    chunk: Optional[int] = None,
    per_game: bool = False,
    resume: bool = False,
    force: bool = False,
    game: str = "scrabble",
    variant: Optional[str] = None,
) -> Dict[str, "pandas.DataFrame"]:
    """Simulates ``games`` games and returns the run's tables as DataFrames (see ``read_run``).

    ``game`` is ``scrabble`` (the plain crossword game, the default), ``scrabble-hp``,
    ``scrabble-cards`` (``variant`` ``classic``, ``forfeit`` or ``rummy``) or ``monopoly-hp``,
    each on its shipped rules; the run is the one ``owlery sim GAME`` writes with the same
    bots and seed. Python players sit at every game: ``scrabble``, ``scrabble-hp`` (observing
    an ``HpObservation``), ``scrabble-cards``' Classic and Forfeit (a ``CardObservation``)
    and Rummy (a ``RummyObservation``), and ``monopoly-hp`` (a ``MonopolyObservation``, 2 to
    6 seats).

    ``bots`` names each seat's player: a registered bot (``"greedy"``, ``"equity"``), a Python
    class whose instances have ``choose(observation)`` (made once per worker thread, so it may
    keep state; ``start_game(seed)`` is called before each game), or a function of an
    observation (shared by the workers, so it must keep no state between calls). A player
    answers with a ``Choice`` from ``observation.legal()``, its index, or a move in notation.
    Same seed, same tables, on any number of threads. ``per_game`` adds ``games``, a row per
    game (its seed, each seat's player and score). Without ``out`` the run is written to a
    temporary directory and removed once read.
    """
    if out is None:
        with tempfile.TemporaryDirectory(prefix="owlery-") as scratch:
            run = Path(scratch) / "run"
            _sim(list(bots), games, seed, run, threads, chunk, per_game, resume, force, game, variant)
            return read_run(run)
    directory = _sim(
        list(bots), games, seed, Path(out), threads, chunk, per_game, resume, force, game, variant
    )
    return read_run(directory)
