//! What a run counts: integer counters folded per game and merged by one function, so totals
//! do not depend on how games were split between threads, chunks or shards.

use std::collections::BTreeMap;

use engine::hogwarts::{Card, House};

use super::letters::LetterRecord;
use super::monopoly::{MonopolyGame, MonopolyTotals};
use super::plays::PlayRecord;
use serde::{Deserialize, Serialize};

/// The most seats a game has.
pub const MAX_SEATS: usize = 6;

/// Win shares are counted in twelfths, so ties between 2, 3 or 4 players split exactly.
pub const WIN_UNIT: u64 = 12;

/// Score buckets are this many points wide.
pub const SCORE_BUCKET: i32 = 10;

/// One finished game, as the runner reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The game's index in the run.
    pub index: u64,
    /// The game's seed.
    pub seed: u64,
    /// Seats in play.
    pub players: usize,
    /// The seat that moved first.
    pub first: usize,
    /// The bot in each seat, as an index into the run's bot list.
    pub bots: [usize; MAX_SEATS],
    /// Final scores by seat.
    pub scores: [i32; MAX_SEATS],
    /// Turns played.
    pub turns: u32,
    /// Each seat's house, in Scrabble: Harry Potter Edition.
    pub houses: [Option<House>; MAX_SEATS],
    /// Each seat's Hogwarts cards, in Scrabble: Harry Potter Edition.
    pub cards: Option<CardTally>,
    /// Each seat's plays, bingos, exchanges and passes, in the crossword games.
    pub plays: Option<[PlayRecord; MAX_SEATS]>,
    /// Each letter's tiles (or letter cards) placed and left, in the crossword games and the
    /// card game's Classic and Forfeit.
    pub letters: Option<Box<LetterRecord>>,
    /// Properties, sets, Owl Post and trades, in Monopoly: Harry Potter.
    pub monopoly: Option<Box<MonopolyGame>>,
}

/// Cards by seat and kind (Hogwarts cards; the card game's Premium cards and Action
/// categories; Rummy's Round cards): drawn, played, points they gained. As many kinds as the
/// game's own list holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardTally {
    /// The kinds' names, in index order.
    pub keys: &'static [&'static str],
    /// Each kind's counts, seat by seat: kind k's for seat s at `k * MAX_SEATS + s`.
    counts: Vec<CardCount>,
}

/// One seat's counts of one kind of card in one game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CardCount {
    /// Cards drawn.
    pub drawn: u32,
    /// Cards played.
    pub played: u32,
    /// Points the cards played gained on their turns.
    pub points: i32,
}

/// The Hogwarts cards' names in [`Card::ALL`] order.
static HOGWARTS_KEYS: std::sync::LazyLock<Vec<&'static str>> =
    std::sync::LazyLock::new(|| Card::ALL.iter().map(|card| card.key()).collect());

impl CardTally {
    /// A tally of the kinds named `keys`, every count zero.
    pub fn new(keys: &'static [&'static str]) -> CardTally {
        CardTally {
            keys,
            counts: vec![CardCount::default(); keys.len() * MAX_SEATS],
        }
    }

    /// A tally of the Hogwarts cards.
    pub fn hogwarts() -> CardTally {
        CardTally::new(&HOGWARTS_KEYS)
    }

    /// `seat`'s counts of kind `kind`.
    pub fn get(&self, seat: usize, kind: usize) -> CardCount {
        self.counts[kind * MAX_SEATS + seat]
    }

    /// `seat`'s counts of kind `kind`, to add to.
    pub fn at(&mut self, seat: usize, kind: usize) -> &mut CardCount {
        &mut self.counts[kind * MAX_SEATS + seat]
    }
}

/// One card's counts over a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardRecord {
    /// Times drawn.
    pub drawn: u64,
    /// Times played.
    pub played: u64,
    /// Points gained by the plays.
    pub points: i64,
    /// Seats (one per game) that played it at least once, and their win shares.
    pub with: Record,
    /// Seats that did not play it, and their win shares.
    pub without: Record,
}

impl CardRecord {
    fn merge(&mut self, other: &CardRecord) {
        self.drawn += other.drawn;
        self.played += other.played;
        self.points += other.points;
        self.with.merge(&other.with);
        self.without.merge(&other.without);
    }
}

impl Outcome {
    /// Each seat's share of the win, in [`WIN_UNIT`]s: the top score wins, ties split it.
    pub fn win_shares(&self) -> [u64; MAX_SEATS] {
        let scores = &self.scores[..self.players];
        let top = scores.iter().copied().max().unwrap_or(0);
        let winners = scores.iter().filter(|&&s| s == top).count() as u64;
        let mut shares = [0; MAX_SEATS];
        for (share, &score) in shares.iter_mut().zip(scores) {
            if score == top {
                *share = WIN_UNIT / winners;
            }
        }
        shares
    }

