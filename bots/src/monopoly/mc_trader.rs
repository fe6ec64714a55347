//! `mc-trader`: purchases, bids and trades valued by rollouts of the rest of the game.

use super::{Policy, answer_by};
use engine::monopoly::{
    Answer, JailChoice, Lot, MAX_PLAYERS, Monopoly, PropertyKind, Question, Raise, Trade, View,
    mask_bits,
};
use engine::play::{Decider, play_out};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::heuristic::{Heuristic, Reserves};
use super::worth::{set_price, trade_gain};

/// One alternative, made on a copy of the table (with the rollout seats for any auction);
/// `false` when it cannot be made there.
type Alternative<'a> = dyn Fn(&mut Monopoly, &mut [Box<dyn Decider<Monopoly>>]) -> bool + 'a;

/// Candidate trades given the full number of rollouts.
const SHORTLIST: usize = 3;

/// The final margin, in points, that counts as a clear win or loss.
const MARGIN_SCALE: f64 = 150.0;

/// Rollouts per alternative when none are given.
pub const DEFAULT_ROLLOUTS: usize = 48;

/// The styles the rollouts draw the other players' play from: the heuristic's own reserves,
/// a cautious player's and a bold one's.
const STYLES: [Reserves; 3] = [Reserves::STANDARD, Reserves::CAUTIOUS, Reserves::BOLD];

/// A rollout seat: plays the heuristic in the style its rollout drew for the seat.
struct RolloutSeat {
    styles: Arc<[AtomicU8; MAX_PLAYERS]>,
    players: [Heuristic; STYLES.len()],
}

impl Decider<Monopoly> for RolloutSeat {
    fn name(&self) -> &str {
        "rollout"
    }

    fn decide(&mut self, view: &View<'_>, question: Question) -> Option<Answer> {
        let style = usize::from(self.styles[view.seat].load(Ordering::Relaxed));
        Some(answer_by(&mut self.players[style], *view, question))
    }
}

/// Plays as `heuristic`, except where a choice changes who owns what: exploring, bidding,
/// proposing and answering trades. There it plays each alternative out to the end K times
/// on copies of the table ([`Monopoly::sampled`]: the Owl Post deck reshuffled and the dice
/// reseeded, never the true future), and takes the alternative with the best mean final
/// margin (its count minus the best other count). In each rollout it plays the heuristic and
/// every other player a style drawn from `STYLES` by the rollout's seed, so it does not
/// count on its opponents playing as it does.
pub struct McTrader {
    rollouts: usize,
    rng: Pcg64Mcg,
    policy: Heuristic,
    /// One seat per player for the rollouts, made once, and the style each plays.
    rollout_seats: Vec<Box<dyn Decider<Monopoly>>>,
    styles: Arc<[AtomicU8; MAX_PLAYERS]>,
    /// The last property valued: (turn, property, worth to this seat over the auction).
    valued: Option<(u32, usize, i32)>,
}

impl McTrader {
    /// A Monte Carlo trader with `rollouts` playouts per alternative.
    pub fn new(rollouts: usize, seed: u64) -> McTrader {
        let styles: Arc<[AtomicU8; MAX_PLAYERS]> = Arc::default();
        McTrader {
            rollouts: rollouts.max(1),
            rng: Pcg64Mcg::seed_from_u64(seed),
            policy: Heuristic::new(),
            rollout_seats: (0..MAX_PLAYERS)
                .map(|_| {
                    Box::new(RolloutSeat {
                        styles: styles.clone(),
                        players: STYLES.map(Heuristic::with_reserves),
                    }) as Box<dyn Decider<Monopoly>>
                })
                .collect(),
            styles,
            valued: None,
        }
    }

