"""The crossword game stepped from Python: what a seat sees, what it may answer, and that a
game replays from its seed as the simulator plays it."""

import random
from collections import Counter

import pytest

import owlery

# The plain game's 100 tiles.
TILE_SET = Counter(
    "A" * 9 + "B" * 2 + "C" * 2 + "D" * 4 + "E" * 12 + "F" * 2 + "G" * 3 + "H" * 2 + "I" * 9
    + "J" + "K" + "L" * 4 + "M" * 2 + "N" * 6 + "O" * 8 + "P" * 2 + "Q" + "R" * 6 + "S" * 4
    + "T" * 6 + "U" * 4 + "V" * 2 + "W" * 2 + "X" + "Y" * 2 + "Z" + "?" * 2
)
# Everything an observation shows; a new field must be added here on purpose.
SEEN = {"seat", "turn", "rack", "board", "scores", "rack_sizes", "bag", "unseen", "scoreless"}


def random_games(count, players=2):
    """Positions of `count` games, each step a random legal choice (seeded)."""
    for seed in range(count):
        game = owlery.Game(players, seed)
        pick = random.Random(seed)
        while game.to_play is not None:
            yield game
            game.apply(pick.choice(game.legal()))
        yield game


def board_tiles(rows):
    return Counter("?" if ch.islower() else ch for row in rows for ch in row if ch != ".")


def test_an_observation_shows_its_own_rack_and_nothing_else_hidden():
    checked = 0
    for game in random_games(12, players=3):
        for seat in range(game.players):
            seen = game.observe(seat)
            assert set(seen.to_dict()) == SEEN
            public = {name for name in dir(seen) if not name.startswith("_")}
            assert public == SEEN | {"legal", "to_dict"}
            # The unseen tiles are the set less the board and this rack: the other racks and
            # the bag together, never told apart.
            expected = TILE_SET - board_tiles(seen.board) - Counter(seen.rack)
            assert Counter(seen.unseen) == expected
            assert sum(seen.rack_sizes) - len(seen.rack) + seen.bag == len(seen.unseen)
            assert len(seen.rack) == seen.rack_sizes[seat]
            checked += 1
        if game.to_play is not None:
            # The referee's CGP carries the rack of the seat to play: the same as its view.
            rack = game.cgp().split()[1].split("/")[0]
            assert sorted(rack) == sorted(game.observe().rack)
    assert checked > 1000


def test_every_listed_choice_is_legal_and_scores_as_listed():
    for game in random_games(3):
        if game.to_play is None:
            continue
        legal = game.legal()
        assert [c.index for c in legal] == list(range(len(legal)))
        assert legal[-1].kind == "pass"
        places = [c for c in legal if c.kind == "place"]
        assert all(a.score >= b.score for a, b in zip(places, places[1:]))
        for choice in places[:5]:
            before = game.scores[game.to_play]
            trial = owlery.Game(game.players, game.seed)
            for move in game.moves:
                trial.apply(move)
            seat = trial.to_play
            trial.apply(choice.text)
            if not trial.is_over:  # the end's adjustments come on top
                assert trial.scores[seat] - before == choice.score


def test_refused_answers_raise_and_change_nothing():
    game = owlery.Game(2, 11)
    first = game.legal()[0]
    with pytest.raises(ValueError, match="does not hold JQXZ"):
        game.apply("8H QZXJ")
    with pytest.raises(IndexError):
        game.apply(len(game.legal()))
    with pytest.raises(ValueError, match="expected a Choice"):
        game.apply(3.5)
    assert game.turn == 0 and game.scores == [0, 0]
    game.apply(first)
    with pytest.raises(ValueError, match="listed for seat 0 at turn 0"):
        game.apply(first)
    assert game.turn == 1


def test_a_game_replays_from_its_seed():
    def play(seed):
        game = owlery.Game(2, seed)
        owlery.play(game, [owlery.Bot("greedy"), owlery.Bot("equity")])
        return game.moves, game.scores

    assert play(21) == play(21)
    assert play(21) != play(22)


def test_a_game_played_in_python_equals_the_simulators(tmp_path):
    bots = ["greedy", "equity"]
    tables = owlery.sim(bots, games=6, seed=9, threads=2, per_game=True, out=tmp_path / "run")
    rows = tables["games"]
    assert len(rows) == 6
    for row in rows.itertuples():
        game = owlery.Game(2, row.seed)
        players = [owlery.Bot(row.bot1), owlery.Bot(row.bot2)]
        for seat, player in enumerate(players):
            player.start_game(owlery.bot_seed(row.seed, seat))
        owlery.play(game, players)
        assert game.scores == [row.score1, row.score2]
        assert row.seed == owlery.game_seed(9, row.game)


def test_bots_answer_from_a_seats_observation():
    game = owlery.Game(2, 4)
    names = [name for name, _, _ in owlery.bots()]
    assert {"greedy", "equity", "lookahead", "random"} <= set(names)
    seen = game.observe()
    choice = owlery.Bot("greedy").choose(seen)
    assert choice.index is None and choice.score == max(c.score for c in game.legal())
    listed = seen.legal()
    again = owlery.Bot("greedy").choose(seen)  # once listed, a bot's choice carries its index
    assert listed[again.index].text == again.text == choice.text
    game.apply(choice)
    with pytest.raises(ValueError, match="unknown|no bot|expected"):
        owlery.Bot("no-such-bot")
    assert "cards" in [name for name, _, _ in owlery.bots("scrabble-hp")]
    assert "mc-trader" in [name for name, _, _ in owlery.bots("monopoly-hp")]
    with pytest.raises(ValueError, match="expected scrabble"):
        owlery.bots("chess")
