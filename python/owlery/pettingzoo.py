"""The crossword game, the Harry Potter edition, the card game (Classic, Forfeit, Rummy) and
Monopoly as PettingZoo AEC environments
(``pip install ./python[pettingzoo]``).

Each agent (``seat_0``, ``seat_1``, ...) observes only its own seat: never another rack or
hand, nor the bag's or draw pile's order. An action is an index into the legal choices listed
at that step (``legal()``: placements by score, then exchanges, then the pass; in Forfeit the
Action plays when one is asked), ``action_mask`` marks the indices in use, and ``info["legal"]``
names them. Where a position has more placements than ``MAX_CHOICES`` (a rack with two blanks
can come near), the lowest-scoring placements are left out of the list; exchanges and the pass
stay. Monopoly lists its answers as ``Monopoly.legal()`` does (bids and deals discretised; at
most ``MONOPOLY_CHOICES``). The reward comes at the end: 1 to the winner (shared among tied winners), 0 to the
others.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector

from . import CardGame, Game, HpGame, Monopoly, RummyGame

#: The size of the action space: more than the placements of any rack seen in play.
MAX_CHOICES = 1 << 15
#: The card game's table is shown as a window this many squares wide and high, centred on
#: the table's cards (a card beyond it is left out of the window).
CARD_WINDOW = 31
_LETTERS = 26
_KINDS = 27
#: Monopoly's action space: more than the answers it lists to any question (at most 197 with
#: six players: no deal, 28 mortgages, and one-property deals).
MONOPOLY_CHOICES = 256
_PROPERTIES = 28
_QUESTIONS = ["trade", "accept", "crests", "unmortgage", "jail", "explore", "take_common_room",
              "bid", "ask_rent", "raise"]
_HOUSES = ["gryffindor", "hufflepuff", "ravenclaw", "slytherin"]


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


def _capped(choices: list, limit: int) -> list:
    """At most ``limit`` choices, dropping the lowest-scoring placements."""
    if len(choices) <= limit:
        return choices
    others = [c for c in choices if c.kind != "place"]
    places = [c for c in choices if c.kind == "place"]
    return places[: limit - len(others)] + others


class _ChoiceEnv(AECEnv):
    """An AEC environment over a game stepped by choosing among its listed choices."""

    #: The size of the action space.
    choices = MAX_CHOICES
    #: The most seats at one table.
    most_players = 4

    def __init__(self, players: int, render_mode: Optional[str]):
        super().__init__()
        if not 2 <= players <= self.most_players:
            raise ValueError(f"players={players}: expected 2 to {self.most_players}")
        self.players = players
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(players)]
        self.action_spaces = {a: spaces.Discrete(self.choices) for a in self.possible_agents}
        seen = self._observation_space()
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": seen,
                    "action_mask": spaces.Box(0, 1, shape=(self.choices,), dtype=np.int8),
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
        self._choices = _capped(self.game.legal(), self.choices)
        self.infos[self.agent_selection] = {"legal": [c.text for c in self._choices]}

    def observe(self, agent: str) -> Dict[str, Any]:
        seen = self.game.observe(self.possible_agents.index(agent))
        mask = np.zeros(self.choices, dtype=np.int8)
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


class HpEnv(ScrabbleEnv):
    """Scrabble: Harry Potter Edition for ``players`` seats, houses drawn from the seed given
    to ``reset``. Each step answers one question of the turn (a challenge of the last words,
    a Hogwarts card or none, the move, a discard after Engorgio); an agent sees its own rack
    and cards, never another's."""

    metadata = {"name": "owlery_scrabble_hp_v0", "render_modes": ["ansi"], "is_parallelizable": False}
    _QUESTIONS = ["challenge", "card", "move", "discard"]
    _HOUSES = ["gryffindor", "hufflepuff", "ravenclaw", "slytherin"]

    def __init__(self, players: int = 2, render_mode: Optional[str] = None):
        self._cards = HpGame.cards()
        super().__init__(players, render_mode)

    def _observation_space(self) -> spaces.Space:
        n = self.players
        seen = dict(super()._observation_space().spaces)
        seen["rack"] = spaces.Box(0, 15, shape=(_KINDS,), dtype=np.int8)
        seen["rack_sizes"] = spaces.Box(0, 15, shape=(n,), dtype=np.int8)
        seen.update(
            {
                "hand": spaces.Box(0, 32, shape=(len(self._cards),), dtype=np.int8),
                "hand_sizes": spaces.Box(0, 32, shape=(n,), dtype=np.int8),
                "houses": spaces.Box(0, 3, shape=(n,), dtype=np.int8),
                "question": spaces.Box(0, 1, shape=(len(self._QUESTIONS),), dtype=np.int8),
                "deck": spaces.Box(0, 127, shape=(1,), dtype=np.int8),
                "backwards": spaces.Box(0, 1, shape=(1,), dtype=np.int8),
            }
        )
        return spaces.Dict(seen)

    def _new_game(self, seed: int) -> HpGame:
        return HpGame(self.players, seed)

    def _encode(self, seen) -> Dict[str, np.ndarray]:
        encoded = super()._encode(seen)
        hand = np.zeros(len(self._cards), dtype=np.int8)
        for card in seen.hand:
            hand[self._cards.index(card)] += 1
        question = np.zeros(len(self._QUESTIONS), dtype=np.int8)
        if seen.question is not None:
            question[self._QUESTIONS.index(seen.question)] = 1
        encoded.update(
            {
                "hand": hand,
                "hand_sizes": np.array([min(h, 32) for h in seen.hand_sizes], dtype=np.int8),
                "houses": np.array([self._HOUSES.index(h) for h in seen.houses], dtype=np.int8),
                "question": question,
                "deck": np.array([min(seen.deck, 127)], dtype=np.int8),
                "backwards": np.array([seen.backwards], dtype=np.int8),
            }
        )
        return encoded


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