    /// Draws each other player's style for the rollout of `seed`; this seat plays its own.
    fn draw_styles(&self, seat: usize, seed: u64) {
        for (other, style) in self.styles.iter().enumerate() {
            let drawn = if other == seat {
                0
            } else {
                // SplitMix64's finaliser: a seat's style independent of the others'.
                let mut x = seed ^ (other as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                ((x ^ (x >> 31)) % STYLES.len() as u64) as u8
            };
            style.store(drawn, Ordering::Relaxed);
        }
    }

    /// The mean value of the rollouts to `seat` after `change` is made to each copy: the
    /// final margin over the best other count, squashed so that a win counts near +1 and a
    /// loss near -1 whatever its size. The same seeds serve every alternative, so their
    /// difference is not drowned in dice.
    fn mean_value(
        &mut self,
        view: &View<'_>,
        seat: usize,
        seeds: &[u64],
        change: &Alternative<'_>,
    ) -> Option<f64> {
        let players = view.players();
        let mut total = 0.0;
        for &seed in seeds {
            self.draw_styles(seat, seed);
            let seats = &mut self.rollout_seats[..players];
            let mut copy = view.sampled(seed);
            if !change(&mut copy, seats) {
                return None;
            }
            // The rollout seats always answer what is asked.
            play_out(&mut copy, seats, |_| {}).ok()?;
            let scores = copy.final_scores();
            let best_other = (0..players)
                .filter(|&s| s != seat)
                .map(|s| scores[s])
                .max()
                .unwrap_or(0);
            total += (f64::from(scores[seat] - best_other) / MARGIN_SCALE).tanh();
        }
        Some(total / seeds.len() as f64)
    }

    fn seeds(&mut self) -> Vec<u64> {
        (0..self.rollouts).map(|_| self.rng.random()).collect()
    }

    /// What owning `property` at its value is worth to this seat over letting the others
    /// auction it, in points of final margin (cached for the turn: an auction follows a refusal).
    fn property_worth(&mut self, view: &View<'_>, property: usize) -> i32 {
        let turn = view.turns();
        if let Some((t, p, worth)) = self.valued
            && t == turn
            && p == property
        {
            return worth;
        }
        let me = view.seat;
        let seeds = self.seeds();
        let others = (0..view.players())
            .filter(|&s| s != me && !view.is_out(s))
            .fold(0u8, |mask, s| mask | 1 << s);
        let value = view.board().properties[property].value;
        let bought = self.mean_value(view, me, &seeds, &|copy, _| {
            copy.explore_now(me, property).is_ok()
        });
        let auctioned = self.mean_value(view, me, &seeds, &|copy, seats| {
            copy.auction_now(property, others, seats).is_ok()
        });
        // Bought at its value. The rollouts' difference is in squashed units; near an even
        // game one point of margin is worth 1/MARGIN_SCALE of them, which prices the rest.
        let worth = match (bought, auctioned) {
            (Some(b), Some(a)) => value + ((b - a) * MARGIN_SCALE).round() as i32,
            _ => 0,
        };
        self.valued = Some((turn, property, worth));
        worth
    }

    /// Trades the heuristic partner would accept, each at the price least good for the
    /// partner that it still accepts: buying a piece of a set this seat has begun, selling a
    /// piece of a set the partner has begun, and swapping one for the other.
    fn candidate_trades(&self, view: &View<'_>) -> Vec<Trade> {
        let me = view.seat;
        let board = view.board();
        let started = |seat: usize, property: usize| {
            let set = match board.properties[property].kind {
                PropertyKind::Location(_) => board.group_of(property),
                PropertyKind::CommonRoom(_) => board.common_rooms,
                PropertyKind::Spell => board.spells,
            };
            view.owned(seat) & set & !(1 << property) != 0
        };
        let mut candidates = Vec::new();
        for partner in (0..view.players()).filter(|&s| s != me && !view.is_out(s)) {
            let wanted: Vec<u32> = mask_bits(view.owned(partner))
                .filter(|&p| started(me, p))
                .map(|p| 1 << p)
                .collect();
            let offered: Vec<u32> = mask_bits(view.owned(me))
                .filter(|&p| started(partner, p))
                .map(|p| 1 << p)
                .collect();
            let pairs = wanted
                .iter()
                .map(|&take| (0, take))
                .chain(offered.iter().map(|&give| (give, 0)))
                .chain(
                    wanted
                        .iter()
                        .flat_map(|&take| offered.iter().map(move |&give| (give, take))),
                );
            for (give, take) in pairs {
                let mut trade = Trade {
                    from: me,
                    to: partner,
                    give,
                    take,
                    ..Trade::default()
                };
                // The partner accepts when its gain covers the set price; the points that make
                // that so exactly, rounded to tens in the partner's favour.
                let short = set_price(view, &trade, Reserves::default().premium_share)
                    - trade_gain(view, partner, &trade);
                let mut points = (short + 9).div_euclid(10) * 10;
                let partner_spare = view.points(partner) - 30;
                if points < 0 {
                    points = points.max(-partner_spare.max(0) / 10 * 10);
                }
                if points > view.points(me) {
                    continue;
                }
                trade.points = points;
                candidates.push(trade);
            }
        }
        candidates
    }
}

impl Decider<Monopoly> for McTrader {
    fn name(&self) -> &str {
        "mc-trader"
    }

