//! Scrabble: Harry Potter Edition: house powers, brown squares, cards drawn and scored, and
//! the Glossary bonus, through the public API.

use std::sync::Arc;

use engine::hogwarts::{Card, CardTable, House, HpGame, HpRules};
use engine::scrabble::{Cgp, Move, MoveGen};
use lexicon::{Edition, Lexicon};

fn lexicon() -> Arc<Lexicon> {
    Arc::new(Lexicon::embedded(Edition::HarryPotter))
}

fn rules() -> Arc<HpRules> {
    Arc::new(HpRules::standard())
}

const EMPTY: &str = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";

fn position(board: &str, rack: &str, houses: &[House]) -> HpGame {
    let racks = vec![rack.to_string(); 1]
        .into_iter()
        .chain(std::iter::repeat_n(String::new(), houses.len() - 1));
    let cgp: Cgp = format!(
        "{board} {} {} 0",
        racks.collect::<Vec<_>>().join("/"),
        vec!["0"; houses.len()].join("/")
    )
    .parse()
    .unwrap();
    HpGame::from_position(rules(), lexicon(), houses.to_vec(), &cgp, 3).unwrap()
}

#[test]
fn the_default_deck_holds_32_cards_of_every_kind() {
    let rules = HpRules::standard();
    let total: u32 = Card::ALL
        .iter()
        .map(|&card| u32::from(rules.numbers.cards.count(card)))
        .sum();
    assert_eq!(total, 32);
    assert!(
        Card::ALL
            .iter()
            .all(|&card| rules.numbers.cards.count(card) >= 1)
    );
    assert_eq!(
        rules.numbers.cards.entry(Card::QuidditchCup).points,
        Some(20)
    );
    assert_eq!(
        rules
            .numbers
            .cards
            .entry(Card::HarryPotter)
            .letters
            .as_deref(),
        Some("HAYPO")
    );
    let brown = (0..225)
        .filter(|&s| rules.crossword.layout.is_hogwarts(s))
        .count();
    assert_eq!(brown, 16);
}

#[test]
fn a_glossary_word_earns_the_bonus() {
    let mut game = position(EMPTY, "NOXABCD", &[House::Slytherin, House::Gryffindor]);
    let action = Move::parse("8G NOX", game.core().board()).unwrap();
    let report = game.play(action).unwrap();
    assert_eq!(report.glossary_words, vec!["NOX"]);
    // NOX: (1 + 1 + 8) x 2 on the centre = 20, plus the Glossary's 10.
    assert_eq!(report.score, 30);
    assert!(report.cards_drawn.is_empty(), "no brown square covered");
}

#[test]
fn a_brown_square_draws_a_card_for_each_new_word_through_it() {
    // ACCIO over E8, a brown square: one word through it, one card.
    let mut game = position(EMPTY, "ACCIOXZ", &[House::Slytherin, House::Ravenclaw]);
    let report = game
        .play(Move::parse("8E ACCIO", game.core().board()).unwrap())
        .unwrap();
    assert_eq!(report.cards_drawn.len(), 1);
    assert_eq!(report.score, 18 + 10 + report.competition_points);
    assert_eq!(game.piles().total(), 32);
    // A tile on F4, a brown square, making words both ways: two cards.
    let board = "15/15/15/4A10/5A9/15/15/15/15/15/15/15/15/15/15";
    let mut game = position(board, "TEXYZQV", &[House::Hufflepuff, House::Gryffindor]);
    let report = game
        .play(Move::parse("4E (A)T", game.core().board()).unwrap())
        .unwrap();
    assert_eq!(
        report.cards_drawn.len(),
        2,
        "AT across and TA down both run through F4"
    );
}

#[test]
fn slytherin_begins_and_ravenclaw_opens_with_eight_tiles() {
    let houses = vec![House::Ravenclaw, House::Gryffindor, House::Slytherin];
    let mut game = HpGame::new(rules(), lexicon(), houses, 11).unwrap();
    assert_eq!(game.core().to_move(), 2, "Slytherin's seat moves first");
    assert_eq!(game.core().rack(0).len(), 8);
    assert_eq!(game.core().rack(1).len(), 7);
    let held_or_scored = game.piles().hands[1].len() + game.piles().discard.len();
    assert_eq!(held_or_scored, 1, "Gryffindor draws one card at the start");
    // Play until Ravenclaw has moved once: it draws back up to seven, not eight.
    let mut movegen = MoveGen::new();
    while game.core().history().iter().all(|turn| turn.seat != 0) {
        let seat = game.core().to_move();
        let rack = *game.core().rack(seat);
        let best = movegen.best(
            game.core().board(),
            game.core().rules(),
            game.core().lexicon(),
            &rack,
        );
        game.play(best.map_or(Move::Pass, |(_, p)| Move::Place(p)))
            .unwrap();
    }
    assert_eq!(game.core().rack(0).len(), 7);
}

#[test]
fn hufflepuff_keeps_its_leftover_tiles() {
    // The bag is empty; Slytherin goes out with an S on HORN. Hufflepuff's Q counts for
    // Hufflepuff, and the player who went out gains only the other seat's tiles.
    let board = "AAAAAAAAABBCCDD/DDEEEEEEEEEEEFF/GGGHIIIIIIIIIJK/LLLLMMNNNNNOOOO/OOOPPRRRRRSSSTT/TTTTUUUUVVWWXYY/Zab12/5HORN6/15/15/15/15/15/15/15";
    let cgp: Cgp = format!("{board} S/Q/E 0/0/0 0").parse().unwrap();
    let houses = vec![House::Slytherin, House::Hufflepuff, House::Ravenclaw];
    let mut game = HpGame::from_position(rules(), lexicon(), houses, &cgp, 1).unwrap();
    assert_eq!(game.core().bag_len(), 0);
    let action = Move::parse("8F (HORN)S", game.core().board()).unwrap();
    game.play(action).unwrap();
    assert!(game.core().is_over());
    assert_eq!(
        game.core().adjustments(),
        &[1, 10, -1],
        "Q counts +10 for Hufflepuff; E's 1 goes to the winner"
    );
}
