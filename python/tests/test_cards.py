"""The Scrabble Card Game stepped from Python: every listed choice is one the engine takes and
scores as listed, a seat sees only its own hand, and the cards are conserved."""

import random

import pytest

import owlery

SEEN = {"seat", "turn", "question", "hand", "double", "triple", "action", "table", "scores", "draw",
        "turn_words", "turn_player"}


def replay(game):
    """A copy of `game` made by replaying its moves from its seed."""
    copy = owlery.CardGame(game.players, game.seed, game.variant)
    for move in game.moves:
        copy.apply(move)
    return copy


def random_games(variant, count):
    for seed in range(count):
        game = owlery.CardGame(2 + seed % 3, seed, variant)
        pick = random.Random(seed)
        while game.to_play is not None:
            yield game
            legal = game.legal()
            game.apply(legal[0] if pick.random() < 0.6 else pick.choice(legal))
            game.check_cards()
        assert game.is_over and game.winners


@pytest.mark.parametrize("variant", ["classic", "forfeit"])
def test_random_games_end_with_every_card_in_its_place(variant):
    questions = set()
    for game in random_games(variant, 12):
        questions.add(game.question)
    assert questions == ({"move", "action"} if variant == "forfeit" else {"move"})


def test_every_listed_choice_is_taken_and_a_placement_scores_as_listed():
    checked = 0
    for step, game in enumerate(random_games("forfeit", 3)):
        if step % 7:
            continue
        legal = game.legal()
        assert [c.index for c in legal] == list(range(len(legal)))
        sample = legal[:6] + [c for c in legal if c.kind != "place"][:40:5]
        for choice in sample:
            trial = replay(game)
            seat = trial.to_play
            before = trial.scores[seat]
            trial.apply(choice.text)
            trial.check_cards()
            if choice.kind == "place" and not trial.is_over:  # the end's adjustments come on top
                assert trial.scores[seat] - before == choice.score, choice
            checked += 1
    assert checked > 50


def test_a_seat_sees_its_own_hand_only():
    for game in random_games("forfeit", 4):
        for seat in range(game.players):
            seen = game.observe(seat)
            # Everything shown is listed here: a new field (another hand, the pile's order)
            # fails this test until it is added on purpose.
            assert set(seen.to_dict()) == SEEN
            public = {name for name in dir(seen) if not name.startswith("_")}
            assert public == SEEN | {"legal", "to_dict"}
            assert seen.seat == seat and len(seen.hand) <= 8
            assert seen.action is None or len(seen.action) == 2


def test_same_seed_same_game_and_refusals_change_nothing():
    def play(seed):
        game = owlery.CardGame(3, seed, "classic")
        while game.to_play is not None:
            game.apply(0)
        return game.moves, game.scores

    assert play(4) == play(4)
    game = owlery.CardGame(2, 9)
    with pytest.raises(ValueError, match="not a legal choice"):
        game.apply("ZZZ@0,0")
    with pytest.raises(IndexError):
        game.apply(10**6)
    stale = game.legal()[0]
    game.apply(stale)
    with pytest.raises(ValueError, match="listed for seat 0 at turn 0"):
        game.apply(stale)
    with pytest.raises(ValueError, match="expected classic or forfeit"):
        owlery.CardGame(2, 1, "rummy")


@pytest.mark.parametrize("variant", ["classic", "forfeit"])
def test_a_game_played_in_python_equals_the_simulators(tmp_path, variant):
    bots = ["greedy", "equity"] if variant == "classic" else ["greedy", "random"]
    tables = owlery.sim(bots, games=6, seed=3, per_game=True, game="scrabble-cards",
                        variant=variant, out=tmp_path / variant)
    for row in tables["games"].itertuples():
        game = owlery.CardGame(2, row.seed, variant)
        players = [owlery.CardBot(row.bot1), owlery.CardBot(row.bot2)]
        for seat, player in enumerate(players):
            player.start_game(owlery.bot_seed(row.seed, seat))
        owlery.play(game, players)
        assert game.scores == [row.score1, row.score2]
    with pytest.raises(ValueError, match="scrabble-cards"):
        owlery.CardBot("lookahead")


class CardGreedyInPython:
    """Owlery's card greedy asked through Python."""

    name = "py-greedy"

    def __init__(self):
        self.bot = owlery.CardBot("greedy")

    def start_game(self, seed):
        self.bot.start_game(seed)

    def choose(self, observation):
        return self.bot.choose(observation)


class Hoarder:
    """Plays the best placement that keeps a Premium card when it can, else the best; an Action
    card whenever one fits; a seeded coin breaks ties."""

    name = "hoarder"

    def start_game(self, seed):
        self.coin = random.Random(seed)

    def choose(self, observation):
        legal = observation.legal()
        if observation.question == "action":
            return legal[-1]
        plain = [c for c in legal if c.kind == "place" and "+" not in c.text]
        if plain:
            best = max(c.score for c in plain)
            return self.coin.choice([c for c in plain if c.score == best])
        return legal[0]


@pytest.mark.parametrize("variant", ["classic", "forfeit"])
def test_python_players_at_the_card_game(tmp_path, variant):
    ours = owlery.sim([CardGreedyInPython, "equity"], games=8, seed=5, per_game=True,
                      game="scrabble-cards", variant=variant, out=tmp_path / "ours")
    theirs = owlery.sim(["greedy", "equity"], games=8, seed=5, per_game=True,
                        game="scrabble-cards", variant=variant, out=tmp_path / "theirs")
    columns = ["seed", "score1", "score2", "winner", "turns"]
    assert ours["games"][columns].equals(theirs["games"][columns])
    runs = []
    for threads in (1, 2):
        out = tmp_path / f"hoarder-{threads}"
        owlery.sim([Hoarder, "greedy", "random"], games=9, seed=2, threads=threads, chunk=2,
                   game="scrabble-cards", variant=variant, out=out)
        runs.append({p.name: p.read_bytes() for p in sorted(out.glob("*.csv"))})
    assert runs[0] == runs[1] and b"hoarder" in runs[0]["bots.csv"]


def test_a_bots_choice_is_written_and_scored_as_the_list_writes_it():
    compared = 0
    for step, game in enumerate(random_games("forfeit", 3)):
        if step % 3:
            continue
        for name in ("greedy", "equity", "random"):
            seen = game.observe()  # not yet listed
            bot = owlery.CardBot(name)
            bot.start_game(step)
            quick = bot.choose(seen)
            assert quick.index is None
            legal = seen.legal()
            bot.start_game(step)
            listed = bot.choose(seen)
            assert legal[listed.index].text == listed.text == quick.text
            assert listed.score == quick.score and listed.kind == quick.kind
            compared += 1
    assert compared > 30