class RummyEnv(_ChoiceEnv):
    """The Scrabble Card Game's Rummy for ``players`` seats: draw (the pile or the discard
    pile's top card), then a meld of the Round card's shape or nothing, and a discard. An
    agent sees its own hand, never another's."""

    metadata = {"name": "owlery_scrabble_cards_rummy_v0", "render_modes": ["ansi"], "is_parallelizable": False}
    _LENGTHS = 16

    def __init__(self, players: int = 2, render_mode: Optional[str] = None):
        super().__init__(players, render_mode)

    def _observation_space(self) -> spaces.Space:
        return spaces.Dict(
            {
                "hand": spaces.Box(0, 16, shape=(_KINDS,), dtype=np.int8),
                "discard_top": spaces.Box(0, _KINDS, shape=(1,), dtype=np.int8),
                "question": spaces.Box(0, 1, shape=(2,), dtype=np.int8),
                # The Round card: words asked by length, the optional word's length, and its
                # flags (even word, all cards, one word, leftovers subtracted) and multipliers.
                "round_words": spaces.Box(0, 16, shape=(self._LENGTHS,), dtype=np.int8),
                "round_optional": spaces.Box(0, self._LENGTHS, shape=(1,), dtype=np.int8),
                "round_flags": spaces.Box(0, 1, shape=(4,), dtype=np.int8),
                "round_multipliers": spaces.Box(1, 100, shape=(2,), dtype=np.int8),
                "scores": spaces.Box(-10_000, 10_000, shape=(self.players,), dtype=np.int32),
                "rounds_played": spaces.Box(0, 100, shape=(1,), dtype=np.int8),
            }
        )

    def _new_game(self, seed: int) -> RummyGame:
        return RummyGame(self.players, seed)

    def _encode(self, seen) -> Dict[str, np.ndarray]:
        card = seen.round
        words = np.zeros(self._LENGTHS, dtype=np.int8)
        for length in card["words"]:
            words[min(length, self._LENGTHS - 1)] += 1
        top = seen.discard_top
        return {
            "hand": _encode_tiles(seen.hand),
            "discard_top": np.array([0 if top is None else int(_encode_tiles(top).argmax()) + 1], dtype=np.int8),
            "question": np.array([seen.question == "draw", seen.question == "meld"], dtype=np.int8),
            "round_words": words,
            "round_optional": np.array([card["optional_word"] or 0], dtype=np.int8),
            "round_flags": np.array(
                [card["even_word"], card["all_cards"], card["one_word"], card["subtract_leftovers"]],
                dtype=np.int8,
            ),
            "round_multipliers": np.array([card["word_multiplier"], card["letter_multiplier"]], dtype=np.int8),
            "scores": np.array(seen.scores, dtype=np.int32),
            "rounds_played": np.array([min(len(seen.results), 100)], dtype=np.int8),
        }

    def render(self) -> Optional[str]:
        if self.game is None:
            return None
        text = repr(self.game)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


