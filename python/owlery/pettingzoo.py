"""The crossword game as a PettingZoo AEC environment (``pip install ./python[pettingzoo]``).

Each agent (``seat_0``, ``seat_1``, ...) observes only its own seat: the board, its rack and
everyone's scores and rack sizes, never another rack or the bag's order. An action is an
index into the legal choices listed at that step (``Game.legal()``: placements by score,
then exchanges, then the pass), and ``action_mask`` marks the indices in use. A rack with two
blanks can have more placements than ``MAX_CHOICES``; the lowest-scoring placements are then
left out of the list (exchanges and the pass stay). The reward comes at the end: 1 to the
winner (shared among tied winners), 0 to the others.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector

from . import Choice, Game

#: The size of the action space: more than the placements of any rack seen in play.
MAX_CHOICES = 1 << 15
_LETTERS = 26
_KINDS = 27


def _encode_board(rows: List[str]) -> np.ndarray:
    """0 empty, 1-26 a letter tile A-Z, 27-52 a blank showing a-z."""
    board = np.zeros((15, 15), dtype=np.int8)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if "A" <= ch <= "Z":
                board[r, c] = ord(ch) - ord("A") + 1
            elif "a" <= ch <= "z":
                board[r, c] = ord(ch) - ord("a") + 1 + _LETTERS
    return board


def _encode_tiles(text: str) -> np.ndarray:
    """Counts by kind: A-Z then the blank."""
    counts = np.zeros(_KINDS, dtype=np.int8)
    for ch in text:
        counts[_LETTERS if ch == "?" else ord(ch) - ord("A")] += 1
    return counts


def _capped(choices: List[Choice]) -> List[Choice]:
    """At most ``MAX_CHOICES`` choices, dropping the lowest-scoring placements."""
    if len(choices) <= MAX_CHOICES:
        return choices
    others = [c for c in choices if c.kind != "place"]
    places = [c for c in choices if c.kind == "place"]
    return places[: MAX_CHOICES - len(others)] + others


class ScrabbleEnv(AECEnv):
    """The plain crossword game for ``players`` seats, dealt from the seed given to ``reset``."""

    metadata = {"name": "owlery_scrabble_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, players: int = 2, render_mode: Optional[str] = None):
        super().__init__()
        if not 2 <= players <= 4:
            raise ValueError(f"players={players}: expected 2 to 4")
        self.players = players
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(players)]
        self.action_spaces = {a: spaces.Discrete(MAX_CHOICES) for a in self.possible_agents}
        observation = spaces.Dict(
            {
                "board": spaces.Box(0, 2 * _LETTERS, shape=(15, 15), dtype=np.int8),
                "rack": spaces.Box(0, 7, shape=(_KINDS,), dtype=np.int8),
                "unseen": spaces.Box(0, 12, shape=(_KINDS,), dtype=np.int8),
                "scores": spaces.Box(-10_000, 10_000, shape=(players,), dtype=np.int32),
                "rack_sizes": spaces.Box(0, 7, shape=(players,), dtype=np.int8),
                "bag": spaces.Box(0, 100, shape=(1,), dtype=np.int8),
            }
        )
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": observation,
                    "action_mask": spaces.Box(0, 1, shape=(MAX_CHOICES,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.game: Optional[Game] = None
        self._choices: List[Choice] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0])
        self.game = Game(self.players, seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._selector = AgentSelector(self.agents)
        self._select()

    def _select(self) -> None:
        """Points ``agent_selection`` at the seat to play and lists its choices."""
        seat = self.game.to_play
        if seat is None:
            return
        self.agent_selection = self.possible_agents[seat]
        self._choices = _capped(self.game.legal())
        self.infos[self.agent_selection] = {"legal": [c.text for c in self._choices]}

    def observe(self, agent: str) -> Dict[str, Any]:
        seat = self.possible_agents.index(agent)
        seen = self.game.observe(seat)
        mask = np.zeros(MAX_CHOICES, dtype=np.int8)
        if agent == self.agent_selection and not self.game.is_over:
            mask[: len(self._choices)] = 1
        observation = {
            "board": _encode_board(seen.board),
            "rack": _encode_tiles(seen.rack),
            "unseen": _encode_tiles(seen.unseen),
            "scores": np.array(seen.scores, dtype=np.int32),
            "rack_sizes": np.array(seen.rack_sizes, dtype=np.int8),
            "bag": np.array([seen.bag], dtype=np.int8),
        }
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if not 0 <= int(action) < len(self._choices):
            raise ValueError(f"action {action}: expected 0 to {len(self._choices) - 1} (action_mask)")
        self.game.apply(self._choices[int(action)])
        if self.game.is_over:
            winners = self.game.winners
            for seat in winners:
                self.rewards[self.possible_agents[seat]] = 1.0 / len(winners)
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            # Each agent is asked once more, to see the end (PettingZoo's dead steps).
            self.agent_selection = self.possible_agents[(int(agent.split("_")[1]) + 1) % self.players]
            return
        self._accumulate_rewards()
        self._select()

    def render(self) -> Optional[str]:
        if self.game is None:
            return None
        text = "\n".join(self.game.observe(0).board) + f"\nscores {self.game.scores}"
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass


def env(players: int = 2, render_mode: Optional[str] = None) -> ScrabbleEnv:
    """The crossword game as a PettingZoo AEC environment."""
    return ScrabbleEnv(players, render_mode)
