//! Paired experiments: each deal is played under the run's rules and again with a change,
//! from the same seed, and the difference is measured deal by deal.
//!
//! Common random numbers: both games of a pair are seeded alike, so they draw the same bag
//! order, deck order and dice for as long as they stay alike. Once a choice differs, each
//! game goes on drawing from its own copy of the same streams; nothing re-aligns them, so
//! the pairing helps most where a change matters least. With duplicate seating a deal is
//! played once per rotation of the bots through the seats, and the crossword games draw
//! each seat's tiles and cards from a stream of the seat's own (`engine::draws`): a seat
//! meets much the same tiles however the play goes and whoever sits in it, so no bot or
//! house is favoured by the deal it got, and the two rules' games stay coupled after they
//! part. The deal is then the unit the intervals count, its games averaged.

use engine::hogwarts::House;
use rayon::prelude::*;
use reports::schema::{EffectRow, Fixed};

use super::aggregate::{Outcome, WIN_UNIT};
use super::seeds::game_seed;
use super::stats::Z95;
use super::{Contest, fixed_chunks, worker_pool};

/// How the pairs are dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Design {
    /// The master seed: deal d is seeded `game_seed(master, d)`.
    pub master: u64,
    /// The first deal played (a search adds deals round by round).
    pub first: u64,
    /// Deals played by each arm.
    pub deals: u64,
    /// Seats at the table.
    pub players: usize,
    /// Each deal once per rotation of the bots through the seats, else once (rotated by the
    /// deal's number, as `owlery sim` rotates).
    pub duplicate: bool,
}

impl Design {
    /// Games each arm plays.
    pub fn games(&self) -> u64 {
        self.deals * self.rotations()
    }

    fn rotations(&self) -> u64 {
        if self.duplicate {
            self.players as u64
        } else {
            1
        }
    }

    /// The games of deal `deal`: (index, seed) each, the index setting the seating.
    fn games_of(&self, deal: u64) -> impl Iterator<Item = (u64, u64)> {
        let seed = game_seed(self.master, deal);
        let rotations = self.rotations();
        (0..rotations).map(move |r| (deal * rotations + r, seed))
    }
}

/// Who is measured: a bot by name, a seat, or a house.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Group {
    /// A bot of the lineup (all its seats together when it is named twice).
    Bot(String),
    /// A seat, from 0.
    Seat(usize),
    /// A house (the Harry Potter games).
    House(House),
    /// The bot at place `index` of the lineup, whose policy the changed arm alters; `name`
    /// says what the change is about.
    Policy {
        /// The bot's place in the lineup.
        index: usize,
        /// What the change is about (a card's key).
        name: String,
    },
    /// The seats that drew a kind of card in a game: a Hogwarts card by its index in the
    /// game's card tally, an Owl Post card by its place in the deck's file.
    Drew {
        /// The kind's index.
        kind: usize,
        /// Its name.
        name: String,
    },
}

impl Group {
    /// `bot`, `seat`, `house`, `policy` or `drew`.
    pub fn kind(&self) -> &'static str {
        match self {
            Group::Bot(_) => "bot",
            Group::Seat(_) => "seat",
            Group::House(_) => "house",
            Group::Policy { .. } => "policy",
            Group::Drew { .. } => "drew",
        }
    }

    /// The bot's name, the seat from 1, or the house's name.
    pub fn name(&self) -> String {
        match self {
            Group::Bot(name) => name.clone(),
            Group::Seat(seat) => (seat + 1).to_string(),
            Group::House(house) => house.name().to_string(),
            Group::Policy { name, .. } | Group::Drew { name, .. } => name.clone(),
        }
    }

    /// The seats of `outcome` this group holds.
    fn holds(&self, outcome: &Outcome, names: &[String], seat: usize) -> bool {
        match self {
            Group::Bot(name) => names[outcome.bots[seat]] == *name,
            Group::Seat(wanted) => seat == *wanted,
            Group::House(house) => outcome.houses[seat] == Some(*house),
            Group::Policy { index, .. } => outcome.bots[seat] == *index,
            Group::Drew { kind, .. } => {
                let hogwarts = outcome.cards.as_ref();
                let owl_post = outcome.monopoly.as_ref().map(|game| &game.tally);
                hogwarts.is_some_and(|tally| tally.get(seat, *kind).drawn > 0)
                    || owl_post.is_some_and(|tally| tally.owl_drawers[*kind] & (1 << seat) != 0)
            }
        }
    }

    /// The group's win share (0 to 1) and mean score in one game, if it played.
    pub(crate) fn in_game(&self, outcome: &Outcome, names: &[String]) -> Option<(f64, f64)> {
        let shares = outcome.win_shares();
        let seats: Vec<usize> = (0..outcome.players)
            .filter(|&seat| self.holds(outcome, names, seat))
            .collect();
        if seats.is_empty() {
            return None;
        }
        let count = seats.len() as f64;
        let win = seats.iter().map(|&s| shares[s] as f64).sum::<f64>() / WIN_UNIT as f64;
        let score = seats
            .iter()
            .map(|&s| f64::from(outcome.scores[s]))
            .sum::<f64>();
        Some((win / count, score / count))
    }
}

