//! The Harry Potter layer's numbers as data (engine/data/scrabble-hp/rules.toml).

use serde::{Deserialize, Serialize};

use super::cards::Card;
use super::house::House;
use crate::data::{DataError, MOST_POINTS, NumbersFile, Range};
use crate::scrabble::{Layout, Rules, SIZE};

/// The most tiles a rack may hold: a line's length. Expelliarmus is refused on a rack this
/// full, and Engorgio draws no further.
pub const RACK_LIMIT: usize = SIZE;

/// The default numbers.
pub const DEFAULT_HP_RULES: &str = include_str!("../../data/scrabble-hp/rules.toml");
/// The default board, with its brown squares.
pub const DEFAULT_HP_BOARD: &str = include_str!("../../data/scrabble-hp/board.txt");

/// Gryffindor's power.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gryffindor {
    /// Cards drawn at the start.
    pub opening_cards: usize,
    /// Points the house's player is given before play, booked with its first turn (not in
    /// the rulebook: a handicap for balancing, 0 as shipped).
    #[serde(default)]
    pub opening_points: i32,
}

/// Ravenclaw's power.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ravenclaw {
    /// Tiles drawn at the start.
    pub opening_tiles: usize,
    /// Points the house's player is given before play, booked with its first turn (not in
    /// the rulebook: a handicap for balancing, 0 as shipped).
    #[serde(default)]
    pub opening_points: i32,
}

/// Slytherin's power.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Slytherin {
    /// Whether Slytherin begins.
    pub moves_first: bool,
    /// Points the house's player is given before play, booked with its first turn (not in
    /// the rulebook: a handicap for balancing, 0 as shipped).
    #[serde(default)]
    pub opening_points: i32,
}

/// Hufflepuff's power.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hufflepuff {
    /// Whether left-over tiles count for Hufflepuff.
    pub keeps_leftovers: bool,
    /// Points the house's player is given before play, booked with its first turn (not in
    /// the rulebook: a handicap for balancing, 0 as shipped).
    #[serde(default)]
    pub opening_points: i32,
}

/// The four houses' powers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Houses {
    /// Gryffindor.
    pub gryffindor: Gryffindor,
    /// Ravenclaw.
    pub ravenclaw: Ravenclaw,
    /// Slytherin.
    pub slytherin: Slytherin,
    /// Hufflepuff.
    pub hufflepuff: Hufflepuff,
}

impl Houses {
    /// The points `house`'s player is given before play.
    pub fn opening_points(&self, house: House) -> i32 {
        match house {
            House::Gryffindor => self.gryffindor.opening_points,
            House::Hufflepuff => self.hufflepuff.opening_points,
            House::Ravenclaw => self.ravenclaw.opening_points,
            House::Slytherin => self.slytherin.opening_points,
        }
    }
}

/// One kind of card's numbers: its count, and what it gives where that applies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardEntry {
    /// Cards of this kind in the deck.
    pub count: u8,
    /// Points it scores (Competition cards, Rictusempra).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i32>,
    /// Letters it rewards (Bonus cards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub letters: Option<String>,
    /// Points per rewarded tile placed (Bonus cards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points_per_tile: Option<i32>,
    /// Cards it draws (Felix Felicis).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draws: Option<usize>,
    /// Tiles it draws (Engorgio).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiles: Option<usize>,
    /// Whether the card does what it says; `false` makes it a dud, drawn and played as
    /// usual but doing and scoring nothing, so `owlery effect` measures its power alone.
    #[serde(default = "powered")]
    pub power: bool,
}

fn powered() -> bool {
    true
}

impl CardEntry {
    /// A Bonus card's points for the tiles placed: `points_per_tile` for each one (not a
    /// blank) showing one of its letters; 0 for a card rewarding no letters.
    pub fn bonus_points(&self, placed: impl Iterator<Item = crate::scrabble::Cell>) -> i32 {
        if !self.power {
            return 0;
        }
        let letters = self.letters.as_deref().unwrap_or("");
        let matching = placed
            .filter(|cell| {
                !cell.is_empty()
                    && !cell.is_blank()
                    && letters.as_bytes().contains(&(b'A' + cell.letter()))
            })
            .count();
        self.points_per_tile.unwrap_or(0) * matching as i32
    }
}

/// Every card's numbers, keyed as in rules.toml.
pub type CardNumbers = std::collections::BTreeMap<String, CardEntry>;

/// Reading a card's numbers from the table.
pub trait CardTable {
    /// The entry of a card.
    fn entry(&self, card: Card) -> &CardEntry;
    /// How many of a card are in the deck.
    fn count(&self, card: Card) -> u8 {
        self.entry(card).count
    }
}

impl CardTable for CardNumbers {
    fn entry(&self, card: Card) -> &CardEntry {
        &self[card.key()]
    }
}

