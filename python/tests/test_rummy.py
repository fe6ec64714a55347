"""The Scrabble Card Game's Rummy from Python: draw and meld stepped one answer at a time, what
a seat sees, every meld of the Round card's shape listed, Owlery's bots both ways, and runs
equal to the simulator's."""

import random

import pytest

import owlery

OBSERVED = {"seat", "step", "question", "hand", "discard_top", "round", "scores", "results"}


def test_random_games_take_every_listed_answer_and_replay_from_their_written_answers():
    kinds = set()
    for seed in range(4):
        players = 2 + seed % 3
        game = owlery.RummyGame(players, seed)
        coin = random.Random(seed)
        while not game.is_over:
            legal = game.legal()
            assert [c.index for c in legal] == list(range(len(legal)))
            assert len({c.text for c in legal}) == len(legal)
            assert all(c.seat == game.to_play and c.step == game.step for c in legal)
            choice = coin.choice(legal)
            kinds.add(choice.kind)
            game.apply(choice)
        assert game.winners
        again = owlery.RummyGame(players, seed)
        for text in game.answers:
            again.apply(text)
        assert again.is_over and again.scores == game.scores
    assert kinds == {"pile", "take", "meld", "pass"}


def test_every_listed_meld_is_one_the_game_takes_and_melds_come_best_first():
    tried = 0
    game = owlery.RummyGame(2, 8)
    coin = random.Random(8)
    while not game.is_over and tried < 150:
        legal = game.legal()
        if game.question == "meld":
            melds = [c for c in legal if c.kind == "meld"]
            scores = [c.score for c in melds]
            assert scores == sorted(scores, reverse=True)
            assert all(c.kind == "pass" for c in legal[len(melds):])
            for choice in coin.sample(melds, min(6, len(melds))):
                trial = owlery.RummyGame(2, 8)
                for earlier in game.answers:
                    trial.apply(earlier)
                trial.apply(choice.text)
                tried += 1
        game.apply(coin.choice(legal))
    assert tried > 30


def test_a_seat_sees_its_own_hand_only():
    game = owlery.RummyGame(3, 2)
    coin = random.Random(2)
    for _ in range(60):
        seen = [game.observe(seat).to_dict() for seat in range(3)]
        for seat, view in enumerate(seen):
            assert set(view) == OBSERVED
            asked = seat == game.to_play
            assert (view["question"] is not None) == asked
            assert len(view["hand"]) in (7, 8)
        assert not game.observe((game.to_play + 1) % 3).legal()
        game.apply(coin.choice(game.legal()))
    with pytest.raises(ValueError):
        game.apply("QQQQ / Z" if game.question == "meld" else "nowhere")


def test_a_game_played_in_python_equals_the_simulators(tmp_path):
    tables = owlery.sim(["greedy", "random"], games=4, seed=3, per_game=True,
                        game="scrabble-cards", variant="rummy", out=tmp_path / "run")
    for row in tables["games"].itertuples():
        game = owlery.RummyGame(2, row.seed)
        players = [owlery.bot(name, "scrabble-cards", "rummy") for name in (row.bot1, row.bot2)]
        for seat, player in enumerate(players):
            player.start_game(owlery.bot_seed(row.seed, seat))
        owlery.play(game, players)
        assert game.scores == [row.score1, row.score2]


class GreedyInPython:
    """Owlery's Rummy greedy asked through Python."""

    name = "py-greedy"

    def __init__(self):
        self.bot = owlery.RummyBot("greedy")

    def start_game(self, seed):
        self.bot.start_game(seed)

    def choose(self, observation):
        return self.bot.choose(observation)


class BestListed:
    """Draws from the pile; lays the best listed meld (a seeded coin breaks ties)."""

    name = "best-listed"

    def start_game(self, seed):
        self.coin = random.Random(seed)

    def choose(self, observation):
        if observation.question == "draw":
            return "pile"
        legal = observation.legal()
        best = legal[0].score
        return self.coin.choice([c for c in legal if c.score == best])


def test_python_players_at_rummy(tmp_path):
    ours = owlery.sim([GreedyInPython, "random"], games=6, seed=5, per_game=True,
                      game="scrabble-cards", variant="rummy", out=tmp_path / "ours")
    theirs = owlery.sim(["greedy", "random"], games=6, seed=5, per_game=True,
                        game="scrabble-cards", variant="rummy", out=tmp_path / "theirs")
    columns = ["seed", "score1", "score2", "winner", "turns"]
    assert ours["games"][columns].equals(theirs["games"][columns])
    runs = []
    for threads in (1, 2):
        out = tmp_path / f"best-{threads}"
        owlery.sim([BestListed, "greedy", "random"], games=6, seed=2, threads=threads, chunk=2,
                   game="scrabble-cards", variant="rummy", out=out)
        runs.append({p.name: p.read_bytes() for p in sorted(out.glob("*.csv"))})
    assert runs[0] == runs[1] and b"best-listed" in runs[0]["bots.csv"]
