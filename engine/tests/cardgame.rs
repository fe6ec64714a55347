//! The Scrabble Card Game: the rulebook's worked scores and removals, and the move generator
//! against the checker and against brute force.

use std::collections::BTreeSet;
use std::sync::Arc;

use engine::cardgame::{
    CardRules, IllegalPlay, Placed, Play, Premium, Table, TableMoveGen, check_play,
};
use engine::scrabble::{Cell, Rack};
use lexicon::{Edition, Lexicon};

fn lexicon() -> Arc<Lexicon> {
    Arc::new(Lexicon::embedded(Edition::Plain))
}

fn cell(c: char) -> Cell {
    Cell::from_char(c).unwrap()
}

/// Lays `word` from `start` along a row (`across`) or column, skipping squares already taken.
fn lay(table: &Table, start: (i32, i32), across: bool, word: &str) -> Vec<Placed> {
    word.chars()
        .enumerate()
        .map(|(k, c)| {
            let k = k as i32;
            let pos = if across {
                (start.0, start.1 + k)
            } else {
                (start.0 + k, start.1)
            };
            (pos, c)
        })
        .filter(|(pos, _)| table.get(*pos).is_none())
        .map(|(pos, c)| Placed { pos, cell: cell(c) })
        .collect()
}

fn put(table: &mut Table, tiles: &[Placed]) {
    for tile in tiles {
        table.put(tile.pos, tile.cell);
    }
}

fn play(tiles: Vec<Placed>) -> Play {
    Play {
        tiles,
        premium: None,
    }
}

fn trainer() -> Table {
    let mut table = Table::new();
    put(&mut table, &lay(&Table::new(), (0, 0), true, "TRAINER"));
    table
}

/// Plays on the table and clears the old words, as the game does; returns points and cleared letters.
fn score_and_clear(table: &mut Table, tiles: Vec<Placed>, lexicon: &Lexicon) -> (i32, String) {
    let rules = CardRules::standard();
    let earlier = table.words();
    let scored = check_play(table, &play(tiles.clone()), &rules, lexicon).unwrap();
    put(table, &tiles);
    let made: Vec<_> = scored.words.iter().map(|w| w.run).collect();
    let mut gone: Vec<char> = table
        .clear_old_words(&made, &earlier, lexicon)
        .into_iter()
        .map(Cell::to_char)
        .collect();
    gone.sort_unstable();
    (scored.points, gone.into_iter().collect())
}

#[test]
fn the_first_word_is_doubled_and_the_trainer_example_is_a_switch() {
    let lexicon = lexicon();
    let mut rules = CardRules::standard();
    let empty = Table::new();
    let train = check_play(
        &empty,
        &play(lay(&empty, (0, 0), true, "TRAIN")),
        &rules,
        &lexicon,
    );
    assert_eq!(train.unwrap().points, 10, "TRAIN: 5, doubled");
    let trainer = play(lay(&empty, (0, 0), true, "TRAINER"));
    assert_eq!(
        check_play(&empty, &trainer, &rules, &lexicon)
            .unwrap()
            .points,
        64
    );
    rules.numbers.first_word_bingo_multiplied = false;
    assert_eq!(
        check_play(&empty, &trainer, &rules, &lexicon)
            .unwrap()
            .points,
        57,
        "the example's reading: 7 + 50"
    );
    let with_premium = Play {
        premium: Some((Premium::Double, 0)),
        ..play(lay(&empty, (0, 0), true, "TRAIN"))
    };
    assert_eq!(
        check_play(&empty, &with_premium, &rules, &lexicon),
        Err(IllegalPlay::Premium)
    );
}

#[test]
fn the_four_ways_to_make_words_score_as_the_rulebook_says() {
    let lexicon = lexicon();
    // 1. STRAINERS: an S at each end of TRAINER.
    let mut table = trainer();
    let mut tiles = lay(&table, (0, -1), true, "S");
    tiles.extend(lay(&table, (0, 7), true, "S"));
    assert_eq!(
        score_and_clear(&mut table, tiles, &lexicon),
        (9, String::new())
    );
    // 2. THROB down through TRAINER's first R: T, A, I, N, E (and the other R) go.
    let mut table = trainer();
    let tiles = lay(&table, (-2, 1), false, "THROB");
    assert_eq!(
        score_and_clear(&mut table, tiles, &lexicon),
        (10, "AEINRT".into())
    );
    assert_eq!(table.len(), 5);
    // 3. THROBS down onto the end of TRAINER, making TRAINERS too: nothing goes.
    let mut table = trainer();
    let tiles = lay(&table, (-5, 7), false, "THROBS");
    assert_eq!(
        score_and_clear(&mut table, tiles, &lexicon),
        (19, String::new())
    );
    // Then OBVIOUS through THROBS's B, making OR: THRO and TRAINE S go.
    let tiles = lay(&table, (-1, 6), true, "OBVIOUS");
    let (points, gone) = score_and_clear(&mut table, tiles, &lexicon);
    assert_eq!(gone, "AEHINORRSTT", "THRO and TRAINE S");
    assert_eq!(points, 12 + 2, "OBVIOUS 12, OR 2");
    // 4. HOB above I, N, E: HI, ON, BE; TRAINER had three letters used, so it all stays.
    let mut table = trainer();
    let tiles = lay(&table, (-1, 3), true, "HOB");
    assert_eq!(
        score_and_clear(&mut table, tiles, &lexicon),
        (19, String::new())
    );
    assert_eq!(table.len(), 10);
}

