"""The crossword game and the card game as PettingZoo AEC environments
(``pip install ./python[pettingzoo]``).

Each agent (``seat_0``, ``seat_1``, ...) observes only its own seat: never another rack or
hand, nor the bag's or draw pile's order. An action is an index into the legal choices listed
at that step (``legal()``: placements by score, then exchanges, then the pass; in Forfeit the
Action plays when one is asked), ``action_mask`` marks the indices in use, and ``info["legal"]``
names them. Where a position has more placements than ``MAX_CHOICES`` (a rack with two blanks
can come near), the lowest-scoring placements are left out of the list; exchanges and the pass
stay. The reward comes at the end: 1 to the winner (shared among tied winners), 0 to the
others.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector

from . import CardGame, Game

#: The size of the action space: more than the placements of any rack seen in play.
MAX_CHOICES = 1 << 15
#: The card game's table is shown as a window this many squares wide and high, centred on
#: the table's cards (a card beyond it is left out of the window).
CARD_WINDOW = 31
_LETTERS = 26
_KINDS = 27


def _cell_code(ch: str) -> int:
    """0 empty, 1-26 a letter A-Z, 27-52 a blank showing a-z."""
    if "A" <= ch <= "Z":
        return ord(ch) - ord("A") + 1
    if "a" <= ch <= "z":
        return ord(ch) - ord("a") + 1 + _LETTERS
    return 0


def _encode_board(rows: List[str]) -> np.ndarray:
    board = np.zeros((15, 15), dtype=np.int8)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            board[r, c] = _cell_code(ch)
    return board


def _encode_tiles(text: str) -> np.ndarray:
    """Counts by kind: A-Z then the blank."""
    counts = np.zeros(_KINDS, dtype=np.int8)
    for ch in text:
        counts[_LETTERS if ch == "?" else ord(ch.upper()) - ord("A")] += 1
    return counts


def _table_cells(words: List[str]) -> Dict[tuple, str]:
    """The card game's table from its words (``WORD@ROW,COL``, ``v`` for down)."""
    cells = {}
    for word in words:
        text, at = word.split("@")
        down = at.endswith("v")
        row, col = (int(x) for x in at.rstrip("v").split(","))
        for k, ch in enumerate(text):
            cells[(row + k, col) if down else (row, col + k)] = ch
    return cells


def _encode_table(words: List[str]) -> np.ndarray:
    window = np.zeros((CARD_WINDOW, CARD_WINDOW), dtype=np.int8)
    cells = _table_cells(words)
    if not cells:
        return window
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    top = (min(rows) + max(rows)) // 2 - CARD_WINDOW // 2
    left = (min(cols) + max(cols)) // 2 - CARD_WINDOW // 2
    for (r, c), ch in cells.items():
        if 0 <= r - top < CARD_WINDOW and 0 <= c - left < CARD_WINDOW:
            window[r - top, c - left] = _cell_code(ch)
    return window


def _capped(choices: list) -> list:
    """At most ``MAX_CHOICES`` choices, dropping the lowest-scoring placements."""
    if len(choices) <= MAX_CHOICES:
        return choices
    others = [c for c in choices if c.kind != "place"]
    places = [c for c in choices if c.kind == "place"]
    return places[: MAX_CHOICES - len(others)] + others


class _ChoiceEnv(AECEnv):
    """An AEC environment over a game stepped by choosing among its listed choices."""

    def __init__(self, players: int, render_mode: Optional[str]):
        super().__init__()
        if not 2 <= players <= 4:
            raise ValueError(f"players={players}: expected 2 to 4")
        self.players = players
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(players)]
        self.action_spaces = {a: spaces.Discrete(MAX_CHOICES) for a in self.possible_agents}
        seen = self._observation_space()
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": seen,
                    "action_mask": spaces.Box(0, 1, shape=(MAX_CHOICES,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.game = None
        self._choices: list = []

    def _observation_space(self) -> spaces.Space:
        raise NotImplementedError

    def _new_game(self, seed: int):
        raise NotImplementedError

    def _encode(self, seen) -> Dict[str, np.ndarray]:
        raise NotImplementedError

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0])
        self.game = self._new_game(seed)
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
        seen = self.game.observe(self.possible_agents.index(agent))
        mask = np.zeros(MAX_CHOICES, dtype=np.int8)
        if agent == self.agent_selection and not self.game.is_over:
            mask[: len(self._choices)] = 1
        return {"observation": self._encode(seen), "action_mask": mask}

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
            seat = self.possible_agents.index(agent)
            self.agent_selection = self.possible_agents[(seat + 1) % self.players]
            return
        self._accumulate_rewards()
        self._select()

    def close(self) -> None:
        pass


