//! `equity`: the move worth the most points now plus the value of the tiles it keeps.

use std::ops::RangeBounds;

use engine::play::Decider;
use engine::scrabble::tiles::{BLANK, KINDS, TileSet};
use engine::scrabble::{
    Anchors, Board, Candidate, Game, Move, MoveGen, Observation, Placement, Question, Rack,
    Ranking, Readings, SIZE, Stretch, check_placement, leave_after,
};

use super::leaves::LeaveModel;
use super::may_exchange;

/// Plays the placement or exchange of highest equity: its score plus the leave's learned value
/// (once the bag is empty, minus twice the points left on the rack, which the rules take away
/// and may give to the player who goes out, and for going out the others' tiles, which they
/// give to it: twice their points against one opponent), plus a card's worth for each brown
/// Hogwarts square it covers (on boards that have them). Ties go to placements, then to the
/// least placement; with nothing better it exchanges, and with no choice at all it passes.
#[derive(Debug, Clone)]
pub struct Equity {
    movegen: MoveGen,
    model: &'static LeaveModel,
    /// The tables of a turn's leave values, kept from turn to turn.
    leave_tables: Option<Box<LeaveTables>>,
    name: &'static str,
}

/// Leaves are told apart by up to this many blanks (more share the last entry).
const MAX_BLANKS: usize = 2;

impl Equity {
    /// An equity bot valuing leaves by `model`.
    pub fn new(model: &'static LeaveModel) -> Equity {
        Equity::named(model, "equity")
    }

    /// An equity bot valuing leaves by `model`, registered as `name`.
    pub fn named(model: &'static LeaveModel, name: &'static str) -> Equity {
        Equity {
            movegen: MoveGen::new(),
            model,
            leave_tables: None,
            name,
        }
    }
}

/// Calls `visit` with every sub-rack of `rack` (each multiset once, the empty one and `rack`
/// included), in mixed-radix order: the count of the rack's first kind is the fastest digit.
pub fn for_each_sub_rack(rack: &Rack, mut visit: impl FnMut(&Rack)) {
    let mut kinds = [(0usize, 0u8); KINDS];
    let mut present = 0;
    for kind in rack.present_kinds() {
        kinds[present] = (kind, rack.count(kind));
        present += 1;
    }
    let kinds = &kinds[..present];
    // The sub-rack is kept as it changes, one tile at a time, like an odometer.
    let mut taken = [0u8; KINDS];
    let mut sub = Rack::EMPTY;
    loop {
        visit(&sub);
        let mut position = 0;
        loop {
            let Some(&(kind, count)) = kinds.get(position) else {
                return;
            };
            if taken[kind] < count {
                taken[kind] += 1;
                sub.add(kind);
                break;
            }
            for _ in 0..count {
                sub.take(kind);
            }
            taken[kind] = 0;
            position += 1;
        }
    }
}

impl Equity {
    /// The move this bot makes from `observation`.
    pub fn choose(&mut self, observation: &Observation<'_>) -> Move {
        self.choose_valued(observation).0
    }
}

impl Decider<Game> for Equity {
    fn name(&self) -> &str {
        self.name
    }

    fn decide(&mut self, view: &Observation<'_>, _: Question) -> Option<Move> {
        Some(self.choose(view))
    }
}

