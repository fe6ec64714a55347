//! The two-player endgame searched: once the bag is empty each seat knows the other's rack (the
//! tiles it has not seen), and the rest of the game is a contest of perfect information.
//! Negamax with alpha-beta pruning, deepened one ply at a time, a transposition table, the
//! positions left unsearched played out greedily (`leaf`), and a budget of positions
//! expanded so that a turn costs a bounded, reproducible amount of work.

mod leaf;
mod lists;
mod position;
mod table;

use engine::scrabble::{Board, Move, MoveGen, Observation, Placement, Rack, SIZE, check_placement};

use lists::MoveLists;
use position::{After, Ending, Position, key_of, racks_key, square_key};
use table::{Best, Bound, EMPTY_ENTRY, Entry, SOLVED, TABLE_SIZE, slot};

/// Positions expanded (moves generated) at most a turn, unless asked otherwise.
pub const BUDGET: u32 = 10_000;

/// The most positions a budget may allow.
pub const MOST_BUDGET: u32 = 100_000_000;

/// A budget as written after `solver:`, if it is a number from 1 to [`MOST_BUDGET`].
pub fn parse_budget(text: &str) -> Option<u32> {
    text.parse()
        .ok()
        .filter(|budget| (1..=MOST_BUDGET).contains(budget))
}

/// The deepest search tried, in plies: past what a budget reaches in practice (a line of
/// passes between plays can be longer; its end is then guessed).
const MOST_PLIES: u8 = 24;

/// Searches a two-player endgame for the move worth most to the end of the game.
#[derive(Debug, Clone)]
pub struct EndgameSearch {
    budget: u32,
    movegen: MoveGen,
    board: Board,
    /// Each position's placements, made from the root's.
    lists: MoveLists,
    /// Each ply's placements, the most promising first.
    plies: Vec<Vec<Scored>>,
    table: Vec<Entry>,
    /// Positions expanded in this turn's search.
    expanded: u32,
    /// The budget ran out in the current iteration: its result is not used.
    aborted: bool,
    /// A value below the current node rests on an estimate (a position left unsearched).
    estimated: bool,
    /// The root's best move in the last iteration completed.
    root_best: Move,
    /// The best of the root's moves searched in full in an iteration the budget cut short,
    /// with its value; `None` if the budget ran out within the first.
    cut_short: Option<(Move, i32)>,
    /// Each ply's best line from its position, as far as the search knows it (a line ends
    /// early where a value came from the table or an estimate).
    lines: Vec<Vec<Move>>,
    /// A leaf's playout: the placements of a position, and those laid so far.
    leaf_moves: Vec<Scored>,
    leaf_laid: Vec<Placement>,
    /// Whether this iteration plays its leaves out ([`leaf`]): not the first, whose leaves
    /// are guessed from the racks so that it costs one expansion and a search always has a
    /// move.
    leaves_played_out: bool,
}

/// The index standing for a pass among the root's moves.
const PASS: u32 = u32::MAX;

/// A placement in a ply's list.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Scored {
    /// What it gains at once: its score, and the end's adjustments if it goes out.
    gain: i32,
    score: i32,
    placement: Placement,
}

/// The moves of a list put in order when it is made; the rest wait until the search needs
/// them.
const ORDERED_AT_ONCE: usize = 4;

/// The most promising move first: by what it gains at once, ties in the placements' order.
fn by_promise(a: &Scored, b: &Scored) -> std::cmp::Ordering {
    (b.gain.cmp(&a.gain)).then_with(|| a.placement.cmp(&b.placement))
}

/// Puts `moves` in order (all of them when `whole`), most promising first, and returns how
/// many lead the list in order: alpha-beta leaves most lists after a few moves, so only their
/// head is ordered at once, the rest when the search reaches it ([`in_order`]).
fn order_head(moves: &mut [Scored], whole: bool) -> usize {
    if whole || moves.len() <= ORDERED_AT_ONCE {
        moves.sort_unstable_by(by_promise);
        moves.len()
    } else {
        moves.select_nth_unstable_by(ORDERED_AT_ONCE, by_promise);
        moves[..ORDERED_AT_ONCE].sort_unstable_by(by_promise);
        ORDERED_AT_ONCE + 1
    }
}