/// The Harry Potter layer's numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HpNumbers {
    /// Points for each Glossary word formed.
    pub glossary_bonus: i32,
    /// Points for each Glossary word formed with Revelio.
    pub revelio_bonus: i32,
    /// Points lost for challenging a word that stands.
    pub challenge_penalty: i32,
    /// Hogwarts cards in the deck: the cards' counts add up to it.
    pub deck_size: usize,
    /// House powers.
    pub houses: Houses,
    /// The cards.
    pub cards: CardNumbers,
}

impl NumbersFile for HpNumbers {
    const RANGES: &'static [Range] = &[
        Range::new("glossary_bonus", -MOST_POINTS, MOST_POINTS, "points"),
        Range::new("revelio_bonus", -MOST_POINTS, MOST_POINTS, "points"),
        Range::new("challenge_penalty", -MOST_POINTS, MOST_POINTS, "points"),
        Range::new("deck_size", 0, 2_100, "Hogwarts cards, at most 100 of each"),
        Range::new(
            "houses.gryffindor.opening_cards",
            0,
            100,
            "cards drawn before play",
        ),
        Range::new(
            "houses.ravenclaw.opening_tiles",
            1,
            15,
            "tiles, at most a line's length",
        ),
        Range::new(
            "houses.*.opening_points",
            -MOST_POINTS,
            MOST_POINTS,
            "points",
        ),
        Range::new("cards.*.count", 0, 100, "cards of this kind in the deck"),
        Range::new("cards.*.points", -MOST_POINTS, MOST_POINTS, "points"),
        Range::new(
            "cards.*.points_per_tile",
            -MOST_POINTS,
            MOST_POINTS,
            "points",
        ),
        Range::new("cards.*.draws", 0, 100, "cards drawn"),
        Range::new(
            "cards.*.tiles",
            0,
            14,
            "tiles drawn onto a rack of at most 15",
        ),
    ];

    fn validate(self, file: &str) -> Result<HpNumbers, DataError> {
        for card in Card::ALL {
            let Some(entry) = self.cards.get(card.key()) else {
                return Err(DataError::whole(
                    file,
                    format!("no [cards.{}] entry", card.key()),
                ));
            };
            let needs = |value: bool, what: &str| {
                if value {
                    Ok(())
                } else {
                    Err(DataError::whole(
                        file,
                        format!("[cards.{}] needs {what}", card.key()),
                    ))
                }
            };
            match card {
                c if c.is_competition() || c == Card::Rictusempra => {
                    needs(entry.points.is_some(), "points")?
                }
                Card::HarryPotter | Card::TomMarvoloRiddle | Card::RonWeasley | Card::Buckbeak => {
                    let letters_ok = entry
                        .letters
                        .as_ref()
                        .is_some_and(|l| l.chars().all(|c| c.is_ascii_uppercase()));
                    needs(
                        letters_ok && entry.points_per_tile.is_some(),
                        "letters (A-Z) and points_per_tile",
                    )?
                }
                Card::FelixFelicis => needs(entry.draws.is_some(), "draws")?,
                Card::Engorgio => needs(entry.tiles.is_some(), "tiles")?,
                _ => {}
            }
        }
        let total: usize = self
            .cards
            .values()
            .map(|entry| usize::from(entry.count))
            .sum();
        if total != self.deck_size {
            return Err(DataError::whole(
                file,
                format!(
                    "the cards' counts add up to {total}; expected deck_size {} (raise one \
                     count by lowering another, or change deck_size too)",
                    self.deck_size
                ),
            ));
        }
        if let Some(unknown) = self
            .cards
            .keys()
            .find(|key| !Card::ALL.iter().any(|c| c.key() == key.as_str()))
        {
            return Err(DataError::whole(
                file,
                format!("unknown card [cards.{unknown}]"),
            ));
        }
        Ok(self)
    }
}

impl HpNumbers {
    /// The standard numbers.
    pub fn standard() -> HpNumbers {
        HpNumbers::parse(DEFAULT_HP_RULES, "embedded scrabble-hp/rules.toml")
            .expect("embedded rules are valid")
    }
}

/// Everything one Harry Potter game needs: the crossword rules on the brown-squared board, and the layer's numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HpRules {
    /// Board (with brown squares), tiles and crossword numbers.
    pub crossword: Rules,
    /// Houses, cards and bonuses.
    pub numbers: HpNumbers,
}

impl HpRules {
    /// The standard game.
    pub fn standard() -> HpRules {
        let mut crossword = Rules::standard();
        crossword.layout = Layout::parse(DEFAULT_HP_BOARD, "embedded scrabble-hp/board.txt")
            .expect("embedded board is valid");
        HpRules {
            crossword,
            numbers: HpNumbers::standard(),
        }
    }