impl Equity {
    /// The leave values in use.
    pub fn model(&self) -> &'static LeaveModel {
        self.model
    }

    /// The best tiles of `rack` to keep, some number of them in `sizes`, and their value;
    /// equal values go to the more tiles kept.
    pub fn best_keep(&self, rack: &Rack, sizes: impl RangeBounds<usize>) -> (Rack, i32) {
        self.model.best_keep(rack, sizes)
    }

    /// The move `choose` makes, and its equity in hundredths of a point.
    pub fn choose_valued(&mut self, observation: &Observation<'_>) -> (Move, i32) {
        self.choose_above(observation, i32::MIN)
            .expect("passing is worth more than nothing")
    }

    /// The move `choose` makes and its equity, if that is `floor` or more: a search for a
    /// move that must beat a known one skips every anchor that cannot. Above `i32::MIN` a pass
    /// never counts: it is chosen only when nothing can be placed, which a search above a
    /// floor does not find out.
    pub fn choose_above(
        &mut self,
        observation: &Observation<'_>,
        floor: i32,
    ) -> Option<(Move, i32)> {
        let leaves = self.turn_leaves(observation);
        let mut ranking = self.rank(observation, &leaves);
        let chosen = choose_ranked(observation, &leaves, &mut ranking, floor);
        drop(ranking);
        self.leave_tables = Some(leaves.into_tables());
        chosen
    }

    /// The move `choose` makes and its equity, and the best placement whose main word reads
    /// backwards (were Confundo played) with its equity if that beats it by `margin` or more:
    /// both from one ranking of the position, the second only if `wanted` says so of the
    /// first. With Confundo played, that placement is the move `choose` makes.
    pub fn choose_and_backwards(
        &mut self,
        observation: &Observation<'_>,
        margin: i32,
        wanted: impl FnOnce(&Move) -> bool,
    ) -> ((Move, i32), Option<(i32, Placement)>) {
        let leaves = self.turn_leaves(observation);
        let mut ranking = self.rank(observation, &leaves);
        let chosen = choose_ranked(observation, &leaves, &mut ranking, i32::MIN)
            .expect("passing is worth more than nothing");
        let backwards = wanted(&chosen.0)
            .then(|| {
                let floor = chosen.1.saturating_add(margin);
                ranking.best(Readings::ConfundoOnly, floor, |c| leaves.candidate_value(c))
            })
            .flatten();
        drop(ranking);
        self.leave_tables = Some(leaves.into_tables());
        (chosen, backwards)
    }

    /// The best exchange from `observation` and its equity (the sub-rack of highest value
    /// kept), where tiles may be exchanged.
    pub fn best_exchange(&mut self, observation: &Observation<'_>) -> Option<(Move, i32)> {
        // Else the tables would be refilled for nothing (with the bag empty they always are).
        if !may_exchange(observation) {
            return None;
        }
        let leaves = self.turn_leaves(observation);
        let rack = observation.rack;
        let best = leaves
            .tables
            .best_exchange
            .map(|(value, keep)| (Move::Exchange(given_up(rack, &keep)), value));
        self.leave_tables = Some(leaves.into_tables());
        best
    }

    /// For each set of anchors of `groups`, the equity of the best placement found at those
    /// anchors for `observation`'s rack, into `out` (`None` where there is none): one search
    /// for them all.
    pub fn placement_values_by_groups(
        &mut self,
        observation: &Observation<'_>,
        groups: &[Anchors],
        out: &mut Vec<Option<i32>>,
    ) {
        let leaves = self.turn_leaves(observation);
        let readings = Readings::with_confundo(observation.backwards);
        self.rank_anchors(observation, &leaves, &Anchors::ALL)
            .best_by_groups(
                readings,
                i32::MIN,
                groups,
                |c| leaves.candidate_value(c),
                out,
            );
        self.leave_tables = Some(leaves.into_tables());
    }

    /// The equity of the move `choose` makes from `observation`, where the best placement
    /// found at anchors other than `anchors` is known to be worth `elsewhere` (`None`: there
    /// is none): only `anchors` are searched. A simulating player's reply to each of its
    /// candidates, whose placements at the anchors a candidate leaves alone were all valued
    /// on the position before it.
    pub fn value_given(
        &mut self,
        observation: &Observation<'_>,
        anchors: &Anchors,
        elsewhere: Option<i32>,
    ) -> i32 {
        let leaves = self.turn_leaves(observation);
        let exchange = leaves.tables.best_exchange.map(|(value, _)| value);
        let floor = exchange.max(elsewhere).unwrap_or(i32::MIN);
        let readings = Readings::with_confundo(observation.backwards);
        let here = self
            .rank_anchors(observation, &leaves, anchors)
            .best(readings, floor, |c| leaves.candidate_value(c))
            .map(|(value, _)| value);
        let placement = here.max(elsewhere);
        // As `choose_ranked`: a placement unless an exchange is worth more, else a pass.
        let value = match (placement, exchange) {
            (Some(placement), Some(exchange)) => placement.max(exchange),
            (Some(value), None) | (None, Some(value)) => value,
            (None, None) => leaves.value(&observation.rack),
        };
        self.leave_tables = Some(leaves.into_tables());
        value
    }

    /// The anchors of `from` whose moves for a rack of `tiles` tiles are the same on `to`,
    /// and the anchors of `to` whose moves may not be (see [`MoveGen::anchors_changed`]).
    pub fn anchors_changed(
        &mut self,
        observation: &Observation<'_>,
        boards: (&Board, &Board),
        tiles: usize,
    ) -> (Anchors, Anchors) {
        let (rules, lexicon) = (observation.rules, observation.lexicon);
        self.movegen.anchors_changed(boards, rules, lexicon, tiles)
    }

    /// The `width` placements of highest equity, best first (equal values in the generator's
    /// order), into `out`; a placement is built only when it enters the list.
    pub fn top_placements(
        &mut self,
        observation: &Observation<'_>,
        width: usize,
        out: &mut Vec<(i32, Placement)>,
    ) {
        out.clear();
        if width == 0 {
            return;
        }
        let leaves = self.turn_leaves(observation);
        let visit = |candidate: &Candidate<'_>| {
            let value = leaves.candidate_value(candidate);
            if out.len() == width && value <= out[width - 1].0 {
                return;
            }
            let at = out.partition_point(|&(kept, _)| kept >= value);
            if out.len() == width {
                out.pop();
            }
            out.insert(at, (value, candidate.placement()));
        };
        self.movegen.generate_with(
            observation.board,
            observation.rules,
            observation.lexicon,
            &observation.rack,
            observation.backwards,
            visit,
        );
        self.leave_tables = Some(leaves.into_tables());
    }

    /// What keeping `kept` after a move from `observation` is worth, in hundredths of a point,
    /// as this bot counts it: its learned value while the bag holds tiles; once the bag is
    /// empty, its tiles' points charged, or going out's gain where it keeps none.
    pub fn kept_value(&self, observation: &Observation<'_>, kept: &Rack) -> i32 {
        LeaveValue::of(self.model, observation).value(kept)
    }

    /// The equity of `placement` in this position, if it is legal here.
    pub fn value_of(&self, observation: &Observation<'_>, placement: &Placement) -> Option<i32> {
        let rack = observation.rack;
        let checked = check_placement(
            observation.board,
            observation.rules,
            observation.lexicon,
            &rack,
            placement,
            observation.backwards,
        )
        .ok()?;
        let leave = leave_after(&rack, placement);
        let layout = &observation.rules.layout;
        let hogwarts = (0..usize::from(placement.len))
            .filter(|&i| !placement.tiles[i].is_empty() && layout.is_hogwarts(placement.square(i)))
            .count();
        Some(
            checked.score * 100
                + LeaveValue::of(self.model, observation).value(&leave)
                + hogwarts as i32 * self.model.hogwarts_square(),
        )
    }

    /// The equity of the best placement whose main word reads backwards (were Confundo
    /// played), if that is `floor` or more.
    pub fn backwards_above(&mut self, observation: &Observation<'_>, floor: i32) -> Option<i32> {
        let leaves = self.turn_leaves(observation);
        let best = self
            .rank(observation, &leaves)
            .best(Readings::ConfundoOnly, floor, |c| leaves.candidate_value(c))
            .map(|(value, _)| value);
        self.leave_tables = Some(leaves.into_tables());
        best
    }

    /// This turn's leave values, in the table kept from the last turn.
    fn turn_leaves<'p>(&mut self, observation: &Observation<'p>) -> TurnLeaves<'p> {
        let tables = self.leave_tables.take().unwrap_or_else(|| {
            Box::new(LeaveTables {
                holds_for: None,
                values: [0; MOST_SUB_RACKS],
                best: [[i32::MIN; SIZE + 1]; MAX_BLANKS + 1],
                best_exchange: None,
            })
        });
        TurnLeaves::of(self.model, observation, tables)
    }

    /// The position's anchors ranked by the most a placement through each could be worth.
    fn rank<'m, 'p>(
        &'m mut self,
        observation: &Observation<'p>,
        leaves: &'p TurnLeaves<'p>,
    ) -> Ranking<'m, 'p, impl Fn(&Stretch) -> i32 + 'p> {
        self.rank_anchors(observation, leaves, &Anchors::ALL)
    }

    /// The anchors in `wanted` alone ranked so.
    fn rank_anchors<'m, 'p>(
        &'m mut self,
        observation: &Observation<'p>,
        leaves: &'p TurnLeaves<'p>,
        wanted: &Anchors,
    ) -> Ranking<'m, 'p, impl Fn(&Stretch) -> i32 + 'p> {
        self.movegen.rank_anchors(
            observation.board,
            observation.rules,
            observation.lexicon,
            &observation.rack,
            wanted,
            |stretch| leaves.stretch_bound(stretch),
        )
    }
}

