"""Monopoly: Harry Potter from Python: the table stepped question by question, what a seat sees,
the listed answers, Owlery's bots both ways, and runs equal to the simulator's."""

import random

import pytest

import owlery

#: What a Monopoly observation holds: the table (public) and the question, nothing more.
OBSERVED = {
    "seat", "step", "question", "points", "positions", "houses", "out", "in_jail",
    "jail_cards", "owners", "mortgaged", "crested", "unexplored", "crests_left", "turns",
    "deck",
}


def random_game(players, seed):
    """A game played to its end by answers drawn from the listed ones."""
    game = owlery.Monopoly(players, seed)
    coin = random.Random(seed)
    while not game.is_over:
        legal = game.legal()
        assert legal, game.question
        game.apply(coin.choice(legal))
    return game


def test_random_games_take_every_listed_answer_and_end():
    kinds = set()
    for seed in range(12):
        game = owlery.Monopoly(2 + seed % 5, seed)
        coin = random.Random(seed)
        while not game.is_over:
            legal = game.legal()
            kinds.add(game.question["kind"])
            assert [c.index for c in legal] == list(range(len(legal)))
            assert len({c.text for c in legal}) == len(legal)
            assert all(c.seat == game.to_play and c.step == game.step for c in legal)
            game.apply(coin.choice(legal))
        assert game.ending in ("explored", "last_standing", "turn_cap")
        assert game.winners and max(game.scores) == game.scores[game.winners[0]]
    assert {"trade", "explore", "bid", "accept", "raise"} <= kinds


def test_same_seed_same_game():
    first, again = random_game(3, 7), random_game(3, 7)
    assert first.answers == again.answers and first.scores == again.scores
    assert random_game(3, 8).answers != first.answers


def test_a_seat_sees_the_public_table_and_only_its_own_question():
    game = owlery.Monopoly(4, 2)
    coin = random.Random(2)
    for _ in range(150):
        if game.is_over:
            break
        seen = [game.observe(seat).to_dict() for seat in range(4)]
        for seat, view in enumerate(seen):
            assert set(view) == OBSERVED
            assert view["seat"] == seat
            asked = seat == game.to_play
            assert (view["question"] is not None) == asked
            if asked:
                assert view["question"] == game.question
        # Everything else on the table is the same from every seat.
        public = [{k: v for k, v in view.items() if k not in ("seat", "question")} for view in seen]
        assert all(p == public[0] for p in public)
        assert not game.observe((game.to_play + 1) % 4).legal()
        game.apply(coin.choice(game.legal()))


def test_typed_answers_and_refusals():
    game = owlery.Monopoly(2, 1)
    assert game.question["kind"] == "trade"
    step = game.step
    with pytest.raises(ValueError, match="another player"):
        game.apply("trade 9 give 1")
    with pytest.raises(ValueError):
        game.apply("y")
    with pytest.raises(IndexError):
        game.apply(99)
    assert game.step == step and game.answers == []
    stale = game.legal()[0]
    game.apply("none")
    # Play on to a yes-or-no question, answered by a bool.
    while game.question["kind"] not in ("explore", "take_common_room"):
        game.apply(game.legal()[0])
    with pytest.raises(ValueError, match="listed for seat"):
        game.apply(stale)
    game.apply(True)
    assert game.answers[-1] == "y"


def test_the_question_says_what_it_is_about():
    game = owlery.Monopoly(3, 4)
    board = game.board
    assert len(board) == 28 and {p["kind"] for p in board} == {"location", "common_room", "spell"}
    seen = set()
    while not game.is_over and len(seen) < 4:
        question = game.question
        if question["kind"] in ("explore", "bid", "ask_rent") and "property" in question:
            assert 0 <= question["property"] < len(board)
            assert board[question["property"]]["name"] in question["text"]
            seen.add(question["kind"])
        game.apply(game.legal()[0] if question["kind"] != "explore" else "n")
    assert "explore" in seen and "bid" in seen


def test_a_game_played_in_python_equals_the_simulators(tmp_path):
    bots = ["heuristic", "mc-trader", "random"]
    tables = owlery.sim(bots, games=4, seed=3, per_game=True, game="monopoly-hp", out=tmp_path / "run")
    for row in tables["games"].itertuples():
        game = owlery.Monopoly(3, row.seed)
        players = [owlery.bot(name, "monopoly-hp") for name in (row.bot1, row.bot2, row.bot3)]
        for seat, player in enumerate(players):
            player.start_game(owlery.bot_seed(row.seed, seat))
        owlery.play(game, players)
        assert game.scores == [row.score1, row.score2, row.score3]
        assert game.turns == row.turns


class HeuristicInPython:
    """Owlery's heuristic asked through Python."""

    name = "py-heuristic"

    def __init__(self):
        self.bot = owlery.MonopolyBot("heuristic")

    def start_game(self, seed):
        self.bot.start_game(seed)

    def choose(self, observation):
        return self.bot.choose(observation)


class Thrifty:
    """Explores what it can afford with 100 points to spare, bids a fifth of its points, never
    trades; a seeded coin answers the rest from the listed answers."""

    name = "thrifty"

    def start_game(self, seed):
        self.coin = random.Random(seed)

    def choose(self, observation):
        question = observation.question
        me = observation.points[observation.seat]
        if question["kind"] == "explore":
            return me >= 100 + 10 * len(observation.unexplored) // 4
        if question["kind"] == "bid":
            return str(max(0, me // 5 // 10 * 10))
        if question["kind"] == "trade":
            return "none"
        return self.coin.choice(observation.legal())


def test_python_players_at_monopoly(tmp_path):
    ours = owlery.sim([HeuristicInPython, "heuristic", "mc-trader"], games=6, seed=5,
                      per_game=True, game="monopoly-hp", out=tmp_path / "ours")
    theirs = owlery.sim(["heuristic", "heuristic", "mc-trader"], games=6, seed=5,
                        per_game=True, game="monopoly-hp", out=tmp_path / "theirs")
    columns = ["seed", "score1", "score2", "score3", "winner", "turns"]
    assert ours["games"][columns].equals(theirs["games"][columns])
    runs = []
    for threads in (1, 2):
        out = tmp_path / f"thrifty-{threads}"
        owlery.sim([Thrifty, "heuristic", "random", Thrifty, "heuristic"], games=9, seed=2,
                   threads=threads, chunk=2, game="monopoly-hp", out=out)
        runs.append({p.name: p.read_bytes() for p in sorted(out.glob("*.csv"))})
    assert runs[0] == runs[1] and b"thrifty" in runs[0]["bots.csv"]