/// Makes move `index` of `moves`, whose first `ordered` are in order, the one a list wholly
/// in order holds there: the rest are ordered once the search reaches them.
fn in_order(moves: &mut [Scored], ordered: &mut usize, index: usize) {
    if index >= *ordered {
        moves[*ordered..].sort_unstable_by(by_promise);
        *ordered = moves.len();
    }
}

/// What a search says of one endgame position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    /// The move chosen.
    pub chosen: Move,
    /// The points it gains the mover over the opponent from here to the end, adjustments
    /// included; an estimate unless `solved`.
    pub value: i32,
    /// Plies searched: the last iteration's, perhaps cut short by the budget once some of
    /// the root's moves were searched in full.
    pub plies: u8,
    /// Whether the search reached the end of the game on every line it did not prune.
    pub solved: bool,
    /// Whether the budget ran out within the last iteration, after some of the root's moves
    /// were searched in full: `chosen` is the best of those (the first was the iteration
    /// before's best), `value` its worth at that depth.
    pub cut_short: bool,
    /// Positions expanded.
    pub expanded: u32,
}

/// One move's worth to the end of an endgame, as [`EndgameSearch::value_moves`] found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveValue {
    /// The move (a placement or a pass).
    pub chosen: Move,
    /// The points it gains the mover over the opponent from here to the end; an estimate
    /// unless `solved`.
    pub value: i32,
    /// Whether `value` is the move's worth; if not, the move is worth at most `value` (it
    /// fell below the moves valued exactly).
    pub exact: bool,
    /// Whether every line after it that was not pruned reached the end of the game.
    pub solved: bool,
    /// The replies and answers after it that make its value, as far as the search knows
    /// them (shorter where the game ends, or a value came from the table or an estimate).
    pub line: Vec<Move>,
}

/// Every move of an endgame position valued, best first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Valuation {
    /// Each placement and the pass, most worth first.
    pub moves: Vec<MoveValue>,
    /// Plies searched after each move, counting the move itself.
    pub plies: u8,
    /// Positions expanded.
    pub expanded: u32,
}

impl Default for EndgameSearch {
    fn default() -> Self {
        EndgameSearch::new(BUDGET)
    }
}

impl EndgameSearch {
    /// A search expanding at most `budget` positions a turn (at least the first ply's).
    pub fn new(budget: u32) -> EndgameSearch {
        EndgameSearch {
            budget,
            movegen: MoveGen::new(),
            board: Board::empty(),
            lists: MoveLists::default(),
            plies: Vec::new(),
            table: Vec::new(),
            expanded: 0,
            aborted: false,
            estimated: false,
            root_best: Move::Pass,
            cut_short: None,
            lines: Vec::new(),
            leaf_moves: Vec::new(),
            leaf_laid: Vec::new(),
            leaves_played_out: false,
        }
    }

    /// Whether the search applies: two players, the bag empty, each rack holding a tile, and no
    /// word to be read backwards.
    pub fn applies(observation: &Observation<'_>) -> bool {
        observation.scores.len() == 2
            && observation.bag_len == 0
            && !observation.backwards
            && !observation.rack.is_empty()
            && observation.unseen.iter().any(|&count| count > 0)
    }

    /// The best move for the observing seat, searched as deep as the budget allows; `None`
    /// where the search does not apply ([`EndgameSearch::applies`]).
    pub fn search(&mut self, observation: &Observation<'_>) -> Option<Verdict> {
        let (ending, root) = self.begin(observation)?;
        let mut verdict = None;
        for plies in 1..=MOST_PLIES {
            self.aborted = false;
            self.estimated = false;
            self.cut_short = None;
            self.leaves_played_out = plies > 1;
            let value = self.negamax(&ending, &root, 0, plies, -i32::MAX, i32::MAX);
            let found = |chosen, value, solved, cut_short| Verdict {
                chosen,
                value,
                plies,
                solved,
                cut_short,
                expanded: 0,
            };
            if self.aborted {
                // The root's first move is the last iteration's best (the table's), so a
                // move searched deeper and found better than it is the better choice.
                if let Some((chosen, value)) = self.cut_short.take() {
                    verdict = Some(found(chosen, value, false, true));
                }
                break;
            }
            let solved = !self.estimated;
            verdict = Some(found(self.root_best, value, solved, false));
            if solved {
                break;
            }
        }
        verdict.map(|verdict| Verdict {
            expanded: self.expanded,
            ..verdict
        })
    }

