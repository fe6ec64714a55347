//! Monopoly: Harry Potter's own counts (properties, sets, Owl Post, trades, endings) and the
//! tables made from them.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use engine::monopoly::{Ending, MonopolyRules, PropertyKind, Tally};
use serde::{Deserialize, Serialize};

use super::aggregate::{Outcome, Record};
use super::tables::{per, record_columns, write};
use reports::schema::{EndingRow, Fixed, LandingRow, OwlPostRow, PropertyRow, SetRow, TradeRow};

/// The names a run's Monopoly tables print, made once from the rules.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Labels {
    /// Each space's name, GO first.
    pub spaces: Vec<String>,
    /// Each property's name.
    pub properties: Vec<String>,
    /// Each property's space.
    pub property_spaces: Vec<usize>,
    /// Each property's colour set, or `common_room` / `spell`.
    pub kinds: Vec<String>,
    /// Each property's value.
    pub values: Vec<i32>,
    /// Each colour set's name.
    pub groups: Vec<String>,
    /// Each Owl Post card's text.
    pub cards: Vec<String>,
    /// Whether each card is a Howler.
    pub howlers: Vec<bool>,
}

impl Labels {
    /// The labels of a rule set.
    pub fn of(rules: &MonopolyRules) -> Labels {
        let board = &rules.board;
        Labels {
            spaces: board.names.clone(),
            properties: board.properties.iter().map(|p| p.name.clone()).collect(),
            property_spaces: board.properties.iter().map(|p| p.space as usize).collect(),
            kinds: board
                .properties
                .iter()
                .map(|p| match p.kind {
                    PropertyKind::Location(group) => board.groups[group as usize].name.clone(),
                    PropertyKind::CommonRoom(_) => "common_room".into(),
                    PropertyKind::Spell => "spell".into(),
                })
                .collect(),
            values: board.properties.iter().map(|p| p.value).collect(),
            groups: board.groups.iter().map(|g| g.name.clone()).collect(),
            cards: rules.cards.iter().map(|c| c.name.clone()).collect(),
            howlers: rules.cards.iter().map(|c| c.howler).collect(),
        }
    }
}

/// What one finished Monopoly game adds to the run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonopolyGame {
    /// The game's counters.
    pub tally: Tally,
    /// How it ended.
    pub ending: Ending,
    /// The run's names, shared by every game.
    pub labels: Arc<Labels>,
}

/// One property over a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PropertyRecord {
    /// Times explored at its value (or taken free).
    pub explored: u64,
    /// Times won at auction.
    pub auctioned: u64,
    /// Auctions without a bid.
    pub unsold: u64,
    /// Points paid at auction.
    pub auction_points: i64,
    /// Points paid to the Bank for it.
    pub cost: i64,
    /// Rent collected on it.
    pub rent: i64,
}

/// One Owl Post card over a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwlRecord {
    /// Times drawn.
    pub drawn: u64,
    /// The drawers' total change of points while carrying it out.
    pub points: i64,
    /// Points it moved later: Jail fines paid to leave a stay it began, fines it saved.
    pub later_points: i64,
    /// Turns its drawers spent in Jail without moving, on a stay it began.
    pub jail_turns: u64,
}

/// One bot's trading over a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TradeRecord {
    /// Seat-games played.
    pub games: u64,
    /// Trades proposed.
    pub proposed: u64,
    /// Trades accepted.
    pub accepted: u64,
    /// Properties moved by its accepted trades.
    pub properties: u64,
    /// Crests placed.
    pub crests: u64,
    /// Seat-games that ended out of the game.
    pub out: u64,
}

/// Everything a run counts of Monopoly beyond the shared tables.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MonopolyTotals {
    /// The names of spaces, properties, sets and cards.
    pub labels: Labels,
    /// Landings by space.
    pub landings: Vec<u64>,
    /// By property.
    pub properties: Vec<PropertyRecord>,
    /// By colour set: seat-games that held it whole at some point.
    pub sets_completed: Vec<Record>,
    /// By colour set: seat-games that never did.
    pub sets_missed: Vec<Record>,
    /// By Owl Post card.
    pub cards: Vec<OwlRecord>,
    /// By bot.
    pub trades: BTreeMap<String, TradeRecord>,
    /// Games by ending.
    pub endings: BTreeMap<String, u64>,
    /// Points moved by trades.
    pub trade_points: i64,
    /// Auctions of a house's last crest.
    pub crest_auctions: u64,
}