/// The move `choose` makes from a ranking and its equity, if `floor` or more (see
/// [`Equity::choose_above`]).
fn choose_ranked<B: Fn(&Stretch) -> i32>(
    observation: &Observation<'_>,
    leaves: &TurnLeaves<'_>,
    ranking: &mut Ranking<'_, '_, B>,
    floor: i32,
) -> Option<(Move, i32)> {
    let rack = observation.rack;
    // A placement must beat the floor, and tie or beat the best exchange, to be chosen.
    let exchange_floor = leaves
        .tables
        .best_exchange
        .map_or(i32::MIN, |(value, _)| value);
    let readings = Readings::with_confundo(observation.backwards);
    let placement = ranking.best(readings, floor.max(exchange_floor), |c| {
        leaves.candidate_value(c)
    });
    let chosen = match (placement, leaves.tables.best_exchange) {
        (Some((value, _)), Some((exchange_value, keep))) if exchange_value > value => {
            (Move::Exchange(given_up(rack, &keep)), exchange_value)
        }
        (Some((value, placement)), _) => (Move::Place(placement), value),
        (None, Some((value, keep))) => (Move::Exchange(given_up(rack, &keep)), value),
        (None, None) if floor == i32::MIN => (Move::Pass, leaves.value(&rack)),
        (None, None) => return None,
    };
    (chosen.1 >= floor).then_some(chosen)
}