    fn start_game(&mut self, seed: u64) {
        Policy::start_game(self, seed);
    }

    fn decide(&mut self, view: &View<'_>, question: Question) -> Option<Answer> {
        Some(answer_by(self, *view, question))
    }
}

impl Policy for McTrader {
    fn start_game(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
        self.valued = None;
    }

    fn explore(&mut self, view: View<'_>, property: usize) -> bool {
        let value = view.board().properties[property].value;
        self.property_worth(&view, property) >= value
    }

    fn bid_limit(&mut self, view: View<'_>, lot: Lot) -> i32 {
        match lot {
            Lot::Property(property) => self
                .property_worth(&view, property)
                .min(view.points(view.seat)),
            Lot::LastCrest(_) => self.policy.bid_limit(view, lot),
        }
    }

    fn jail(&mut self, view: View<'_>) -> JailChoice {
        self.policy.jail(view)
    }

    fn crests(&mut self, view: View<'_>) -> u32 {
        self.policy.crests(view)
    }

    fn unmortgage(&mut self, view: View<'_>) -> u32 {
        self.policy.unmortgage(view)
    }

    fn raise(&mut self, view: View<'_>, owed: i32) -> Option<Raise> {
        self.policy.raise(view, owed)
    }

    fn propose_trade(&mut self, view: View<'_>) -> Option<Trade> {
        let me = view.seat;
        let mut candidates: Vec<Trade> = self
            .candidate_trades(&view)
            .into_iter()
            .filter(|trade| view.check_trade(trade).is_ok())
            // Offer only what the partner, playing as the rollouts assume, would accept.
            .filter(|trade| Heuristic::new().accept_trade(view.from_seat(trade.to), trade))
            .collect();
        if candidates.is_empty() {
            return None;
        }
        // A quick look at every candidate, then a full one at the best few.
        if candidates.len() > SHORTLIST {
            let seeds: Vec<u64> = self
                .seeds()
                .into_iter()
                .take(self.rollouts / 4 + 1)
                .collect();
            let mut screened: Vec<(f64, Trade)> = candidates
                .iter()
                .filter_map(|trade| {
                    let value = self
                        .mean_value(&view, me, &seeds, &|copy, _| copy.trade_now(trade).is_ok())?;
                    Some((value, *trade))
                })
                .collect();
            screened.sort_by(|a, b| b.0.total_cmp(&a.0));
            candidates = screened
                .into_iter()
                .take(SHORTLIST)
                .map(|(_, trade)| trade)
                .collect();
        }
        let seeds = self.seeds();
        let stay = self.mean_value(&view, me, &seeds, &|_, _| true)?;
        let mut best: Option<(f64, Trade)> = None;
        for trade in candidates {
            let Some(value) =
                self.mean_value(&view, me, &seeds, &|copy, _| copy.trade_now(&trade).is_ok())
            else {
                continue;
            };
            if value > stay && best.is_none_or(|(top, _)| value > top) {
                best = Some((value, trade));
            }
        }
        best.map(|(_, trade)| trade)
    }

    fn accept_trade(&mut self, view: View<'_>, trade: &Trade) -> bool {
        let me = view.seat;
        if view.check_trade(trade).is_err() {
            return false;
        }
        let seeds = self.seeds();
        let refuse = self.mean_value(&view, me, &seeds, &|_, _| true);
        let accept = self.mean_value(&view, me, &seeds, &|copy, _| copy.trade_now(trade).is_ok());
        matches!((accept, refuse), (Some(a), Some(r)) if a > r)
    }
}