class MonopolyEnv(_ChoiceEnv):
    """Monopoly: Harry Potter for ``players`` seats (2 to 6), houses drawn from the seed given
    to ``reset``. Everything on the table is public, so every agent sees the same table; only
    the agent asked sees the question. Properties are by index (``Monopoly.board``)."""

    metadata = {"name": "owlery_monopoly_hp_v0", "render_modes": ["ansi"], "is_parallelizable": False}
    choices = MONOPOLY_CHOICES
    most_players = 6

    def __init__(self, players: int = 4, render_mode: Optional[str] = None):
        super().__init__(players, render_mode)

    def _observation_space(self) -> spaces.Space:
        n, p = self.players, _PROPERTIES
        return spaces.Dict(
            {
                "points": spaces.Box(-100_000, 100_000, shape=(n,), dtype=np.int32),
                "positions": spaces.Box(0, 63, shape=(n,), dtype=np.int8),
                "houses": spaces.Box(0, 3, shape=(n,), dtype=np.int8),
                "out": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                "in_jail": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                "jail_cards": spaces.Box(0, 4, shape=(n,), dtype=np.int8),
                "owners": spaces.Box(0, n, shape=(p,), dtype=np.int8),
                "mortgaged": spaces.Box(0, 1, shape=(p,), dtype=np.int8),
                "crested": spaces.Box(0, 1, shape=(p,), dtype=np.int8),
                "unexplored": spaces.Box(0, 1, shape=(p,), dtype=np.int8),
                "question": spaces.Box(0, 1, shape=(len(_QUESTIONS),), dtype=np.int8),
                "about": spaces.Box(0, 1, shape=(p,), dtype=np.int8),
                "deal_give": spaces.Box(0, 1, shape=(p,), dtype=np.int8),
                "deal_take": spaces.Box(0, 1, shape=(p,), dtype=np.int8),
                "deal_points": spaces.Box(-100_000, 100_000, shape=(1,), dtype=np.int32),
                "owed": spaces.Box(0, 100_000, shape=(1,), dtype=np.int32),
                "turns": spaces.Box(0, 100_000, shape=(1,), dtype=np.int32),
                "deck": spaces.Box(0, 127, shape=(1,), dtype=np.int8),
            }
        )

    def _new_game(self, seed: int) -> Monopoly:
        return Monopoly(self.players, seed)

    def _encode(self, seen) -> Dict[str, np.ndarray]:
        def bits(indices) -> np.ndarray:
            mask = np.zeros(_PROPERTIES, dtype=np.int8)
            mask[list(indices)] = 1
            return mask

        question = seen.question or {}
        kind = np.zeros(len(_QUESTIONS), dtype=np.int8)
        if question:
            kind[_QUESTIONS.index(question["kind"])] = 1
        deal = question.get("trade", {})
        return {
            "points": np.array(seen.points, dtype=np.int32),
            "positions": np.array(seen.positions, dtype=np.int8),
            "houses": np.array([_HOUSES.index(h) for h in seen.houses], dtype=np.int8),
            "out": np.array(seen.out, dtype=np.int8),
            "in_jail": np.array(seen.in_jail, dtype=np.int8),
            "jail_cards": np.array([min(c, 4) for c in seen.jail_cards], dtype=np.int8),
            "owners": np.array([0 if o is None else o + 1 for o in seen.owners], dtype=np.int8),
            "mortgaged": bits(seen.mortgaged),
            "crested": bits(seen.crested),
            "unexplored": bits(seen.unexplored),
            "question": kind,
            "about": bits([question["property"]] if "property" in question else []),
            "deal_give": bits(deal.get("give", [])),
            "deal_take": bits(deal.get("take", [])),
            "deal_points": np.array([deal.get("points", 0)], dtype=np.int32),
            "owed": np.array([question.get("owed", 0)], dtype=np.int32),
            "turns": np.array([seen.turns], dtype=np.int32),
            "deck": np.array([min(seen.deck, 127)], dtype=np.int8),
        }

    def render(self) -> Optional[str]:
        if self.game is None:
            return None
        text = repr(self.game)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


def env(players: int = 2, render_mode: Optional[str] = None) -> ScrabbleEnv:
    """The crossword game as a PettingZoo AEC environment."""
    return ScrabbleEnv(players, render_mode)


def hp_env(players: int = 2, render_mode: Optional[str] = None) -> HpEnv:
    """Scrabble: Harry Potter Edition as a PettingZoo AEC environment."""
    return HpEnv(players, render_mode)


def card_env(players: int = 2, variant: str = "classic", render_mode: Optional[str] = None) -> CardGameEnv:
    """The Scrabble Card Game (Classic or Forfeit) as a PettingZoo AEC environment."""
    return CardGameEnv(players, variant, render_mode)


def rummy_env(players: int = 2, render_mode: Optional[str] = None) -> RummyEnv:
    """The Scrabble Card Game's Rummy as a PettingZoo AEC environment."""
    return RummyEnv(players, render_mode)


def monopoly_env(players: int = 4, render_mode: Optional[str] = None) -> MonopolyEnv:
    """Monopoly: Harry Potter as a PettingZoo AEC environment."""
    return MonopolyEnv(players, render_mode)
