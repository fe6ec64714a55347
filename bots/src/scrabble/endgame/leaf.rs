//! A position the search leaves unsearched, valued by playing it out: each seat in turn
//! makes the placement that gains most at once (its score, and the end's adjustments if it
//! goes out) until the game ends. Far nearer the truth than a guess from the racks alone, so
//! a shallow search chooses well (MAGPIE and Macondo value their leaves so).

use super::position::{After, Ending, Position};
use super::table::Best;
use super::{EndgameSearch, Scored};

/// Moves a leaf's playout makes at most before the rest is guessed from the racks
/// ([`Ending::estimate`]): more than two racks of tiles placed one at a time.
const MOST_MOVES: usize = 16;

impl EndgameSearch {
    /// The mover's gain over the opponent from `position` to the end of the game, both seats
    /// playing greedily, and the mover's first move there. Each move considered counts
    /// against the budget as an expansion: where the budget runs out, the search is cut
    /// short (`aborted`) and the value is not used.
    pub(super) fn played_out(&mut self, ending: &Ending<'_>, position: &Position) -> (i32, Best) {
        let leaf_mover = position.mover;
        let mut position = *position;
        // The leaf mover's gain so far, and the placements laid (taken back at the end).
        let mut spread = 0;
        let mut laid = std::mem::take(&mut self.leaf_laid);
        laid.clear();
        let mut moves = std::mem::take(&mut self.leaf_moves);
        let mut first = None;
        let value = loop {
            let mover = position.mover;
            let sign = if mover == leaf_mover { 1 } else { -1 };
            if laid.len() >= MOST_MOVES {
                break spread + sign * ending.estimate(&position);
            }
            if self.expanded >= self.budget {
                self.aborted = true;
                break 0;
            }
            self.expanded += 1;
            let going_out = ending.going_out(&position);
            moves.clear();
            let (rack, observation) = (position.racks[mover], ending.observation);
            let (movegen, board) = (&mut self.movegen, &self.board);
            let held = (mover, &rack);
            self.lists
                .fill(movegen, board, observation, held, going_out, &mut moves);
            let best = moves.iter().copied().reduce(more_gain);
            first.get_or_insert(best.map_or(Best::Pass, Best::Place));
            let after = match best {
                Some(best) => ending.after_placement(&position, &best.placement, best.score),
                None => ending.after_pass(&position),
            };
            match (after, best) {
                (After::Ended(value), _) => break spread + sign * value,
                (After::Next(next), Some(best)) => {
                    spread += sign * best.score;
                    best.placement.lay_on(&mut self.board);
                    self.lists.lay(&best.placement);
                    laid.push(best.placement);
                    position = next;
                }
                (After::Next(next), None) => position = next,
            }
        };
        for placement in laid.iter().rev() {
            placement.take_off(&mut self.board);
            self.lists.take_back();
        }
        self.leaf_laid = laid;
        self.leaf_moves = moves;
        (value, first.unwrap_or(Best::Pass))
    }
}

/// The placement gaining more at once; of equal gains the first in the placements' order,
/// so the choice does not depend on the order a list was made in.
fn more_gain(best: Scored, other: Scored) -> Scored {
    let better = (other.gain, std::cmp::Reverse(other.placement))
        > (best.gain, std::cmp::Reverse(best.placement));
    if better { other } else { best }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use engine::play::{Decider, Stepped, play_until};
    use engine::scrabble::{Game, Move, MoveGen, Placement, Rules};
    use lexicon::{Edition, Lexicon};

    use super::*;

    /// The mover's gain over the other seat from `game` to its end, each seat making the
    /// placement that gains it most at once, played through the engine (of equal gains the
    /// first in the placements' order), or passing where it has none.
    fn greedy_through_the_engine(game: &Game, movegen: &mut MoveGen) -> i32 {
        let leaf_mover = game.to_move();
        let spread = |game: &Game| game.scores()[leaf_mover] - game.scores()[1 - leaf_mover];
        let mut playing = game.clone();
        while !playing.is_over() {
            let mover = playing.to_move();
            let gain = |action: Move| {
                let mut next = playing.clone();
                next.play(action).unwrap();
                let lead = |game: &Game| game.scores()[mover] - game.scores()[1 - mover];
                lead(&next) - lead(&playing)
            };
            let mut best: Option<(i32, std::cmp::Reverse<Placement>)> = None;
            let rack = *playing.rack(mover);
            let (board, rules, lexicon) = (playing.board(), playing.rules(), playing.lexicon());
            movegen.generate(board, rules, lexicon, &rack, |candidate| {
                let placement = candidate.placement();
                let this = (gain(Move::Place(placement)), std::cmp::Reverse(placement));
                best = best.max(Some(this));
            });
            let action = best.map_or(Move::Pass, |(_, placement)| Move::Place(placement.0));
            playing.play(action).unwrap();
        }
        spread(&playing) - spread(game)
    }

    /// At the first turn with the bag empty in `equity`-played games, and at each turn after
    /// it, the leaf's playout gives the gain the same greedy moves give through the engine.
    #[test]
    fn a_leaf_played_out_gains_what_the_engine_gives_the_same_moves() {
        let rules = Arc::new(Rules::standard());
        let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
        let model = crate::scrabble::leaves::LeaveModel::embedded();
        let mut search = EndgameSearch::new(u32::MAX);
        let mut movegen = MoveGen::new();
        let mut equity = crate::scrabble::Equity::new(model);
        let mut positions = 0;
        for seed in 0..12 {
            let mut game = Game::new(rules.clone(), lexicon.clone(), 2, seed).unwrap();
            let mut seats: Vec<Box<dyn Decider<Game>>> = vec![
                Box::new(crate::scrabble::Equity::new(model)),
                Box::new(crate::scrabble::Equity::new(model)),
            ];
            play_until(&mut game, &mut seats, |game: &Game| game.bag_len() == 0).unwrap();
            while !game.is_over() {
                let observation = game.observation(game.to_move());
                let Some((ending, root)) = search.begin(&observation) else {
                    break;
                };
                let (value, _) = search.played_out(&ending, &root);
                assert_eq!(
                    value,
                    greedy_through_the_engine(&game, &mut movegen),
                    "seed {seed}: {}",
                    game.describe()
                );
                // The board is the root's again.
                assert_eq!(&search.board, observation.board);
                positions += 1;
                let chosen = equity.choose(&observation);
                game.play(chosen).unwrap();
            }
        }
        assert!(positions >= 30, "{positions} positions");
    }
}
