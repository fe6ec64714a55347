//! Each position's placements, made from the root's: a search's boards differ from its root's
//! by a few plays, so the root's moves at every anchor those plays left alone still stand (for
//! the tiles the mover still holds), and only the anchors they changed are searched again.

use engine::scrabble::{
    Anchors, Board, Direction, LinesSeen, MoveGen, Observation, Placement, Rack, Reached,
};

use super::Scored;

/// A root placement, the tiles it takes from the rack, and the anchor it was found at
/// (direction, line and position along it, as [`Anchors`] index them).
#[derive(Debug, Clone, Copy)]
struct Rooted {
    tiles: Rack,
    score: i32,
    placement: Placement,
    anchor: (Direction, u8, u8),
}

/// The root's lines and each seat's placements there, holding its whole rack.
#[derive(Debug, Clone, Default)]
pub(super) struct MoveLists {
    /// Whether positions draw on the root's moves: not where the board holds a word read
    /// backwards, whose lines are read another way as a whole.
    from_root: bool,
    seen: LinesSeen,
    /// Per seat, the root's placements in the order the generator found them (an anchor's
    /// one after another).
    rooted: [Vec<Rooted>; 2],
    /// Per seat, each rack it has held in this search and where, in `holding`, the root
    /// placements that rack holds are listed: a seat holds few racks in a search (what is
    /// left of its first), so each is looked for in the root's lists once.
    racks_met: [Vec<(Rack, std::ops::Range<usize>)>; 2],
    /// Indices into a seat's `rooted`, in order, for each rack met.
    holding: [Vec<u32>; 2],
    /// The placements laid since the root, in order.
    laid: Vec<Placement>,
    /// The squares reached from the root by the first so many of `laid`, for some of
    /// their counts (0 always): worked out as positions ask, from the last known.
    reached: Vec<(usize, Reached)>,
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
        self.laid.clear();
        self.reached.clear();
        self.reached.push((0, Reached::NONE));
        if !self.from_root {
            return;
        }
        let (rules, lexicon) = (observation.rules, observation.lexicon);
        movegen.see_lines(board, rules, lexicon, &mut self.seen);
        self.racks_met.iter_mut().for_each(Vec::clear);
        self.holding.iter_mut().for_each(Vec::clear);
        for (rooted, rack) in self.rooted.iter_mut().zip(racks) {
            rooted.clear();
            movegen.generate_at(
                board,
                rules,
                lexicon,
                rack,
                &Anchors::ALL,
                |(direction, line, pos), candidate| {
                    rooted.push(Rooted {
                        tiles: candidate.rack_tiles(),
                        score: candidate.score(),
                        placement: candidate.placement(),
                        anchor: (direction, line as u8, pos as u8),
                    });
                },
            );
        }
    }

    /// Fills `moves` with every placement for `mover` holding `rack` on `board` (the root's
    /// board with some plays made), each gaining its score and `going_out` if it uses the
    /// whole rack.
    pub(super) fn fill(
        &mut self,
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
        let reached = self.reached_now(board);
        let kept = movegen.generate_since(
            &self.seen,
            (board, &reached),
            rules,
            lexicon,
            rack,
            |_, candidate| {
                let tiles = candidate.tiles_placed();
                moves.push(scored(candidate.score(), tiles, candidate.placement()));
            },
        );
        let held = self.held_by(mover, rack);
        let rooted = &self.rooted[mover];
        for &index in &self.holding[mover][held] {
            let root = &rooted[index as usize];
            let (direction, line, pos) = root.anchor;
            if kept.holds(direction, usize::from(line), usize::from(pos)) {
                moves.push(scored(root.score, root.tiles.len(), root.placement));
            }
        }
    }

    /// Notes `placement` laid on the search's board.
    pub(super) fn lay(&mut self, placement: &Placement) {
        self.laid.push(*placement);
    }

    /// Notes the last placement laid taken back.
    pub(super) fn take_back(&mut self) {
        self.laid.pop();
        let laid = self.laid.len();
        while self.reached.last().is_some_and(|&(count, _)| count > laid) {
            self.reached.pop();
        }
    }

    /// Notes every placement laid taken back: the board is the root's again.
    pub(super) fn back_to_root(&mut self) {
        self.laid.clear();
        self.reached.truncate(1);
    }

    /// The squares reached from the root to `board`, the root's with every placement laid.
    fn reached_now(&mut self, board: &Board) -> Reached {
        let &(known, before) = self.reached.last().expect("the root's is always known");
        if known == self.laid.len() {
            return before;
        }
        let laid = self.laid[known..]
            .iter()
            .flat_map(|placement| placement.placed());
        let now = before.with_laid(&self.seen, board, laid.map(|(square, _)| square));
        self.reached.push((self.laid.len(), now));
        now
    }

    /// Where in `holding` the root placements `rack` holds are listed for `seat`: found
    /// the first time the seat holds that rack.
    fn held_by(&mut self, seat: usize, rack: &Rack) -> std::ops::Range<usize> {
        if let Some((_, held)) = self.racks_met[seat].iter().find(|(met, _)| met == rack) {
            return held.clone();
        }
        let holding = &mut self.holding[seat];
        let first = holding.len();
        let rooted = self.rooted[seat].iter().enumerate();
        holding.extend(
            rooted
                .filter(|(_, root)| rack.contains(&root.tiles))
                .map(|(index, _)| index as u32),
        );
        let held = first..holding.len();
        self.racks_met[seat].push((*rack, held.clone()));
        held
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
                        lists.lay(&placement);
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