    /// Every move of the observing seat (each placement and a pass) with what it is worth to
    /// the end of the game, best first, searched as deep as the budget allows; `None` where
    /// the search does not apply. The `exact` best moves (at least one) are valued exactly
    /// (each searched in a full window, so its value holds for it and not only for the best);
    /// every other move only as far as it takes to show it falls below them, its value then a
    /// bound ([`MoveValue::exact`] false). Bounds cost a fraction of exact values, so the fewer
    /// moves valued exactly, the deeper the search goes.
    pub fn value_moves(
        &mut self,
        observation: &Observation<'_>,
        exact: usize,
    ) -> Option<Valuation> {
        self.valuation(observation, exact, None)
    }

    /// As [`EndgameSearch::value_moves`], `also` valued exactly too wherever it ranks (a move
    /// a person played, to be set beside the best); `None` also where `also` is not a legal
    /// placement or pass here.
    pub fn value_moves_with(
        &mut self,
        observation: &Observation<'_>,
        exact: usize,
        also: Move,
    ) -> Option<Valuation> {
        self.valuation(observation, exact, Some(also))
    }

    fn valuation(
        &mut self,
        observation: &Observation<'_>,
        exact: usize,
        also: Option<Move>,
    ) -> Option<Valuation> {
        let (ending, root) = self.begin(observation)?;
        let exact = exact.max(1);
        self.expanded = 1;
        self.generate_moves(&ending, &root, 0, true);
        let moves = std::mem::take(&mut self.plies[0]);
        let also = match also {
            None => None,
            Some(Move::Pass) => Some(PASS),
            Some(Move::Place(placement)) => Some(
                moves
                    .iter()
                    .position(|scored| scored.placement == placement)? as u32,
            ),
            Some(_) => return None,
        };
        // Each depth tries the moves in the order the depth before valued them.
        let mut order: Vec<u32> = (0..moves.len() as u32)
            .chain(std::iter::once(PASS))
            .collect();
        let mut valuation = Valuation {
            moves: Vec::new(),
            plies: 0,
            expanded: 0,
        };
        for plies in 1..=MOST_PLIES {
            self.leaves_played_out = plies > 1;
            let mut values: Vec<(u32, MoveValue)> = Vec::with_capacity(order.len());
            let mut exact_values: Vec<i32> = Vec::with_capacity(exact.min(order.len()));
            for &index in &order {
                // The value a move must reach to be among the `exact` best so far.
                let floor = exact_values
                    .get(exact - 1)
                    .copied()
                    .filter(|_| also != Some(index));
                let (alpha, beta) = floor.map_or((-i32::MAX, i32::MAX), |floor| (floor - 1, floor));
                let mut value = self.value_move(&ending, &root, &moves, index, plies, alpha, beta);
                // A move reaching the floor is among the best: valued exactly after all.
                if floor.is_some_and(|floor| value.value >= floor) && !self.aborted {
                    value =
                        self.value_move(&ending, &root, &moves, index, plies, -i32::MAX, i32::MAX);
                }
                if self.aborted {
                    break;
                }
                if value.exact {
                    let at = exact_values.partition_point(|&known| known >= value.value);
                    exact_values.insert(at, value.value);
                }
                values.push((index, value));
            }
            if self.aborted {
                break;
            }
            // Best first, exact values before bounds; equal values keep this depth's order.
            values.sort_by_key(|(_, value)| (std::cmp::Reverse(value.value), !value.exact));
            order = values.iter().map(|&(index, _)| index).collect();
            let solved = values.iter().all(|(_, value)| value.solved);
            valuation.moves = values.into_iter().map(|(_, value)| value).collect();
            valuation.plies = plies;
            if solved {
                break;
            }
        }
        valuation.expanded = self.expanded;
        for move_value in &mut valuation.moves {
            self.extend_line(&ending, &root, move_value);
        }
        Some(valuation)
    }

