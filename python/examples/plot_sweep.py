"""A sweep, plotted: how a Python bot's one number changes its win rate against `greedy`.

    pip install ./python matplotlib && python python/examples/plot_sweep.py [GAMES] [OUT.png]

Each value of `BingoHunter.patience` (the points it gives up to keep S, E, R and blanks) plays
the same seeds against `greedy`; the plot shows the win rate with its 95 % interval, read from
the simulator's `bots` table. A sweep of the rules themselves is `owlery sweep` on the
command line, whose run directory `owlery.read_run` reads the same way.
"""

import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import owlery  # noqa: E402
from python_bot import BingoHunter  # noqa: E402


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    out = sys.argv[2] if len(sys.argv) > 2 else "patience-sweep.png"
    values, rates, lows, highs = [], [], [], []
    for patience in range(0, 9, 2):
        player = type(f"patience-{patience}", (BingoHunter,), {"patience": patience})
        player.name = f"patience-{patience}"
        bots = owlery.sim([player, "greedy"], games=games, seed=7)["bots"]
        row = bots[bots["bot"] == player.name].iloc[0]
        values.append(patience)
        rates.append(row.win_rate)
        lows.append(row.win_rate - row.ci95_low)
        highs.append(row.ci95_high - row.win_rate)
    plt.errorbar(values, rates, yerr=[lows, highs], marker="o", capsize=4)
    plt.axhline(0.5, color="grey", linewidth=0.8)
    plt.xlabel("points given up to keep S, E, R and blanks")
    plt.ylabel(f"win rate against greedy ({games} games each)")
    plt.savefig(out, dpi=120, bbox_inches="tight")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
