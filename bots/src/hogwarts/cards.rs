//! `cards`: the equity player with a policy for every Hogwarts card (docs/BOTS.md has the table).

use engine::hogwarts::{
    Card, CardPlay, CardTable, HpAnswer, HpGame, HpObservation, HpQuestion, RACK_LIMIT,
};
use engine::play::Decider;
use engine::scrabble::tiles::BLANK;
use engine::scrabble::{Move, Observation, Rack, SIZE, check_placement};

use super::{Choices, answer};
use crate::scrabble::leaves::LeaveModel;
use crate::scrabble::simmer::Simmer;
use crate::scrabble::{Closing, Equity, Lookahead, Reach, may_exchange};

/// `cards-simmer` plays its moves out to the end from six tiles in the bag, as measured in
/// this game; the plain game's ten (`simmer::PLAY_OUT_FROM`) was measured there alone.
const PLAY_OUT_FROM: usize = 6;

/// Equity below which a rack is poor enough to Transfigure, in hundredths of a point (in
/// 4,000 games against `equity`: 5 points 54.4 % wins, 10 points 54.5 %, 15 points 54.8 %).
const POOR_TURN: i32 = 1_500;
/// How much more a backwards play must be worth to spend Confundo on it.
const CONFUNDO_GAIN: i32 = 500;

/// Plays `equity`'s moves and times each Hogwarts card to the position.
#[derive(Debug, Clone)]
pub struct CardWise {
    equity: Equity,
    /// The move worked out while deciding on a card, and the position it was worked out for.
    planned: Option<(Move, Position)>,
    /// Moves chosen by simulating the opponent's replies rather than by equity alone.
    simulation: Option<Simulation>,
    /// Moves chosen as the bag runs out in a two-player game, as `equity` chooses them
    /// (none for `cards-static`, which chooses them as `equity-static` does).
    closing: Option<Box<Closing>>,
    /// This turn's card was played for the planned move (a Bonus card, Revelio, Confundo):
    /// that move is made, whoever would choose another.
    played_for_plan: bool,
    /// Timed cards (bit `Card::index`) whose timing is off: played the first turn they may,
    /// to measure what the timing is worth.
    untimed: u32,
}

/// A player simulating the replies to its moves: `lookahead`'s or `simmer`'s.
#[derive(Debug, Clone)]
enum Simulation {
    Lookahead(Box<Lookahead>),
    Simmer(Box<Simmer>),
}

/// The cards whose timing the policy decides, and what each is held until.
pub const TIMED: [(Card, &str); 8] = [
    (Card::HarryPotter, "a play uses two or more of its letters"),
    (
        Card::TomMarvoloRiddle,
        "a play uses two or more of its letters",
    ),
    (Card::RonWeasley, "a play uses two or more of its letters"),
    (Card::Buckbeak, "a play uses two or more of its letters"),
    (Card::Revelio, "a play forms a Glossary word"),
    (
        Card::Confundo,
        "a backwards word beats the best play by 5 points",
    ),
    (
        Card::Transfiguration,
        "the best turn is worth under 15 points",
    ),
    (Card::Gemino, "another card is held"),
];

/// What `equity`'s choice depends on that a card played after the plan may change: the rack
/// (Transfiguration), the reading (Confundo), the bag and the board. A card that leaves all of
/// these alone leaves the planned move the best one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Position {
    rack: Rack,
    backwards: bool,
    bag_len: usize,
    board_tiles: usize,
}

impl Position {
    fn of(core: &Observation<'_>) -> Position {
        Position {
            rack: core.rack,
            backwards: core.backwards,
            bag_len: core.bag_len,
            board_tiles: core.board.tile_count(),
        }
    }
}

impl CardWise {
    /// The card player over the leave values `model`.
    pub fn new(model: &'static LeaveModel) -> CardWise {
        CardWise::moving_by(model, None, Some(Box::new(Closing::new(model))))
    }

    /// The card player whose moves come from `simulation`, else near the end from `closing`,
    /// else from equity.
    fn moving_by(
        model: &'static LeaveModel,
        simulation: Option<Simulation>,
        closing: Option<Box<Closing>>,
    ) -> CardWise {
        CardWise {
            equity: Equity::new(model),
            planned: None,
            simulation,
            closing,
            played_for_plan: false,
            untimed: 0,
        }
    }

    /// The card player with the cards of `setting` (`at-once=CARD+CARD`, cards of [`TIMED`])
    /// played the first turn they may; `None` for another setting.
    pub fn with_setting(model: &'static LeaveModel, setting: &str) -> Option<CardWise> {
        let names = setting.strip_prefix("at-once=")?;
        let mut untimed = 0;
        for name in names.split('+') {
            let (card, _) = TIMED.iter().find(|(card, _)| card.key() == name)?;
            untimed |= 1 << card.index();
        }
        Some(CardWise {
            untimed,
            ..CardWise::new(model)
        })
    }

