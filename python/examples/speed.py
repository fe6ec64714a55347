"""How fast the Python side runs on this machine: a random agent's steps per second in each
game's environment (and through PettingZoo, where it is installed), and a Python seat's games
per second against the same policy in Rust.

    pip install "./python[pettingzoo]" && python python/examples/speed.py [SECONDS]

Rates on a busy machine drift: compare the ratios of runs made back to back, as printed.
"""

import random
import sys
import time

import owlery

#: Each game: how to make a table, Owlery's bot to wrap in Python, and games for a round.
GAMES = [
    ("scrabble", None, lambda seed: owlery.Game(2, seed), owlery.Bot, "greedy", 400),
    ("scrabble-hp", None, lambda seed: owlery.HpGame(2, seed), owlery.HpBot, "cards", 150),
    ("scrabble-cards", "classic", lambda seed: owlery.CardGame(2, seed, "classic"), owlery.CardBot, "greedy", 100),
    ("scrabble-cards", "forfeit", lambda seed: owlery.CardGame(2, seed, "forfeit"), owlery.CardBot, "greedy", 100),
    ("scrabble-cards", "rummy", lambda seed: owlery.RummyGame(2, seed), owlery.RummyBot, "greedy", 200),
    ("monopoly-hp", None, lambda seed: owlery.Monopoly(4, seed), owlery.MonopolyBot, "heuristic", 400),
]


def label(game, variant):
    return game if variant is None else f"{game} {variant}"


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


def pettingzoo_agent(game, variant, seconds):
    """Steps per second of a random agent through the PettingZoo environment (its mask)."""
    import numpy as np

    import owlery.pettingzoo as pz

    makers = {
        ("scrabble", None): lambda: pz.env(2),
        ("scrabble-hp", None): lambda: pz.hp_env(2),
        ("scrabble-cards", "classic"): lambda: pz.card_env(2, "classic"),
        ("scrabble-cards", "forfeit"): lambda: pz.card_env(2, "forfeit"),
        ("scrabble-cards", "rummy"): lambda: pz.rummy_env(2),
        ("monopoly-hp", None): lambda: pz.monopoly_env(4),
    }
    env = makers[(game, variant)]()
    coin = np.random.default_rng(1)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=games)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(coin.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        games += 1
    return steps / (time.perf_counter() - start)


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


def games_per_second(bots, games, game, variant):
    start = time.perf_counter()
    owlery.sim(bots, games=games, seed=1, threads=1, game=game, variant=variant)
    return games / (time.perf_counter() - start)


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    try:
        import owlery.pettingzoo  # noqa: F401

        zoo = True
    except ImportError:
        zoo = False
    for game, variant, make, _, _, _ in GAMES:
        steps, games = random_agent(make, seconds)
        line = f"{label(game, variant)}: random agent {steps:.0f} steps/s ({games:.1f} games/s)"
        if zoo:
            line += f"; through PettingZoo {pettingzoo_agent(game, variant, seconds):.0f} steps/s"
        print(line, flush=True)
    for game, variant, _, bot_class, name, games in GAMES:
        seats = [name, name] if game != "monopoly-hp" else [name] * 4
        games_per_second(seats, 10, game, variant)  # the first run loads the word list
        for round_ in range(3):
            rust = games_per_second(seats, games, game, variant)
            python = games_per_second([wrapped(bot_class, name)] + seats[1:], games, game, variant)
            print(f"{label(game, variant)} round {round_}: {name} in Rust {rust:.1f} games/s, "
                  f"one seat through Python {python:.1f} ({python / rust:.2f}x)", flush=True)


if __name__ == "__main__":
    main()