/// The groups of a lineup: each bot once (none when one bot holds every seat: it always
/// wins), each seat, each house.
pub fn groups(names: &[String]) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    for name in names {
        if !groups.contains(&Group::Bot(name.clone())) {
            groups.push(Group::Bot(name.clone()));
        }
    }
    if groups.len() == 1 {
        groups.clear();
    }
    groups.extend((0..names.len()).map(Group::Seat));
    groups.extend(House::ALL.into_iter().map(Group::House));
    groups
}

/// A running count, sum and sum of squares.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Moments {
    /// Values counted.
    pub count: u64,
    sum: f64,
    sum_squares: f64,
}

impl Moments {
    pub(crate) fn add(&mut self, value: f64) {
        self.count += 1;
        self.sum += value;
        self.sum_squares += value * value;
    }

    pub(crate) fn merge(&mut self, other: &Moments) {
        self.count += other.count;
        self.sum += other.sum;
        self.sum_squares += other.sum_squares;
    }

    /// The count written exactly, for a file read back later: `COUNT:SUM:SQUARES`, the sums
    /// as the bits of their floating-point values in hex.
    pub fn exact_text(&self) -> String {
        format!(
            "{}:{:x}:{:x}",
            self.count,
            self.sum.to_bits(),
            self.sum_squares.to_bits()
        )
    }

    /// Reads [`Moments::exact_text`]; `None` unless it is that.
    pub fn from_exact_text(text: &str) -> Option<Moments> {
        let mut parts = text.split(':');
        let count = parts.next()?.parse().ok()?;
        let mut float = || {
            u64::from_str_radix(parts.next()?, 16)
                .ok()
                .map(f64::from_bits)
        };
        let (sum, sum_squares) = (float()?, float()?);
        parts.next().is_none().then_some(Moments {
            count,
            sum,
            sum_squares,
        })
    }

    /// The mean (0 with nothing counted).
    pub fn mean(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.sum / self.count as f64
        }
    }

    /// The sample variance (0 below two values).
    pub fn variance(&self) -> f64 {
        if self.count < 2 {
            return 0.0;
        }
        let n = self.count as f64;
        ((self.sum_squares - self.sum * self.sum / n) / (n - 1.0)).max(0.0)
    }

    /// The variance of the mean.
    pub fn variance_of_mean(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.variance() / self.count as f64
        }
    }
}

/// One measure (win share or score) of a group: per deal under each arm and their
/// difference, and per game under each arm (what unpaired runs would have had).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Measure {
    /// The run's rules, deal by deal.
    pub base: Moments,
    /// The changed rules, deal by deal.
    pub changed: Moments,
    /// Changed minus base, deal by deal.
    pub difference: Moments,
    /// The run's rules, game by game.
    pub base_games: Moments,
    /// The changed rules, game by game.
    pub changed_games: Moments,
}

impl Measure {
    fn merge(&mut self, other: &Measure) {
        self.base.merge(&other.base);
        self.changed.merge(&other.changed);
        self.difference.merge(&other.difference);
        self.base_games.merge(&other.base_games);
        self.changed_games.merge(&other.changed_games);
    }

    /// The effect (changed minus base) and its paired 95 % interval.
    pub fn effect(&self) -> (f64, f64, f64) {
        let mean = self.difference.mean();
        let half = Z95 * self.difference.variance_of_mean().sqrt();
        (mean, mean - half, mean + half)
    }

    /// The base level's variance here (deal by deal) over that of as many independent games
    /// (1 when the latter is 0).
    pub fn level_variance_ratio(&self) -> f64 {
        let independent = self.base_games.variance_of_mean();
        if independent > 0.0 {
            self.base.variance_of_mean() / independent
        } else {
            1.0
        }
    }