    /// A timed card of the `at-once` setting that may be played now.
    fn untimed_play(&self, observation: &HpObservation<'_>) -> Option<CardPlay> {
        let core = &observation.core;
        let wanted = observation
            .hand
            .iter()
            .filter(|card| self.untimed & (1 << card.index()) != 0);
        wanted.copied().find_map(|card| match card {
            Card::HarryPotter | Card::TomMarvoloRiddle | Card::RonWeasley | Card::Buckbeak => {
                Some(CardPlay::Bonus(card))
            }
            Card::Revelio => Some(CardPlay::Revelio),
            Card::Confundo => (!core.backwards).then_some(CardPlay::Confundo),
            Card::Transfiguration if may_exchange(core) => {
                let (keep, _) = self.equity.best_keep(&core.rack, ..core.rack.len());
                let mut tiles = core.rack;
                tiles.take_all(&keep);
                (!tiles.is_empty()).then_some(CardPlay::Transfiguration { tiles })
            }
            Card::Gemino => Some(CardPlay::Gemino),
            _ => None,
        })
    }

    /// The card player choosing its moves as `lookahead` does, its draws seeded by `seed`.
    pub fn looking_ahead(model: &'static LeaveModel, seed: u64) -> CardWise {
        CardWise::looking_ahead_by(model, seed, Reach::STANDARD)
    }

    /// The same, its moves judged by a lookahead of `reach`.
    pub fn looking_ahead_by(model: &'static LeaveModel, seed: u64, reach: Reach) -> CardWise {
        let lookahead = Lookahead::with_reach(model, seed, reach);
        CardWise::moving_by(
            model,
            Some(Simulation::Lookahead(Box::new(lookahead))),
            None,
        )
    }

    /// The card player choosing its moves as `simmer` does with `reach`, its draws seeded by
    /// `seed`.
    pub fn simulating_by(model: &'static LeaveModel, seed: u64, reach: Reach) -> CardWise {
        let mut simmer = Simmer::new(model, seed, reach);
        simmer.set_play_out_from(PLAY_OUT_FROM);
        CardWise::moving_by(model, Some(Simulation::Simmer(Box::new(simmer))), None)
    }

    /// The card player choosing its moves by equity alone, as the bag runs out too (faster).
    pub fn static_moves(model: &'static LeaveModel) -> CardWise {
        CardWise::moving_by(model, None, None)
    }
}

/// The other seat with the highest score (ties to the lowest seat).
fn leader(core: &Observation<'_>) -> Option<usize> {
    (0..core.scores.len())
        .filter(|&s| s != core.seat)
        .max_by_key(|&s| (core.scores[s], std::cmp::Reverse(s)))
}

/// Rack tiles of `move` that a Bonus card with `letters` rewards (blanks never do).
fn bonus_tiles(action: &Move, letters: &str) -> usize {
    match action {
        Move::Place(placement) => placement
            .placed()
            .filter(|(_, cell)| {
                !cell.is_blank() && letters.as_bytes().contains(&(b'A' + cell.letter()))
            })
            .count(),
        _ => 0,
    }
}

/// Whether `action` forms a Glossary word.
fn forms_glossary_word(core: &Observation<'_>, action: &Move) -> bool {
    let Move::Place(placement) = action else {
        return false;
    };
    check_placement(
        core.board,
        core.rules,
        core.lexicon,
        &core.rack,
        placement,
        core.backwards,
    )
    .is_ok_and(|play| play.words.iter().any(|w| core.lexicon.is_glossary(&w.word)))
}

/// Whether `card`'s timing depends on the move planned without a card and, by what the seat
/// sees before planning, the plan could make it worth playing (a Bonus card only with two of
/// its letters on the rack, Confundo only while backwards words are not yet allowed,
/// Transfiguration only while tiles may be exchanged): planning is a whole search, skipped
/// when no held card could come of it.
fn needs_plan(observation: &HpObservation<'_>, card: Card) -> bool {
    let core = &observation.core;
    match card {
        Card::HarryPotter | Card::TomMarvoloRiddle | Card::RonWeasley | Card::Buckbeak => {
            let entry = observation.numbers.cards.entry(card);
            let letters = entry.letters.as_deref().unwrap_or("");
            let held = core
                .rack
                .kinds()
                .filter(|&kind| kind != BLANK && letters.as_bytes().contains(&(b'A' + kind as u8)))
                .count();
            held >= 2
        }
        Card::Revelio => true,
        Card::Confundo => !core.backwards,
        Card::Transfiguration => may_exchange(core),
        _ => false,
    }
}