    /// A seat's place in the order of play: 1 for the seat that moved first.
    pub fn move_order(&self, seat: usize) -> usize {
        (seat + self.players - self.first) % self.players + 1
    }

    /// A seat's score minus the best score among the others.
    pub fn margin(&self, seat: usize) -> i32 {
        let best_other = (0..self.players)
            .filter(|&s| s != seat)
            .map(|s| self.scores[s])
            .max()
            .unwrap_or(0);
        self.scores[seat] - best_other
    }
}

/// Games, win shares and score sums for one seat, bot or pairing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Games counted.
    pub games: u64,
    /// Win shares in [`WIN_UNIT`]s.
    pub win_units: u64,
    /// Sum of final scores.
    pub score_sum: i64,
    /// Sum of margins over the best other player.
    pub margin_sum: i64,
}

impl Record {
    /// Wins, a tie counting half.
    pub(super) fn wins(&self) -> f64 {
        self.win_units as f64 / WIN_UNIT as f64
    }

    pub(super) fn add(&mut self, win_units: u64, score: i32, margin: i32) {
        self.games += 1;
        self.win_units += win_units;
        self.score_sum += i64::from(score);
        self.margin_sum += i64::from(margin);
    }

    pub(super) fn merge(&mut self, other: &Record) {
        self.games += other.games;
        self.win_units += other.win_units;
        self.score_sum += other.score_sum;
        self.margin_sum += other.margin_sum;
    }
}

/// Everything a run counts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aggregates {
    /// Games counted.
    pub games: u64,
    /// By seat (1 moved first).
    pub seats: BTreeMap<usize, Record>,
    /// By bot name.
    pub bots: BTreeMap<String, Record>,
    /// By (bot, opponent) name: the bot's results against that opponent, pair by pair.
    pub head_to_head: BTreeMap<String, BTreeMap<String, Record>>,
    /// Final scores by bot and bucket (the bucket's lowest score).
    pub scores: BTreeMap<String, BTreeMap<i32, u64>>,
    /// Games by number of turns.
    pub turns: BTreeMap<u32, u64>,
    /// By house (Scrabble: Harry Potter Edition).
    #[serde(default)]
    pub houses: BTreeMap<String, Record>,
    /// By house and seat (1 moved first): where each house sat and how it did there, so a
    /// house's power can be told apart from the seats it played from.
    #[serde(default)]
    pub house_seats: BTreeMap<String, BTreeMap<usize, Record>>,
    /// By Hogwarts card (Scrabble: Harry Potter Edition).
    #[serde(default)]
    pub cards: BTreeMap<String, CardRecord>,
    /// By Hogwarts card and the bot that held it: each card under each policy.
    #[serde(default)]
    pub bot_cards: BTreeMap<String, BTreeMap<String, CardRecord>>,
    /// By bot name, in the crossword games: how its points were made.
    #[serde(default)]
    pub plays: BTreeMap<String, PlayRecord>,
    /// In the crossword games and the card game's Classic and Forfeit: how each letter fared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub letters: Option<LetterRecord>,
    /// Monopoly: Harry Potter's own counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monopoly: Option<MonopolyTotals>,
}

