"""Scrabble: Harry Potter Edition from Python: the turn's questions stepped one answer at a time,
what a seat sees, the listed answers, Owlery's bots both ways, and runs equal to the
simulator's."""

import random

import pytest

import owlery

#: What a Harry Potter observation holds: its own rack and cards, the public table, nothing more.
OBSERVED = {
    "seat", "step", "question", "challenged", "discarding", "rack", "board", "scores",
    "scores_now", "rack_sizes", "bag", "unseen", "house", "houses", "hand", "hand_sizes",
    "deck", "card_played", "backwards",
}


def random_game(players, seed):
    """A game played to its end by answers drawn from the listed ones."""
    game = owlery.HpGame(players, seed)
    coin = random.Random(seed)
    while not game.is_over:
        legal = game.legal()
        assert legal, game.question
        game.apply(coin.choice(legal))
    return game


def test_random_games_take_every_listed_answer_and_replay_from_their_written_answers():
    kinds = set()
    for seed in range(6):
        players = 2 + seed % 3
        game = owlery.HpGame(players, seed)
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
        # The written answers read back as the same game.
        again = owlery.HpGame(players, seed)
        for text in game.answers:
            again.apply(text)
        assert again.is_over and again.scores == game.scores and again.answers == game.answers
    assert {"card", "place", "challenge", "exchange"} <= kinds


def test_every_listed_card_play_is_one_the_game_takes():
    played = 0
    for seed in range(3):
        game = random_game(3, 10 + seed)
        # Back to positions asking for a card with several to choose from, and each tried.
        replay = owlery.HpGame(3, 10 + seed)
        for text in game.answers:
            if replay.question == "card" and len(replay.legal()) > 1:
                for choice in replay.legal()[1:40]:
                    trial = owlery.HpGame(3, 10 + seed)
                    for earlier in replay.answers:
                        trial.apply(earlier)
                    trial.apply(choice.text)
                    assert trial.answers[-1] == choice.text
                    played += 1
            replay.apply(text)
    assert played > 20


def test_a_seat_sees_its_own_rack_and_cards_only():
    for seed in range(3):
        game = owlery.HpGame(4, seed)
        coin = random.Random(seed)
        for _ in range(120):
            if game.is_over:
                break
            seen = [game.observe(seat).to_dict() for seat in range(4)]
            for seat, view in enumerate(seen):
                assert set(view) == OBSERVED
                assert len(view["rack"]) == view["rack_sizes"][seat]
                assert len(view["hand"]) == view["hand_sizes"][seat]
                # What it has not seen: the bag and the other racks, told apart by no one.
                others = sum(view["rack_sizes"]) - len(view["rack"])
                assert len(view["unseen"]) == view["bag"] + others
                assert (view["question"] is not None) == (seat == game.to_play)
            game.apply(coin.choice(game.legal()))


def test_same_seed_same_game_and_refusals_change_nothing():
    first, again = random_game(2, 21), random_game(2, 21)
    assert first.answers == again.answers and first.scores == again.scores
    game = owlery.HpGame(2, 4)
    while game.question != "card" or not game.observe().hand:
        game.apply(game.legal()[0])
    step = game.step
    with pytest.raises(ValueError):
        game.apply("card expelliarmus 9")
    with pytest.raises(ValueError):
        game.apply("card nimbus")
    with pytest.raises(IndexError):
        game.apply(10_000)
    assert game.step == step
    stale = game.legal()[0]
    game.apply("no card")
    with pytest.raises(ValueError, match="listed for seat"):
        game.apply(stale)
    assert game.question == "move"


def test_a_game_played_in_python_equals_the_simulators(tmp_path):
    bots = ["cards", "greedy", "random"]
    tables = owlery.sim(bots, games=4, seed=3, per_game=True, game="scrabble-hp", out=tmp_path / "run")
    for row in tables["games"].itertuples():
        game = owlery.HpGame(3, row.seed)
        players = [owlery.bot(name, "scrabble-hp") for name in (row.bot1, row.bot2, row.bot3)]
        for seat, player in enumerate(players):
            player.start_game(owlery.bot_seed(row.seed, seat))
        owlery.play(game, players)
        assert game.scores == [row.score1, row.score2, row.score3]


class CardsInPython:
    """Owlery's cards bot asked through Python."""

    name = "py-cards"

    def __init__(self):
        self.bot = owlery.HpBot("cards")

    def start_game(self, seed):
        self.bot.start_game(seed)

    def choose(self, observation):
        return self.bot.choose(observation)


class Hoarder:
    """Never plays a card nor challenges; the best-scoring placement, a seeded coin breaking
    ties; the first listed discard."""

    name = "hoarder"

    def start_game(self, seed):
        self.coin = random.Random(seed)

    def choose(self, observation):
        legal = observation.legal()
        if observation.question == "move":
            places = [c for c in legal if c.kind == "place"]
            if places:
                best = max(c.score for c in places)
                return self.coin.choice([c for c in places if c.score == best])
        if observation.question == "challenge":
            return "no challenge"
        if observation.question == "card":
            return "no card"
        return legal[0]


def test_python_players_at_the_harry_potter_edition(tmp_path):
    ours = owlery.sim([CardsInPython, "greedy", "cards"], games=6, seed=5, per_game=True,
                      game="scrabble-hp", out=tmp_path / "ours")
    theirs = owlery.sim(["cards", "greedy", "cards"], games=6, seed=5, per_game=True,
                        game="scrabble-hp", out=tmp_path / "theirs")
    columns = ["seed", "score1", "score2", "score3", "winner", "turns"]
    assert ours["games"][columns].equals(theirs["games"][columns])
    runs = []
    for threads in (1, 2):
        out = tmp_path / f"hoarder-{threads}"
        owlery.sim([Hoarder, "greedy", "cards"], games=9, seed=2, threads=threads, chunk=2,
                   game="scrabble-hp", out=out)
        runs.append({p.name: p.read_bytes() for p in sorted(out.glob("*.csv"))})
    assert runs[0] == runs[1] and b"hoarder" in runs[0]["bots.csv"]
