"""The simulator from Python: Python players beside Owlery's bots, the same tables on any
number of threads, and the tables as DataFrames with the CSV's columns."""

import csv
import random
import subprocess
from pathlib import Path

import pytest

import owlery


class MostTiles:
    """Plays the placement using the most tiles, breaking ties by a seeded coin."""

    name = "most-tiles"

    def start_game(self, seed):
        self.coin = random.Random(seed)

    def choose(self, observation):
        legal = observation.legal()
        most = max(len(c.tiles) for c in legal if c.kind == "place") if legal[0].kind == "place" else 0
        best = [c for c in legal if c.kind == "place" and len(c.tiles) == most] or legal
        return self.coin.choice(best)


class GreedyInPython:
    """Owlery's greedy, asked through Python: the same policy as the Rust seat."""

    name = "py-greedy"

    def __init__(self):
        self.bot = owlery.Bot("greedy")

    def start_game(self, seed):
        self.bot.start_game(seed)

    def choose(self, observation):
        return self.bot.choose(observation)


def files(directory):
    return {p.name: p.read_bytes() for p in sorted(Path(directory).glob("*.csv"))}


def test_a_python_player_gives_the_same_tables_on_one_and_two_threads(tmp_path):
    runs = {}
    for threads in (1, 2):
        out = tmp_path / f"t{threads}"
        owlery.sim([MostTiles, "greedy"], games=24, seed=5, threads=threads, chunk=3, out=out)
        runs[threads] = files(out)
    assert runs[1] == runs[2]
    assert b"most-tiles" in runs[1]["bots.csv"]


def test_a_python_seat_plays_the_same_games_as_the_rust_seat_it_wraps(tmp_path):
    ours = owlery.sim([GreedyInPython, "equity"], games=10, seed=3, per_game=True, out=tmp_path / "a")
    theirs = owlery.sim(["greedy", "equity"], games=10, seed=3, per_game=True, out=tmp_path / "b")
    columns = ["seed", "score1", "score2", "winner", "turns"]
    assert ours["games"][columns].equals(theirs["games"][columns])
    assert set(ours["bots"]["bot"]) == {"py-greedy", "equity"}


def test_a_python_function_is_a_player(tmp_path):
    def highest(observation):
        return 0  # the first choice: the best-scoring placement, else the first exchange

    tables = owlery.sim([highest, "random"], games=6, seed=2, per_game=True, out=tmp_path / "f")
    assert set(tables["bots"]["bot"]) == {"highest", "random"}
    assert tables["bots"]["games"].tolist() == [6, 6]
    # Each game again in Python, the function in its seat: the same scores, so the run
    # asked the function for every move of its seat.
    for row in tables["games"].itertuples():
        players = []
        for seat, name in enumerate((row.bot1, row.bot2)):
            if name == "highest":
                players.append(highest)
            else:
                players.append(owlery.Bot(name))
                players[-1].start_game(owlery.bot_seed(row.seed, seat))
        game = owlery.play(owlery.Game(2, row.seed), players)
        assert game.scores == [row.score1, row.score2]


def test_the_dataframes_have_the_csv_tables_columns(tmp_path):
    tables = owlery.sim(["greedy", "equity"], games=8, seed=2, per_game=True, out=tmp_path / "r")
    csvs = sorted(Path(tmp_path / "r").glob("*.csv"))
    assert {p.stem for p in csvs} <= set(tables) and len(csvs) >= 5
    for path in csvs:
        with path.open(newline="") as handle:
            rows = list(csv.reader(handle))
        frame = tables[path.stem]
        assert list(frame.columns) == rows[0], path.name
        assert len(frame) == len(rows) - 1, path.name
    assert 'game = "scrabble"' in tables["manifest"]
    assert owlery.read_run(tmp_path / "r")["bots"].equals(tables["bots"])


@pytest.mark.parametrize(
    "game, variant, bots, games",
    [
        ("scrabble", None, ["greedy", "equity"], 12),
        ("scrabble-hp", None, ["cards", "greedy", "equity"], 6),
        ("scrabble-cards", "classic", ["greedy", "equity"], 6),
        ("scrabble-cards", "forfeit", ["greedy", "random"], 6),
        ("scrabble-cards", "rummy", ["greedy", "random"], 4),
        ("monopoly-hp", None, ["heuristic", "random", "heuristic"], 6),
    ],
)
def test_the_same_run_as_the_owlery_command(tmp_path, owlery_bin, game, variant, bots, games):
    owlery.sim(bots, games=games, seed=8, per_game=True, out=tmp_path / "py", game=game, variant=variant)
    command = [owlery_bin, "sim", game, "--games", str(games), "--seed", "8", "--bots", ",".join(bots),
               "--per-game", "--out", str(tmp_path / "cli")]
    if variant:
        command += ["--variant", variant]
    subprocess.run(command, check=True, capture_output=True)
    assert files(tmp_path / "py") == files(tmp_path / "cli")
    assert (tmp_path / "py" / "manifest.toml").read_text() == (tmp_path / "cli" / "manifest.toml").read_text()


def test_other_games_take_bots_by_name(tmp_path):
    with pytest.raises(ValueError, match="variant applies to scrabble-cards, not scrabble"):
        owlery.sim([MostTiles, "greedy"], games=2, variant="rummy", out=tmp_path / "a")
    with pytest.raises(ValueError, match="expected classic, forfeit or rummy"):
        owlery.sim(["greedy", "greedy"], games=2, game="scrabble-cards", variant="poker", out=tmp_path / "b")
    with pytest.raises(ValueError, match="monopoly-hp"):
        owlery.sim(["greedy", "greedy"], games=2, game="monopoly-hp", out=tmp_path / "c")
    with pytest.raises(ValueError, match="expected scrabble, scrabble-hp"):
        owlery.sim(["greedy", "greedy"], games=2, game="chess", out=tmp_path / "d")


def test_a_python_players_error_stops_the_run_and_is_raised(tmp_path):
    def broken(observation):
        raise KeyError("no idea")

    with pytest.raises(KeyError, match="no idea"):
        owlery.sim([broken, "greedy"], games=4, seed=1, out=tmp_path / "x")


def test_bad_arguments_are_refused_before_any_game(tmp_path):
    with pytest.raises(ValueError, match="expected 2 to 4"):
        owlery.sim(["greedy"], games=4, out=tmp_path / "a")
    with pytest.raises(ValueError, match="expected at least one game"):
        owlery.sim(["greedy", "greedy"], games=0, out=tmp_path / "b")
    with pytest.raises(ValueError):
        owlery.sim(["greedy", "no-such-bot"], games=4, out=tmp_path / "c")
    with pytest.raises(ValueError, match="expected a bot's name"):
        owlery.sim(["greedy", 42], games=4, out=tmp_path / "d")
    owlery.sim(["greedy", "greedy"], games=2, out=tmp_path / "e")
    with pytest.raises(RuntimeError, match="run"):
        owlery.sim(["greedy", "equity"], games=2, out=tmp_path / "e")