    /// The most tiles a rack can hold when its seat moves. Expelliarmus's tile survives a
    /// pass, so with Expelliarmus in the deck a rack can grow turn by turn up to
    /// [`RACK_LIMIT`], where the engine stops it; without, it is the opening rack
    /// (Ravenclaw's, if larger) and Engorgio's draw on top.
    pub fn largest_rack(&self) -> usize {
        let cards = &self.numbers.cards;
        if cards.count(Card::Expelliarmus) > 0 {
            return RACK_LIMIT;
        }
        let engorgio = cards
            .entry(Card::Engorgio)
            .tiles
            .filter(|_| cards.count(Card::Engorgio) > 0);
        self.opening_rack() + engorgio.unwrap_or(0)
    }

    /// The larger of a full rack and Ravenclaw's opening tiles.
    fn opening_rack(&self) -> usize {
        let opening = self.crossword.numbers.rack_size;
        opening.max(self.numbers.houses.ravenclaw.opening_tiles)
    }

    /// Checks what the crossword numbers and the layer's allow together: no rack may hold
    /// more tiles than a line has squares (the move generator's and bots' tables are that
    /// long).
    pub fn check(&self) -> Result<(), DataError> {
        let cards = &self.numbers.cards;
        let one_card = cards
            .entry(Card::Engorgio)
            .tiles
            .filter(|_| cards.count(Card::Engorgio) > 0)
            .unwrap_or(0)
            .max(usize::from(cards.count(Card::Expelliarmus) > 0));
        let largest = self.opening_rack() + one_card;
        if largest > RACK_LIMIT {
            return Err(DataError::whole(
                "the Harry Potter rules",
                format!(
                    "rack_size {}, houses.ravenclaw.opening_tiles {} and the cards (Engorgio \
                     draws {}, Expelliarmus takes one) let a rack hold {largest} tiles; \
                     expected at most {SIZE}, a line's length",
                    self.crossword.numbers.rack_size,
                    self.numbers.houses.ravenclaw.opening_tiles,
                    self.numbers.cards.entry(Card::Engorgio).tiles.unwrap_or(0),
                ),
            ));
        }
        self.crossword.check_moves(self.largest_rack())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Source;

    #[test]
    fn points_out_of_range_are_refused_by_name() {
        let standard = HpNumbers::standard();
        let refused = |setting: &str| {
            standard
                .overlay_from(Source::setting(setting, "--set"))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            refused("glossary_bonus = 100001"),
            "--set: glossary_bonus: expected -100000 to 100000 (points), found 100001"
        );
        assert_eq!(
            refused("cards.quidditch_cup.points = -100001"),
            "--set: cards.quidditch_cup.points: expected -100000 to 100000 (points), found -100001"
        );
        assert!(
            standard
                .overlay("challenge_penalty = 100000", "--set")
                .is_ok()
        );
    }

    #[test]
    fn a_deck_that_does_not_add_up_is_refused() {
        let standard = HpNumbers::standard();
        assert_eq!(
            standard
                .overlay("cards.reparo.count = 3", "--set")
                .unwrap_err()
                .to_string(),
            "--set: the cards' counts add up to 33; expected deck_size 32 (raise one count by \
             lowering another, or change deck_size too)"
        );
        let traded = standard
            .overlay("cards.reparo.count = 3\ncards.gemino.count = 0", "--set")
            .unwrap();
        assert_eq!(traded.cards["reparo"].count, 3);
        assert!(
            standard
                .overlay("deck_size = 33\ncards.reparo.count = 3", "--set")
                .is_ok()
        );
    }

    #[test]
    fn a_rack_may_grow_to_a_lines_length_and_no_further() {
        let mut rules = HpRules::standard();
        // Expelliarmus's tile survives a pass: a rack can grow to the limit.
        assert_eq!(rules.largest_rack(), RACK_LIMIT);
        assert!(rules.check().is_ok());
        rules.crossword.numbers.rack_size = 13;
        assert!(rules.check().is_ok());
        rules.crossword.numbers.rack_size = 14;
        assert_eq!(
            rules.check().unwrap_err().to_string(),
            "the Harry Potter rules: rack_size 14, houses.ravenclaw.opening_tiles 8 and the cards \
             (Engorgio draws 2, Expelliarmus takes one) let a rack hold 16 tiles; expected at \
             most 15, a line's length"
        );
        // Without Expelliarmus, Ravenclaw's 8 opening tiles and Engorgio's 2.
        rules.crossword.numbers.rack_size = 7;
        rules.numbers.cards.get_mut("expelliarmus").unwrap().count = 0;
        assert_eq!(rules.largest_rack(), 10);
        rules.numbers.cards.get_mut("engorgio").unwrap().count = 0;
        assert_eq!(rules.largest_rack(), 8);
        rules.crossword.numbers.rack_size = 15;
        assert_eq!(rules.largest_rack(), 15);
        assert!(rules.check().is_ok());
    }
}
