//! The Scrabble Card Game played by the bots: cards conserved after every turn, every word on
//! the table a word, games end, and the same seed plays the same game.

use std::sync::Arc;

use bots::Settings;
use bots::cardgame::{PremiumKeep, PremiumPolicy, value_play};
use bots::seating::seat_table;
use engine::cardgame::{
    CardAnswer, CardEnd, CardGame, CardMove, CardQuestion, CardRules, CardView, Hand, Premium,
    Table, TableMoveGen, Variant,
};
use engine::play::{Stepped, play_out};
use engine::scrabble::tiles::BLANK;
use engine::scrabble::{Cell, Rack};
use lexicon::{Edition, Lexicon};

fn checked_game(
    rules: &Arc<CardRules>,
    lexicon: &Arc<Lexicon>,
    names: &[&str],
    seed: u64,
) -> CardGame {
    let mut game = CardGame::new(rules.clone(), lexicon.clone(), names.len(), seed).unwrap();
    let mut bots = seat_table(names, seed, &Settings::default(), None).unwrap();
    play_out(&mut game, &mut bots, |game: &CardGame| {
        if let Err(broken) = game.check_cards().and_then(|()| game.check_hands()) {
            panic!("seed {seed}, turn {}: {broken}", game.history().len());
        }
        assert!(
            game.history().len() < 2_000,
            "seed {seed}: the game does not end"
        );
    })
    .unwrap_or_else(|error| panic!("seed {seed}: {error}"));
    game
}

fn setup() -> (Arc<CardRules>, Arc<Lexicon>) {
    (
        Arc::new(CardRules::standard()),
        Arc::new(Lexicon::embedded(Edition::Plain)),
    )
}

fn forfeit() -> Arc<CardRules> {
    let mut rules = CardRules::standard();
    rules.variant = Variant::Forfeit;
    Arc::new(rules)
}

#[test]
fn forfeit_games_keep_the_action_cards_and_play_them() {
    let (_, lexicon) = setup();
    let rules = forfeit();
    let mut played = 0;
    for seed in 0..100u64 {
        let players = 2 + (seed % 3) as usize;
        let names: Vec<&str> = (0..players)
            .map(|i| {
                if (seed as usize + i) % 2 == 0 {
                    "greedy"
                } else {
                    "random"
                }
            })
            .collect();
        let game = checked_game(&rules, &lexicon, &names, seed);
        played += game.action_plays().len();
    }
    assert!(
        played > 300,
        "Action cards were played {played} times in 100 games"
    );
}

#[test]
#[ignore = "soak: 10,000 random Forfeit games, cards checked after every turn"]
fn soak_10k_random_forfeit_games() {
    let (_, lexicon) = setup();
    let rules = forfeit();
    for seed in 0..10_000u64 {
        let players = 2 + (seed % 3) as usize;
        checked_game(&rules, &lexicon, &vec!["random"; players], seed);
    }
}

#[test]
fn random_and_greedy_games_keep_every_card_and_end() {
    let (rules, lexicon) = setup();
    let mut went_out = 0;
    for seed in 0..200u64 {
        let players = 2 + (seed % 3) as usize;
        let names: Vec<&str> = (0..players)
            .map(|i| {
                if (seed as usize + i) % 2 == 0 {
                    "greedy"
                } else {
                    "random"
                }
            })
            .collect();
        let game = checked_game(&rules, &lexicon, &names, seed);
        went_out += usize::from(matches!(game.end(), Some(CardEnd::WentOut { .. })));
    }
    assert!(
        went_out > 100,
        "most games end with a player going out: {went_out}"
    );
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let (rules, lexicon) = setup();
    let a = checked_game(&rules, &lexicon, &["greedy", "random", "greedy"], 5);
    let b = checked_game(&rules, &lexicon, &["greedy", "random", "greedy"], 5);
    assert_eq!(a.history(), b.history());
    assert_eq!(a.scores(), b.scores());
}

