//! The 32 Hogwarts cards: their kinds, and the deck, hands and discard pile they move between.

use std::fmt;

use rand::seq::SliceRandom;

use super::rules::{CardNumbers, CardTable};
use crate::scrabble::GameRng;

/// A kind of Hogwarts card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Card {
    /// Potion: ask a player for a letter.
    Veritaserum,
    /// Potion: draw more Hogwarts cards.
    FelixFelicis,
    /// Bonus: points for H, A, Y, P, O placed.
    HarryPotter,
    /// Bonus: points for I, V, D, M, T placed.
    TomMarvoloRiddle,
    /// Bonus: points for R, N, W, S, L placed.
    RonWeasley,
    /// Bonus: points for U, C, B, E, K placed.
    Buckbeak,
    /// Competition: points at once.
    QuidditchCup,
    /// Competition: points at once.
    WizardsChess,
    /// Competition: points at once.
    DuellingClub,
    /// Competition: points at once.
    OwlResults,
    /// Spell: the Glossary bonus is doubled.
    Revelio,
    /// Spell: take a tile from another rack.
    Expelliarmus,
    /// Spell: points at once.
    Rictusempra,
    /// Spell: swap a rack letter for the blank standing for it on the board.
    Alohomora,
    /// Spell: draw as many cards as held.
    Gemino,
    /// Spell: draw extra tiles at the start of the turn.
    Engorgio,
    /// Spell: exchange tiles and still play.
    Transfiguration,
    /// Spell: play a word backwards.
    Confundo,
    /// Spell: take another turn.
    Reparo,
}

impl Card {
    /// Every kind, in the rulebook's order.
    pub const ALL: [Card; 19] = [
        Card::Veritaserum,
        Card::FelixFelicis,
        Card::HarryPotter,
        Card::TomMarvoloRiddle,
        Card::RonWeasley,
        Card::Buckbeak,
        Card::QuidditchCup,
        Card::WizardsChess,
        Card::DuellingClub,
        Card::OwlResults,
        Card::Revelio,
        Card::Expelliarmus,
        Card::Rictusempra,
        Card::Alohomora,
        Card::Gemino,
        Card::Engorgio,
        Card::Transfiguration,
        Card::Confundo,
        Card::Reparo,
    ];

    /// The card's place in [`Card::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The card's key in rules.toml and in the tables.
    pub fn key(self) -> &'static str {
        match self {
            Card::Veritaserum => "veritaserum",
            Card::FelixFelicis => "felix_felicis",
            Card::HarryPotter => "harry_potter",
            Card::TomMarvoloRiddle => "tom_marvolo_riddle",
            Card::RonWeasley => "ron_weasley",
            Card::Buckbeak => "buckbeak",
            Card::QuidditchCup => "quidditch_cup",
            Card::WizardsChess => "wizards_chess",
            Card::DuellingClub => "duelling_club",
            Card::OwlResults => "owl_results",
            Card::Revelio => "revelio",
            Card::Expelliarmus => "expelliarmus",
            Card::Rictusempra => "rictusempra",
            Card::Alohomora => "alohomora",
            Card::Gemino => "gemino",
            Card::Engorgio => "engorgio",
            Card::Transfiguration => "transfiguration",
            Card::Confundo => "confundo",
            Card::Reparo => "reparo",
        }
    }

    /// Whether the card is a Bonus card: points for the tiles placed showing its letters.
    pub fn is_bonus(self) -> bool {
        matches!(
            self,
            Card::HarryPotter | Card::TomMarvoloRiddle | Card::RonWeasley | Card::Buckbeak
        )
    }

    /// Whether the card scores the moment it is drawn (rule 12).
    pub fn is_competition(self) -> bool {
        matches!(
            self,
            Card::QuidditchCup | Card::WizardsChess | Card::DuellingClub | Card::OwlResults
        )
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Where the cards are: the face-down deck, each seat's hand, and the discard pile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardPiles {
    /// Cards still to draw; the last is the top.
    pub deck: Vec<Card>,
    /// Cards held by each seat.
    pub hands: Vec<Vec<Card>>,
    /// Cards played or scored.
    pub discard: Vec<Card>,
}

impl CardPiles {
    /// A shuffled deck with the counts of `numbers`, and empty hands.
    pub fn new(numbers: &CardNumbers, players: usize, rng: &mut GameRng) -> CardPiles {
        let mut deck = Vec::new();
        for card in Card::ALL {
            deck.extend(std::iter::repeat_n(card, usize::from(numbers.count(card))));
        }
        deck.shuffle(rng);
        CardPiles {
            deck,
            hands: vec![Vec::new(); players],
            discard: Vec::new(),
        }
    }

    /// Draws the top card; an empty deck is first refilled by shuffling the discard pile.
    pub fn draw(&mut self, rng: &mut GameRng) -> Option<Card> {
        if self.deck.is_empty() {
            std::mem::swap(&mut self.deck, &mut self.discard);
            self.deck.shuffle(rng);
        }
        self.deck.pop()
    }

    /// Draws the card a keyed draw picks from the deck (see [`crate::draws`]); an empty deck
    /// is first refilled from the discard pile.
    pub fn draw_keyed(&mut self, key: u64) -> Option<Card> {
        if self.deck.is_empty() {
            std::mem::swap(&mut self.deck, &mut self.discard);
        }
        let mut counts = [0u8; Card::ALL.len()];
        for card in &self.deck {
            counts[card.index()] += 1;
        }
        let wanted = Card::ALL[crate::draws::pick_keyed(&counts, key)?];
        let at = self.deck.iter().position(|&card| card == wanted)?;
        Some(self.deck.swap_remove(at))
    }

    /// Every card in every pile, for conservation checks.
    pub fn total(&self) -> usize {
        self.deck.len() + self.discard.len() + self.hands.iter().map(Vec::len).sum::<usize>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_indexes_its_place_in_the_list() {
        for (place, card) in Card::ALL.into_iter().enumerate() {
            assert_eq!(card.index(), place, "{card}");
        }
    }

    #[test]
    fn a_keyed_draw_takes_from_the_deck_and_then_from_the_discards() {
        let mut piles = CardPiles {
            deck: vec![Card::Reparo, Card::Gemino],
            hands: vec![Vec::new(); 2],
            discard: vec![Card::Confundo],
        };
        let mut drawn: Vec<Card> = (0..3).filter_map(|key| piles.draw_keyed(key)).collect();
        assert_eq!(drawn.pop(), Some(Card::Confundo));
        drawn.sort();
        assert_eq!(drawn, [Card::Gemino, Card::Reparo]);
        assert_eq!(piles.draw_keyed(4), None);
    }
}