/// What each point of tiles left on `seat`'s rack at the end is worth to it, in hundredths
/// of a point, as `equity` counts it once the bag is empty: lost, and won by whoever goes out
/// (-200), or for a seat keeping its tiles (Hufflepuff) its own (+100).
pub fn left_over_value(observation: &Observation<'_>, seat: usize) -> i32 {
    if observation.keeps_leftovers[seat] {
        100
    } else {
        -200
    }
}

/// What a leave is worth this turn, in hundredths of a point.
#[derive(Clone, Copy)]
struct LeaveValue<'a> {
    model: &'a LeaveModel,
    /// Whether the bag is empty: a leave is then worth `left_over` a point of its tiles.
    bag_empty: bool,
    /// See [`left_over_value`].
    left_over: i32,
    /// Once the bag is empty, what going out is worth: the others' tiles, which the rules
    /// give to the player going out and take from them (but from a seat keeping its own).
    going_out: i32,
    tiles: &'a TileSet,
}

impl<'a> LeaveValue<'a> {
    fn of(model: &'a LeaveModel, observation: &Observation<'a>) -> LeaveValue<'a> {
        let bag_empty = observation.bag_len == 0;
        let tiles = &observation.rules.tiles;
        // With the bag empty the unseen tiles are the others' racks. Going out gains all
        // their points and costs each other player its own: against one opponent twice the
        // points, against more the whole and an average one's share. A seat keeping its
        // tiles (Hufflepuff) gives none and loses none: its share of the unseen tiles, by
        // the tiles it holds, is left out.
        let players = observation.scores.len();
        let others = players.saturating_sub(1).max(1) as i32;
        let unseen_points: i32 = (0..KINDS)
            .map(|kind| tiles.points(kind) * i32::from(observation.unseen[kind]))
            .sum();
        let other_seats = (0..players).filter(|&seat| seat != observation.seat);
        let (held, giving) = other_seats.fold((0, 0), |(held, giving), seat| {
            let tiles = observation.rack_sizes[seat] as i32;
            let gives = !observation.keeps_leftovers[seat];
            (held + tiles, giving + if gives { tiles } else { 0 })
        });
        let given = if held > 0 {
            unseen_points * giving / held
        } else {
            0
        };
        let going_out = if bag_empty {
            100 * (given + given / others)
        } else {
            0
        };
        LeaveValue {
            model,
            bag_empty,
            left_over: left_over_value(observation, observation.seat),
            going_out,
            tiles,
        }
    }

    /// What keeping `leave` is worth.
    fn value(&self, leave: &Rack) -> i32 {
        if self.bag_empty {
            self.left_over * leave.points(|kind| self.tiles.points(kind)) + self.out_value(leave)
        } else {
            self.model.value(leave)
        }
    }

    /// What keeping nothing adds, once the bag is empty: going out.
    fn out_value(&self, leave: &Rack) -> i32 {
        if leave.is_empty() { self.going_out } else { 0 }
    }
}

