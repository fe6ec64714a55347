//! The Owl Post cards (engine/data/monopoly-hp/owl_post.toml) and the deck they cycle through.

use rand::seq::SliceRandom;
use serde::Deserialize;

use super::board::{Board, PropertyKind};
use crate::data::{DataError, MOST_POINTS, Range, Source, array_table_lines, parse_toml};
use crate::monopoly::board::MAX_SPACES;
use crate::scrabble::GameRng;

/// The most cards a deck may hold.
pub const MAX_CARDS: usize = 64;

/// What a card does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// The Bank gives points.
    Gain(i32),
    /// The player gives points to the Bank.
    Lose(i32),
    /// Every other player gives the player points.
    CollectFromEach(i32),
    /// The player gives every other player points.
    PayEach(i32),
    /// The player gives the Bank points for each crest they own.
    PayPerCrest(i32),
    /// Move forward to a space, collecting GO's reward if passing it.
    Advance(u8),
    /// Move forward to the nearest common room.
    NearestCommonRoom,
    /// Move forward to the nearest spell.
    NearestSpell,
    /// Move back this many spaces.
    Back(u8),
    /// Straight to Jail.
    GoToJail,
    /// Kept until used to leave Jail.
    GetOutOfJailFree,
}

/// One card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwlCard {
    /// Its text.
    pub name: String,
    /// Whether it is a Howler.
    pub howler: bool,
    /// What it does.
    pub effect: Effect,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckFile {
    card: Vec<CardEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardEntry {
    name: String,
    #[serde(default)]
    howler: bool,
    effect: String,
    points: Option<i32>,
    to: Option<String>,
    kind: Option<String>,
    spaces: Option<u8>,
}

/// The range of every number an Owl Post file may hold (`spaces` is checked against the
/// board's length too).
pub const OWL_POST_RANGES: [Range; 2] = [
    Range::new("card[].points", 0, MOST_POINTS, "points"),
    Range::new("card[].spaces", 1, MAX_SPACES as i64 - 1, "spaces back"),
];

/// Reads and checks the Owl Post cards against the board they are played on.
pub fn parse_cards(text: &str, file: &str, board: &Board) -> Result<Vec<OwlCard>, DataError> {
    let parsed: DeckFile = parse_toml(Source::new(text, file), &OWL_POST_RANGES)?;
    if parsed.card.is_empty() || parsed.card.len() > MAX_CARDS {
        return Err(DataError::whole(
            file,
            format!("{} cards: expected 1 to {MAX_CARDS}", parsed.card.len()),
        ));
    }
    let header_lines = array_table_lines(text, "card");
    parsed
        .card
        .into_iter()
        .enumerate()
        .map(|(index, entry)| {
            let line = header_lines.get(index).copied().unwrap_or(0);
            let effect = read_effect(&entry, board)
                .map_err(|message| DataError::at(file, line, 0, message))?;
            Ok(OwlCard {
                name: entry.name,
                howler: entry.howler,
                effect,
            })
        })
        .collect()
}

fn read_effect(entry: &CardEntry, board: &Board) -> Result<Effect, String> {
    let needs: &[&str] = match entry.effect.as_str() {
        "gain" | "lose" | "collect_from_each" | "pay_each" | "pay_per_crest" => &["points"],
        "advance" => &["to"],
        "nearest" => &["kind"],
        "back" => &["spaces"],
        _ => &[],
    };
    for (key, present) in [
        ("points", entry.points.is_some()),
        ("to", entry.to.is_some()),
        ("kind", entry.kind.is_some()),
        ("spaces", entry.spaces.is_some()),
    ] {
        if present != needs.contains(&key) {
            return Err(if present {
                format!("`{key}` does not apply to effect {:?}", entry.effect)
            } else {
                format!("effect {:?} needs `{key}`", entry.effect)
            });
        }
    }
    let points = || match entry.points {
        Some(p) if p >= 0 => Ok(p),
        _ => Err("points: expected a number of 0 or more".to_string()),
    };
    Ok(match entry.effect.as_str() {
        "gain" => Effect::Gain(points()?),
        "lose" => Effect::Lose(points()?),
        "collect_from_each" => Effect::CollectFromEach(points()?),
        "pay_each" => Effect::PayEach(points()?),
        "pay_per_crest" => Effect::PayPerCrest(points()?),
        "advance" => {
            let to = entry.to.as_deref().unwrap_or_default();
            let space = board
                .space_named(to)
                .ok_or_else(|| format!("to {to:?}: no space of that name on the board"))?;
            Effect::Advance(space as u8)
        }
        "nearest" => match entry.kind.as_deref() {
            Some("common_room") if board.common_rooms != 0 => Effect::NearestCommonRoom,
            Some("spell") if board.spells != 0 => Effect::NearestSpell,
            Some(kind @ ("common_room" | "spell")) => {
                return Err(format!("kind {kind:?}: the board has none"));
            }
            other => {
                return Err(format!(
                    "kind {other:?}: expected \"common_room\" or \"spell\""
                ));
            }
        },
        "back" => match entry.spaces {
            Some(n) if n > 0 && (n as usize) < board.len() => Effect::Back(n),
            _ => return Err("spaces: expected 1 to the board's length - 1".into()),
        },
        "go_to_jail" => Effect::GoToJail,
        "get_out_of_jail_free" => Effect::GetOutOfJailFree,
        other => {
            return Err(format!(
                "effect {other:?}: expected gain, lose, collect_from_each, pay_each, pay_per_crest, advance, nearest, back, go_to_jail or get_out_of_jail_free"
            ));
        }
    })
}

/// The next space of a kind going forward from `from` (never `from` itself).
pub fn nearest(board: &Board, from: usize, common_room: bool) -> usize {
    (1..board.len())
        .map(|step| (from + step) % board.len())
        .find(|&space| {
            board.property_at(space).is_some_and(|p| {
                let kind = board.properties[p].kind;
                if common_room {
                    matches!(kind, PropertyKind::CommonRoom(_))
                } else {
                    kind == PropertyKind::Spell
                }
            })
        })
        .unwrap_or(from)
}

/// The face-down deck: drawn from the top, returned to the bottom. Cards held by players
/// (Get Out of Jail Free) are out of it until used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    cards: [u8; MAX_CARDS],
    top: u8,
    len: u8,
}