fn add_into(mine: &mut Vec<u64>, theirs: &[u64]) {
    mine.resize(mine.len().max(theirs.len()), 0);
    for (m, t) in mine.iter_mut().zip(theirs) {
        *m += t;
    }
}

impl MonopolyTotals {
    fn sized(labels: &Labels) -> MonopolyTotals {
        MonopolyTotals {
            labels: labels.clone(),
            landings: vec![0; labels.spaces.len()],
            properties: vec![PropertyRecord::default(); labels.properties.len()],
            sets_completed: vec![Record::default(); labels.groups.len()],
            sets_missed: vec![Record::default(); labels.groups.len()],
            cards: vec![OwlRecord::default(); labels.cards.len()],
            ..MonopolyTotals::default()
        }
    }

    /// Counts one game into `totals` (made on the first game).
    pub fn fold(
        totals: &mut Option<MonopolyTotals>,
        outcome: &Outcome,
        game: &MonopolyGame,
        names: &[String],
        shares: &[u64],
    ) {
        let totals = totals.get_or_insert_with(|| MonopolyTotals::sized(&game.labels));
        let tally = &game.tally;
        for (space, count) in totals.landings.iter_mut().enumerate() {
            *count += u64::from(tally.landings[space]);
        }
        for (p, record) in totals.properties.iter_mut().enumerate() {
            record.explored += u64::from(tally.explored[p]);
            record.auctioned += u64::from(tally.auctioned[p]);
            record.unsold += u64::from(tally.unsold[p]);
            record.auction_points += i64::from(tally.auction_points[p]);
            record.cost += i64::from(tally.cost[p]);
            record.rent += i64::from(tally.rent[p]);
        }
        for (card, record) in totals.cards.iter_mut().enumerate() {
            record.drawn += u64::from(tally.owl_drawn[card]);
            record.points += i64::from(tally.owl_points[card]);
            record.later_points += i64::from(tally.owl_later_points[card]);
            record.jail_turns += u64::from(tally.owl_jail_turns[card]);
        }
        for seat in 0..outcome.players {
            let score = outcome.scores[seat];
            let margin = outcome.margin(seat);
            for group in 0..totals.sets_completed.len() {
                let side = if tally.sets[seat] & (1 << group) != 0 {
                    &mut totals.sets_completed[group]
                } else {
                    &mut totals.sets_missed[group]
                };
                side.add(shares[seat], score, margin);
            }
            let trades = totals
                .trades
                .entry(names[outcome.bots[seat]].clone())
                .or_default();
            trades.games += 1;
            trades.proposed += u64::from(tally.trades_proposed[seat]);
            trades.accepted += u64::from(tally.trades_accepted[seat]);
            trades.properties += u64::from(tally.traded[seat].count_ones());
            trades.crests += u64::from(tally.crests[seat]);
            trades.out += u64::from(tally.out[seat]);
        }
        *totals
            .endings
            .entry(game.ending.name().to_string())
            .or_default() += 1;
        totals.trade_points += tally.trade_points;
        totals.crest_auctions += u64::from(tally.crest_auctions);
    }

    /// Adds another run's counts to these.
    pub fn merge(&mut self, other: &MonopolyTotals) {
        if self.labels.spaces.is_empty() {
            *self = MonopolyTotals::sized(&other.labels);
        }
        add_into(&mut self.landings, &other.landings);
        for (mine, theirs) in self.properties.iter_mut().zip(&other.properties) {
            mine.explored += theirs.explored;
            mine.auctioned += theirs.auctioned;
            mine.unsold += theirs.unsold;
            mine.auction_points += theirs.auction_points;
            mine.cost += theirs.cost;
            mine.rent += theirs.rent;
        }
        for (mine, theirs) in self.sets_completed.iter_mut().zip(&other.sets_completed) {
            mine.merge(theirs);
        }
        for (mine, theirs) in self.sets_missed.iter_mut().zip(&other.sets_missed) {
            mine.merge(theirs);
        }
        for (mine, theirs) in self.cards.iter_mut().zip(&other.cards) {
            mine.drawn += theirs.drawn;
            mine.points += theirs.points;
            mine.later_points += theirs.later_points;
            mine.jail_turns += theirs.jail_turns;
        }
        for (bot, record) in &other.trades {
            let mine = self.trades.entry(bot.clone()).or_default();
            mine.games += record.games;
            mine.proposed += record.proposed;
            mine.accepted += record.accepted;
            mine.properties += record.properties;
            mine.crests += record.crests;
            mine.out += record.out;
        }
        for (ending, count) in &other.endings {
            *self.endings.entry(ending.clone()).or_default() += count;
        }
        self.trade_points += other.trade_points;
        self.crest_auctions += other.crest_auctions;
    }
}