#[test]
fn a_premium_card_multiplies_every_word_through_its_card_and_the_bonus_comes_after() {
    let lexicon = lexicon();
    let rules = CardRules::standard();
    let table = trainer();
    // HOB with a Triple on the H: HOB and HI tripled, ON and BE not.
    let tripled = Play {
        tiles: lay(&table, (-1, 3), true, "HOB"),
        premium: Some((Premium::Triple, 0)),
    };
    let scored = check_play(&table, &tripled, &rules, &lexicon).unwrap();
    assert_eq!(scored.points, 3 * 8 + 3 * 5 + 2 + 4);
    let refused = check_play(
        &table,
        &play(lay(&table, (5, 5), true, "HOB")),
        &rules,
        &lexicon,
    );
    assert_eq!(refused, Err(IllegalPlay::NotJoined));
    let refused = check_play(
        &table,
        &play(lay(&table, (-1, 3), true, "HBO")),
        &rules,
        &lexicon,
    );
    assert!(matches!(refused, Err(IllegalPlay::NotAWord(_))));
}

/// Every legal play by brute force: each line near the cards, each span, each arrangement of
/// hand letters on its empty squares, kept when the checker accepts it.
fn brute_force(table: &Table, hand: &str, lexicon: &Lexicon) -> BTreeSet<(Vec<Placed>, i32)> {
    let rules = CardRules::standard();
    let ((r0, c0), (r1, c1)) = table.bounds().unwrap();
    let letters: Vec<char> = hand.chars().collect();
    let mut found = BTreeSet::new();
    let m = letters.len() as i32 + 1;
    for across in [true, false] {
        let lines = if across {
            r0 - 1..=r1 + 1
        } else {
            c0 - 1..=c1 + 1
        };
        for line in lines {
            let (lo, hi) = if across {
                (c0 - m, c1 + m)
            } else {
                (r0 - m, r1 + m)
            };
            for start in lo..=hi {
                for end in start + 1..=hi + 1 {
                    let squares: Vec<(i32, i32)> = (start..end)
                        .map(|p| if across { (line, p) } else { (p, line) })
                        .filter(|&pos| table.get(pos).is_none())
                        .collect();
                    if squares.is_empty() || squares.len() > letters.len() {
                        continue;
                    }
                    for arrangement in arrangements(&letters, squares.len()) {
                        let tiles: Vec<Placed> = squares
                            .iter()
                            .zip(&arrangement)
                            .map(|(&pos, &c)| Placed { pos, cell: cell(c) })
                            .collect();
                        if let Ok(scored) = check_play(table, &play(tiles.clone()), &rules, lexicon)
                        {
                            let mut key = tiles;
                            key.sort();
                            found.insert((key, scored.points));
                        }
                    }
                }
            }
        }
    }
    found
}

fn arrangements(letters: &[char], k: usize) -> Vec<Vec<char>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = BTreeSet::new();
    for i in 0..letters.len() {
        let mut rest = letters.to_vec();
        let c = rest.remove(i);
        for mut tail in arrangements(&rest, k - 1) {
            tail.insert(0, c);
            out.insert(tail);
        }
    }
    out.into_iter().collect()
}