    /// The effect's variance here over that of the difference of two unpaired runs of as
    /// many games each (1 when the unpaired variance is 0).
    pub fn variance_ratio(&self) -> f64 {
        let unpaired = self.base_games.variance_of_mean() + self.changed_games.variance_of_mean();
        if unpaired > 0.0 {
            self.difference.variance_of_mean() / unpaired
        } else {
            1.0
        }
    }
}

/// A group's win share and score measures.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Measures {
    /// Share of the win (1 a win, 1/k a k-way tie).
    pub win: Measure,
    /// Final score.
    pub score: Measure,
}

impl Measures {
    /// Adds another count of the same group.
    pub fn merge(&mut self, other: &Measures) {
        self.win.merge(&other.win);
        self.score.merge(&other.score);
    }
}

/// What a paired experiment measured, group by group (as [`groups`] lists them).
#[derive(Debug, Clone, PartialEq)]
pub struct Effects {
    /// The groups.
    pub groups: Vec<Group>,
    /// Each group's measures.
    pub measures: Vec<Measures>,
    /// The design played.
    pub design: Design,
}

impl Effects {
    /// The chunks' measures of `groups` (as [`paired_by_chunk`] gives them) added in order:
    /// the same sums, bit for bit, wherever each chunk was played.
    pub fn sum(groups: Vec<Group>, design: Design, chunks: &[Vec<Measures>]) -> Effects {
        let mut measures = vec![Measures::default(); groups.len()];
        for chunk in chunks {
            for (total, part) in measures.iter_mut().zip(chunk) {
                total.merge(part);
            }
        }
        Effects {
            groups,
            measures,
            design,
        }
    }

    /// Half the width of the widest 95 % interval of a group's win-rate effect (0 where no
    /// group played under both rules).
    pub fn widest_win_half(&self) -> f64 {
        self.measures
            .iter()
            .filter(|measures| measures.win.difference.count > 0)
            .map(|measures| {
                let (_, low, high) = measures.win.effect();
                (high - low) / 2.0
            })
            .fold(0.0, f64::max)
    }
}

/// A precision asked in `points` of percentage as the share [`to_precision`] stops at: more
/// than 0 and at most 50 points, else `None`.
pub fn precision_share(points: f64) -> Option<f64> {
    (points > 0.0 && points <= 50.0).then_some(points / 100.0)
}

/// The deals a run to a precision plays first: a few chunks, enough for a first estimate of
/// the intervals' widths.
pub const FIRST_ROUND: u64 = 4 * CHUNK;

/// The deals a group must have been in under both rules before its interval may stop a run
/// to a precision: fewer, and a sample variance (perhaps 0) says too little.
pub const FEWEST_PAIRS: u64 = 30;

/// `most`'s deals played by `play` (a round's design to its chunks' measures of the groups,
/// as [`paired_by_chunk`] gives them) in rounds, until every group that played has been in
/// [`FEWEST_PAIRS`] deals and its win-rate effect is within ±`precision` (a share) at 95 %, or
/// every deal is played. Rounds end on whole chunks, so the sums are those of one run of as
/// many deals, bit for bit; the next round is sized by the widest interval, whose width falls
/// as the square root of the deals (twice the deals while a group has too few). Without a
/// precision, every deal in one round.
pub fn to_precision(
    groups: Vec<Group>,
    most: Design,
    precision: Option<f64>,
    mut play: impl FnMut(Design, &[Group]) -> anyhow::Result<Vec<Vec<Measures>>>,
) -> anyhow::Result<Effects> {
    let Some(precision) = precision else {
        let chunks = play(most, &groups)?;
        return Ok(Effects::sum(groups, most, &chunks));
    };
    let end = most.first + most.deals;
    let on_chunk = |deal: u64| {
        deal.checked_next_multiple_of(CHUNK)
            .map_or(end, |d| d.min(end))
    };
    let mut chunks = Vec::new();
    let (mut played, mut next) = (most.first, on_chunk(most.first + FIRST_ROUND));
    loop {
        let round = Design {
            first: played,
            deals: next - played,
            ..most
        };
        chunks.extend(play(round, &groups)?);
        played = next;
        let so_far = Design {
            deals: played - most.first,
            ..most
        };
        let effects = Effects::sum(groups.clone(), so_far, &chunks);
        // A group in no deal yet is in no row of the table (a house of the other game may
        // never play); one in a few deals is not yet known.
        let too_few = effects
            .measures
            .iter()
            .any(|measures| (1..FEWEST_PAIRS).contains(&measures.win.difference.count));
        let widest = effects.widest_win_half();
        if played >= end || (!too_few && widest <= precision) {
            return Ok(effects);
        }
        let deals = so_far.deals as f64;
        let wanted = if too_few {
            2.0 * deals
        } else {
            // A tenth more than the estimate asks, so that its noise rarely costs a round.
            deals * (widest / precision).powi(2) * 1.1
        };
        // As u64 saturates, and the sum too: a round never passes `end`.
        next = on_chunk(most.first.saturating_add(wanted.ceil() as u64)).max(on_chunk(played + 1));
    }
}