// A rack of more than `MOST_SUB_RACKS` sub-racks (Engorgio's, in a long game) values each
// leave as it comes.
use super::leaves::MOST_SUB_RACKS;

/// A turn's leave tables (see [`TurnLeaves`]), kept from turn to turn, and the rack they
/// hold for: the same rack valued alike (a simulating player's replies) finds them made.
#[derive(Debug, Clone)]
struct LeaveTables {
    /// The rack and whether it may be exchanged, while the bag holds tiles (the values are
    /// then the model's alone); `None` once it is empty.
    holds_for: Option<(Rack, bool)>,
    /// Every sub-rack's value by index, if the rack has few enough.
    values: [i32; MOST_SUB_RACKS],
    /// `best[b][k]`: the most a leave of `k` tiles holding `b` blanks at most is worth; bounds a
    /// placement's equity above its score (a placement of n tiles leaves the rest, and a blank
    /// it places is not kept).
    best: [[i32; SIZE + 1]; MAX_BLANKS + 1],
    /// The best exchange, if one is allowed: its value and the tiles kept.
    best_exchange: Option<(i32, Rack)>,
}

/// This turn's leave values: what each sub-rack of the rack is worth, the best of each size,
/// the best exchange.
struct TurnLeaves<'a> {
    leave: LeaveValue<'a>,
    rack: Rack,
    /// What covering a brown Hogwarts square is worth.
    hogwarts_value: i32,
    /// Each kind on the rack and its place value: a sub-rack's index in `values` is the sum
    /// of its counts times their places (a number in mixed radix, a digit per kind).
    places: [(u8, u16); KINDS],
    kinds: usize,
    /// Whether the rack has `MOST_SUB_RACKS` sub-racks or fewer, each in the tables' values.
    indexed: bool,
    tables: Box<LeaveTables>,
}

