"""Owlery for Python: the games as environments, Owlery's bots, and the simulator.

``Game`` steps a crossword game one answer at a time (``HpGame`` the Harry Potter edition's,
``CardGame`` the Scrabble Card Game's Classic and Forfeit, ``RummyGame`` its Rummy,
``Monopoly`` Monopoly: Harry Potter's); ``Game.observe(seat)`` is what that seat may see
(its own rack, never another's); ``Bot(name)`` asks one of Owlery's bots; ``sim(...)`` runs
the simulator, Python players seated beside Owlery's bots, and returns its tables as pandas
DataFrames; ``read_run(dir)`` reads any run directory ``owlery sim`` wrote; ``effect(change, bots,
games)`` measures a rules change by paired games and ``sweep(key, values, bots, games)``
runs one number over values; ``compare(base, changed,
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
from ._owlery import effect as _effect
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
    "effect",
    "game_seed",
    "play",
    "read_run",
    "sim",
    "sweep",
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


def _rules_kwargs(rules, set, data) -> Dict[str, Any]:
    """The rules' sources as the extension takes them."""
    return {
        "rules": None if rules is None else Path(rules),
        "set": list(set),
        "data": None if data is None else {k: Path(v) for k, v in data.items()},
    }


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
    rules: Optional[Union[str, os.PathLike]] = None,
    set: Sequence[str] = (),
    data: Optional[Dict[str, Union[str, os.PathLike]]] = None,
) -> Dict[str, "pandas.DataFrame"]:
    """Simulates ``games`` games and returns the run's tables as DataFrames (see ``read_run``).

    ``game`` is ``scrabble`` (the plain crossword game, the default), ``scrabble-hp``,
    ``scrabble-cards`` (``variant`` ``classic``, ``forfeit`` or ``rummy``) or ``monopoly-hp``;
    the run is the one ``owlery sim GAME`` writes with the same bots, seed and rules. Python
    players sit at every game: ``scrabble``, ``scrabble-hp`` (observing an
    ``HpObservation``), ``scrabble-cards``' Classic and Forfeit (a ``CardObservation``) and
    Rummy (a ``RummyObservation``), and ``monopoly-hp`` (a ``MonopolyObservation``, 2 to 6
    seats).

    The rules are the shipped ones changed as ``owlery sim``'s flags change them: ``rules`` a
    rules file (``--rules``), then each of ``set`` (``"bingo_bonus=40"``, ``"points.Q=8"``,
    ``"houses.ravenclaw.opening_tiles=9"``: ``--set``), and ``data`` the files replacing the
    game's data by name (``board``, ``tiles``, ``owl_post``, ``actions``, ``leaves``). A bad
    file or setting raises ``ValueError`` naming it and what was expected.

    ``bots`` names each seat's player: a registered bot (``"greedy"``, ``"equity"``), a Python
    class whose instances have ``choose(observation)`` (made once per worker thread, so it may
    keep state; ``start_game(seed)`` is called before each game), or a function of an
    observation (shared by the workers, so it must keep no state between calls). A player
    answers with a ``Choice`` from ``observation.legal()``, its index, or a move in notation.
    Same seed, same tables, on any number of threads. ``per_game`` adds ``games``, a row per
    game (its seed, each seat's player and score). Without ``out`` the run is written to a
    temporary directory and removed once read.
    """
    args = (list(bots), games, seed)
    options = dict(threads=threads, chunk=chunk, per_game=per_game, resume=resume, force=force,
                   game=game, variant=variant, **_rules_kwargs(rules, set, data))
    if out is None:
        with tempfile.TemporaryDirectory(prefix="owlery-") as scratch:
            run = Path(scratch) / "run"
            _sim(*args, run, **options)
            return read_run(run)
    return read_run(_sim(*args, Path(out), **options))


def effect(
    change: Union[str, Sequence[str]],
    bots: Sequence[Union[str, Callable, type, Any]],
    games: int,
    seed: int = 1,
    duplicate: bool = False,
    threads: Optional[int] = None,
    game: str = "scrabble",
    variant: Optional[str] = None,
    rules: Optional[Union[str, os.PathLike]] = None,
    set: Sequence[str] = (),
    data: Optional[Dict[str, Union[str, os.PathLike]]] = None,
    precision: Optional[float] = None,
) -> "pandas.DataFrame":
    """What ``change`` (``KEY=VALUE``, or several measured together) does, by paired games:
    each deal played under the rules (``rules``, ``set``, ``data`` as in ``sim``) and again
    with the change, from one seed, as ``owlery effect --change`` plays it. Returns its table
    (``effect.csv``'s columns): for each bot, seat (and house) the win rate and points a game
    under both rules, the effect with its paired 95 % interval, and the variance of the paired
    estimate against two unpaired runs of as many games. With ``duplicate`` each deal is
    played once per rotation of the seats (``games`` rounded up to whole deals). With
    ``precision`` (points of percentage) ``games`` is the most: deals are played in rounds
    until every win-rate effect's 95 % interval is within that many points either way, as
    ``owlery effect --precision`` plays them (the ``deals`` column says how many)."""
    import io

    import pandas

    changes = [change] if isinstance(change, str) else list(change)
    text = _effect(changes, list(bots), games, seed, duplicate, threads, game, variant,
                   precision=precision, **_rules_kwargs(rules, set, data))
    return pandas.read_csv(io.StringIO(text), keep_default_na=False)


def sweep(
    key: str,
    values: Sequence[Any],
    bots: Sequence[Union[str, Callable, type, Any]],
    games: int,
    seed: int = 1,
    out: Optional[Union[str, os.PathLike]] = None,
    threads: Optional[int] = None,
    game: str = "scrabble",
    variant: Optional[str] = None,
    rules: Optional[Union[str, os.PathLike]] = None,
    set: Sequence[str] = (),
    data: Optional[Dict[str, Union[str, os.PathLike]]] = None,
) -> "pandas.DataFrame":
    """One rules number ``key`` run at each of ``values`` (``games`` games each, the same
    seeds), as ``owlery sweep --param KEY=V1,V2,...`` runs it: one row per value and bot,
    seat or house (``key``, ``value``, ``group``, ``name``, then that table's columns: games,
    win rate and its interval, mean score, a house's edge). With ``out``, each value's run is
    kept in ``out/KEY=VALUE``."""
    import pandas

    frames = []
    for value in values:
        setting = f"{key}={value}"
        run_out = None if out is None else Path(out) / setting
        tables = sim(bots, games, seed, out=run_out, threads=threads, game=game, variant=variant,
                     rules=rules, set=[*set, setting], data=data)
        for group in ("bot", "seat", "house"):
            table = tables.get(group + "s")
            if table is None or group not in table.columns:
                continue
            frame = table.rename(columns={group: "name"})
            frame.insert(0, "group", group)
            frame.insert(0, "value", str(value))
            frame.insert(0, "key", key)
            frames.append(frame)
    return pandas.concat(frames, ignore_index=True)