/// A group's mean win share and score over one arm's games of a deal, if it played.
fn deal_means(outcomes: &[Outcome], group: &Group, names: &[String]) -> Option<(f64, f64)> {
    let mut played = Moments::default();
    let mut scored = Moments::default();
    for (win, score) in outcomes.iter().filter_map(|o| group.in_game(o, names)) {
        played.add(win);
        scored.add(score);
    }
    (played.count > 0).then(|| (played.mean(), scored.mean()))
}

/// Folds one deal's games under both rules into the groups' measures.
fn fold_deal(
    measures: &mut [Measures],
    groups: &[Group],
    names: &[String],
    base: &[Outcome],
    changed: &[Outcome],
) {
    for (group, measures) in groups.iter().zip(measures.iter_mut()) {
        // A deal counts where the group played under both rules.
        let (Some(before), Some(after)) = (
            deal_means(base, group, names),
            deal_means(changed, group, names),
        ) else {
            continue;
        };
        measures.win.base.add(before.0);
        measures.win.changed.add(after.0);
        measures.win.difference.add(after.0 - before.0);
        measures.score.base.add(before.1);
        measures.score.changed.add(after.1);
        measures.score.difference.add(after.1 - before.1);
        for (outcomes, win, score) in [
            (
                base,
                &mut measures.win.base_games,
                &mut measures.score.base_games,
            ),
            (
                changed,
                &mut measures.win.changed_games,
                &mut measures.score.changed_games,
            ),
        ] {
            for (w, s) in outcomes.iter().filter_map(|o| group.in_game(o, names)) {
                win.add(w);
                score.add(s);
            }
        }
    }
}

/// Deals a worker plays before its sums are kept: fixed, so the sums are added in the same
/// order on any number of threads.
pub const CHUNK: u64 = 64;

/// Plays every deal of `design` under `base` and under `changed` (the same lineup, named
/// `names`) on `threads` workers and measures the difference for each of `groups`; with a
/// `precision` (a share), only as many of the deals as [`to_precision`] needs.
pub fn paired<C: Contest>(
    base: &C,
    changed: &C,
    names: &[String],
    groups: Vec<Group>,
    design: Design,
    threads: Option<usize>,
    precision: Option<f64>,
) -> anyhow::Result<Effects> {
    to_precision(groups, design, precision, |round, groups| {
        paired_by_chunk(base, changed, names, groups, round, threads)
    })
}

/// [`paired`] chunk by chunk (the fixed chunks of [`CHUNK`] deals, in order): each chunk's
/// measures of `groups`, for a caller that adds chunks played elsewhere.
pub fn paired_by_chunk<C: Contest>(
    base: &C,
    changed: &C,
    names: &[String],
    groups: &[Group],
    design: Design,
    threads: Option<usize>,
) -> anyhow::Result<Vec<Vec<Measures>>> {
    let chunks = fixed_chunks(&(design.first..design.first + design.deals), CHUNK);
    let pool = worker_pool(threads)?;
    pool.install(|| {
        chunks
            .par_iter()
            .map_init(
                || Ok::<_, anyhow::Error>((base.seats()?, changed.seats()?)),
                |seats, deals| -> anyhow::Result<Vec<Measures>> {
                    let (base_seats, changed_seats) = seats
                        .as_mut()
                        .map_err(|error| anyhow::anyhow!("{error:#}"))?;
                    let mut measures = vec![Measures::default(); groups.len()];
                    let (mut before, mut after) = (Vec::new(), Vec::new());
                    for deal in deals.clone() {
                        before.clear();
                        after.clear();
                        for (index, seed) in design.games_of(deal) {
                            before.push(base.play(base_seats, index, seed)?);
                            after.push(changed.play(changed_seats, index, seed)?);
                        }
                        fold_deal(&mut measures, groups, names, &before, &after);
                    }
                    Ok(measures)
                },
            )
            .collect()
    })
}

