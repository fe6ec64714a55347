//! The card-naive policy: play a held card at the first turn it may, with simple choices, so
//! that the value of smarter card play can be measured against it.

use engine::hogwarts::{Card, CardPlay, HpAnswer, HpGame, HpObservation, HpQuestion, RACK_LIMIT};
use engine::play::Decider;
use engine::scrabble::tiles::BLANK;
use engine::scrabble::{Game, Move, Rack, SIZE};

use super::{Choices, answer};

/// A crossword bot that plays each Hogwarts card as soon as it may (Confundo aside, which
/// the move generator cannot use yet).
pub struct CardNaive {
    inner: Box<dyn Decider<Game>>,
}

impl CardNaive {
    /// Wraps a crossword bot.
    pub fn new(inner: Box<dyn Decider<Game>>) -> CardNaive {
        CardNaive { inner }
    }
}

/// The other seat with the highest score (ties to the lowest seat).
fn leader(observation: &HpObservation<'_>) -> Option<usize> {
    let core = &observation.core;
    (0..core.scores.len())
        .filter(|&s| s != core.seat)
        .max_by_key(|&s| (core.scores[s], std::cmp::Reverse(s)))
}

/// The rack's least valuable tile, a letter before the blank.
fn cheapest(observation: &HpObservation<'_>, rack: &Rack) -> Option<usize> {
    let tiles = &observation.core.rules.tiles;
    rack.kinds()
        .min_by_key(|&kind| (kind == BLANK, tiles.points(kind), kind))
}

/// The choices a card needs, or `None` when it cannot be played now.
fn naive_play(card: Card, observation: &HpObservation<'_>) -> Option<CardPlay> {
    let core = &observation.core;
    let rack = core.rack;
    match card {
        Card::Veritaserum => {
            let target = leader(observation)?;
            let tiles = &core.rules.tiles;
            let letter = (0..26u8)
                .filter(|&l| core.unseen[usize::from(l)] > 0 && rack.count(usize::from(l)) == 0)
                .max_by_key(|&l| (tiles.points(usize::from(l)), std::cmp::Reverse(l)))?;
            let give = cheapest(observation, &rack)?;
            Some(CardPlay::Veritaserum {
                target,
                letter,
                give,
            })
        }
        Card::FelixFelicis => Some(CardPlay::FelixFelicis),
        Card::HarryPotter | Card::TomMarvoloRiddle | Card::RonWeasley | Card::Buckbeak => {
            Some(CardPlay::Bonus(card))
        }
        Card::Revelio => Some(CardPlay::Revelio),
        Card::Expelliarmus if rack.len() < RACK_LIMIT => Some(CardPlay::Expelliarmus {
            target: leader(observation)?,
        }),
        Card::Expelliarmus => None,
        Card::Rictusempra => Some(CardPlay::Rictusempra),
        Card::Alohomora => (0..SIZE * SIZE)
            .find(|&square| {
                let cell = core.board.at(square);
                !cell.is_empty() && cell.is_blank() && rack.count(usize::from(cell.letter())) > 0
            })
            .map(|square| CardPlay::Alohomora { square }),
        Card::Gemino => Some(CardPlay::Gemino),
        Card::Engorgio => (core.bag_len > 0).then_some(CardPlay::Engorgio),
        Card::Transfiguration => (core.bag_len >= rack.len() && !rack.is_empty())
            .then_some(CardPlay::Transfiguration { tiles: rack }),
        Card::Confundo => Some(CardPlay::Confundo),
        Card::Reparo => Some(CardPlay::Reparo),
        Card::QuidditchCup | Card::WizardsChess | Card::DuellingClub | Card::OwlResults => None,
    }
}

impl Decider<HpGame> for CardNaive {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn start_game(&mut self, seed: u64) {
        self.inner.start_game(seed);
    }

    fn decide(&mut self, view: &HpObservation<'_>, question: HpQuestion) -> Option<HpAnswer> {
        let choices = Choices {
            card: CardNaive::choose_card,
            action: CardNaive::choose_move,
            discard: CardNaive::choose_discard,
        };
        Some(answer(self, choices, view, question))
    }
}

impl CardNaive {
    /// The first held card that may be played now, with simple choices.
    pub fn choose_card(&mut self, observation: &HpObservation<'_>) -> Option<CardPlay> {
        observation
            .hand
            .iter()
            .find_map(|&card| naive_play(card, observation))
    }

    /// The crossword bot's move.
    pub fn choose_move(&mut self, observation: &HpObservation<'_>) -> Move {
        crate::scrabble::choose(self.inner.as_mut(), &observation.core)
    }

    /// The cheapest tiles, after Engorgio.
    pub fn choose_discard(
        &mut self,
        observation: &HpObservation<'_>,
        action: &Move,
        needed: usize,
    ) -> Rack {
        let mut left = action.kept_from(&observation.core.rack);
        let mut discard = Rack::EMPTY;
        for _ in 0..needed {
            let Some(kind) = cheapest(observation, &left) else {
                break;
            };
            left.take(kind);
            discard.add(kind);
        }
        discard
    }
}