impl Deck {
    /// The cards 0..count shuffled.
    pub fn shuffled(count: usize, rng: &mut GameRng) -> Deck {
        let mut cards = [0u8; MAX_CARDS];
        for (i, card) in cards.iter_mut().enumerate().take(count) {
            *card = i as u8;
        }
        cards[..count].shuffle(rng);
        Deck {
            cards,
            top: 0,
            len: count as u8,
        }
    }

    /// Takes the top card.
    pub fn draw(&mut self) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        let card = self.cards[self.top as usize];
        self.top = ((self.top as usize + 1) % MAX_CARDS) as u8;
        self.len -= 1;
        Some(card as usize)
    }

    /// Puts a card at the bottom.
    pub fn put_under(&mut self, card: usize) {
        let bottom = (self.top as usize + self.len as usize) % MAX_CARDS;
        self.cards[bottom] = card as u8;
        self.len += 1;
    }

    /// Cards in the deck.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether every card is held by players.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cards in the deck, top first.
    pub fn cards(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len as usize).map(|i| self.cards[(self.top as usize + i) % MAX_CARDS] as usize)
    }

    /// The same cards in a fresh random order: a world a player could believe in.
    pub fn reshuffled(&self, rng: &mut GameRng) -> Deck {
        let mut cards = [0u8; MAX_CARDS];
        for (slot, card) in cards.iter_mut().zip(self.cards()) {
            *slot = card as u8;
        }
        // From a canonical order, so the result depends on which cards are in the deck (public)
        // and never on their order (hidden).
        cards[..self.len as usize].sort_unstable();
        cards[..self.len as usize].shuffle(rng);
        Deck {
            cards,
            top: 0,
            len: self.len,
        }
    }
}

/// The default deck file.
pub const DEFAULT_OWL_POST: &str = include_str!("../../data/monopoly-hp/owl_post.toml");

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn the_deck_cycles_and_keeps_every_card() {
        let mut rng = GameRng::seed_from_u64(3);
        let mut deck = Deck::shuffled(32, &mut rng);
        let first: Vec<usize> = deck.cards().collect();
        for _ in 0..100 {
            let card = deck.draw().unwrap();
            deck.put_under(card);
        }
        let mut cards: Vec<usize> = deck.cards().collect();
        assert_eq!(
            cards[..],
            [&first[100 % 32..], &first[..100 % 32]].concat()[..]
        );
        cards.sort_unstable();
        assert_eq!(cards, (0..32).collect::<Vec<_>>());
        let held = deck.draw().unwrap();
        assert_eq!(deck.reshuffled(&mut rng).len(), 31);
        assert!(!deck.reshuffled(&mut rng).cards().any(|c| c == held));
        let other = Deck::shuffled(32, &mut GameRng::seed_from_u64(4));
        let same = |deck: &Deck| {
            let mut rng = GameRng::seed_from_u64(9);
            deck.reshuffled(&mut rng).cards().collect::<Vec<_>>()
        };
        let full = Deck::shuffled(32, &mut GameRng::seed_from_u64(3));
        assert_eq!(same(&full), same(&other), "the hidden order leaks nothing");
    }

    #[test]
    fn the_standard_cards_read_and_bad_ones_name_their_line() {
        let board = Board::standard();
        let cards = parse_cards(DEFAULT_OWL_POST, "o.toml", &board).unwrap();
        assert_eq!(cards.len(), 32);
        assert_eq!(cards.iter().filter(|c| c.howler).count(), 12);
        assert_eq!(cards[0].effect, Effect::Advance(0));
        let text = DEFAULT_OWL_POST.replacen("to = \"GO\"", "to = \"Azkaban\"", 1);
        let error = parse_cards(&text, "o.toml", &board)
            .unwrap_err()
            .to_string();
        let header = text.lines().position(|l| l == "[[card]]").unwrap() + 1;
        assert_eq!(
            error,
            format!("o.toml: line {header}: to \"Azkaban\": no space of that name on the board")
        );
        assert_eq!(nearest(&board, 7, true), 15);
        assert_eq!(nearest(&board, 36, false), 12);
    }
}