/// The effect table's rows (`effect.csv`), labelled `change`: each group that played under
/// both rules.
pub fn effect_rows(effects: &Effects, change: &str) -> Vec<EffectRow> {
    effects
        .groups
        .iter()
        .zip(&effects.measures)
        .filter(|(_, measures)| measures.win.difference.count > 0)
        .map(|(group, measures)| {
            let (win, win_low, win_high) = measures.win.effect();
            let (score, score_low, score_high) = measures.score.effect();
            EffectRow {
                change: change.to_string(),
                group: group.kind().to_string(),
                name: group.name(),
                deals: measures.win.difference.count,
                games: measures.win.base_games.count,
                base_win_rate: Fixed(measures.win.base.mean()),
                changed_win_rate: Fixed(measures.win.changed.mean()),
                win_rate_effect: Fixed(win),
                win_ci95_low: Fixed(win_low),
                win_ci95_high: Fixed(win_high),
                base_mean_score: Fixed(measures.score.base.mean()),
                changed_mean_score: Fixed(measures.score.changed.mean()),
                score_effect: Fixed(score),
                score_ci95_low: Fixed(score_low),
                score_ci95_high: Fixed(score_high),
                variance_ratio: Fixed(measures.win.variance_ratio()),
                level_variance_ratio: Fixed(measures.win.level_variance_ratio()),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use bots::Settings;
    use engine::draws::Draws;
    use engine::scrabble::Rules;
    use lexicon::{Edition, Lexicon};

    use super::*;
    use crate::games::{Crossword, Lineup};

    /// A run to a precision over synthetic deals: the first group's difference alternates
    /// +1 and -1 (a spread of 1 a deal); the second is in one deal in `rare` (in none for
    /// 0). Returns the rounds played and the result.
    fn synthetic_rounds(most: Design, precision: f64, rare: u64) -> (Vec<Design>, Effects) {
        let groups = vec![Group::Seat(0), Group::Seat(1)];
        let mut rounds = Vec::new();
        let effects = to_precision(groups, most, Some(precision), |round, groups| {
            rounds.push(round);
            let range = round.first..round.first + round.deals;
            Ok(fixed_chunks(&range, CHUNK)
                .into_iter()
                .map(|deals| {
                    let mut measures = vec![Measures::default(); groups.len()];
                    for deal in deals {
                        let sign = if deal % 2 == 0 { 1.0 } else { -1.0 };
                        measures[0].win.difference.add(sign);
                        if rare > 0 && deal % rare == 0 {
                            measures[1].win.difference.add(0.0);
                        }
                    }
                    measures
                })
                .collect())
        })
        .unwrap();
        (rounds, effects)
    }

    #[test]
    fn a_run_to_a_precision_plays_whole_chunks_until_each_group_is_known_well_enough() {
        let most = Design {
            master: 1,
            first: 0,
            deals: 100_000,
            players: 2,
            duplicate: false,
        };
        // ±1.96/sqrt(n) within ±0.05 from 1,537 deals: the rounds end on chunks at or past it.
        let (rounds, effects) = synthetic_rounds(most, 0.05, 1);
        assert_eq!((rounds[0].first, rounds[0].deals), (0, FIRST_ROUND));
        for pair in rounds.windows(2) {
            assert_eq!(pair[1].first, pair[0].first + pair[0].deals, "{rounds:?}");
        }
        assert!(
            rounds.iter().all(|round| round.first % CHUNK == 0),
            "{rounds:?}"
        );
        let played = effects.design.deals;
        assert!(
            (1_537..2_000).contains(&played) && played % CHUNK == 0,
            "{played}"
        );
        assert!(effects.widest_win_half() <= 0.05);
        // A group in one deal in 400 (its differences all 0, an interval of no width) keeps
        // the run going from its first deal until it has been in FEWEST_PAIRS deals.
        let (_, effects) = synthetic_rounds(most, 0.05, 400);
        assert!(effects.measures[1].win.difference.count >= FEWEST_PAIRS);
        assert!(effects.design.deals >= 400 * (FEWEST_PAIRS - 1));
        // A group in no deal is in no row: it does not hold the run.
        let (_, effects) = synthetic_rounds(most, 0.05, 0);
        assert_eq!(effects.design.deals, played);
        // Never past the most deals, whatever the precision asked.
        let few = Design { deals: 300, ..most };
        let (rounds, effects) = synthetic_rounds(few, 1e-300, 1);
        assert_eq!(effects.design.deals, 300);
        assert_eq!(rounds.last().map(|r| r.first + r.deals), Some(300));
    }

    #[test]
    fn moments_read_back_exactly_from_their_text() {
        let mut moments = Moments::default();
        for value in [1.0 / 3.0, 0.5, 1e-300, 7.25, -0.1] {
            moments.add(value);
        }
        let text = moments.exact_text();
        assert_eq!(Moments::from_exact_text(&text), Some(moments));
        assert_eq!(Moments::from_exact_text("0:0:0"), Some(Moments::default()));
        for bad in ["", "1:2", "1:2:3:4", "x:0:0", "1:zz:0"] {
            assert_eq!(Moments::from_exact_text(bad), None, "{bad}");
        }
    }

    fn crossword(bingo_bonus: i32, draws: Draws) -> Crossword {
        let mut rules = Rules::standard();
        rules.numbers.bingo_bonus = bingo_bonus;
        Crossword {
            rules: Arc::new(rules),
            lexicon: Arc::new(Lexicon::embedded(Edition::Plain)),
            lineup: Lineup::registered(names(), Settings::default()),
            draws,
        }
    }

    fn names() -> Vec<String> {
        vec!["greedy".to_string(), "random".to_string()]
    }

    fn design(deals: u64, duplicate: bool) -> Design {
        Design {
            master: 7,
            first: 0,
            deals,
            players: 2,
            duplicate,
        }
    }

    #[test]
    fn moments_give_the_sample_mean_and_variance() {
        let mut moments = Moments::default();
        for value in [1.0, 2.0, 3.0, 6.0] {
            moments.add(value);
        }
        assert_eq!(moments.mean(), 3.0);
        assert!((moments.variance() - 14.0 / 3.0).abs() < 1e-12);
        assert!((moments.variance_of_mean() - 14.0 / 12.0).abs() < 1e-12);
    }

    #[test]
    fn a_lineup_of_one_bot_is_measured_by_seat_and_house_alone() {
        let same = groups(&["cards".to_string(), "cards".to_string()]);
        assert!(!same.iter().any(|g| matches!(g, Group::Bot(_))));
        assert_eq!(same.len(), 2 + 4);
        assert_eq!(
            groups(&names())[..2],
            [Group::Bot("greedy".into()), Group::Bot("random".into())]
        );
    }

    #[test]
    fn a_duplicate_deal_is_one_seed_in_every_seating() {
        let games: Vec<(u64, u64)> = design(3, true).games_of(1).collect();
        assert_eq!(games.iter().map(|g| g.0).collect::<Vec<_>>(), [2, 3]);
        assert!(games.iter().all(|g| g.1 == game_seed(7, 1)));
        let single: Vec<(u64, u64)> = design(3, false).games_of(1).collect();
        assert_eq!(single, [(1, game_seed(7, 1))]);
        assert_eq!(design(3, true).games(), 6);
    }

    #[test]
    fn the_same_rules_twice_differ_in_nothing_deal_by_deal() {
        let effects = paired(
            &crossword(50, Draws::BySeat),
            &crossword(50, Draws::BySeat),
            &names(),
            groups(&names()),
            design(40, true),
            None,
            None,
        )
        .unwrap();
        for (group, measures) in effects.groups.iter().zip(&effects.measures) {
            if measures.win.difference.count == 0 {
                assert!(matches!(group, Group::House(_)), "{group:?}");
                continue;
            }
            // Common random numbers: identical rules play identical games.
            assert_eq!(measures.win.difference.count, 40, "{group:?}");
            assert_eq!(measures.win.effect(), (0.0, 0.0, 0.0), "{group:?}");
            assert_eq!(measures.score.effect(), (0.0, 0.0, 0.0), "{group:?}");
            assert_eq!(measures.win.base_games.count, 80);
        }
    }

    #[test]
    fn a_change_measures_the_same_on_one_thread_or_two() {
        let run = |threads| {
            paired(
                &crossword(50, Draws::Shared),
                &crossword(20, Draws::Shared),
                &names(),
                groups(&names()),
                design(70, false),
                Some(threads),
                None,
            )
            .unwrap()
        };
        let one = run(1);
        assert_eq!(one, run(2));
        // A smaller bingo bonus costs greedy, who plays bingos, points a game.
        assert_eq!(one.groups[0], Group::Bot("greedy".into()));
        let (effect, _, high) = one.measures[0].score.effect();
        assert!(effect < 0.0 && high < 0.0, "{:?}", one.measures[0]);
    }
}