impl CardWise {
    /// Points now, cards now, a turn more: never better later.
    fn at_once(hand: &[Card]) -> Option<CardPlay> {
        [
            (Card::Rictusempra, CardPlay::Rictusempra),
            (Card::Reparo, CardPlay::Reparo),
            (Card::FelixFelicis, CardPlay::FelixFelicis),
        ]
        .into_iter()
        .find(|(card, _)| hand.contains(card))
        .map(|(_, play)| play)
    }

    /// A card worth playing given the move and equity planned without one, and the equity
    /// of the best backwards move if Confundo would gain enough by it.
    fn for_plan(
        &self,
        observation: &HpObservation<'_>,
        planned: &Move,
        value: i32,
        backwards: Option<i32>,
    ) -> Option<CardPlay> {
        let core = &observation.core;
        let rack = core.rack;
        let holds = |card: Card| observation.hand.contains(&card);
        if let Some(play) = CardWise::rewarding(observation, planned) {
            return Some(play);
        }
        if backwards.is_some() {
            return Some(CardPlay::Confundo);
        }
        if holds(Card::Transfiguration) && value < POOR_TURN && may_exchange(core) {
            // Give up what the best leave of any size does not keep, and still play.
            let (keep, _) = self.equity.best_keep(&rack, ..rack.len());
            let mut tiles = rack;
            tiles.take_all(&keep);
            return Some(CardPlay::Transfiguration { tiles });
        }
        None
    }

    /// A card rewarding the move planned: a Bonus card once it uses two or more of the card's
    /// letters, Revelio once it forms a Glossary word.
    fn rewarding(observation: &HpObservation<'_>, planned: &Move) -> Option<CardPlay> {
        let numbers = &observation.numbers.cards;
        let holds = |card: Card| observation.hand.contains(&card);
        for card in [
            Card::HarryPotter,
            Card::TomMarvoloRiddle,
            Card::RonWeasley,
            Card::Buckbeak,
        ] {
            let letters = numbers.entry(card).letters.as_deref().unwrap_or("");
            if holds(card) && bonus_tiles(planned, letters) >= 2 {
                return Some(CardPlay::Bonus(card));
            }
        }
        if holds(Card::Revelio) && forms_glossary_word(&observation.core, planned) {
            return Some(CardPlay::Revelio);
        }
        None
    }

    /// A card that changes the rack or the board and is worth playing whatever the move:
    /// played before any plan, which would otherwise be made again for the new rack.
    fn before_plan(&self, observation: &HpObservation<'_>) -> Option<CardPlay> {
        let core = &observation.core;
        let rack = core.rack;
        let holds = |card: Card| observation.hand.contains(&card);
        // Extra tiles to choose from are worth having at once: waiting for a deep bag (30
        // tiles or more) won 1.3 % fewer games against `equity` than playing while any are left.
        if holds(Card::Engorgio) && core.bag_len > 0 {
            return Some(CardPlay::Engorgio);
        }
        if holds(Card::Alohomora) {
            // A blank on the board for a letter on the rack: trade the letter for the blank.
            let square = (0..SIZE * SIZE).find(|&square| {
                let cell = core.board.at(square);
                !cell.is_empty() && cell.is_blank() && rack.count(usize::from(cell.letter())) > 0
            });
            if let Some(square) = square {
                return Some(CardPlay::Alohomora { square });
            }
        }
        if holds(Card::Expelliarmus) && rack.len() < RACK_LIMIT {
            return Some(CardPlay::Expelliarmus {
                target: leader(core)?,
            });
        }
        if holds(Card::Veritaserum) {
            return self.veritaserum(observation);
        }
        None
    }

    /// Ask the leader for the letter most likely to be there that adds most to the leave,
    /// handing over the tile the leave misses least.
    fn veritaserum(&self, observation: &HpObservation<'_>) -> Option<CardPlay> {
        let core = &observation.core;
        let rack = core.rack;
        let model = self.equity.model();
        let target = leader(core)?;
        let give = rack
            .kinds()
            .filter(|&kind| kind != BLANK)
            .max_by_key(|&kind| {
                let mut left = rack;
                left.take(kind);
                (model.value(&left), std::cmp::Reverse(kind))
            })?;
        let mut left = rack;
        left.take(give);
        let letter = (0..26u8)
            .filter(|&l| core.unseen[usize::from(l)] > 0)
            .max_by_key(|&l| {
                let mut with = left;
                with.add(usize::from(l));
                // Worth to the leave, times how many the asked player might hold.
                let gain = model.value(&with) - model.value(&left);
                (i64::from(gain) * i64::from(core.unseen[usize::from(l)]), l)
            })?;
        Some(CardPlay::Veritaserum {
            target,
            letter,
            give,
        })
    }
}

