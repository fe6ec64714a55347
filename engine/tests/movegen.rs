//! The move generator against a brute-force generator: on hundreds of random positions over a
//! small lexicon, both find exactly the same placements with the same scores.

use std::collections::BTreeMap;
use std::sync::Arc;

use engine::scrabble::{
    Board, Cell, Direction, Game, Move, MoveGen, Placement, Rack, Rules, SIZE, check_placement,
};
use lexicon::{Dictionary, Edition, Lexicon};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A small lexicon: every two-letter word and a random sample of longer ones.
fn small_lexicon() -> Arc<Lexicon> {
    let full = Lexicon::embedded(Edition::Plain);
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let mut words = Vec::new();
    full.for_each_word(|word| {
        if word.len() == 2 || (word.len() <= 8 && rng.random_range(0..100) == 0) {
            words.push(word.to_vec());
        }
    });
    let dictionary = Dictionary::from_sorted_words(&words, "test sample");
    Arc::new(Lexicon::new(dictionary, Edition::Plain).unwrap())
}

/// Tries every word of the lexicon at every place, with every choice of real tile or blank.
fn brute_force(
    board: &Board,
    rules: &Rules,
    lexicon: &Lexicon,
    rack: &Rack,
) -> BTreeMap<String, i32> {
    let mut found = BTreeMap::new();
    let mut words = Vec::new();
    lexicon.for_each_word(|word| words.push(word.iter().map(|b| b - b'A').collect::<Vec<u8>>()));
    for word in &words {
        for direction in Direction::BOTH {
            for line in 0..SIZE {
                for start in 0..=SIZE - word.len() {
                    let mut placement = Placement::new(direction, line, start);
                    placement.len = word.len() as u8;
                    assign(
                        board,
                        rules,
                        lexicon,
                        rack,
                        word,
                        &mut placement,
                        0,
                        &mut found,
                    );
                }
            }
        }
    }
    found
}

#[allow(clippy::too_many_arguments)]
fn assign(
    board: &Board,
    rules: &Rules,
    lexicon: &Lexicon,
    rack: &Rack,
    word: &[u8],
    placement: &mut Placement,
    i: usize,
    found: &mut BTreeMap<String, i32>,
) {
    if i == word.len() {
        if let Ok(play) = check_placement(board, rules, lexicon.graph(), rack, placement) {
            // A one-tile play forming words both ways counts once, as its Across form.
            if placement.direction == Direction::Down && play.placed == 1 && play.words.len() > 1 {
                return;
            }
            let previous = found.insert(placement.notation(board), play.score);
            assert!(
                previous.is_none(),
                "brute force found {} twice",
                placement.notation(board)
            );
        }
        return;
    }
    let on_board = board.at(placement.square(i));
    if !on_board.is_empty() {
        if on_board.letter() == word[i] {
            placement.tiles[i] = Cell::EMPTY;
            assign(board, rules, lexicon, rack, word, placement, i + 1, found);
        }
        return;
    }
    for blank in [false, true] {
        let mut rest = *rack;
        let kind = if blank { 26 } else { usize::from(word[i]) };
        if !rest.take(kind) {
            continue;
        }
        placement.tiles[i] = Cell::tile(word[i], blank);
        // The rack check happens in check_placement; `rest` only prunes impossible branches.
        let used: usize = (0..=i).filter(|&k| !placement.tiles[k].is_empty()).count();
        if used <= rack.len() {
            assign(board, rules, lexicon, rack, word, placement, i + 1, found);
        }
    }
    placement.tiles[i] = Cell::EMPTY;
}

fn generated(
    board: &Board,
    rules: &Rules,
    lexicon: &Lexicon,
    rack: &Rack,
) -> BTreeMap<String, i32> {
    let mut found = BTreeMap::new();
    MoveGen::new().generate(board, rules, lexicon, rack, |candidate| {
        let placement = candidate.placement();
        let previous = found.insert(placement.notation(board), candidate.score());
        assert!(
            previous.is_none(),
            "generated {} twice",
            placement.notation(board)
        );
    });
    found
}

#[test]
fn generated_moves_equal_brute_force_on_random_positions() {
    let lexicon = small_lexicon();
    let rules = Arc::new(Rules::standard());
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let mut positions = 0;
    let mut moves = 0;
    for game_index in 0..60u64 {
        let mut game = Game::new(rules.clone(), lexicon.clone(), 2, game_index).unwrap();
        while !game.is_over() && positions < 400 {
            let mut rack = *game.rack(game.to_move());
            if rng.random_range(0..4) == 0 && rack.take(rng.random_range(0..26)) {
                rack.add(26);
            }
            let expected = brute_force(game.board(), &rules, &lexicon, &rack);
            let actual = generated(game.board(), &rules, &lexicon, &rack);
            assert_eq!(actual, expected, "rack {rack} on\n{}", game.to_cgp());
            positions += 1;
            moves += actual.len();
            // Move on with a random legal move of the true rack.
            let true_rack = *game.rack(game.to_move());
            let options: Vec<String> = generated(game.board(), &rules, &lexicon, &true_rack)
                .into_keys()
                .collect();
            let action = if options.is_empty() {
                Move::Pass
            } else {
                Move::parse(&options[rng.random_range(0..options.len())], game.board()).unwrap()
            };
            game.play(action).unwrap();
        }
    }
    assert!(positions >= 400, "{positions} positions");
    assert!(moves > 5_000, "{moves} moves compared");
}

#[test]
fn the_bounded_best_move_is_the_best_of_all_moves() {
    let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
    let rules = Arc::new(Rules::standard());
    let mut rng = Pcg64Mcg::seed_from_u64(9);
    let mut movegen = MoveGen::new();
    let mut positions = 0;
    for game_index in 0..12u64 {
        let mut game = Game::new(rules.clone(), lexicon.clone(), 2, game_index).unwrap();
        while !game.is_over() {
            let mut rack = *game.rack(game.to_move());
            if rng.random_range(0..5) == 0 && rack.take(rng.random_range(0..26)) {
                rack.add(26);
            }
            let mut all: Option<(i32, Placement)> = None;
            movegen.generate(game.board(), &rules, &lexicon, &rack, |candidate| {
                let key = (candidate.score(), std::cmp::Reverse(candidate.placement()));
                if all.is_none_or(|(score, placement)| key > (score, std::cmp::Reverse(placement)))
                {
                    all = Some((candidate.score(), candidate.placement()));
                }
            });
            let best = movegen.best(game.board(), &rules, &lexicon, &rack);
            assert_eq!(best, all, "rack {rack} at {}", game.to_cgp());
            positions += 1;
            // Move on with a random legal move so positions vary.
            let mut options = Vec::new();
            movegen.generate(
                game.board(),
                &rules,
                &lexicon,
                game.rack(game.to_move()),
                |c| options.push(c.placement()),
            );
            let action = if options.is_empty() {
                Move::Pass
            } else {
                Move::Place(options[rng.random_range(0..options.len())])
            };
            game.play(action).unwrap();
        }
    }
    assert!(positions > 200, "{positions}");
}
