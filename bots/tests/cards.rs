//! The `cards` policy, card by card: each card played where the policy says and held where it
//! does not (docs/BOTS.md has the table).

use std::sync::Arc;

use bots::Settings;
use bots::hogwarts::CardWise;
use bots::scrabble::leaves::LeaveModel;
use bots::seating::seat_table;
use engine::hogwarts::{Card, CardPlay, House, HpGame, HpQuestion, HpRules};
use engine::play::{Stepped, play_out};
use engine::scrabble::Cgp;
use lexicon::{Edition, Lexicon};

const EMPTY: &str = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";

/// The game at a CGP position, one house a rack, seat 0 (to move) holding `cards`.
fn from_cgp(cgp: &str, cards: &[Card]) -> HpGame {
    let cgp: Cgp = cgp.parse().unwrap();
    let houses = [House::Gryffindor, House::Slytherin, House::Ravenclaw];
    let mut game = HpGame::from_position(
        Arc::new(HpRules::standard()),
        Arc::new(Lexicon::embedded(Edition::HarryPotter)),
        houses[..cgp.racks.len()].to_vec(),
        &cgp,
        3,
    )
    .unwrap();
    for &card in cards {
        assert!(game.deal(0, card), "the deck holds {card}");
    }
    game
}

/// A two-player game at `board` with `rack` to move (scores `scores`), holding `cards`.
fn position(board: &str, rack: &str, scores: &str, cards: &[Card]) -> HpGame {
    from_cgp(&format!("{board} {rack}/ {scores} 0"), cards)
}

fn decide(game: &HpGame) -> Option<CardPlay> {
    CardWise::new(LeaveModel::embedded()).choose_card(&game.observation(0))
}

#[test]
fn points_cards_and_another_turn_are_played_at_once() {
    for card in [Card::Rictusempra, Card::Reparo, Card::FelixFelicis] {
        let game = position(EMPTY, "QUIZERS", "0/0", &[card]);
        assert_eq!(decide(&game).map(|play| play.card()), Some(card));
    }
}

#[test]
fn a_bonus_card_waits_for_a_play_with_two_of_its_letters() {
    // Harry Potter rewards H, A, Y, P, O: HAPPY uses five of them.
    let game = position(EMPTY, "HAPPYRS", "0/0", &[Card::HarryPotter]);
    assert_eq!(decide(&game), Some(CardPlay::Bonus(Card::HarryPotter)));
    let game = position(EMPTY, "QUIZERS", "0/0", &[Card::HarryPotter]);
    assert_eq!(decide(&game), None, "no H, A, Y, P or O to place");
}

#[test]
fn looking_ahead_it_still_makes_the_move_a_bonus_card_was_played_for() {
    let rules = Arc::new(HpRules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::HarryPotter));
    let model = bots::scrabble::leaves::LeaveModel::embedded();
    let (mut checked, mut lookahead_differs) = (0, 0);
    for seed in 0..12 {
        let mut game = HpGame::sorted(rules.clone(), lexicon.clone(), 2, seed).unwrap();
        let mut seats = seat_table(&["cards"; 2], seed, &Settings::default(), None).unwrap();
        play_out(&mut game, &mut seats, |game: &HpGame| {
            // Each turn's opening, where the card player decides on a card.
            let Some(pending) = game.pending().filter(|p| p.question == HpQuestion::Card) else {
                return;
            };
            let observation = game.observation(pending.seat);
            let mut plain = CardWise::new(LeaveModel::embedded());
            let card = plain.choose_card(&observation);
            let for_plan = matches!(card, Some(CardPlay::Bonus(_) | CardPlay::Revelio));
            if !for_plan {
                return;
            }
            let mut looking = CardWise::looking_ahead(LeaveModel::embedded(), seed);
            assert_eq!(looking.choose_card(&observation), card);
            // A Bonus card or Revelio changes nothing the move depends on: the plan stands.
            let planned = plain.choose_move(&observation);
            assert_eq!(looking.choose_move(&observation), planned);
            let mut alone = bots::scrabble::Lookahead::new(model, seed);
            lookahead_differs += usize::from(alone.choose(&observation.core) != planned);
            checked += 1;
        })
        .unwrap();
    }
    // Where the lookahead alone would have moved elsewhere, the card's move was kept.
    assert!(lookahead_differs > 0, "{lookahead_differs} of {checked}");
}

#[test]
fn revelio_is_kept_for_a_glossary_word() {
    let game = position(EMPTY, "AZKABAN", "0/0", &[Card::Revelio]);
    assert_eq!(decide(&game), Some(CardPlay::Revelio));
    let game = position(EMPTY, "RETAINS", "0/0", &[Card::Revelio]);
    assert_eq!(decide(&game), None);
}

#[test]
fn transfiguration_changes_a_poor_rack_and_keeps_a_good_one() {
    let game = position(EMPTY, "UUUVVWI", "0/0", &[Card::Transfiguration]);
    match decide(&game) {
        Some(CardPlay::Transfiguration { tiles }) => {
            assert!(tiles.count(20) >= 2, "gives up Us: {tiles}");
        }
        other => panic!("expected Transfiguration, got {other:?}"),
    }
    let game = position(EMPTY, "RETAINS", "0/0", &[Card::Transfiguration]);
    assert_eq!(decide(&game), None);
}

