//! `simmer`: a simulating player that races its candidate moves: each is judged as
//! `lookahead` judges one (its equity less the next player's best reply, over racks drawn
//! from the unseen tiles), rack after rack, and a move is dropped as soon as the evidence says
//! it trails the leader; near the end each move is played out to the end of the game against
//! each rack, and once the bag is empty with two players, the endgame is searched.

use engine::play::Decider;
use engine::scrabble::{Game, Move, Observation, Placement, Question};

use super::endgame::EndgameSearch;
use super::equity::Equity;
use super::inference::{Inference, Tries};
use super::leaves::LeaveModel;
use super::lookahead::{Lookahead, Reach};
use super::race::{Objective, Race, RaceRule};

/// How far `simmer` looks: the candidates raced and the most racks any of them meets (wider
/// or longer, up to 24 moves over 192 racks, was no stronger beyond doubt: 24 moves over 96
/// racks won +0.2 points of win rate, 95 % −0.0 to +0.4, over 8,000 paired deals at 1.2
/// times the time: docs/BOTS.md).
pub const STANDARD: Reach = Reach {
    width: 16,
    samples: 96,
};

/// Near the end, where moves are played out ([`PLAY_OUT_FROM`]), the race is this many times
/// as wide and as long (32 moves over up to 192 racks for [`STANDARD`]): +0.4 points of win
/// rate (95 % +0.1 to +0.6) over three paired runs of 2,000 deals against `equity`, at 1.4
/// times the time of a game (docs/BOTS.md).
pub const NEAR_END_SCALE: usize = 2;

/// Every move meets 8 racks before any is dropped, then 8 more a round (as strong as 16 first,
/// over 10,000 games against `equity`, and 1.1x the games a second), each judged by the
/// chance of winning after the reply (0.6 points of win rate more than by points, over 5,000
/// paired deals: docs/BOTS.md).
pub const RULE: RaceRule = RaceRule {
    round: 8,
    first_look: 8,
    drop_at: 2.0,
    objective: Objective::Wins,
};

/// With two players and this many tiles in the bag or fewer, each move is played out to the
/// end of the game against each rack, both seats moving as `equity-static` does
/// ([`super::playout`]), and worth a win, half of one or none: from six tiles, 1.7 points of
/// win rate more than judging it by its reply (95 % +1.1 to +2.3, over 2,000 paired deals
/// against `equity`), and from ten rather than six, +0.5 more (+0.1 to +0.9, over 4,000;
/// docs/BOTS.md). No exchange races there: a playout draws the bag in one order, and
/// drawing for an exchange's tiles shuffled back in, from fourteen tiles, was no stronger.
pub const PLAY_OUT_FROM: usize = 10;

/// Positions the endgame search expands at most a turn once the bag is empty: three times
/// `solver`'s budget, for 0.4 points of win rate more (95 % +0.2 to +0.6, over 2,000 paired
/// deals against `equity`) at 1.4 times the time of a game (docs/BOTS.md).
pub const ENDGAME_BUDGET: u32 = 30_000;

/// Races `equity`'s `width` best placements and its best exchange, where tiles may be exchanged:
/// every move meets the same racks, as [`RULE`] says ([`Race`]); the race ends
/// with one move left or `samples` racks met, and the leader by mean worth is played. Near
/// the end ([`PLAY_OUT_FROM`]) each move is played out against each rack, the race
/// [`NEAR_END_SCALE`] times as wide and long; once the bag is empty in a two-player game it
/// plays what [`EndgameSearch`] finds best.
#[derive(Debug, Clone)]
pub struct Simmer {
    reach: Reach,
    equity: Equity,
    lookahead: Lookahead,
    endgame: EndgameSearch,
    placements: Vec<(i32, Placement)>,
    moves: Vec<(i32, Move)>,
    race: Race,
    rule: RaceRule,
    /// What the opponent's last play says it kept, where the racks are drawn around it.
    inference: Option<Inference>,
}

/// The leaves a turn tests for what the opponent kept, and keeps at most.
pub const INFERENCE: Tries = Tries {
    drawn: 400,
    kept: 96,
};

/// Sets the inference's draws apart from the racks' (both follow the game's seed).
const INFERENCE_SEED: u64 = 0x9e37_79b9_7f4a_7c15;