#[test]
fn equity_games_keep_every_card_and_end_in_both_variants() {
    let (classic, lexicon) = setup();
    let mut exchanges = 0;
    for (rules, seeds) in [(classic, 0..60u64), (forfeit(), 60..120)] {
        for seed in seeds {
            let players = 2 + (seed % 3) as usize;
            let names: Vec<&str> = (0..players)
                .map(|i| ["equity", "greedy", "random"][(seed as usize + i) % 3])
                .collect();
            let game = checked_game(&rules, &lexicon, &names, seed);
            exchanges += game
                .history()
                .iter()
                .filter(|turn| {
                    names[turn.seat] == "equity" && matches!(turn.action, CardMove::Exchange { .. })
                })
                .count();
        }
    }
    assert!(exchanges > 0, "equity never exchanged in 120 games");
    let (rules, lexicon) = setup();
    let a = checked_game(&rules, &lexicon, &["equity", "greedy"], 9);
    let b = checked_game(&rules, &lexicon, &["equity", "greedy"], 9);
    assert_eq!(a.history(), b.history());
}

/// An opening hand arranged for seat 0 (the other seat holds vowels), and what `greedy` and
/// `equity` do with it.
fn opening_choices(hand: &str) -> (CardGame, CardMove, CardMove) {
    let (rules, lexicon) = setup();
    let mut game = CardGame::new(rules, lexicon, 2, 1).unwrap();
    let hands = [
        (Rack::parse(hand).unwrap(), None),
        (Rack::parse("EEEIIIO").unwrap(), None),
    ];
    game.arrange(&Table::new(), 0, &hands).unwrap();
    let view = game.view(0);
    let choose = |name: &str| match bots::bot::<CardGame>(name)
        .unwrap()
        .decide(&view, CardQuestion::Move)
    {
        Some(CardAnswer::Move(action)) => action,
        other => panic!("{name} answered {other:?}"),
    };
    let (greedy, equity) = (choose("greedy"), choose("equity"));
    (game, greedy, equity)
}

fn lays_blank(action: &CardMove) -> bool {
    matches!(action, CardMove::Place(play) if play.tiles.iter().any(|t| t.cell.is_blank()))
}

#[test]
fn equity_keeps_the_blank_that_greedy_spends_for_two_points() {
    let (game, greedy, equity) = opening_choices("?INPLWM");
    let points = |action: &CardMove| match action {
        CardMove::Place(play) => game.score(play).unwrap().points,
        other => panic!("expected a play, got {other:?}"),
    };
    assert!(lays_blank(&greedy), "greedy: {greedy:?}");
    assert!(!lays_blank(&equity), "equity: {equity:?}");
    assert_eq!(points(&greedy), points(&equity) + 2);
}

#[test]
fn equity_exchanges_a_hand_of_vowels_and_keeps_the_blank() {
    let (_, greedy, equity) = opening_choices("?IIVOAO");
    assert!(matches!(greedy, CardMove::Place(_)), "greedy: {greedy:?}");
    let CardMove::Exchange { letters, .. } = equity else {
        panic!("equity: {equity:?}");
    };
    assert_eq!(letters.count(BLANK), 0, "the blank is kept");
    assert!(letters.len() >= 4, "most of the vowels go: {letters}");
}

/// The Premium card `bot` lays holding `letters` and one card of `premium`, TRAINER on the
/// table and `draw_len` cards left to draw (`None`: it lays none, or makes no play).
fn premium_laid(bot: &str, letters: &str, premium: Premium, draw_len: usize) -> Option<Premium> {
    let (rules, lexicon) = setup();
    let mut table = Table::new();
    for (k, c) in "TRAINER".chars().enumerate() {
        table.put((0, k as i32), Cell::from_char(c).unwrap());
    }
    let mut hand = Hand {
        letters: Rack::parse(letters).unwrap(),
        premiums: [0, 0],
    };
    hand.premiums[premium as usize] = 1;
    let view = CardView {
        seat: 0,
        action: None,
        turn_words: &[],
        turn_player: None,
        turn_actions: &[],
        hand: &hand,
        table: &table,
        scores: &[0, 0],
        draw_len,
        rules: &rules,
        lexicon: &lexicon,
    };
    match bots::bot::<CardGame>(bot)
        .unwrap()
        .decide(&view, CardQuestion::Move)
    {
        Some(CardAnswer::Move(CardMove::Place(play))) => play.premium.map(|(laid, _)| laid),
        _ => None,
    }
}

