"""How fast the Python side runs on this machine: a random agent's steps per second in each
environment, and a Python seat's games per second against the same policy in Rust.

    pip install "./python[pettingzoo]" && python python/examples/speed.py [SECONDS]

Rates on a busy machine drift: compare the ratios of runs made back to back, as printed.
"""

import random
import sys
import time

import owlery


def random_agent(make, seconds):
    """Steps and games per second of a random agent choosing from `legal()` each step."""
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = make(games)
        coin = random.Random(games)
        while game.to_play is not None:
            game.apply(coin.choice(game.legal()))
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def wrapped(bot_class, name):
    """A Python seat that asks Owlery's bot `name`: the same policy, through Python."""

    class Wrapped:
        def __init__(self):
            self.bot = bot_class(name)

        def start_game(self, seed):
            self.bot.start_game(seed)

        def choose(self, observation):
            return self.bot.choose(observation)

    Wrapped.name = f"py-{name}"
    return Wrapped


def games_per_second(bots, games, game):
    start = time.perf_counter()
    owlery.sim(bots, games=games, seed=1, threads=1, game=game)
    return games / (time.perf_counter() - start)


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    environments = {
        "scrabble": lambda seed: owlery.Game(2, seed),
        "scrabble-cards classic": lambda seed: owlery.CardGame(2, seed, "classic"),
        "scrabble-cards forfeit": lambda seed: owlery.CardGame(2, seed, "forfeit"),
    }
    for label, make in environments.items():
        steps, games = random_agent(make, seconds)
        print(f"{label}: random agent {steps:.0f} steps/s ({games:.1f} games/s)")
    for game, bot_class, games in [("scrabble", owlery.Bot, 600), ("scrabble-cards", owlery.CardBot, 150)]:
        games_per_second(["greedy", "greedy"], 20, game)  # the first run loads the word list
        for round_ in range(3):
            rust = games_per_second(["greedy", "greedy"], games, game)
            python = games_per_second([wrapped(bot_class, "greedy"), "greedy"], games, game)
            print(f"{game} round {round_}: greedy in Rust {rust:.1f} games/s, "
                  f"through Python {python:.1f} ({python / rust:.2f}x)")


if __name__ == "__main__":
    main()