impl Simmer {
    /// A simmer valuing leaves by `model`, its draws seeded by `seed`, racing as `reach` says,
    /// the opponent's racks drawn from all the unseen tiles.
    pub fn new(model: &'static LeaveModel, seed: u64, reach: Reach) -> Simmer {
        let mut lookahead = Lookahead::with_reach(model, seed, reach);
        lookahead.set_play_out_from(PLAY_OUT_FROM);
        Simmer {
            reach,
            equity: Equity::new(model),
            lookahead,
            endgame: EndgameSearch::new(ENDGAME_BUDGET),
            placements: Vec::with_capacity(reach.width * NEAR_END_SCALE),
            moves: Vec::with_capacity(reach.width * NEAR_END_SCALE + 1),
            race: Race::default(),
            rule: RULE,
            inference: None,
        }
    }

    /// The same, the opponent's racks drawn around the leaves its last play says it kept
    /// ([`Inference`]).
    pub fn inferring(model: &'static LeaveModel, seed: u64, reach: Reach) -> Simmer {
        Simmer {
            inference: Some(Inference::new(seed ^ INFERENCE_SEED)),
            ..Simmer::new(model, seed, reach)
        }
    }

    /// The same, racing its moves by their points (equity less the reply's) rather than the
    /// chance of winning.
    pub fn by_points(model: &'static LeaveModel, seed: u64, reach: Reach) -> Simmer {
        Simmer {
            rule: RaceRule {
                objective: Objective::Points,
                ..RULE
            },
            ..Simmer::new(model, seed, reach)
        }
    }

    /// Plays moves out to the end from `tiles` or fewer in the bag (0: never), as
    /// [`PLAY_OUT_FROM`] says of the default.
    pub fn set_play_out_from(&mut self, tiles: usize) {
        self.lookahead.set_play_out_from(tiles);
    }

    /// Readies the bot for a new game: its draws reseeded from `seed`.
    pub fn start_game(&mut self, seed: u64) {
        self.lookahead.start_game(seed);
        if let Some(inference) = &mut self.inference {
            inference.start_game(seed ^ INFERENCE_SEED);
        }
    }

    /// How far the race from `observation` looks: [`NEAR_END_SCALE`] times its reach where
    /// moves are played out, else its reach.
    pub fn reach_at(&self, observation: &Observation<'_>) -> Reach {
        let scale = if self.lookahead.plays_out_at(observation) {
            NEAR_END_SCALE
        } else {
            1
        };
        Reach {
            width: self.reach.width * scale,
            samples: self.reach.samples * scale,
        }
    }

    /// The move this bot makes from `observation`.
    pub fn choose(&mut self, observation: &Observation<'_>) -> Move {
        let chosen = self.choose_unremembered(observation);
        if let Some(inference) = &mut self.inference {
            inference.remember(observation, &chosen);
        }
        chosen
    }

    /// The move, the position it leaves not yet remembered.
    fn choose_unremembered(&mut self, observation: &Observation<'_>) -> Move {
        if let Some(verdict) = self.endgame.search(observation) {
            return verdict.chosen;
        }
        let (chosen, chosen_value) = self.equity.choose_valued(observation);
        let Reach { width, samples } = self.reach_at(observation);
        self.equity
            .top_placements(observation, width, &mut self.placements);
        self.moves.clear();
        let placements = self.placements.iter();
        self.moves
            .extend(placements.map(|&(value, placement)| (value, Move::Place(placement))));
        // The best exchange races too, where it may be made and moves are not played out:
        // the simulation, not the leave values alone, says when giving tiles back beats
        // scoring.
        if !self.lookahead.plays_out_at(observation) {
            if !matches!(chosen, Move::Place(_)) {
                self.moves.push((chosen_value, chosen));
            } else if let Some((exchange, value)) = self.equity.best_exchange(observation) {
                self.moves.push((value, exchange));
            }
        }
        if self.moves.len() < 2 {
            return chosen;
        }
        if let Some(inference) = &mut self.inference {
            let leaves = inference.infer(observation, self.lookahead.equity_mut(), INFERENCE);
            self.lookahead.draw_around(leaves);
        }
        let Some(samples) = self
            .lookahead
            .begin_judging(observation, &self.moves, samples)
        else {
            return chosen;
        };
        let best = self.race.run(
            &mut self.lookahead,
            observation,
            &self.moves,
            samples,
            self.rule,
        );
        self.moves[best].1
    }
}

impl Decider<Game> for Simmer {
    fn name(&self) -> &str {
        if self.inference.is_some() {
            "simmer-infer"
        } else if self.rule.objective == Objective::Points {
            "simmer-points"
        } else {
            "simmer"
        }
    }

    fn start_game(&mut self, seed: u64) {
        Simmer::start_game(self, seed);
    }

    fn decide(&mut self, view: &Observation<'_>, _: Question) -> Option<Move> {
        Some(self.choose(view))
    }
}
