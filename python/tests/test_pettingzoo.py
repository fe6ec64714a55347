"""The PettingZoo environment, checked by PettingZoo's own API test."""

import numpy as np
import pytest

pz = pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

import owlery.pettingzoo  # noqa: E402


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoos_api_test_passes(players):
    api_test(owlery.pettingzoo.env(players), num_cycles=300, verbose_progress=False)


def test_the_mask_marks_the_legal_choices_and_only_the_agent_to_play_has_one():
    env = owlery.pettingzoo.env(2)
    env.reset(seed=3)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    assert mask.sum() == len(env.infos[agent]["legal"]) > 0
    other = [a for a in env.agents if a != agent][0]
    assert env.observe(other)["action_mask"].sum() == 0
    # The agents' racks differ, and neither observation holds the other's.
    assert (env.observe(agent)["observation"]["rack"] != env.observe(other)["observation"]["rack"]).any()


def test_a_game_ends_with_the_winners_reward():
    env = owlery.pettingzoo.env(2)
    env.reset(seed=1)
    total = {a: 0.0 for a in env.agents}
    for agent in env.agent_iter(max_iter=2000):
        _, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        env.step(None if terminated or truncated else 0)
    assert sorted(total.values()) in ([0.0, 1.0], [0.5, 0.5])


@pytest.mark.parametrize("players, variant", [(2, "classic"), (3, "forfeit")])
def test_the_card_games_environment_passes_pettingzoos_api_test(players, variant):
    api_test(owlery.pettingzoo.card_env(players, variant), num_cycles=200, verbose_progress=False)


def test_the_card_table_window_holds_the_cards_played():
    env = owlery.pettingzoo.card_env(2, "forfeit")
    env.reset(seed=4)
    for _ in range(12):
        agent = env.agent_selection
        observation = env.observe(agent)
        assert observation["action_mask"].sum() == len(env.infos[agent]["legal"])
        env.step(0)
        if env.terminations[env.agent_selection]:
            break
    words = env.game.observe(0).table
    shown = env.observe(env.agents[0])["observation"]["table"]
    assert (shown > 0).sum() == len(owlery.pettingzoo._table_cells(words)) > 0


@pytest.mark.parametrize("players", [2, 5])
def test_monopolys_environment_passes_pettingzoos_api_test(players):
    api_test(owlery.pettingzoo.monopoly_env(players), num_cycles=300, verbose_progress=False)


def test_monopoly_plays_to_its_end_with_one_agent_asked_at_a_time():
    env = owlery.pettingzoo.monopoly_env(3)
    env.reset(seed=6)
    total = {a: 0.0 for a in env.agents}
    steps = 0
    for agent in env.agent_iter(max_iter=20_000):
        observation, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.sum() == len(env.infos[agent]["legal"]) > 0
        assert observation["observation"]["question"].sum() == 1
        env.step(int(np.flatnonzero(mask)[steps % int(mask.sum())]))
        steps += 1
    assert env.game.is_over and sum(total.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("players", [2, 4])
def test_the_harry_potter_editions_environment_passes_pettingzoos_api_test(players):
    api_test(owlery.pettingzoo.hp_env(players), num_cycles=300, verbose_progress=False)


def test_a_harry_potter_agent_sees_its_own_cards_and_the_question():
    env = owlery.pettingzoo.hp_env(3)
    env.reset(seed=5)
    asked = set()
    for _ in range(200):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        seat = env.possible_agents.index(agent)
        seen = env.observe(agent)["observation"]
        assert seen["hand"].sum() == len(env.game.observe(seat).hand) == seen["hand_sizes"][seat]
        assert seen["question"].sum() == 1
        asked.add(env.game.question)
        env.step(0 if env.game.question != "card" else len(env.infos[agent]["legal"]) - 1)
    assert {"card", "move"} <= asked


@pytest.mark.parametrize("players", [2, 4])
def test_rummys_environment_passes_pettingzoos_api_test(players):
    api_test(owlery.pettingzoo.rummy_env(players), num_cycles=300, verbose_progress=False)


def test_a_rummy_agent_sees_its_hand_and_the_round_card():
    env = owlery.pettingzoo.rummy_env(2)
    env.reset(seed=9)
    for _ in range(40):
        agent = env.agent_selection
        seat = env.possible_agents.index(agent)
        seen = env.observe(agent)["observation"]
        assert seen["hand"].sum() == len(env.game.observe(seat).hand)
        card = env.game.observe(seat).round
        assert seen["round_words"].sum() == len(card["words"])
        env.step(0)