#[test]
fn equity_keeps_a_premium_card_for_a_word_worth_it() {
    // Only small words in hand: a Double would gain a few points, less than it is worth kept.
    let small = "EEIIOUU";
    assert_eq!(premium_laid("equity", small, Premium::Double, 60), None);
    // Once the draw pile is empty there is no later word to keep it for.
    assert_eq!(
        premium_laid("equity", small, Premium::Double, 0),
        Some(Premium::Double)
    );
    // greedy's policy, which `equity-linear` keeps, lays a Double wherever it adds.
    for as_greedy in ["equity-linear", "equity:greedy"] {
        assert_eq!(
            premium_laid(as_greedy, small, Premium::Double, 60),
            Some(Premium::Double)
        );
    }
    // BORSHTS through TRAINER: each card gains far more than it is worth kept.
    for premium in [Premium::Double, Premium::Triple] {
        assert_eq!(
            premium_laid("equity", "HOBRTSS", premium, 60),
            Some(premium)
        );
    }
}

#[test]
fn equitys_play_is_the_best_of_every_play_valued_with_its_premium_cards_kept() {
    let (rules, lexicon) = setup();
    let model = Settings::default().card_leaves();
    let (mut checked, mut premiums_held) = (0, 0);
    for seed in 0..12 {
        let mut game = CardGame::new(rules.clone(), lexicon.clone(), 2, seed).unwrap();
        let mut bots = seat_table(&["equity", "greedy"], seed, &Settings::default(), None).unwrap();
        play_out(&mut game, &mut bots, |game: &CardGame| {
            let Some(pending) = game.pending() else {
                return;
            };
            if pending.seat != 0 || pending.question != CardQuestion::Move {
                return;
            }
            let view = game.view(0);
            let mut best: Option<i32> = None;
            let mut plays = Vec::new();
            TableMoveGen::new().generate(
                view.table,
                view.rules,
                view.lexicon,
                &view.hand.letters,
                |candidate| {
                    let value = value_play(model, PremiumPolicy::STANDARD, &view, candidate);
                    best = best.max(Some(value.equity()));
                    plays.push((candidate.to_play(value.premium), value.equity()));
                },
            );
            let chosen = bots::bot::<CardGame>("equity")
                .unwrap()
                .decide(&view, CardQuestion::Move);
            if let Some(CardAnswer::Move(CardMove::Place(play))) = chosen {
                let value = plays.iter().find(|(p, _)| *p == play).map(|&(_, v)| v);
                assert_eq!(value, best, "seed {seed}: {play:?}");
                checked += 1;
                premiums_held += usize::from(view.hand.premiums != [0, 0]);
            }
        })
        .unwrap();
    }
    assert!(
        checked > 100 && premiums_held > 20,
        "{checked} plays, {premiums_held} with cards"
    );
}

#[test]
fn premium_keep_settings_read_their_numbers_and_refuse_the_rest() {
    let keep = PremiumKeep::parse("12/30/30").unwrap();
    assert_eq!((keep.double, keep.triple, keep.full_from), (1200, 3000, 30));
    assert_eq!(keep, PremiumKeep::STANDARD);
    let whole = PremiumKeep::parse("5/0").unwrap();
    assert_eq!((whole.double, whole.triple, whole.full_from), (500, 0, 1));
    for bad in [
        "",
        "12",
        "12/",
        "/30",
        "-1/30",
        "12/201",
        "12/30/30/1",
        "a/b",
        "1.5/3",
    ] {
        assert_eq!(PremiumKeep::parse(bad), None, "{bad:?}");
    }
    assert!(bots::bot::<CardGame>("equity:12/30/30").is_ok());
    assert!(bots::bot::<CardGame>("equity:greedy").is_ok());
    assert!(bots::bot::<CardGame>("equity:12/999").is_err());
}

