//! Each position's placements, made from the root's: a search's boards differ from its root's
//! by a few plays, so the root's moves at every anchor those plays left alone still stand (for
//! the tiles the mover still holds), and only the anchors they changed are searched again.

use engine::scrabble::{
    Anchors, Board, Direction, LinesSeen, MoveGen, Observation, Placement, Rack,
};

use super::Scored;

/// A root placement and the tiles it takes from the rack.
#[derive(Debug, Clone, Copy)]
struct Rooted {
    tiles: Rack,
    score: i32,
    placement: Placement,
}

/// An anchor of the root (direction, line and position along it, as [`Anchors`] index them)
/// and where its placements end in a seat's list (they start where the anchor before ends).
type Group = ((Direction, usize, usize), usize);

/// The root's lines and each seat's placements there, holding its whole rack.
#[derive(Debug, Clone, Default)]
pub(super) struct MoveLists {
    /// Whether positions draw on the root's moves: not where the board holds a word read
    /// backwards, whose lines are read another way as a whole.
    from_root: bool,
    seen: LinesSeen,
    rooted: [Vec<Rooted>; 2],
    groups: [Vec<Group>; 2],
}

impl MoveLists {
    /// Readies the lists of a search from `board` (the root), the seats holding `racks`.
    pub(super) fn start(
        &mut self,
        movegen: &mut MoveGen,
        board: &Board,
        observation: &Observation<'_>,
        racks: &[Rack; 2],
    ) {
        self.from_root = !board.has_backwards();
        if !self.from_root {
            return;
        }
        let (rules, lexicon) = (observation.rules, observation.lexicon);
        movegen.see_lines(board, rules, lexicon, &mut self.seen);
        let lists = self.rooted.iter_mut().zip(&mut self.groups);
        for ((rooted, groups), rack) in lists.zip(racks) {
            rooted.clear();
            groups.clear();
            // The generator finds an anchor's placements one after another.
            movegen.generate_at(
                board,
                rules,
                lexicon,
                rack,
                &Anchors::ALL,
                |anchor, candidate| {
                    if groups.last().is_none_or(|&(last, _)| last != anchor) {
                        groups.push((anchor, rooted.len()));
                    }
                    rooted.push(Rooted {
                        tiles: candidate.rack_tiles(),
                        score: candidate.score(),
                        placement: candidate.placement(),
                    });
                    groups.last_mut().expect("pushed above").1 = rooted.len();
                },
            );
        }
    }

    /// Fills `moves` with every placement for `mover` holding `rack` on `board` (the root's
    /// board with some plays made), each gaining its score and `going_out` if it uses the
    /// whole rack.
    pub(super) fn fill(
        &self,
        movegen: &mut MoveGen,
        board: &Board,
        observation: &Observation<'_>,
        (mover, rack): (usize, &Rack),
        going_out: i32,
        moves: &mut Vec<Scored>,
    ) {
        let (rules, lexicon) = (observation.rules, observation.lexicon);
        let scored = |score: i32, tiles: usize, placement: Placement| Scored {
            gain: score + if tiles == rack.len() { going_out } else { 0 },
            score,
            placement,
        };
        if !self.from_root {
            movegen.generate(board, rules, lexicon, rack, |candidate| {
                let tiles = candidate.tiles_placed();
                moves.push(scored(candidate.score(), tiles, candidate.placement()));
            });
            return;
        }
        let kept =
            movegen.generate_since(&self.seen, board, rules, lexicon, rack, |_, candidate| {
                let tiles = candidate.tiles_placed();
                moves.push(scored(candidate.score(), tiles, candidate.placement()));
            });
        let mut start = 0;
        for &((direction, line, pos), end) in &self.groups[mover] {
            if kept.holds(direction, line, pos) {
                let held = self.rooted[mover][start..end]
                    .iter()
                    .filter(|rooted| rack.contains(&rooted.tiles));
                moves.extend(held.map(|r| scored(r.score, r.tiles.len(), r.placement)));
            }
            start = end;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use engine::scrabble::{Game, Move, Rules};
    use lexicon::{Edition, Lexicon};
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    use super::*;

    /// A position's placements, each with its score, in one order.
    fn sorted(mut moves: Vec<(Placement, i32)>) -> Vec<(Placement, i32)> {
        moves.sort_by_key(|&(placement, _)| placement);
        moves
    }

    /// From roots taken along greedy games, at positions a few random plays on (either seat
    /// to move), the list made from the root's placements holds every placement a whole
    /// generation finds there, with its score, and nothing else.
    #[test]
    fn lists_made_from_the_roots_hold_what_a_whole_generation_finds() {
        let rules = Arc::new(Rules::standard());
        let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        let (mut movegen, mut whole) = (MoveGen::new(), MoveGen::new());
        let mut lists = MoveLists::default();
        let (mut positions, mut placements) = (0, 0);
        for seed in 0..4 {
            let mut game = Game::new(rules.clone(), lexicon.clone(), 2, seed).unwrap();
            let mut greedy = crate::scrabble::Greedy::new();
            while !game.is_over() {
                let mover = game.to_move();
                let observation = game.observation(mover);
                if !observation.board.is_empty() && game.history().len() % 3 == 0 {
                    let racks = [*game.rack(0), *game.rack(1)];
                    let mut board = observation.board.clone();
                    lists.start(&mut movegen, &board, &observation, &racks);
                    let mut held = racks;
                    let mut seat = mover;
                    for _ in 0..4 {
                        let mut found = Vec::new();
                        lists.fill(
                            &mut movegen,
                            &board,
                            &observation,
                            (seat, &held[seat]),
                            0,
                            &mut found,
                        );
                        let made = sorted(found.iter().map(|s| (s.placement, s.score)).collect());
                        let mut every = Vec::new();
                        whole.generate(&board, &rules, &lexicon, &held[seat], |c| {
                            every.push((c.placement(), c.score()));
                        });
                        let every = sorted(every);
                        let differ = made.iter().zip(&every).find(|(a, b)| a != b);
                        assert!(
                            made.len() == every.len() && differ.is_none(),
                            "seed {seed}, seat {seat}: {} placements made, {} found; first apart {differ:?}",
                            made.len(),
                            every.len()
                        );
                        positions += 1;
                        placements += made.len();
                        let Some(&(placement, _)) =
                            made.get(rng.random_range(0..made.len().max(1)))
                        else {
                            break;
                        };
                        placement.lay_on(&mut board);
                        held[seat].take_all(&placement.rack_tiles());
                        if held[seat].is_empty() {
                            break;
                        }
                        seat = 1 - seat;
                    }
                }
                let chosen = greedy.choose(&observation);
                game.play(chosen)
                    .unwrap_or_else(|_| game.play(Move::Pass).unwrap());
            }
        }
        assert!(positions >= 100, "{positions} positions");
        assert!(placements >= 10_000, "{placements} placements");
    }
}