impl Decider<HpGame> for CardWise {
    fn name(&self) -> &str {
        match (&self.simulation, &self.closing) {
            (Some(Simulation::Lookahead(_)), _) => "cards-lookahead",
            (Some(Simulation::Simmer(_)), _) => "cards-simmer",
            (None, None) => "cards-static",
            (None, Some(_)) => "cards",
        }
    }

    fn start_game(&mut self, seed: u64) {
        self.planned = None;
        if let Some(closing) = &mut self.closing {
            closing.start_game(seed);
        }
        match &mut self.simulation {
            Some(Simulation::Lookahead(lookahead)) => lookahead.start_game(seed),
            Some(Simulation::Simmer(simmer)) => simmer.start_game(seed),
            None => {}
        }
    }

    fn decide(&mut self, view: &HpObservation<'_>, question: HpQuestion) -> Option<HpAnswer> {
        let choices = Choices {
            card: CardWise::choose_card,
            action: CardWise::choose_move,
            discard: CardWise::choose_discard,
        };
        Some(answer(self, choices, view, question))
    }
}

impl CardWise {
    /// The card to play before moving, if any: by the plan for this turn's move.
    pub fn choose_card(&mut self, observation: &HpObservation<'_>) -> Option<CardPlay> {
        self.planned = None;
        self.played_for_plan = false;
        if observation.hand.is_empty() {
            return None;
        }
        if let Some(play) = CardWise::at_once(observation.hand) {
            return Some(play);
        }
        if let Some(play) = self.untimed_play(observation) {
            return Some(play);
        }
        if let Some(play) = self.before_plan(observation) {
            return Some(play);
        }
        // The move without a card is worked out only when a card's timing depends on it.
        if observation
            .hand
            .iter()
            .any(|&card| needs_plan(observation, card))
        {
            let core = &observation.core;
            // Only a backwards move beating the plan by the margin matters: worked out from
            // the plan's own ranking of the position, above that margin.
            let ((planned, value), backwards) =
                if observation.hand.contains(&Card::Confundo) && !core.backwards {
                    // A card rewarding the planned move comes before Confundo: then no
                    // backwards move need be sought.
                    self.equity
                        .choose_and_backwards(core, CONFUNDO_GAIN + 1, |planned| {
                            CardWise::rewarding(observation, planned).is_none()
                        })
                } else {
                    (self.equity.choose_valued(core), None)
                };
            let play = self.for_plan(observation, &planned, value, backwards.map(|(v, _)| v));
            self.planned = match (&play, backwards) {
                // Confundo makes the backwards placement, beating every other move, the best.
                (Some(CardPlay::Confundo), Some((_, placement))) => {
                    let after = Position {
                        backwards: true,
                        ..Position::of(core)
                    };
                    Some((Move::Place(placement), after))
                }
                _ => Some((planned, Position::of(core))),
            };
            if play.is_some() {
                self.played_for_plan = true;
                return play;
            }
        }
        // Gemino draws as many cards as are held: it waits for every other card.
        let hand = observation.hand;
        (hand.contains(&Card::Gemino) && hand.len() >= 2).then_some(CardPlay::Gemino)
    }

    /// The move, after any card has taken effect.
    pub fn choose_move(&mut self, observation: &HpObservation<'_>) -> Move {
        let core = &observation.core;
        if let Some(simulation) = self.simulation.as_mut().filter(|_| !self.played_for_plan) {
            self.planned = None;
            return match simulation {
                Simulation::Lookahead(lookahead) => lookahead.choose(core),
                Simulation::Simmer(simmer) => simmer.choose(core),
            };
        }
        if let Some(closing) = self.closing.as_mut().filter(|_| !self.played_for_plan)
            && Closing::judges(core)
        {
            self.planned = None;
            return closing.choose(core);
        }
        // Unless a card changed the position, the move is the one just worked out.
        match self.planned.take() {
            Some((planned, position)) if position == Position::of(core) => planned,
            // A card changed it (Transfiguration's tiles): the planned placement, if still legal,
            // is worth what the best move must reach, so the search skips every anchor below.
            Some((Move::Place(placement), _)) => match self.equity.value_of(core, &placement) {
                // The planned placement reaches its own value, so this finds the best move.
                Some(floor) => match self.equity.choose_above(core, floor) {
                    Some((best, _)) => best,
                    None => self.equity.choose_valued(core).0,
                },
                None => self.equity.choose_valued(core).0,
            },
            _ => self.equity.choose_valued(core).0,
        }
    }

    /// The tiles to return after Engorgio: those whose loss leaves the best keep.
    pub fn choose_discard(
        &mut self,
        observation: &HpObservation<'_>,
        action: &Move,
        needed: usize,
    ) -> Rack {
        let left = action.kept_from(&observation.core.rack);
        let keep = left.len().saturating_sub(needed);
        let (kept, _) = self.equity.best_keep(&left, keep..=keep);
        let mut discard = left;
        discard.take_all(&kept);
        discard
    }
}