/// A word on the table: its letters, first square and whether it reads across.
type WordAt = (&'static str, (i32, i32), bool);

#[test]
fn the_generator_finds_every_play_once_with_the_checkers_score() {
    let lexicon = lexicon();
    let rules = CardRules::standard();
    let mut generator = TableMoveGen::new();
    let positions: [(&[WordAt], &str); 4] = [
        (&[("TRAINER", (0, 0), true)], "HOBS"),
        (&[("THROB", (-1, 1), false)], "EATS"),
        (&[("TRAINER", (0, 0), true), ("HOB", (-1, 3), true)], "SAND"),
        (&[("QUIZ", (2, 2), false)], "AEIT"),
    ];
    for (words, hand) in positions {
        let mut table = Table::new();
        for &(word, start, across) in words {
            let tiles = lay(&table, start, across, word);
            put(&mut table, &tiles);
        }
        let mut generated = Vec::new();
        let rack = Rack::parse(hand).unwrap();
        generator.generate(&table, &rules, &lexicon, &rack, |candidate| {
            let mut tiles = candidate.tiles_vec();
            tiles.sort();
            generated.push((tiles, candidate.base_points()));
        });
        let unique: BTreeSet<_> = generated.iter().cloned().collect();
        assert_eq!(
            unique.len(),
            generated.len(),
            "a play found twice for {hand}"
        );
        let expected = brute_force(&table, hand, &lexicon);
        assert_eq!(unique, expected, "{hand} on {words:?}");
        assert!(!expected.is_empty());
    }
}

fn forfeit_game(players: usize) -> engine::cardgame::CardGame {
    let mut rules = CardRules::standard();
    rules.variant = engine::cardgame::Variant::Forfeit;
    engine::cardgame::CardGame::new(Arc::new(rules), lexicon(), players, 3).unwrap()
}

#[test]
fn an_action_card_adds_on_your_word_and_takes_on_an_opponents() {
    use engine::cardgame::{ActionError, CardMove};
    let rack = |text: &str| Rack::parse(text).unwrap();
    // Card 0 is "Ends in S" (+10/-5) and "IN" (+8/-4).
    for (who, expected) in [(1, [0, 9 + 10]), (0, [0, 9 - 5])] {
        let mut game = forfeit_game(2);
        let hands = [
            (rack("EAT"), (who == 0).then_some(0)),
            (rack("SSHOB"), (who == 1).then_some(0)),
        ];
        game.arrange(&trainer(), 1, &hands).unwrap();
        let tiles = {
            let mut t = lay(game.table(), (0, -1), true, "S");
            t.extend(lay(game.table(), (0, 7), true, "S"));
            t
        };
        game.play(CardMove::Place(play(tiles))).unwrap();
        assert_eq!(
            game.play_action(who, 0).unwrap(),
            if who == 1 { 10 } else { 5 }
        );
        assert_eq!(
            game.scores(),
            expected,
            "STRAINERS 9, with Ends in S played by player {}",
            who + 1
        );
        game.check_cards().unwrap();
    }
    // THROBS and TRAINERS both end in S: the category counts once; one card, one category.
    let mut game = forfeit_game(3);
    let hands = [
        (rack("EAT"), Some(0)),
        (rack("THROBSS"), None),
        (rack("AE"), None),
    ];
    game.arrange(&trainer(), 1, &hands).unwrap();
    let tiles = lay(game.table(), (-5, 7), false, "THROBS");
    game.play(CardMove::Place(play(tiles))).unwrap();
    assert_eq!(game.scores()[1], 19);
    assert_eq!(game.play_action(0, 0).unwrap(), 5);
    assert_eq!(game.scores()[1], 14, "-5 once, though two words end in S");
    assert_eq!(game.play_action(2, 0), Err(ActionError::NoCard));
    game.check_cards().unwrap();
}

#[test]
fn each_round_card_scores_as_printed() {
    use engine::cardgame::{MeldError, score_meld};
    let lexicon = lexicon();
    let rules = CardRules::standard();
    let cards = &rules.rummy_rounds;
    assert_eq!(cards.len(), 10);
    let card = |name: &str| cards.iter().find(|c| c.name == name).unwrap();
    let words = |list: &[&str]| -> Vec<Vec<Cell>> {
        list.iter().map(|w| w.chars().map(cell).collect()).collect()
    };
    let left = |text: &str| Rack::parse(text).unwrap();
    let score = |name: &str, list: &[&str], rest: &str| {
        score_meld(card(name), &words(list), &left(rest), &rules, &lexicon)
    };
    assert_eq!(score("Deuces Wild", &["AT", "IN", "ON"], "Q"), Ok(6 - 10));
    assert_eq!(
        score("3 Letter Shuffle", &["CAT", "DOG"], "E"),
        Ok(5 + 5 - 1)
    );
    assert_eq!(
        score("5 Alive", &["TRAIN", "HO"], ""),
        Ok(5 + 5 + 5),
        "both words and the bonus"
    );
    assert_eq!(
        score("5 Alive", &["TRAIN"], "HO"),
        Ok(5 - 5),
        "the left-over letters off"
    );
    assert_eq!(score("6 of the Best", &["STRAIN"], "Q"), Ok(6 - 10));
    assert_eq!(score("Full Monty", &["TRAIN", "HO"], ""), Ok(10));
    assert!(matches!(
        score("Full Monty", &["TRAIN"], "HO"),
        Err(MeldError::WrongShape(_))
    ));
    assert_eq!(
        score("Bingo!", &["TRAINS"], "Q"),
        Ok(6),
        "an even word; nothing subtracted"
    );
    assert!(score("Bingo!", &["TRAIN"], "").is_err());
    assert_eq!(score("Quadruple Word Score", &["TRAINER"], ""), Ok(4 * 7));
    assert_eq!(
        score("Quadruple Letter Score", &["BRAINED"], ""),
        Ok(10 + 3 * 3),
        "the B four times"
    );
    assert!(matches!(
        score("Deuces Wild", &["AT", "IN", "XQ"], ""),
        Err(MeldError::NotAWord(_))
    ));
}

#[test]
fn an_exchange_keeps_a_hand_of_seven_letters_whatever_it_draws() {
    use engine::cardgame::{CardGame, CardMove};
    let (mut premium_exchanges, mut premiums_drawn) = (0, 0);
    for seed in 0..300 {
        let mut game = CardGame::new(Arc::new(CardRules::standard()), lexicon(), 2, seed).unwrap();
        let hand = *game.hand(game.mover());
        let action = if hand.premiums != [0, 0] {
            premium_exchanges += 1;
            // A Premium card given up is not replaced: it is no part of the seven.
            CardMove::Exchange {
                letters: Rack::EMPTY,
                premiums: hand.premiums,
                action: false,
            }
        } else {
            CardMove::Exchange {
                letters: hand.letters,
                premiums: [0, 0],
                action: false,
            }
        };
        game.play(action).unwrap();
        let after = game.hand(game.history()[0].seat);
        assert_eq!(after.letters.len(), 7, "seed {seed}: {after:?}");
        premiums_drawn += usize::from(after.premiums != [0, 0] && hand.premiums == [0, 0]);
        game.check_cards().unwrap();
        game.check_hands().unwrap();
    }
    assert!(premium_exchanges > 0 && premiums_drawn > 0);
}

#[test]
fn a_word_not_in_the_lexicon_is_challenged_off_and_the_turn_is_lost() {
    use engine::cardgame::{CardAnswer, CardGame, CardMove, CardQuestion};
    use engine::play::Stepped;
    let mut game = CardGame::new(Arc::new(CardRules::standard()), lexicon(), 2, 3).unwrap();
    let hands = [
        (Rack::parse("SXQZ").unwrap(), None),
        (Rack::parse("EAT").unwrap(), None),
    ];
    game.arrange(&trainer(), 0, &hands).unwrap();
    // TRAINERX is no word: the cards go back, the turn passes, no points.
    let phony = lay(game.table(), (0, 7), true, "X");
    game.answer(CardAnswer::Move(CardMove::Place(play(phony))))
        .unwrap();
    let turn = game.history().last().unwrap();
    assert_eq!(turn.action, CardMove::Pass);
    assert_eq!(turn.challenged_off.as_deref(), Some("TRAINERX"));
    assert_eq!(game.hand(0).letters, Rack::parse("SXQZ").unwrap());
    assert_eq!(game.scores()[0], 0);
    assert_eq!(game.pending().unwrap().seat, 1);
    assert_eq!(game.pending().unwrap().question, CardQuestion::Move);
    // A play breaking another rule is refused and asked again.
    let apart = lay(game.table(), (5, 5), true, "EAT");
    assert!(
        game.answer(CardAnswer::Move(CardMove::Place(play(apart))))
            .is_err()
    );
    assert_eq!(game.pending().unwrap().seat, 1);
}

/// What the best play's search found, and the play `value` rates highest among every play
/// `generate` finds (the first found on ties): (value, choice, cards) each.
type Best<T> = Option<(i32, T, Vec<Placed>)>;

fn both_best<T: Copy + PartialEq + std::fmt::Debug>(
    generators: &mut (TableMoveGen, TableMoveGen),
    game: &engine::cardgame::CardGame,
    at_most: engine::cardgame::ValueBound,
    value: impl Fn(&engine::cardgame::TableCandidate<'_>) -> (i32, T),
) -> (Best<T>, Best<T>) {
    let hand = game.hand(game.mover()).letters;
    let (table, rules, lexicon) = (game.table(), game.rules(), game.lexicon());
    let mut expected: Best<T> = None;
    generators.0.generate(table, rules, lexicon, &hand, |c| {
        let (points, choice) = value(c);
        if expected.as_ref().is_none_or(|(top, _, _)| points > *top) {
            expected = Some((points, choice, c.tiles_vec()));
        }
    });
    let found = generators
        .1
        .best_valued(table, rules, lexicon, &hand, at_most, value)
        .map(|best| (best.value, best.choice, best.tiles.to_vec()));
    (found, expected)
}

#[test]
fn the_best_play_is_the_first_best_of_every_play() {
    use engine::cardgame::{CardGame, CardMove, TableCandidate, ValueBound};
    let lexicon = lexicon();
    let mut generators = (TableMoveGen::new(), TableMoveGen::new());
    let mut positions = 0;
    for seed in 0..50u64 {
        let mut rules = CardRules::standard();
        // Some games with rules that make the bounds' terms matter more, or not at all.
        match seed % 4 {
            1 => rules.numbers.bingo_bonus = 0,
            2 => {
                rules.numbers.double_word_multiplier = 5;
                rules.numbers.first_word_multiplier = 1;
            }
            3 => rules.numbers.hand_size = 9,
            _ => {}
        }
        let mut game = CardGame::new(Arc::new(rules), lexicon.clone(), 2, seed).unwrap();
        let mut pick = seed;
        while game.end().is_none() && game.history().len() < 200 {
            let hand = *game.hand(game.mover());
            let opening = game.table().is_empty();
            let rules = game.rules().clone();
            let turn = game.history().len();
            // Three valuations: the points with the best Premium use, the plain points, and
            // one using Triple only on long words (as greedy does) and preferring fewer cards.
            let with_premiums = |c: &TableCandidate<'_>| {
                let (premium, points) =
                    c.best_premium_use(hand.premiums, opening, &rules, |_| true);
                (points, premium)
            };
            let plain = |c: &TableCandidate<'_>| (c.points(None, opening, &rules), ());
            let shaped = |c: &TableCandidate<'_>| {
                let (premium, points) =
                    c.best_premium_use(hand.premiums, opening, &rules, |premium| {
                        premium == Premium::Double || c.main_len >= 6
                    });
                (points - c.tiles.len() as i32, premium)
            };
            // As `equity` values plays: hundredths of a point, and up to a point and a half
            // for each card kept.
            let kept = |c: &TableCandidate<'_>| (hand.letters.len() - c.tiles.len()) as i32;
            let in_hundredths = |c: &TableCandidate<'_>| {
                let (premium, points) =
                    c.best_premium_use(hand.premiums, opening, &rules, |_| true);
                (100 * points + 150 * kept(c), premium)
            };
            let points_only = ValueBound::points;
            let (found, chosen) = both_best(
                &mut generators,
                &game,
                points_only(hand.premiums),
                with_premiums,
            );
            assert_eq!(found, chosen, "seed {seed}, turn {turn}");
            let (found, expected) = both_best(&mut generators, &game, points_only([0, 0]), plain);
            assert_eq!(found, expected, "seed {seed}, turn {turn}, plain points");
            let (found, expected) =
                both_best(&mut generators, &game, points_only(hand.premiums), shaped);
            assert_eq!(found, expected, "seed {seed}, turn {turn}, greedy's Triple");
            let mut hundredths = ValueBound::points(hand.premiums);
            hundredths.per_point = 100;
            for (laid, most) in hundredths.besides.iter_mut().enumerate() {
                *most = 150 * hand.letters.len().saturating_sub(laid) as i32;
            }
            let (found, expected) = both_best(&mut generators, &game, hundredths, in_hundredths);
            assert_eq!(found, expected, "seed {seed}, turn {turn}, in hundredths");
            positions += 1;
            // Play on: mostly the best play, sometimes another, so the tables vary.
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mut plays = Vec::new();
            generators
                .0
                .generate(game.table(), &rules, &lexicon, &hand.letters, |c| {
                    plays.push(c.tiles_vec());
                });
            let action = match chosen {
                Some((_, premium, tiles)) if (pick >> 33) % 4 != 0 => {
                    CardMove::Place(Play { tiles, premium })
                }
                _ if !plays.is_empty() => CardMove::Place(Play {
                    tiles: plays[(pick >> 40) as usize % plays.len()].clone(),
                    premium: None,
                }),
                _ => CardMove::Pass,
            };
            game.play(action).unwrap();
        }
    }
    assert!(positions > 1_000, "{positions} positions");
}
