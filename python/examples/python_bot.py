"""A bot written in Python, played against Owlery's `greedy` over 1,000 games.

    pip install ./python && python python/examples/python_bot.py [GAMES]

`BingoHunter` plays the highest-scoring placement, but gives up to `patience` points to keep
the tiles of a seven-letter word (S, blanks, E, R) on its rack. The simulator runs it on every
core beside the Rust bot, with the same seeds, so the table is the same on every run.
"""

import random
import sys

import owlery

KEEPERS = set("SE?R")


class BingoHunter:
    """The best placement, less a charge for each keeper tile it plays."""

    name = "bingo-hunter"
    patience = 3

    def start_game(self, seed):
        self.coin = random.Random(seed)

    def choose(self, observation):
        legal = observation.legal()
        places = [c for c in legal if c.kind == "place"]
        if not places:
            exchanges = [c for c in legal if c.kind == "exchange"]
            return self.coin.choice(exchanges) if exchanges else "pass"

        def value(choice):
            spent = sum(1 for tile in choice.tiles if tile in KEEPERS)
            bingo = len(choice.tiles) == 7
            return choice.score - (0 if bingo else self.patience * spent)

        return max(places, key=value)


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    tables = owlery.sim([BingoHunter, "greedy"], games=games, seed=1)
    print(tables["bots"][["bot", "games", "win_rate", "ci95_low", "ci95_high", "mean_score"]])


if __name__ == "__main__":
    main()