class ScrabbleEnv(_ChoiceEnv):
    """The plain crossword game for ``players`` seats, dealt from the seed given to ``reset``."""

    metadata = {"name": "owlery_scrabble_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, players: int = 2, render_mode: Optional[str] = None):
        super().__init__(players, render_mode)

    def _observation_space(self) -> spaces.Space:
        return spaces.Dict(
            {
                "board": spaces.Box(0, 2 * _LETTERS, shape=(15, 15), dtype=np.int8),
                "rack": spaces.Box(0, 7, shape=(_KINDS,), dtype=np.int8),
                "unseen": spaces.Box(0, 12, shape=(_KINDS,), dtype=np.int8),
                "scores": spaces.Box(-10_000, 10_000, shape=(self.players,), dtype=np.int32),
                "rack_sizes": spaces.Box(0, 7, shape=(self.players,), dtype=np.int8),
                "bag": spaces.Box(0, 100, shape=(1,), dtype=np.int8),
            }
        )

    def _new_game(self, seed: int) -> Game:
        return Game(self.players, seed)

    def _encode(self, seen) -> Dict[str, np.ndarray]:
        return {
            "board": _encode_board(seen.board),
            "rack": _encode_tiles(seen.rack),
            "unseen": _encode_tiles(seen.unseen),
            "scores": np.array(seen.scores, dtype=np.int32),
            "rack_sizes": np.array(seen.rack_sizes, dtype=np.int8),
            "bag": np.array([seen.bag], dtype=np.int8),
        }

    def render(self) -> Optional[str]:
        if self.game is None:
            return None
        text = "\n".join(self.game.observe(0).board) + f"\nscores {self.game.scores}"
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


class CardGameEnv(_ChoiceEnv):
    """The Scrabble Card Game (``classic`` or ``forfeit``) for ``players`` seats. The table is
    shown as a window of ``CARD_WINDOW`` squares each way around its cards."""

    metadata = {"name": "owlery_scrabble_cards_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, players: int = 2, variant: str = "classic", render_mode: Optional[str] = None):
        if variant not in ("classic", "forfeit"):
            raise ValueError(f"variant {variant!r}: expected classic or forfeit")
        self.variant = variant
        super().__init__(players, render_mode)
        self.metadata = dict(self.metadata, name=f"owlery_scrabble_cards_{variant}_v0")

    def _observation_space(self) -> spaces.Space:
        return spaces.Dict(
            {
                "table": spaces.Box(0, 2 * _LETTERS, shape=(CARD_WINDOW, CARD_WINDOW), dtype=np.int8),
                "hand": spaces.Box(0, 16, shape=(_KINDS,), dtype=np.int8),
                "premiums": spaces.Box(0, 16, shape=(2,), dtype=np.int8),
                "action": spaces.Box(0, 1, shape=(1,), dtype=np.int8),
                "asked_action": spaces.Box(0, 1, shape=(1,), dtype=np.int8),
                "scores": spaces.Box(-10_000, 10_000, shape=(self.players,), dtype=np.int32),
                "draw": spaces.Box(0, 127, shape=(1,), dtype=np.int8),
            }
        )

    def _new_game(self, seed: int) -> CardGame:
        return CardGame(self.players, seed, self.variant)

    def _encode(self, seen) -> Dict[str, np.ndarray]:
        return {
            "table": _encode_table(seen.table),
            "hand": _encode_tiles(seen.hand),
            "premiums": np.array([seen.double, seen.triple], dtype=np.int8),
            "action": np.array([seen.action is not None], dtype=np.int8),
            "asked_action": np.array([seen.question == "action"], dtype=np.int8),
            "scores": np.array(seen.scores, dtype=np.int32),
            "draw": np.array([min(seen.draw, 127)], dtype=np.int8),
        }

    def render(self) -> Optional[str]:
        if self.game is None:
            return None
        text = " ".join(self.game.observe(0).table) + f"\nscores {self.game.scores}"
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


def env(players: int = 2, render_mode: Optional[str] = None) -> ScrabbleEnv:
    """The crossword game as a PettingZoo AEC environment."""
    return ScrabbleEnv(players, render_mode)


def card_env(players: int = 2, variant: str = "classic", render_mode: Optional[str] = None) -> CardGameEnv:
    """The Scrabble Card Game (Classic or Forfeit) as a PettingZoo AEC environment."""
    return CardGameEnv(players, variant, render_mode)
