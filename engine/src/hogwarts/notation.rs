//! Scrabble: Harry Potter Edition's card plays as players write them (`revelio`,
//! `expelliarmus 2`, `alohomora H8`, `veritaserum 2 E Q`, `transfiguration QV`): read from
//! what a person types and written back, for the terminal, the web page and Python alike.

use super::cards::Card;
use super::spells::CardPlay;
use crate::scrabble::layout::SIZE;
use crate::scrabble::tiles::kind_char;
use crate::scrabble::{Rack, square_name};

/// Reads a card name: the rules key, any case, with or without separators.
fn parse_card(name: &str) -> Option<Card> {
    let wanted: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    Card::ALL
        .into_iter()
        .find(|card| card.key().replace('_', "") == wanted)
}

/// Reads a square such as `H8` (column, row).
fn parse_square(text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let column = chars.next()?.to_ascii_uppercase();
    let row: usize = chars.as_str().parse().ok()?;
    let col = (column as u8).checked_sub(b'A')? as usize;
    (col < SIZE && (1..=SIZE).contains(&row)).then(|| (row - 1) * SIZE + col)
}

/// Reads `NAME [ARGS]` (the words after `card`) into a card play among `players` players.
pub fn parse_card_play(words: &[&str], players: usize) -> Result<CardPlay, String> {
    let name = words
        .first()
        .ok_or("card needs a name: card revelio, card expelliarmus 2, ...")?;
    let card = parse_card(name).ok_or_else(|| format!("{name:?} is not a Hogwarts card"))?;
    let player = |text: Option<&&str>| -> Result<usize, String> {
        let text = text.ok_or(format!("{card} needs a player number, e.g. card {card} 2"))?;
        match text.parse::<usize>() {
            Ok(n) if (1..=players).contains(&n) => Ok(n - 1),
            _ => Err(format!("{text:?} is not a player number 1 to {players}")),
        }
    };
    let tile = |text: Option<&&str>, what: &str| -> Result<usize, String> {
        let text = text.ok_or(format!("{card} needs {what}"))?;
        match Rack::parse(text) {
            Ok(rack) if rack.len() == 1 => Ok(rack.kinds().next().expect("one tile")),
            _ => Err(format!("{text:?} is not one tile ({what})")),
        }
    };
    Ok(match card {
        Card::Veritaserum => {
            let target = player(words.get(1))?;
            let letter = tile(words.get(2), "the letter you ask for")?;
            if letter >= 26 {
                return Err("ask for a letter, not the blank".into());
            }
            let give = tile(words.get(3), "the tile you give in exchange")?;
            CardPlay::Veritaserum {
                target,
                letter: letter as u8,
                give,
            }
        }
        Card::FelixFelicis => CardPlay::FelixFelicis,
        Card::HarryPotter | Card::TomMarvoloRiddle | Card::RonWeasley | Card::Buckbeak => {
            CardPlay::Bonus(card)
        }
        Card::Revelio => CardPlay::Revelio,
        Card::Expelliarmus => CardPlay::Expelliarmus {
            target: player(words.get(1))?,
        },
        Card::Rictusempra => CardPlay::Rictusempra,
        Card::Alohomora => {
            let text = words
                .get(1)
                .ok_or("alohomora needs the blank's square, e.g. card alohomora H8")?;
            CardPlay::Alohomora {
                square: parse_square(text).ok_or(format!("{text:?} is not a square such as H8"))?,
            }
        }
        Card::Gemino => CardPlay::Gemino,
        Card::Engorgio => CardPlay::Engorgio,
        Card::Transfiguration => {
            let text = words
                .get(1)
                .ok_or("transfiguration needs the tiles to exchange")?;
            CardPlay::Transfiguration {
                tiles: Rack::parse(text).map_err(|e| e.to_string())?,
            }
        }
        Card::Confundo => CardPlay::Confundo,
        Card::Reparo => CardPlay::Reparo,
        other => {
            return Err(format!(
                "{other} is a Competition card: it scored when drawn"
            ));
        }
    })
}

/// `play` as [`parse_card_play`] reads it (the words after `card`).
pub fn card_play_text(play: &CardPlay) -> String {
    let card = play.card().key();
    match *play {
        CardPlay::Veritaserum {
            target,
            letter,
            give,
        } => format!(
            "{card} {} {} {}",
            target + 1,
            kind_char(usize::from(letter)),
            kind_char(give)
        ),
        CardPlay::Expelliarmus { target } => format!("{card} {}", target + 1),
        CardPlay::Alohomora { square } => format!("{card} {}", square_name(square)),
        CardPlay::Transfiguration { tiles } => format!("{card} {tiles}"),
        CardPlay::FelixFelicis
        | CardPlay::Bonus(_)
        | CardPlay::Revelio
        | CardPlay::Rictusempra
        | CardPlay::Gemino
        | CardPlay::Engorgio
        | CardPlay::Confundo
        | CardPlay::Reparo => card.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_card_play_reads_back_as_itself() {
        let plays = [
            CardPlay::Veritaserum {
                target: 2,
                letter: 4,
                give: 26,
            },
            CardPlay::Expelliarmus { target: 1 },
            CardPlay::Alohomora {
                square: 7 * SIZE + 7,
            },
            CardPlay::Transfiguration {
                tiles: Rack::parse("QV?").unwrap(),
            },
            CardPlay::Bonus(Card::HarryPotter),
            CardPlay::FelixFelicis,
            CardPlay::Engorgio,
        ];
        for play in plays {
            let text = card_play_text(&play);
            let words: Vec<&str> = text.split_whitespace().collect();
            assert_eq!(parse_card_play(&words, 3), Ok(play), "{text}");
        }
        assert_eq!(
            card_play_text(&CardPlay::Alohomora {
                square: 7 * SIZE + 7
            }),
            "alohomora H8"
        );
    }
}