#[test]
#[ignore = "soak: 10,000 random games, cards checked after every turn (cargo test --release -- --ignored)"]
fn soak_10k_random_classic_games() {
    let (rules, lexicon) = setup();
    for seed in 0..10_000u64 {
        let players = 2 + (seed % 3) as usize;
        checked_game(&rules, &lexicon, &vec!["random"; players], seed);
    }
}

fn rummy_game(
    rules: &Arc<CardRules>,
    lexicon: &Arc<Lexicon>,
    names: &[&str],
    seed: u64,
) -> engine::cardgame::RummyGame {
    let mut game =
        engine::cardgame::RummyGame::new(rules.clone(), lexicon.clone(), names.len(), seed)
            .unwrap();
    let mut players = seat_table(names, seed, &Settings::default(), None).unwrap();
    let (mut turns, mut laid_before) = (0, 0);
    play_out(
        &mut game,
        &mut players,
        |game: &engine::cardgame::RummyGame| {
            game.check_cards()
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            // A turn ends with its meld: the letter tables count every meld scored, with its
            // cards, once.
            let Some(turn) = game.last_turn().filter(|_| !game.drawn()) else {
                return;
            };
            let laid = &game.laid_words()[laid_before..];
            laid_before = game.laid_words().len();
            match turn.points {
                Some(points) => {
                    let mut cards = engine::scrabble::Rack::EMPTY;
                    for cell in turn.words.iter().flatten() {
                        cards.add(cell.kind());
                    }
                    assert_eq!(laid.len(), 1, "seed {seed}: one meld recorded");
                    assert_eq!(
                        (laid[0].seat, laid[0].cards, laid[0].points),
                        (turn.seat, cards, points),
                        "seed {seed}"
                    );
                }
                None => assert!(laid.is_empty(), "seed {seed}: no words, nothing recorded"),
            }
            turns += 1;
            assert!(turns < 5_000, "seed {seed}: the game does not end");
        },
    )
    .unwrap_or_else(|error| panic!("seed {seed}: {error}"));
    // A hand ends a round short of a full one by the cards its player laid that round.
    let hand_size = rules.numbers.hand_size;
    for (round, result) in game.results().iter().enumerate() {
        for seat in (0..game.players()).filter(|&seat| result.players & (1 << seat) != 0) {
            let laid: usize = game
                .laid_words()
                .iter()
                .filter(|words| words.round == round && words.seat == seat)
                .map(|words| words.cards.len())
                .sum();
            assert_eq!(
                result.held[seat].len() + laid,
                hand_size,
                "seed {seed}, round {round}, seat {seat}"
            );
        }
    }
    // A player's total is the points of the words they laid.
    for seat in 0..game.players() {
        let laid: i32 = game
            .laid_words()
            .iter()
            .filter(|words| words.seat == seat)
            .map(|words| words.points)
            .sum();
        assert_eq!(laid, game.scores()[seat], "seed {seed}, seat {seat}");
    }
    game
}

#[test]
fn rummy_games_keep_every_card_and_play_ten_rounds() {
    let (rules, lexicon) = setup();
    let mut melded = 0;
    for seed in 0..8u64 {
        let players = 2 + (seed % 3) as usize;
        let names: Vec<&str> = (0..players)
            .map(|i| if i % 2 == 0 { "greedy" } else { "random" })
            .collect();
        let game = rummy_game(&rules, &lexicon, &names, seed);
        assert!(game.results().len() >= 10);
        melded += game
            .results()
            .iter()
            .flat_map(|r| r.scores.iter().flatten())
            .count();
    }
    assert!(melded > 40, "words were laid {melded} times in 8 games");
}

#[test]
#[ignore = "soak: 10,000 Rummy games of random players, cards checked after every turn"]
fn soak_10k_random_rummy_games() {
    let (rules, lexicon) = setup();
    for seed in 0..10_000u64 {
        let players = 2 + (seed % 3) as usize;
        rummy_game(&rules, &lexicon, &vec!["random"; players], seed);
    }
}

