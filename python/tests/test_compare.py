"""Paired comparisons of two players: a change with no effect measures 0, a large one its sign
and size, and the figures do not depend on the threads."""

import random

import owlery


class GreedyInPython:
    name = "py-greedy"

    def __init__(self):
        self.bot = owlery.Bot("greedy")

    def choose(self, observation):
        return self.bot.choose(observation)


class Coin:
    """The best placement most turns, a random legal choice the others (seeded per game)."""

    name = "coin"

    def start_game(self, seed):
        self.coin = random.Random(seed)

    def choose(self, observation):
        legal = observation.legal()
        return legal[0] if self.coin.random() < 0.8 else self.coin.choice(legal)


def test_no_change_measures_exactly_nothing():
    for base, changed in [("greedy", "greedy"), ("greedy", GreedyInPython)]:
        result = owlery.compare(base, changed, ["equity"], deals=20, seed=4)
        assert result["games"] == 20
        for measure in ("win", "score"):
            assert result[f"{measure}_effect"] == 0.0
            assert result[f"{measure}_low"] == result[f"{measure}_high"] == 0.0


def test_a_much_weaker_player_measures_a_large_loss_inside_its_interval():
    result = owlery.compare("greedy", "random", ["greedy"], deals=60, seed=2, duplicate=True)
    assert result["games"] == 120
    assert result["win_high"] < -20 and result["score_high"] < -100
    assert result["win_low"] <= result["win_effect"] <= result["win_high"]
    assert abs(result["win_effect"] - (result["win_changed"] - result["win_base"])) < 1e-9


def test_the_same_figures_on_one_and_two_threads():
    runs = [owlery.compare("greedy", Coin, ["equity"], deals=24, seed=6, threads=t) for t in (1, 2)]
    assert runs[0] == runs[1]
    assert runs[0]["change"] == "greedy -> coin"


def test_a_precision_plays_only_the_deals_it_needs_and_the_same_figures_as_so_many():
    most = 4000
    result = owlery.compare("greedy", "random", ["greedy"], deals=most, seed=2, precision=6)
    assert 256 <= result["deals"] < most and result["deals"] % 64 == 0
    assert (result["win_high"] - result["win_low"]) / 2 <= 6
    fixed = owlery.compare("greedy", "random", ["greedy"], deals=result["deals"], seed=2)
    assert fixed == result
    capped = owlery.compare("greedy", "random", ["greedy"], deals=100, seed=2, precision=0.1)
    assert capped["deals"] == 100
    for bad in (0, -1, 51):
        try:
            owlery.compare("greedy", "random", ["greedy"], deals=10, precision=bad)
        except ValueError as error:
            assert "more than 0 and at most 50" in str(error)
        else:
            raise AssertionError(f"precision {bad} accepted")