impl Aggregates {
    /// Counts one game; `names` are the run's bots.
    pub fn fold(&mut self, outcome: &Outcome, names: &[String]) {
        self.games += 1;
        let shares = outcome.win_shares();
        for seat in 0..outcome.players {
            let name = &names[outcome.bots[seat]];
            let score = outcome.scores[seat];
            let margin = outcome.margin(seat);
            self.seats.entry(outcome.move_order(seat)).or_default().add(
                shares[seat],
                score,
                margin,
            );
            self.bots
                .entry(name.clone())
                .or_default()
                .add(shares[seat], score, margin);
            if let Some(house) = outcome.houses[seat] {
                let house = house.name().to_string();
                self.house_seats
                    .entry(house.clone())
                    .or_default()
                    .entry(outcome.move_order(seat))
                    .or_default()
                    .add(shares[seat], score, margin);
                self.houses
                    .entry(house)
                    .or_default()
                    .add(shares[seat], score, margin);
            }
            if let Some(tally) = &outcome.cards {
                for (kind, key) in tally.keys.iter().enumerate() {
                    let by_bot = self.bot_cards.entry(key.to_string()).or_default();
                    let count = tally.get(seat, kind);
                    for record in [
                        self.cards.entry(key.to_string()).or_default(),
                        by_bot.entry(name.clone()).or_default(),
                    ] {
                        record.drawn += u64::from(count.drawn);
                        record.played += u64::from(count.played);
                        record.points += i64::from(count.points);
                        let side = if count.played > 0 {
                            &mut record.with
                        } else {
                            &mut record.without
                        };
                        side.add(shares[seat], score, margin);
                    }
                }
            }
            if let Some(plays) = &outcome.plays {
                self.plays
                    .entry(name.clone())
                    .or_default()
                    .merge(&plays[seat]);
            }
            let bucket = score.div_euclid(SCORE_BUCKET) * SCORE_BUCKET;
            *self
                .scores
                .entry(name.clone())
                .or_default()
                .entry(bucket)
                .or_default() += 1;
            for other in (0..outcome.players).filter(|&o| o != seat) {
                let opponent = &names[outcome.bots[other]];
                if opponent == name {
                    continue;
                }
                let (mine, theirs) = (outcome.scores[seat], outcome.scores[other]);
                let units = match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => WIN_UNIT,
                    std::cmp::Ordering::Equal => WIN_UNIT / 2,
                    std::cmp::Ordering::Less => 0,
                };
                let pair = self.head_to_head.entry(name.clone()).or_default();
                pair.entry(opponent.clone())
                    .or_default()
                    .add(units, mine, mine - theirs);
            }
        }
        *self.turns.entry(outcome.turns).or_default() += 1;
        if let Some(letters) = &outcome.letters {
            self.letters.get_or_insert_default().merge(letters);
        }
        if let Some(game) = &outcome.monopoly {
            MonopolyTotals::fold(&mut self.monopoly, outcome, game, names, &shares);
        }
    }

    /// Adds another run's counts to these.
    pub fn merge(&mut self, other: &Aggregates) {
        self.games += other.games;
        for (seat, record) in &other.seats {
            self.seats.entry(*seat).or_default().merge(record);
        }
        for (bot, record) in &other.bots {
            self.bots.entry(bot.clone()).or_default().merge(record);
        }
        for (bot, opponents) in &other.head_to_head {
            let mine = self.head_to_head.entry(bot.clone()).or_default();
            for (opponent, record) in opponents {
                mine.entry(opponent.clone()).or_default().merge(record);
            }
        }
        for (bot, buckets) in &other.scores {
            let mine = self.scores.entry(bot.clone()).or_default();
            for (bucket, count) in buckets {
                *mine.entry(*bucket).or_default() += count;
            }
        }
        for (turns, count) in &other.turns {
            *self.turns.entry(*turns).or_default() += count;
        }
        for (house, record) in &other.houses {
            self.houses.entry(house.clone()).or_default().merge(record);
        }
        for (house, seats) in &other.house_seats {
            let mine = self.house_seats.entry(house.clone()).or_default();
            for (seat, record) in seats {
                mine.entry(*seat).or_default().merge(record);
            }
        }
        for (card, record) in &other.cards {
            self.cards.entry(card.clone()).or_default().merge(record);
        }
        for (bot, record) in &other.plays {
            self.plays.entry(bot.clone()).or_default().merge(record);
        }
        if let Some(theirs) = &other.letters {
            self.letters.get_or_insert_default().merge(theirs);
        }
        if let Some(theirs) = &other.monopoly {
            self.monopoly
                .get_or_insert_with(Default::default)
                .merge(theirs);
        }
        for (card, bots) in &other.bot_cards {
            let mine = self.bot_cards.entry(card.clone()).or_default();
            for (bot, record) in bots {
                mine.entry(bot.clone()).or_default().merge(record);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(index: u64, scores: [i32; 2]) -> Outcome {
        Outcome {
            index,
            seed: index,
            players: 2,
            first: 0,
            bots: [0, 1, 0, 0, 0, 0],
            scores: [scores[0], scores[1], 0, 0, 0, 0],
            turns: 20,
            houses: [None; MAX_SEATS],
            cards: None,
            plays: None,
            letters: None,
            monopoly: None,
        }
    }

    #[test]
    fn ties_split_the_win_and_merging_equals_folding_together() {
        let names = vec!["greedy".to_string(), "random".to_string()];
        let games = [
            outcome(0, [300, 200]),
            outcome(1, [250, 250]),
            outcome(2, [100, 400]),
        ];
        let mut together = Aggregates::default();
        games.iter().for_each(|g| together.fold(g, &names));
        let mut first = Aggregates::default();
        first.fold(&games[0], &names);
        let mut rest = Aggregates::default();
        games[1..].iter().for_each(|g| rest.fold(g, &names));
        first.merge(&rest);
        assert_eq!(first, together);
        let greedy = together.bots["greedy"];
        assert_eq!(
            (greedy.games, greedy.win_units),
            (3, 18),
            "one win and one tie"
        );
        assert_eq!(greedy.margin_sum, 100 - 300);
        assert_eq!(together.head_to_head["greedy"]["random"].win_units, 18);
        assert_eq!(together.scores["random"][&400], 1);
    }
}
