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
    play_by_score_while(&mut game, |game| {
        game.core().history().iter().all(|turn| turn.seat != 0)
    });
    assert_eq!(game.core().rack(0).len(), 7);
}

/// Plays `game` while `go_on` holds, each seat laying the highest-scoring placement (passing
/// where it has none) and playing no card: a policy blind to the scores.
fn play_by_score_while(game: &mut HpGame, go_on: impl Fn(&HpGame) -> bool) {
    let mut movegen = MoveGen::new();
    while go_on(game) {
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
}

#[test]
fn a_house_s_opening_points_are_owed_before_play_and_booked_with_its_first_turn() {
    let houses = vec![House::Hufflepuff, House::Slytherin, House::Gryffindor];
    let mut handicapped = HpRules::standard();
    handicapped.numbers.houses.hufflepuff.opening_points = 12;
    handicapped.numbers.houses.slytherin.opening_points = -15;
    for seed in 0..20 {
        let mut plain = HpGame::new(rules(), lexicon(), houses.clone(), seed).unwrap();
        let mut given = HpGame::new(
            Arc::new(handicapped.clone()),
            lexicon(),
            houses.clone(),
            seed,
        )
        .unwrap();
        // Owed before play: the score a player sees, not yet booked.
        assert_eq!(given.score_now(0), 12);
        assert_eq!(given.score_now(1), -15);
        assert_eq!(given.core().scores()[..2], [0, 0]);
        for game in [&mut plain, &mut given] {
            play_by_score_while(game, |game| !game.core().is_over());
        }
        // The same game, each seat's points moved by its house's opening points alone.
        let turns = |game: &HpGame| -> Vec<(usize, Move)> {
            let history = game.core().history();
            history
                .iter()
                .map(|turn| (turn.seat, turn.action))
                .collect()
        };
        assert_eq!(turns(&plain), turns(&given), "seed {seed}");
        let moved: Vec<i32> = (0..3)
            .map(|seat| given.core().scores()[seat] - plain.core().scores()[seat])
            .collect();
        assert_eq!(moved, [12, -15, 0], "seed {seed}");
        // Booked with each seat's first turn, as a bonus: every point belongs to a turn.
        for (seat, &points) in moved.iter().enumerate().take(2) {
            let first = |game: &HpGame| {
                let history = game.core().history();
                let turn = history.iter().find(|turn| turn.seat == seat).unwrap();
                (turn.score, turn.bonus)
            };
            let (score, bonus) = first(&given);
            assert_eq!((score - points, bonus - points), first(&plain));
        }
        let booked: i32 = given.core().history().iter().map(|turn| turn.score).sum();
        let adjusted: i32 = given.core().adjustments().iter().sum();
        assert_eq!(booked + adjusted, given.core().scores().iter().sum::<i32>());
    }
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

use engine::hogwarts::{CardError, CardPlay, HpError};
use engine::scrabble::Rack;

/// A two-player position (Slytherin to move, Gryffindor second) with `card` in the mover's hand.
fn with_card(board: &str, rack: &str, other_rack: &str, card: Card) -> HpGame {
    let cgp: Cgp = format!("{board} {rack}/{other_rack} 0/0 0")
        .parse()
        .unwrap();
    let mut game = HpGame::from_position(
        rules(),
        lexicon(),
        vec![House::Slytherin, House::Gryffindor],
        &cgp,
        9,
    )
    .unwrap();
    assert!(game.deal(0, card));
    game
}

fn play(game: &mut HpGame, typed: &str) -> engine::hogwarts::TurnReport {
    let action = Move::parse(typed, game.core().board()).unwrap();
    game.play(action).unwrap().clone()
}

#[test]
fn rule_14s_worked_example_hope_with_the_harry_potter_card_scores_33() {
    let mut game = with_card(EMPTY, "HOPEXYZ", "", Card::HarryPotter);
    game.play_card(CardPlay::Bonus(Card::HarryPotter)).unwrap();
    let report = play(&mut game, "8G HOPE");
    // (4 + 1 + 3 + 1) x 2 = 18, plus 5 for each of H, O and P = 33.
    assert_eq!((report.score, report.card_points), (33, 15));
    assert_eq!(game.piles().discard, vec![Card::HarryPotter]);
}

#[test]
fn revelio_doubles_the_glossary_bonus() {
    let mut game = with_card(EMPTY, "NOXABCD", "", Card::Revelio);
    game.play_card(CardPlay::Revelio).unwrap();
    assert_eq!(play(&mut game, "8G NOX").score, 20 + 20);
}

#[test]
fn rictusempra_scores_ten_at_once_and_one_card_a_turn() {
    let mut game = with_card(EMPTY, "ABCDEFG", "", Card::Rictusempra);
    assert!(game.deal(0, Card::Reparo));
    assert_eq!(game.play_card(CardPlay::Rictusempra).unwrap(), 10);
    assert_eq!(game.play_card(CardPlay::Reparo), Err(CardError::OnePerTurn));
    assert_eq!(game.play(Move::Pass).unwrap().score, 10);
    assert_eq!(game.core().scores(), &[10, 0]);
}

#[test]
fn reparo_gives_another_turn_on_which_another_card_may_be_played() {
    let mut game = with_card(EMPTY, "NOXABCD", "", Card::Reparo);
    assert!(game.deal(0, Card::Rictusempra));
    game.play_card(CardPlay::Reparo).unwrap();
    play(&mut game, "8G NOX");
    assert_eq!(game.core().to_move(), 0, "the same seat moves again");
    assert_eq!(game.play_card(CardPlay::Rictusempra).unwrap(), 10);
    game.play(Move::Pass).unwrap();
    assert_eq!(game.core().to_move(), 1);
}

#[test]
fn felix_felicis_and_gemino_draw_cards() {
    let mut game = with_card(EMPTY, "ABCDEFG", "", Card::FelixFelicis);
    game.play_card(CardPlay::FelixFelicis).unwrap();
    let drawn = game
        .events()
        .iter()
        .filter(|e| matches!(e, engine::hogwarts::CardEvent::Drew { .. }))
        .count();
    assert_eq!(drawn, 2);
    assert_eq!(game.piles().total(), 32);
    let mut game = with_card(EMPTY, "ABCDEFG", "", Card::Gemino);
    assert!(game.deal(0, Card::Revelio) && game.deal(0, Card::Reparo));
    game.play_card(CardPlay::Gemino).unwrap();
    let drawn = game
        .events()
        .iter()
        .filter(|e| matches!(e, engine::hogwarts::CardEvent::Drew { .. }))
        .count();
    assert_eq!(drawn, 2, "as many as the two other cards held");
}

#[test]
fn engorgio_draws_two_tiles_and_the_rack_is_discarded_down() {
    let mut game = with_card(EMPTY, "NOXABCD", "", Card::Engorgio);
    game.play_card(CardPlay::Engorgio).unwrap();
    assert_eq!(game.core().rack(0).len(), 9);
    let action = Move::parse("8G NOX", game.core().board()).unwrap();
    // NOX leaves six tiles: the rack is drawn back up to seven, nothing to discard.
    let refused = game.play_turn(action, Rack::parse("A").unwrap());
    assert!(matches!(refused, Err(HpError::Discard { needed: 0, .. })));
    game.play_turn(action, Rack::EMPTY).unwrap();
    assert_eq!(game.core().rack(0).len(), 7);

    let mut game = with_card(EMPTY, "ABCDEFG", "", Card::Engorgio);
    game.play_card(CardPlay::Engorgio).unwrap();
    assert!(matches!(
        game.play(Move::Pass),
        Err(HpError::Discard { needed: 2, .. })
    ));
    game.play_turn(Move::Pass, Rack::parse("AB").unwrap())
        .unwrap();
    assert_eq!(game.core().rack(0).len(), 7);
    assert_eq!(game.core().bag_len(), 100 - 14);
}

#[test]
fn transfiguration_exchanges_and_the_turn_goes_on() {
    let mut game = with_card(EMPTY, "QXYZVVW", "", Card::Transfiguration);
    let refused = game.play_card(CardPlay::Transfiguration {
        tiles: Rack::parse("QQ").unwrap(),
    });
    assert!(
        matches!(refused, Err(CardError::NotOnRack(_))),
        "the rack holds one Q"
    );
    game.play_card(CardPlay::Transfiguration {
        tiles: Rack::parse("QXZ").unwrap(),
    })
    .unwrap();
    assert_eq!(game.core().to_move(), 0, "the turn is still to play");
    assert_eq!(game.core().rack(0).len(), 7);
    assert_eq!(game.core().bag_len(), 100 - 14);
}

#[test]
fn expelliarmus_takes_a_tile_and_veritaserum_swaps_a_letter() {
    let mut game = with_card(EMPTY, "ABCDEFG", "QRSTUVW", Card::Expelliarmus);
    game.play_card(CardPlay::Expelliarmus { target: 1 })
        .unwrap();
    assert_eq!(
        (game.core().rack(0).len(), game.core().rack(1).len()),
        (8, 6)
    );
    assert_eq!(
        game.play_card(CardPlay::Expelliarmus { target: 1 }),
        Err(CardError::OnePerTurn)
    );

    let mut game = with_card(EMPTY, "ABCDEFG", "QRSTUVW", Card::Veritaserum);
    let ask = |letter: char, give: char| CardPlay::Veritaserum {
        target: 1,
        letter: letter as u8 - b'A',
        give: (give as u8 - b'A') as usize,
    };
    assert_eq!(
        game.play_card(ask('Q', 'Z')),
        Err(CardError::NotOnRack("Z".into()))
    );
    game.play_card(ask('Q', 'A')).unwrap();
    assert_eq!(game.core().rack(0).to_string(), "BCDEFGQ");
    assert_eq!(game.core().rack(1).to_string(), "ARSTUVW");
}

#[test]
fn alohomora_swaps_a_letter_for_the_blank_on_the_board() {
    let board = "15/15/15/15/15/15/15/5HoRN6/15/15/15/15/15/15/15";
    let mut game = with_card(board, "OABCDEF", "", Card::Alohomora);
    assert_eq!(
        game.play_card(CardPlay::Alohomora { square: 7 * 15 + 5 }),
        Err(CardError::NoBlankToSwap(7 * 15 + 5))
    );
    game.play_card(CardPlay::Alohomora { square: 7 * 15 + 6 })
        .unwrap();
    assert!(!game.core().board().get(7, 6).is_blank());
    assert_eq!(game.core().rack(0).to_string(), "ABCDEF?");
}

#[test]
fn cards_not_held_are_refused_with_the_reason() {
    let mut game = with_card(EMPTY, "ABCDEFG", "", Card::Confundo);
    assert_eq!(
        game.play_card(CardPlay::Revelio),
        Err(CardError::NotHeld(Card::Revelio))
    );
    assert_eq!(
        game.play_card(CardPlay::Bonus(Card::Reparo)),
        Err(CardError::NotHeld(Card::Reparo))
    );
}

#[test]
fn confundo_plays_a_word_backwards_and_an_extension_continues_it() {
    let mut game = with_card(EMPTY, "TACXYZQ", "SOLVENT", Card::Confundo);
    let backwards = Move::parse("8G <TAC", game.core().board()).unwrap();
    assert!(matches!(
        game.play(backwards),
        Err(HpError::Illegal(
            engine::scrabble::IllegalMove::BackwardsNeedsConfundo
        ))
    ));
    game.play_card(CardPlay::Confundo).unwrap();
    let report = game.play(backwards).unwrap();
    // T A C laid left to right reads CAT right to left: (3 + 1 + 1) x 2 on the centre.
    assert_eq!(report.score, 10);
    assert_eq!(
        game.core().history()[0]
            .action
            .notation(game.core().board()),
        "8G <TAC"
    );
    // The next player extends it leftwards with S: the word continues backwards, CATS.
    let extension = Move::parse("8F S(TAC)", game.core().board()).unwrap();
    let checked = game.core().check(&extension).unwrap().unwrap();
    assert_eq!(checked.words[0].word, "CATS");
    game.play(extension).unwrap();
    // Forwards the same letters spell nothing: without the card a new word cannot go backwards.
    let forwards_only = Move::parse("9G <AB", game.core().board()).unwrap();
    assert!(matches!(
        game.play(forwards_only),
        Err(HpError::Illegal(
            engine::scrabble::IllegalMove::BackwardsNeedsConfundo
        ))
    ));
}

use engine::hogwarts::{HpAnswer, HpQuestion};
use engine::play::{Pending, Stepped};
use engine::scrabble::SetupError;

/// Answers the question waiting, which must be `question` for `seat`.
fn answer(game: &mut HpGame, seat: usize, question: HpQuestion, answer: HpAnswer) {
    assert_eq!(game.pending(), Some(Pending { seat, question }));
    game.answer(answer).unwrap_or_else(|r| panic!("{r:?}"));
}

#[test]
fn a_word_not_in_the_lexicon_is_challenged_off_and_the_turn_is_lost() {
    let mut game = with_card(EMPTY, "PAEAERS", "ABCDEFG", Card::Revelio);
    answer(&mut game, 0, HpQuestion::Card, HpAnswer::Card(None));
    let phony = Move::parse("8H PAEAE", game.core().board()).unwrap();
    answer(&mut game, 0, HpQuestion::Move, HpAnswer::Move(phony));
    let report = &game.reports()[0];
    assert_eq!(report.challenged_off.as_deref(), Some("PAEAE"));
    assert_eq!(game.core().history()[0].action, Move::Pass);
    assert_eq!(
        game.core().rack(0).to_string(),
        "AAEEPRS",
        "the tiles came back"
    );
    assert!(game.core().board().cells().next().is_none());
    // A pass is not open to a challenge: the next player's turn opens.
    assert_eq!(
        game.pending(),
        Some(Pending {
            seat: 1,
            question: HpQuestion::Card
        })
    );
}

#[test]
fn a_word_challenged_stands_and_the_challenger_loses_ten_on_their_next_turn() {
    let mut game = with_card(EMPTY, "NOXABCD", "ABCDEFG", Card::Revelio);
    answer(&mut game, 0, HpQuestion::Card, HpAnswer::Card(None));
    let nox = Move::parse("8G NOX", game.core().board()).unwrap();
    answer(&mut game, 0, HpQuestion::Move, HpAnswer::Move(nox));
    let challenge = HpQuestion::Challenge { player: 0 };
    answer(&mut game, 1, challenge, HpAnswer::Challenge(true));
    assert_eq!(game.reports()[0].challenged_by, Some(1));
    answer(&mut game, 1, HpQuestion::Card, HpAnswer::Card(None));
    answer(&mut game, 1, HpQuestion::Move, HpAnswer::Move(Move::Pass));
    assert_eq!(game.core().history()[1].score, -10);
    assert_eq!(game.core().scores(), &[30, -10]);
}

#[test]
fn one_card_a_turn_and_answers_only_to_the_question_asked() {
    let mut game = with_card(EMPTY, "NOXABCD", "ABCDEFG", Card::Revelio);
    assert!(game.deal(0, Card::Rictusempra));
    // The move is not asked before the card.
    let refused = game.answer(HpAnswer::Move(Move::Pass)).unwrap_err();
    assert!(
        refused.reason.to_string().contains("Card"),
        "{}",
        refused.reason
    );
    answer(
        &mut game,
        0,
        HpQuestion::Card,
        HpAnswer::Card(Some(CardPlay::Revelio)),
    );
    // A second card is not asked for: the move is.
    let second = game
        .answer(HpAnswer::Card(Some(CardPlay::Rictusempra)))
        .unwrap_err();
    assert!(
        second.reason.to_string().contains("Move"),
        "{}",
        second.reason
    );
    assert_eq!(game.pending().map(|p| p.question), Some(HpQuestion::Move));
}

#[test]
fn a_house_is_one_seat_s() {
    let refused = HpGame::new(
        rules(),
        lexicon(),
        vec![House::Ravenclaw, House::Ravenclaw],
        1,
    )
    .unwrap_err();
    assert_eq!(refused, SetupError::RepeatedHouse("ravenclaw"));
}

#[test]
fn a_move_is_scored_before_it_is_made_as_it_scores_when_made() {
    // Rule 14's HOPE, as analysis values it before the move.
    let mut game = with_card(EMPTY, "HOPEXYZ", "", Card::HarryPotter);
    game.play_card(CardPlay::Bonus(Card::HarryPotter)).unwrap();
    let hope = Move::parse("8G HOPE", game.core().board()).unwrap();
    assert_eq!(game.score_of(&hope).unwrap(), 33);
    assert_eq!(game.play(hope).unwrap().score, 33);
    // A Glossary word with Revelio.
    let mut game = with_card(EMPTY, "NOXABCD", "", Card::Revelio);
    game.play_card(CardPlay::Revelio).unwrap();
    let nox = Move::parse("8G NOX", game.core().board()).unwrap();
    assert_eq!(game.score_of(&nox).unwrap(), 40);
    assert_eq!(game.play(nox).unwrap().score, 40);
    // Rictusempra's points at once count with whatever move follows, a pass too.
    let mut game = with_card(EMPTY, "NOXABCD", "", Card::Rictusempra);
    game.play_card(CardPlay::Rictusempra).unwrap();
    let nox = Move::parse("8G NOX", game.core().board()).unwrap();
    assert_eq!(game.score_of(&nox).unwrap(), 30 + 10);
    assert_eq!(game.score_of(&Move::Pass).unwrap(), 10);
    assert_eq!(game.play(nox).unwrap().score, 40);
    // Gryffindor's opening Competition card counts with its first turn.
    let mut scored = 0;
    for seed in 0..40 {
        let houses = vec![House::Gryffindor, House::Hufflepuff];
        let mut game = HpGame::new(rules(), lexicon(), houses, seed).unwrap();
        let opening: i32 = game
            .events()
            .iter()
            .map(|event| match event {
                engine::hogwarts::CardEvent::Drew { points, .. } => *points,
                _ => 0,
            })
            .sum();
        assert_eq!(game.score_of(&Move::Pass).unwrap(), opening);
        assert_eq!(game.play(Move::Pass).unwrap().score, opening);
        scored += usize::from(opening > 0);
    }
    assert!(scored > 0, "some seed opens with a Competition card");
}

#[test]
fn after_engorgio_an_exchange_draws_as_many_as_it_returns_and_the_turn_ends_on_seven() {
    let mut game = with_card(EMPTY, "GGIRUUU", "", Card::Engorgio);
    game.play_card(CardPlay::Engorgio).unwrap();
    let engorged = *game.core().rack(0);
    assert_eq!(engorged.len(), 9);
    let mut extra = engorged;
    extra.take_all(&Rack::parse("GGIRUUU").unwrap());
    assert_eq!(extra.count(20), 0, "seed 9 draws no U: {extra}");
    let exchange = Move::Exchange(Rack::parse("UUU").unwrap());
    // The discard comes from the tiles the exchange keeps: no U is kept.
    let refused = game.play_turn(exchange, Rack::parse("UU").unwrap());
    assert!(
        matches!(refused, Err(HpError::Discard { needed: 2, .. })),
        "{refused:?}"
    );
    assert_eq!(
        *game.core().rack(0),
        engorged,
        "a refused turn changes nothing"
    );
    game.play_turn(exchange, Rack::parse("GG").unwrap())
        .unwrap();
    let rack = *game.core().rack(0);
    assert_eq!(
        rack.len(),
        7,
        "three returned, three drawn, two discarded: {rack}"
    );
    assert_eq!(rack.count(6), 0, "both Gs went back to the bag: {rack}");
    assert_eq!(game.core().bag_len(), 100 - 7 - 7, "tiles are conserved");
}

#[test]
fn after_engorgio_an_exchange_must_keep_the_tiles_the_turn_discards() {
    let mut game = with_card(EMPTY, "ABCDEFG", "", Card::Engorgio);
    game.play_card(CardPlay::Engorgio).unwrap();
    let all_but_one = {
        let mut tiles = *game.core().rack(0);
        let first = tiles.kinds().next().unwrap();
        tiles.take(first);
        tiles
    };
    let refused = game.play_turn(Move::Exchange(all_but_one), Rack::EMPTY);
    assert!(
        matches!(refused, Err(HpError::ExchangeKeepsTooFew { needed: 2 })),
        "{refused:?}"
    );
}

#[test]
fn an_exchange_from_a_rack_of_more_than_seven_draws_as_many_as_it_returns() {
    // Ravenclaw's opening eight.
    let houses = vec![House::Ravenclaw, House::Hufflepuff];
    let mut game = HpGame::new(rules(), lexicon(), houses, 5).unwrap();
    assert_eq!(game.core().to_move(), 0);
    let tile = game.core().rack(0).kinds().next().unwrap();
    let mut one = Rack::EMPTY;
    one.add(tile);
    let bag = game.core().bag_len();
    game.play(Move::Exchange(one)).unwrap();
    assert_eq!(game.core().rack(0).len(), 8);
    assert_eq!(game.core().bag_len(), bag);

    // A tile taken by Expelliarmus.
    let mut game = with_card(EMPTY, "ABCDEFG", "HIJKLMN", Card::Expelliarmus);
    game.play_card(CardPlay::Expelliarmus { target: 1 })
        .unwrap();
    assert_eq!(game.core().rack(0).len(), 8);
    game.play(Move::Exchange(Rack::parse("A").unwrap()))
        .unwrap();
    assert_eq!(game.core().rack(0).len(), 8);
    assert_eq!(game.core().bag_len(), 100 - 14);
}

#[test]
fn expelliarmus_stops_at_a_full_line_of_tiles_and_engorgio_draws_no_further() {
    let mut game = with_card(EMPTY, "ABCDEFGHIJKLMNO", "PRSTU", Card::Expelliarmus);
    assert_eq!(
        game.play_card(CardPlay::Expelliarmus { target: 1 }),
        Err(CardError::RackFull(15))
    );
    let mut game = with_card(EMPTY, "ABCDEFGHIJKLMN", "PRSTU", Card::Engorgio);
    game.play_card(CardPlay::Engorgio).unwrap();
    assert_eq!(game.core().rack(0).len(), 15, "one tile of room, one drawn");
}

#[test]
fn a_phony_cannot_go_out_and_a_play_that_goes_out_ends_the_game_unchallenged() {
    // The bag is empty: Slytherin's Q on HORN would go out, but HORNQ is no word.
    let board = "AAAAAAAAABBCCDD/DDEEEEEEEEEEEFF/GGGHIIIIIIIIIJK/LLLLMMNNNNNOOOO/OOOPPRRRRRSSSTT/TTTTUUUUVVWWXYY/Zab12/5HORN6/15/15/15/15/15/15/15";
    let cgp: Cgp = format!("{board} S/Q/E 0/0/0 0").parse().unwrap();
    let houses = vec![House::Slytherin, House::Hufflepuff, House::Ravenclaw];
    let mut game = HpGame::from_position(rules(), lexicon(), houses, &cgp, 1).unwrap();
    assert_eq!(game.core().bag_len(), 0);
    answer(&mut game, 0, HpQuestion::Card, HpAnswer::Card(None));
    let phony = Move::parse("F8 (H)S", game.core().board()).unwrap();
    answer(&mut game, 0, HpQuestion::Move, HpAnswer::Move(phony));
    assert!(!game.core().is_over(), "the phony was challenged off");
    assert_eq!(game.core().rack(0).to_string(), "S");
    for seat in [1, 2] {
        answer(&mut game, seat, HpQuestion::Card, HpAnswer::Card(None));
        answer(
            &mut game,
            seat,
            HpQuestion::Move,
            HpAnswer::Move(Move::Pass),
        );
    }
    answer(&mut game, 0, HpQuestion::Card, HpAnswer::Card(None));
    let out = Move::parse("8F (HORN)S", game.core().board()).unwrap();
    answer(&mut game, 0, HpQuestion::Move, HpAnswer::Move(out));
    assert!(game.core().is_over());
    assert_eq!(
        game.pending(),
        None,
        "no challenge is asked of a game that is over"
    );
}

#[test]
fn a_cards_refusal_names_players_and_squares_as_players_do() {
    assert_eq!(
        CardError::BadTarget(0).to_string(),
        "player 1 is not another player in this game"
    );
    assert_eq!(
        CardError::NoBlankToSwap(7 * 15 + 7).to_string(),
        "H8 holds no blank standing for a letter on your rack"
    );
}

#[test]
fn a_card_without_its_power_is_played_and_drawn_as_usual_and_does_nothing() {
    let mut numbers = engine::hogwarts::HpNumbers::standard();
    for card in [
        Card::HarryPotter,
        Card::Rictusempra,
        Card::Reparo,
        Card::OwlResults,
    ] {
        numbers.cards.get_mut(card.key()).unwrap().power = false;
    }
    let duds = Arc::new(HpRules {
        numbers,
        ..HpRules::standard()
    });
    let position = |card: Card, rules: Arc<HpRules>| {
        let cgp: Cgp = format!("{EMPTY} HOPEXYZ/ 0/0 0").parse().unwrap();
        let houses = vec![House::Slytherin, House::Gryffindor];
        let mut game = HpGame::from_position(rules, lexicon(), houses, &cgp, 9).unwrap();
        assert!(game.deal(0, card));
        game
    };
    // Rule 14's example scores its words alone: 18, not 33.
    let mut game = position(Card::HarryPotter, duds.clone());
    game.play_card(CardPlay::Bonus(Card::HarryPotter)).unwrap();
    assert_eq!(play(&mut game, "8G HOPE").score, 18);
    assert_eq!(game.piles().discard, [Card::HarryPotter]);
    let mut game = position(Card::Rictusempra, duds.clone());
    assert_eq!(game.play_card(CardPlay::Rictusempra), Ok(0));
    assert_eq!(
        play(&mut game, "8G HOPE").card_played,
        Some(Card::Rictusempra)
    );
    // Reparo's extra turn does not come: the other seat moves next.
    let mut game = position(Card::Reparo, duds.clone());
    game.play_card(CardPlay::Reparo).unwrap();
    play(&mut game, "8G HOPE");
    assert_eq!(game.core().to_move(), 1);
    // The same seed draws the same cards with and without the powers (Gryffindor opening
    // the whole deck here); a Competition card without its power scores nothing.
    let drawn = |rules: &HpRules| {
        let mut rules = rules.clone();
        rules.numbers.houses.gryffindor.opening_cards = 32;
        let houses = vec![House::Gryffindor, House::Slytherin];
        let game = HpGame::new(Arc::new(rules), lexicon(), houses, 11).unwrap();
        game.events()
            .iter()
            .map(|event| match *event {
                engine::hogwarts::CardEvent::Drew { card, points, .. } => (card, points),
                other => panic!("{other:?}"),
            })
            .collect::<Vec<_>>()
    };
    let (with, without) = (drawn(&rules()), drawn(&duds));
    assert_eq!(with.len(), 32);
    for (&(card, points), &(dud, dud_points)) in with.iter().zip(&without) {
        assert_eq!(card, dud);
        let expected = if card == Card::OwlResults { 0 } else { points };
        assert_eq!(dud_points, expected, "{card:?}");
    }
    assert!(with.iter().any(|d| d.0 == Card::OwlResults && d.1 > 0));
}
