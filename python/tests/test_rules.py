"""Rules changed from Python as the `owlery` command changes them: runs with settings and data
files, a change measured by paired games (`effect`), and one number swept (`sweep`)."""

import subprocess

import pytest

import owlery


def files(directory):
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir()) if p.is_file()}


@pytest.mark.parametrize(
    "game, variant, bots, settings",
    [
        ("scrabble-hp", None, ["cards", "greedy"], ["houses.ravenclaw.opening_tiles=9", "points.Q=8"]),
        ("scrabble-cards", "forfeit", ["greedy", "equity"], ["bingo_bonus=30"]),
        ("monopoly-hp", None, ["heuristic", "random", "heuristic"], ["go_reward=40"]),
    ],
)
def test_settings_make_the_run_the_owlery_command_makes(tmp_path, owlery_bin, game, variant, bots, settings):
    owlery.sim(bots, games=12, seed=4, out=tmp_path / "py", game=game, variant=variant, set=settings)
    command = [owlery_bin, "sim", game, "--games", "12", "--seed", "4", "--bots", ",".join(bots),
               "--out", str(tmp_path / "cli")]
    command += ["--variant", variant] if variant else []
    for setting in settings:
        command += ["--set", setting]
    subprocess.run(command, check=True, capture_output=True)
    assert files(tmp_path / "py") == files(tmp_path / "cli")
    plain = owlery.sim(bots, games=12, seed=4, game=game, variant=variant)
    # The manifest's fingerprint tells the changed rules from the shipped ones.
    changed = (tmp_path / "py" / "manifest.toml").read_text()
    assert "rules_hash" in changed and plain["manifest"] != changed


def test_a_rules_file_and_a_tile_file_are_read(tmp_path):
    rules = tmp_path / "rules.toml"
    rules.write_text("bingo_bonus = 90\n")
    base = owlery.sim(["greedy", "greedy"], games=20, seed=2)
    richer = owlery.sim(["greedy", "greedy"], games=20, seed=2, rules=rules)
    assert richer["bots"]["mean_score"].sum() > base["bots"]["mean_score"].sum()
    with pytest.raises(ValueError, match="rules.toml"):
        rules.write_text("bingo_bonus = 'many'\n")
        owlery.sim(["greedy", "greedy"], games=2, rules=rules)
    with pytest.raises(ValueError, match="nonsense"):
        owlery.sim(["greedy", "greedy"], games=2, set=["nonsense=3"])
    with pytest.raises(ValueError, match="expected one of board, tiles"):
        owlery.sim(["greedy", "greedy"], games=2, data={"dice": tmp_path / "x"})
    with pytest.raises(ValueError, match="missing.txt"):
        owlery.sim(["greedy", "greedy"], games=2, data={"tiles": tmp_path / "missing.txt"})


def test_an_effect_is_the_owlery_commands(tmp_path, owlery_bin):
    change = "houses.ravenclaw.opening_tiles=9"
    table = owlery.effect(change, ["cards", "greedy"], games=40, seed=3, duplicate=True, game="scrabble-hp")
    out = tmp_path / "cli"
    subprocess.run([owlery_bin, "effect", "scrabble-hp", "--change", change, "--bots", "cards,greedy",
                    "--games", "40", "--seed", "3", "--duplicate", "--out", str(out)],
                   check=True, capture_output=True)
    text = owlery._owlery.effect([change], ["cards", "greedy"], 40, 3, True, None, "scrabble-hp", None,
                                 rules=None, set=[], data=None)
    assert text == (out / "effect.csv").read_text()
    # 40 games, two seats: 20 deals each played in both seatings; Ravenclaw sat at some.
    seats = table[table.group == "seat"]
    assert (seats.deals == 20).all() and (seats.games == 40).all() and (table.change == change).all()
    ravenclaw = table[(table.group == "house") & (table.name == "ravenclaw")].iloc[0]
    assert 0 < ravenclaw.deals < 20
    with pytest.raises(ValueError, match="the rules are the same"):
        owlery.effect("bingo_bonus=50", ["greedy", "greedy"], games=4)


def test_a_large_bonus_shows_its_sign():
    # Both bots play bingos: a bonus of 150 instead of 50 raises both their points a game
    # far beyond the noise.
    table = owlery.effect("bingo_bonus=150", ["equity", "greedy"], games=200, seed=1)
    bots = table[table.group == "bot"].set_index("name")
    assert (bots.score_ci95_low > 20).all()
    # Win rates sum to one in each arm, so the two bots' effects are opposite.
    assert bots.win_rate_effect.sum() == pytest.approx(0, abs=1e-3)


def test_an_effect_to_a_precision_is_the_table_of_as_many_games():
    table = owlery.effect("bingo_bonus=20", ["greedy", "greedy"], games=4000, seed=4, precision=4)
    deals = int(table.deals.max())
    assert 256 < deals < 4000
    assert ((table.win_ci95_high - table.win_ci95_low) / 2 <= 0.04).all()
    fixed = owlery.effect("bingo_bonus=20", ["greedy", "greedy"], games=deals, seed=4)
    assert table.equals(fixed)


def test_a_sweep_runs_each_value_as_sim_does(tmp_path):
    swept = owlery.sweep("bingo_bonus", [20, 80], ["greedy", "equity"], games=30, seed=6, out=tmp_path)
    assert list(swept.columns[:4]) == ["key", "value", "group", "name"]
    assert sorted(set(swept.value)) == ["20", "80"] and set(swept.group) == {"bot", "seat"}
    again = owlery.sim(["greedy", "equity"], games=30, seed=6, set=["bingo_bonus=80"])["bots"]
    rows = swept[(swept.value == "80") & (swept.group == "bot")].set_index("name")
    assert rows.loc["equity", "win_rate"] == again.set_index("bot").loc["equity", "win_rate"]
    assert (tmp_path / "bingo_bonus=20" / "manifest.toml").exists()


def test_an_environment_on_changed_rules_plays_the_simulators_game(tmp_path):
    settings = ["houses.ravenclaw.opening_tiles=9", "glossary_bonus=30"]
    tables = owlery.sim(["cards", "greedy"], games=4, seed=9, per_game=True, game="scrabble-hp",
                        set=settings, out=tmp_path / "run")
    for row in tables["games"].itertuples():
        game = owlery.HpGame(2, row.seed, set=settings)
        players = [owlery.HpBot(row.bot1), owlery.HpBot(row.bot2)]
        for seat, player in enumerate(players):
            player.start_game(owlery.bot_seed(row.seed, seat))
        owlery.play(game, players)
        assert game.scores == [row.score1, row.score2]
    # Each environment plays the changed numbers: an auction opens at the bid set.
    monopoly = owlery.Monopoly(3, 1, set=["auction_opening=20"])
    while monopoly.question["kind"] != "bid":
        monopoly.apply("n" if monopoly.question["kind"] == "explore" else monopoly.legal()[0])
    assert "bids from 20 in tens" in monopoly.question["text"]
    assert [c.text for c in monopoly.legal()][:2] == ["0", "20"]
    with pytest.raises(ValueError, match="auction_opening"):
        owlery.Monopoly(3, 1, set=["auction_opening=many"])
    assert len(owlery.Game(2, 1, set=["rack_size=8"]).observe(0).rack) == 8
    assert len(owlery.RummyGame(2, 1, set=["hand_size=9"]).observe(0).hand) == 9
    assert len(owlery.CardGame(2, 1, "forfeit", set=["hand_size=9"]).observe(0).hand) == 9