    /// What the root's move `index` (of `moves`, or [`PASS`]) is worth searched `plies` deep
    /// within `alpha` and `beta`: exact if the value falls between them, else a bound.
    #[allow(clippy::too_many_arguments)]
    fn value_move(
        &mut self,
        ending: &Ending<'_>,
        root: &Position,
        moves: &[Scored],
        index: u32,
        plies: u8,
        alpha: i32,
        beta: i32,
    ) -> MoveValue {
        self.aborted = false;
        self.estimated = false;
        self.line_at(1).clear();
        // A move ending the game has its value whatever the window.
        let last_scoreless = root.scoreless + 1 >= ending.scoreless_to_end;
        let ends = match index {
            PASS => last_scoreless,
            _ => {
                let scored = &moves[index as usize];
                let tiles = scored.placement.placed_count();
                tiles == root.racks[root.mover].len() || (scored.score == 0 && last_scoreless)
            }
        };
        let (chosen, value) = match index {
            PASS => (
                Move::Pass,
                self.after_pass(ending, root, 0, plies, alpha, beta),
            ),
            _ => {
                let scored = &moves[index as usize];
                let value = self.after_placement(ending, root, scored, 0, plies, alpha, beta);
                (Move::Place(scored.placement), value)
            }
        };
        MoveValue {
            chosen,
            value,
            exact: ends || (value > alpha && value < beta),
            solved: !self.estimated,
            line: self.line_at(1).clone(),
        }
    }