#[test]
fn engorgio_while_the_bag_holds_tiles() {
    let game = position(EMPTY, "QUIZERS", "0/0", &[Card::Engorgio]);
    assert_eq!(decide(&game), Some(CardPlay::Engorgio));
    // Every other tile on the board or the opponent's rack: the bag is empty.
    let board = "AAAAAAAAABBCCDD/DDEEEEEEEEEEEFF/GGGHIIIIIIIIIJK/LLLLMMNNNNNOOOO/OOOPPRRRRRSSSTT/TTTTUUUUVVWWXYY/Zab12/5HORN6/15/15/15/15/15/15/15";
    let game = from_cgp(&format!("{board} SE/Q 0/0 0"), &[Card::Engorgio]);
    assert_eq!(game.observation(0).core.bag_len, 0);
    assert_eq!(decide(&game), None);
}

#[test]
fn alohomora_only_for_a_blank_standing_for_a_letter_on_the_rack() {
    // The blank on the board is the H of HORN.
    let board = "15/15/15/15/15/15/15/7hORN4/15/15/15/15/15/15/15";
    let game = position(board, "HQUIZTE", "0/0", &[Card::Alohomora]);
    assert_eq!(
        decide(&game),
        Some(CardPlay::Alohomora { square: 7 * 15 + 7 })
    );
    let game = position(board, "QUIZTEE", "0/0", &[Card::Alohomora]);
    assert_eq!(decide(&game), None, "no H on the rack");
}

#[test]
fn gemino_once_there_is_another_card_to_double() {
    let game = position(EMPTY, "QUIZERS", "0/0", &[Card::Gemino]);
    assert_eq!(decide(&game), None, "nothing else held");
    let game = position(EMPTY, "QUIZERS", "0/0", &[Card::Gemino, Card::HarryPotter]);
    assert_eq!(decide(&game), Some(CardPlay::Gemino));
}

#[test]
fn cards_changing_the_rack_come_before_the_plan_and_gemino_after() {
    // HAPPY would earn Harry Potter's bonus, but Engorgio's tiles come first: a plan made
    // before them would be made again.
    let cards = [Card::HarryPotter, Card::Engorgio];
    let game = position(EMPTY, "HAPPYRS", "0/0", &cards);
    assert_eq!(decide(&game), Some(CardPlay::Engorgio));
    let game = position(EMPTY, "HAPPYRS", "0/0", &[Card::Gemino, Card::HarryPotter]);
    assert_eq!(decide(&game), Some(CardPlay::Bonus(Card::HarryPotter)));
}

#[test]
fn expelliarmus_and_veritaserum_aim_at_the_leader() {
    let board = "15/15/15/15/15/15/15/5HORN6/15/15/15/15/15/15/15";
    let cgp = format!("{board} QUIZERS// 10/40/90 0");
    let game = from_cgp(&cgp, &[Card::Expelliarmus]);
    assert_eq!(decide(&game), Some(CardPlay::Expelliarmus { target: 2 }));
    let game = from_cgp(&cgp, &[Card::Veritaserum]);
    match decide(&game) {
        Some(CardPlay::Veritaserum {
            target,
            letter,
            give,
        }) => {
            assert_eq!(target, 2);
            assert!(game.observation(0).core.unseen[usize::from(letter)] > 0);
            assert!(game.observation(0).core.rack.count(give) > 0);
        }
        other => panic!("expected Veritaserum, got {other:?}"),
    }
}

#[test]
fn the_card_player_plays_legal_games() {
    let rules = Arc::new(HpRules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::HarryPotter));
    for seed in 0..40 {
        let players = 2 + (seed % 3) as usize;
        let mut game = HpGame::sorted(rules.clone(), lexicon.clone(), players, seed).unwrap();
        let names: Vec<&str> = (0..players)
            .map(|s| ["cards", "equity", "greedy"][s % 3])
            .collect();
        let mut seats = seat_table(&names, seed, &Settings::default(), None).unwrap();
        play_out(&mut game, &mut seats, |_| {}).expect("legal card plays and moves");
    }
}

#[test]
fn confundo_is_kept_when_reading_backwards_gains_nothing() {
    // On an empty board a word read backwards scores what it scores forwards.
    let game = position(EMPTY, "RETAINS", "0/0", &[Card::Confundo]);
    assert_eq!(decide(&game), None);
}

#[test]
fn at_once_plays_a_timed_card_where_the_policy_holds_it() {
    let at_once = |setting: &str, game: &HpGame| {
        CardWise::with_setting(LeaveModel::embedded(), setting)
            .unwrap()
            .choose_card(&game.observation(0))
    };
    // No H, A, Y, P or O to place: the policy holds Harry Potter; at once plays it.
    let game = position(EMPTY, "QUIZERS", "0/0", &[Card::HarryPotter]);
    assert_eq!(decide(&game), None);
    assert_eq!(
        at_once("at-once=harry_potter", &game),
        Some(CardPlay::Bonus(Card::HarryPotter))
    );
    // Only the card named is played early.
    assert_eq!(at_once("at-once=gemino+revelio", &game), None);
    let game = position(EMPTY, "QUIZERS", "0/0", &[Card::Gemino]);
    assert_eq!(decide(&game), None, "Gemino waits for another card");
    assert_eq!(at_once("at-once=gemino", &game), Some(CardPlay::Gemino));
    // Every timed card is named by its key; a card the policy plays at once anyway is not.
    for (card, _) in bots::hogwarts::TIMED {
        assert!(
            CardWise::with_setting(LeaveModel::embedded(), &format!("at-once={}", card.key()))
                .is_some()
        );
    }
    assert!(CardWise::with_setting(LeaveModel::embedded(), "at-once=reparo").is_none());
    assert!(CardWise::with_setting(LeaveModel::embedded(), "gemino").is_none());
}