impl<'a> TurnLeaves<'a> {
    fn of(
        model: &'a LeaveModel,
        observation: &Observation<'a>,
        mut tables: Box<LeaveTables>,
    ) -> TurnLeaves<'a> {
        let rack = observation.rack;
        let leave = LeaveValue::of(model, observation);
        let exchange = may_exchange(observation);
        let mut places = [(0u8, 0u16); KINDS];
        let mut kinds = 0;
        let mut sub_racks = 1usize;
        for kind in rack.present_kinds() {
            places[kinds] = (kind as u8, sub_racks.min(usize::from(u16::MAX)) as u16);
            kinds += 1;
            sub_racks = sub_racks.saturating_mul(usize::from(rack.count(kind)) + 1);
        }
        let indexed = sub_racks <= MOST_SUB_RACKS;
        let holds_for = (!leave.bag_empty).then_some((rack, exchange));
        if holds_for.is_none() || tables.holds_for != holds_for {
            tables.fill(&leave, &rack, (indexed, exchange));
            tables.holds_for = holds_for;
        }
        TurnLeaves {
            leave,
            rack,
            hogwarts_value: model.hogwarts_square(),
            places,
            kinds,
            indexed,
            tables,
        }
    }

    /// Gives back the tables for the next turn.
    fn into_tables(self) -> Box<LeaveTables> {
        self.tables
    }

    /// The most a placement on `stretch` could be worth: its score bound and the best leave
    /// of the tiles it leaves (holding no more blanks than it may).
    fn stretch_bound(&self, stretch: &Stretch) -> i32 {
        // No leave of that size is `i32::MIN`: a stretch scoring below nothing stays there.
        let leave = self.tables.best[stretch.blanks_kept.min(MAX_BLANKS)]
            [self.rack.len().saturating_sub(stretch.tiles)];
        (stretch.score * 100 + stretch.hogwarts as i32 * self.hogwarts_value).saturating_add(leave)
    }

    /// What `candidate` is worth: its score, its leave, its brown squares.
    fn candidate_value(&self, candidate: &Candidate<'_>) -> i32 {
        candidate.score() * 100
            + self.value(candidate.leave())
            + candidate.hogwarts_tiles() as i32 * self.hogwarts_value
    }

    /// What keeping `leave` (a sub-rack of this turn's rack) is worth.
    #[inline]
    fn value(&self, leave: &Rack) -> i32 {
        if !self.indexed {
            return self.leave.value(leave);
        }
        let index: usize = self.places[..self.kinds]
            .iter()
            .map(|&(kind, place)| usize::from(leave.count(usize::from(kind))) * usize::from(place))
            .sum();
        self.tables.values[index]
    }
}

impl LeaveTables {
    /// Works out the tables for `rack` valued as `leave` says, `indexed` (its sub-racks few
    /// enough for the values table) and its exchange allowed or not.
    fn fill(&mut self, leave: &LeaveValue<'_>, rack: &Rack, (indexed, exchange): (bool, bool)) {
        let (values, best) = (&mut self.values, &mut self.best);
        *best = [[i32::MIN; SIZE + 1]; MAX_BLANKS + 1];
        let mut best_exchange: Option<(i32, Rack)> = None;
        // The sub-racks come in index order: the first kind's count is the fastest digit.
        // While the bag holds tiles each is the model's value, read in one batch.
        let batched = indexed && !leave.bag_empty;
        if batched {
            leave.model.sub_rack_values(rack, &mut values[..]);
        }
        let mut index = 0;
        for_each_sub_rack(rack, |keep| {
            let value = if batched {
                values[index]
            } else {
                leave.value(keep)
            };
            debug_assert_eq!(value, leave.value(keep), "the value of {keep}");
            if indexed && !batched {
                values[index] = value;
            }
            index += 1;
            let blanks = usize::from(keep.count(BLANK)).min(MAX_BLANKS);
            for at_most in &mut best[blanks..] {
                at_most[keep.len()] = at_most[keep.len()].max(value);
            }
            let better = best_exchange.is_none_or(|(v, _)| value > v);
            if exchange && keep.len() < rack.len() && better {
                best_exchange = Some((value, *keep));
            }
        });
        self.best_exchange = best_exchange;
    }
}

/// The tiles of `rack` not in `keep`.
fn given_up(rack: Rack, keep: &Rack) -> Rack {
    let mut give = rack;
    give.take_all(keep);
    give
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_racks_are_each_multiset_once() {
        let rack = Rack::parse("AAB?").unwrap();
        let mut seen = Vec::new();
        for_each_sub_rack(&rack, |sub| seen.push(sub.to_string()));
        assert_eq!(seen.len(), 3 * 2 * 2, "A 0-2 times, B 0-1, ? 0-1");
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 12, "no multiset twice");
    }
}