    /// The search's start for `observation`: the rules of the end, and the root position with
    /// the opponent holding every tile the seat has not seen. An empty table and count.
    fn begin<'o>(&mut self, observation: &'o Observation<'o>) -> Option<(Ending<'o>, Position)> {
        if !EndgameSearch::applies(observation) {
            return None;
        }
        let mut opponent_rack = Rack::EMPTY;
        for (kind, &count) in observation.unseen.iter().enumerate() {
            for _ in 0..count {
                opponent_rack.add(kind);
            }
        }
        let seat = observation.seat;
        let mut racks = [Rack::EMPTY; 2];
        racks[seat] = observation.rack;
        racks[1 - seat] = opponent_rack;
        let ending = Ending {
            keeps_leftovers: [
                observation.keeps_leftovers[0],
                observation.keeps_leftovers[1],
            ],
            scoreless_to_end: observation.rules.numbers.scoreless_turns_to_end,
            observation,
        };
        self.board.clone_from(observation.board);
        let board_key = (0..SIZE * SIZE)
            .filter(|&square| !self.board.at(square).is_empty())
            .fold(0, |key, square| {
                key ^ square_key(square, self.board.at(square))
            });
        let tiles = &observation.rules.tiles;
        let root = Position {
            racks,
            mover: seat,
            scoreless: observation.scoreless,
            board_key,
            racks_key: racks_key(&racks),
            points: racks.map(|rack| rack.points(|kind| tiles.points(kind))),
        };
        self.lists
            .start(&mut self.movegen, &self.board, observation, &racks);
        // Values depend only on the position, but a table kept from turn to turn would make a
        // turn's choice depend on what was searched before it.
        self.table.clear();
        self.table.resize(TABLE_SIZE, EMPTY_ENTRY);
        self.expanded = 0;
        Some((ending, root))
    }

    /// The mover's gain over the opponent from `position` to the end, searched `depth` plies
    /// (within `alpha` and `beta`, as alpha-beta prunes).
    fn negamax(
        &mut self,
        ending: &Ending<'_>,
        position: &Position,
        ply: usize,
        depth: u8,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.line_at(ply).clear();
        let key = key_of(position);
        let entry = self.table[slot(key)];
        let known = entry.key == key;
        if known && ply > 0 && entry.depth >= depth {
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.value >= beta,
                Bound::Upper => entry.value <= alpha,
            };
            if usable {
                self.estimated |= entry.depth != SOLVED;
                return entry.value;
            }
        }
        if depth == 0 {
            self.estimated = true;
            if !self.leaves_played_out {
                return ending.estimate(position);
            }
            let (value, best) = self.played_out(ending, position);
            if self.aborted {
                return 0;
            }
            // Kept where it displaces no deeper search's entry: reached again by moves in
            // another order, the position is not played out again.
            let kept = &mut self.table[slot(key)];
            if kept.depth == 0 {
                *kept = Entry {
                    key,
                    value,
                    depth: 0,
                    bound: Bound::Exact,
                    best,
                };
            }
            return value;
        }
        // The root of the first iteration is always expanded, so a search always has a move.
        if self.expanded >= self.budget.max(1) {
            self.aborted = true;
            return 0;
        }
        self.expanded += 1;
        // The table's best move first, before the others are made: where it prunes them,
        // they never are. Then the placements as ordered, then a pass.
        let first = known
            .then_some(entry.best)
            .filter(|best| self.may_play(position, best));
        if self.plies.len() <= ply {
            self.plies.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.plies[ply]);
        moves.clear();
        // How many of the list lead it in order, once it is made; the next of it to try;
        // whether the pass was tried.
        let mut listed: Option<usize> = None;
        let mut next_listed = 0;
        let mut passed = false;
        let estimated_above = std::mem::replace(&mut self.estimated, false);
        let alpha_before = alpha;
        let mut best_value = -i32::MAX;
        let mut best = Best::Pass;
        let mut tried = first;
        loop {
            let action = match tried.take() {
                Some(action) => action,
                None => {
                    let ordered = match &mut listed {
                        Some(ordered) => ordered,
                        None => {
                            self.plies[ply] = moves;
                            let ordered = self.generate_moves(ending, position, ply, false);
                            moves = std::mem::take(&mut self.plies[ply]);
                            listed.insert(ordered)
                        }
                    };
                    let mut placement = None;
                    while next_listed < moves.len() {
                        in_order(&mut moves, ordered, next_listed);
                        let scored = moves[next_listed];
                        next_listed += 1;
                        if first != Some(Best::Place(scored)) {
                            placement = Some(Best::Place(scored));
                            break;
                        }
                    }
                    match placement {
                        Some(placement) => placement,
                        None if !passed => Best::Pass,
                        None => break,
                    }
                }
            };
            passed |= action == Best::Pass;
            self.line_at(ply + 1).clear();
            let value = match &action {
                Best::Pass => self.after_pass(ending, position, ply, depth, alpha, beta),
                Best::Place(scored) => {
                    self.after_placement(ending, position, scored, ply, depth, alpha, beta)
                }
            };
            if self.aborted {
                break;
            }
            if value > best_value {
                best_value = value;
                best = action;
                let (above, below) = self.lines.split_at_mut(ply + 1);
                above[ply].clear();
                above[ply].push(action.action());
                above[ply].extend_from_slice(&below[0]);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        self.plies[ply] = moves;
        let solved = !self.estimated;
        self.estimated |= estimated_above;
        if self.aborted {
            if ply == 0 && best_value > -i32::MAX {
                self.cut_short = Some((best.action(), best_value));
            }
            return 0;
        }
        if ply == 0 {
            self.root_best = best.action();
        }
        let bound = if best_value <= alpha_before {
            Bound::Upper
        } else if best_value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot(key)] = Entry {
            key,
            value: best_value,
            depth: if solved { SOLVED } else { depth },
            bound,
            best,
        };
        best_value
    }

    /// Whether the table's `best` move may be played in `position` (a pass always; a
    /// placement if the mover holds its tiles and its squares are empty): a move kept for a
    /// position is, unless another position's key were the same.
    fn may_play(&self, position: &Position, best: &Best) -> bool {
        match best {
            Best::Pass => true,
            Best::Place(scored) => {
                let placement = &scored.placement;
                position.racks[position.mover].contains(&placement.rack_tiles())
                    && placement
                        .placed()
                        .all(|(square, _)| self.board.at(square).is_empty())
            }
        }
    }

    /// Fills ply `ply`'s list with the mover's placements, the most promising first: by what
    /// each gains at once (going out counted), ties in the placements' own order.
    /// Returns how many of the list lead it in order: all of it when `whole`, else perhaps only
    /// a head; [`in_order`] orders the rest.
    fn generate_moves(
        &mut self,
        ending: &Ending<'_>,
        position: &Position,
        ply: usize,
        whole: bool,
    ) -> usize {
        if self.plies.len() <= ply {
            self.plies.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.plies[ply]);
        moves.clear();
        let rack = position.racks[position.mover];
        let going_out = ending.going_out(position);
        self.lists.fill(
            &mut self.movegen,
            &self.board,
            ending.observation,
            (position.mover, &rack),
            going_out,
            &mut moves,
        );
        let ordered = order_head(&mut moves, whole);
        self.plies[ply] = moves;
        ordered
    }

    /// Follows the table's exact entries from the end of `move_value`'s line, which stops
    /// where a value came from the table: the line goes on as far as the table knows it (for
    /// a bound, also the reply that showed the move to be worth no more).
    fn extend_line(&mut self, ending: &Ending<'_>, root: &Position, move_value: &mut MoveValue) {
        let mut position = *root;
        let mut ended = false;
        for &action in std::iter::once(&move_value.chosen).chain(&move_value.line) {
            match self.advance(ending, &position, action) {
                Some(next) => position = next,
                None => ended = true,
            }
        }
        while !ended && move_value.line.len() < usize::from(MOST_PLIES) {
            let key = key_of(&position);
            let entry = self.table[slot(key)];
            // A bound's line starts with the reply that held the move down.
            let refutes =
                !move_value.exact && entry.bound == Bound::Lower && move_value.line.is_empty();
            if entry.key != key || !(entry.bound == Bound::Exact || refutes) {
                break;
            }
            if !self.may_play(&position, &entry.best) {
                break;
            }
            let action = entry.best.action();
            move_value.line.push(action);
            match self.advance(ending, &position, action) {
                Some(next) => position = next,
                None => ended = true,
            }
        }
        self.board.clone_from(ending.observation.board);
        self.lists.back_to_root();
    }

    /// The position after `action`, its tiles laid on the search's board; `None` once the
    /// game has ended.
    fn advance(
        &mut self,
        ending: &Ending<'_>,
        position: &Position,
        action: Move,
    ) -> Option<Position> {
        let after = match action {
            Move::Place(placement) => {
                let observation = ending.observation;
                let rack = &position.racks[position.mover];
                let (rules, lexicon) = (observation.rules, observation.lexicon);
                let score = check_placement(&self.board, rules, lexicon, rack, &placement, false)
                    .map_or(0, |play| play.score);
                placement.lay_on(&mut self.board);
                self.lists.lay(&placement);
                ending.after_placement(position, &placement, score)
            }
            _ => ending.after_pass(position),
        };
        match after {
            After::Next(next) => Some(next),
            After::Ended(_) => None,
        }
    }

    /// Ply `ply`'s line, made if the search has not been this deep before.
    fn line_at(&mut self, ply: usize) -> &mut Vec<Move> {
        if self.lines.len() <= ply {
            self.lines.resize_with(ply + 1, Vec::new);
        }
        &mut self.lines[ply]
    }

    /// The mover's gain from passing.
    fn after_pass(
        &mut self,
        ending: &Ending<'_>,
        position: &Position,
        ply: usize,
        depth: u8,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        match ending.after_pass(position) {
            After::Ended(value) => value,
            After::Next(next) => -self.negamax(ending, &next, ply + 1, depth - 1, -beta, -alpha),
        }
    }

    /// The mover's gain from `placement` (its tiles laid, searched below, and taken back).
    #[allow(clippy::too_many_arguments)]
    fn after_placement(
        &mut self,
        ending: &Ending<'_>,
        position: &Position,
        scored: &Scored,
        ply: usize,
        depth: u8,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let (score, placement) = (scored.score, &scored.placement);
        let next = match ending.after_placement(position, placement, score) {
            After::Ended(value) => return value,
            After::Next(next) => next,
        };
        placement.lay_on(&mut self.board);
        self.lists.lay(placement);
        // The reply's window, shifted by this move's score: the move is worth its score less
        // the reply's worth.
        let (low, high) = (score.saturating_sub(beta), score.saturating_sub(alpha));
        let value = score - self.negamax(ending, &next, ply + 1, depth - 1, low, high);
        placement.take_off(&mut self.board);
        self.lists.take_back();
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::scrabble::Direction;
    use rand::{Rng, SeedableRng};

    /// A list ordered only at its head, its rest ordered when reached, holds at every index
    /// the search reaches (in any order, as the table's best move first) the move a list
    /// wholly in order holds there.
    #[test]
    fn a_list_ordered_as_reached_holds_the_wholly_ordered_lists_moves() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
        for _ in 0..500 {
            let len = rng.random_range(0..40);
            let mut moves: Vec<Scored> = (0..len)
                .map(|k| Scored {
                    // Few gains, so ties fall to the placements' order.
                    gain: rng.random_range(0..6),
                    score: 0,
                    placement: Placement::new(Direction::Across, k % SIZE, k / SIZE),
                })
                .collect();
            let mut whole = moves.clone();
            whole.sort_unstable_by(by_promise);
            let mut ordered = order_head(&mut moves, false);
            let first = (len > 0).then(|| rng.random_range(0..len));
            for index in first.into_iter().chain(0..len) {
                in_order(&mut moves, &mut ordered, index);
                assert_eq!(moves[index], whole[index], "move {index} of {len}");
            }
        }
    }
}