/// Writes properties.csv, landings.csv, sets.csv, owl_post.csv, trades.csv and endings.csv.
pub fn write_tables(dir: &Path, totals: &MonopolyTotals, games: u64) -> anyhow::Result<()> {
    let labels = &totals.labels;
    let all_landings: u64 = totals.landings.iter().sum();
    let landings: Vec<LandingRow> = totals
        .landings
        .iter()
        .enumerate()
        .map(|(space, &count)| LandingRow {
            space,
            name: labels.spaces[space].clone(),
            landings_per_game: Fixed(per(count as f64, games)),
            share_of_landings: Fixed(per(count as f64, all_landings)),
        })
        .collect();
    write(dir, &landings)?;

    let properties: Vec<PropertyRow> = totals
        .properties
        .iter()
        .enumerate()
        .map(|(p, record)| {
            let landed = totals.landings[labels.property_spaces[p]];
            PropertyRow {
                property: labels.properties[p].clone(),
                set: labels.kinds[p].clone(),
                value: labels.values[p],
                landings_per_game: Fixed(per(landed as f64, games)),
                explored: record.explored,
                auctioned: record.auctioned,
                unsold_auctions: record.unsold,
                mean_auction_price: Fixed(per(record.auction_points as f64, record.auctioned)),
                rent_per_game: Fixed(per(record.rent as f64, games)),
                return_on_cost: Fixed(per(record.rent as f64, record.cost.max(0) as u64)),
            }
        })
        .collect();
    write(dir, &properties)?;

    let sets: Vec<SetRow> = labels
        .groups
        .iter()
        .enumerate()
        .map(|(group, name)| {
            let completed = record_columns(&totals.sets_completed[group]);
            let missed = record_columns(&totals.sets_missed[group]);
            SetRow {
                set: name.clone(),
                completed_share: Fixed(per(completed.games as f64, completed.games + missed.games)),
                games_completed: completed.games,
                win_rate_completed: completed.win_rate,
                ci95_low_completed: completed.ci95_low,
                ci95_high_completed: completed.ci95_high,
                games_missed: missed.games,
                win_rate_missed: missed.win_rate,
                ci95_low_missed: missed.ci95_low,
                ci95_high_missed: missed.ci95_high,
                mean_score_completed: completed.mean_score,
            }
        })
        .collect();
    write(dir, &sets)?;

    let cards: Vec<OwlPostRow> = totals
        .cards
        .iter()
        .enumerate()
        .map(|(card, record)| OwlPostRow {
            card: labels.cards[card].clone(),
            howler: labels.howlers[card],
            drawn: record.drawn,
            mean_effect: Fixed(per(record.points as f64, record.drawn)),
            mean_later: Fixed(per(record.later_points as f64, record.drawn)),
            mean_total: Fixed(per(
                (record.points + record.later_points) as f64,
                record.drawn,
            )),
            jail_turns_per_draw: Fixed(per(record.jail_turns as f64, record.drawn)),
        })
        .collect();
    write(dir, &cards)?;

    let trades: Vec<TradeRow> = totals
        .trades
        .iter()
        .map(|(bot, r)| TradeRow {
            bot: bot.clone(),
            seat_games: r.games,
            proposed_per_game: Fixed(per(r.proposed as f64, r.games)),
            accepted_per_game: Fixed(per(r.accepted as f64, r.games)),
            acceptance_rate: Fixed(per(r.accepted as f64, r.proposed)),
            properties_traded_per_game: Fixed(per(r.properties as f64, r.games)),
            crests_per_game: Fixed(per(r.crests as f64, r.games)),
            out_rate: Fixed(per(r.out as f64, r.games)),
        })
        .collect();
    write(dir, &trades)?;

    let endings: Vec<EndingRow> = totals
        .endings
        .iter()
        .map(|(ending, &count)| EndingRow {
            ending: ending.clone(),
            games: count,
            share: Fixed(per(count as f64, games)),
        })
        .collect();
    write(dir, &endings)
}