#[test]
fn rummy_hands_of_the_largest_size_still_find_words() {
    // `hand_size = 15` gives sixteen cards after the draw, more than a word's letters: the
    // greedy player once found no word in such a hand and laid nothing all game.
    let (rules, lexicon) = setup();
    let card = rules
        .rummy_rounds
        .iter()
        .find(|card| card.name == "6 of the Best")
        .unwrap();
    let mut melds = 0;
    let hand = engine::scrabble::Rack::parse("AEINRSTLOCDUMPHG").unwrap();
    bots::cardgame::rummy::for_each_meld(card, &rules, &lexicon, &hand, |_, words, _| {
        assert!(words.len() == 1 && words[0].len() == 6, "{words:?}");
        melds += 1;
    });
    assert!(melds > 100, "{melds} melds of six letters in sixteen cards");
}

/// Rummy rules dealing from a pack of `letters` (a tiles file's lines).
fn rummy_with_pack(letters: &str) -> Arc<CardRules> {
    let mut rules = CardRules::standard();
    rules.variant = Variant::Rummy;
    rules.letters = engine::scrabble::TileSet::parse(letters, "pack").unwrap();
    Arc::new(rules)
}

#[test]
fn a_rummy_pack_that_just_deals_every_hand_plays_whole_games_and_one_card_fewer_is_refused() {
    let lexicon = setup().1;
    // Two hands of seven and one card turned up: fifteen cards.
    let enough = rummy_with_pack("A 3 1\nE 3 1\nT 3 1\nS 3 1\nR 2 1\n? 1 0\n");
    for seed in 0..12u64 {
        let names = if seed % 2 == 0 {
            ["random", "greedy"]
        } else {
            ["random", "random"]
        };
        let game = rummy_game(&enough, &lexicon, &names, seed);
        assert!(game.results().len() >= 10, "seed {seed}");
    }
    let short = rummy_with_pack("A 3 1\nE 3 1\nT 3 1\nS 3 1\nR 1 1\n? 1 0\n");
    let refused = engine::cardgame::RummyGame::new(short, lexicon, 2, 1).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "rummy deals 2 hands of 7 cards and turns one up: the pack needs at least 15 letter \
         cards and holds 14"
    );
}

/// Forfeit, played by the engine's loop as every front-end plays it: an Action card is
/// offered only while the game is on, so a play that goes out is never followed by one (the
/// terminal once played "Seven letters or more: +20" after MAHOUTS went out, seed 7).
#[test]
fn no_action_card_follows_the_play_that_ends_the_game() {
    let (_, lexicon) = setup();
    let rules = forfeit();
    let mut went_out = 0;
    for seed in 0..40u64 {
        let names = ["greedy", "greedy", "equity"];
        let mut game =
            CardGame::new(rules.clone(), lexicon.clone(), 2 + seed as usize % 2, seed).unwrap();
        let mut bots =
            seat_table(&names[..game.players()], seed, &Settings::default(), None).unwrap();
        let mut actions_at_end = None;
        play_out(&mut game, &mut bots, |game: &CardGame| {
            if game.end().is_some() && actions_at_end.is_none() {
                actions_at_end = Some(game.action_plays().len());
            }
        })
        .unwrap();
        assert_eq!(
            actions_at_end,
            Some(game.action_plays().len()),
            "seed {seed}"
        );
        went_out += usize::from(matches!(game.end(), Some(CardEnd::WentOut { .. })));
        let offered_after_the_end = game.answer(CardAnswer::Action(Some(0)));
        assert!(offered_after_the_end.is_err(), "seed {seed}");
    }
    assert!(went_out > 10, "{went_out} games ended by going out");
    // The game: MAHOUTS goes out, and the score stays as the play left it.
    let mut game = CardGame::new(rules, lexicon, 2, 7).unwrap();
    let mut bots = seat_table(&["greedy"; 2], 7, &Settings::default(), None).unwrap();
    play_out(&mut game, &mut bots, |_| {}).unwrap();
    let last = game.history().last().unwrap();
    let CardMove::Place(play) = &last.action else {
        panic!("the game ends with a play: {last:?}");
    };
    assert_eq!(
        play.tiles
            .iter()
            .map(|t| t.cell.to_char())
            .collect::<String>(),
        "MAHOUTS"
    );
    assert_eq!(game.scores(), &[422, 305]);
}
