//! The move generator against a brute-force generator: on hundreds of random positions over a
//! small lexicon, both find exactly the same placements with the same scores, including words
//! played backwards with Confundo and words that continue them.

use std::collections::BTreeMap;
use std::sync::Arc;

use engine::hogwarts::HpRules;
use engine::scrabble::{
    Anchors, Board, Candidate, Cell, Direction, Game, LinesSeen, Move, MoveGen, Placement, Rack,
    Reached, Readings, Rules, SIZE, check_placement,
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

/// What one search is allowed: the position, the rack, and whether Confundo was played.
struct Search<'a> {
    board: &'a Board,
    rules: &'a Rules,
    lexicon: &'a Lexicon,
    rack: &'a Rack,
    confundo: bool,
}

/// Tries every word of the lexicon, in both orders, at every place, with every choice of real
/// tile or blank, forwards and (with Confundo) backwards.
fn brute_force(search: &Search<'_>) -> BTreeMap<String, i32> {
    let mut found = BTreeMap::new();
    let mut sequences = Vec::new();
    search.lexicon.for_each_word(|word| {
        let letters: Vec<u8> = word.iter().map(|b| b - b'A').collect();
        sequences.push(letters.iter().rev().copied().collect::<Vec<u8>>());
        sequences.push(letters);
    });
    sequences.sort();
    sequences.dedup();
    for sequence in &sequences {
        for direction in Direction::BOTH {
            for line in 0..SIZE {
                for start in 0..=SIZE - sequence.len() {
                    for backwards in [false, true] {
                        if backwards && !search.confundo {
                            continue;
                        }
                        let mut placement = Placement::new(direction, line, start);
                        placement.len = sequence.len() as u8;
                        placement.backwards = backwards;
                        assign(search, sequence, &mut placement, 0, &mut found);
                    }
                }
            }
        }
    }
    found
}

fn assign(
    search: &Search<'_>,
    sequence: &[u8],
    placement: &mut Placement,
    i: usize,
    found: &mut BTreeMap<String, i32>,
) {
    let board = search.board;
    if i == sequence.len() {
        let checked = check_placement(
            board,
            search.rules,
            search.lexicon,
            search.rack,
            placement,
            search.confundo,
        );
        let Ok(play) = checked else { return };
        let main = &play.words[0];
        // A backwards flag that changes nothing (the word continues a backwards word) is the
        // same move as without it.
        let already_backwards = main
            .squares
            .iter()
            .any(|&s| board.is_backwards(s, main.direction));
        if placement.backwards && already_backwards {
            return;
        }
        // A one-tile play forming words both ways counts once, as its Across form, unless it
        // is played backwards: then each form reverses a different word.
        if !placement.backwards
            && placement.direction == Direction::Down
            && play.placed == 1
            && play.words.len() > 1
        {
            return;
        }
        found.insert(placement.notation(board), play.score);
        return;
    }
    let on_board = board.at(placement.square(i));
    if !on_board.is_empty() {
        if on_board.letter() == sequence[i] {
            placement.tiles[i] = Cell::EMPTY;
            assign(search, sequence, placement, i + 1, found);
        }
        return;
    }
    for blank in [false, true] {
        let mut rest = *search.rack;
        let kind = if blank { 26 } else { usize::from(sequence[i]) };
        if !rest.take(kind) {
            continue;
        }
        placement.tiles[i] = Cell::tile(sequence[i], blank);
        let used: usize = (0..=i).filter(|&k| !placement.tiles[k].is_empty()).count();
        if used <= search.rack.len() {
            assign(search, sequence, placement, i + 1, found);
        }
    }
    placement.tiles[i] = Cell::EMPTY;
}

fn generated(search: &Search<'_>) -> BTreeMap<String, i32> {
    let mut found = BTreeMap::new();
    MoveGen::new().generate_with(
        search.board,
        search.rules,
        search.lexicon,
        search.rack,
        search.confundo,
        |candidate| {
            let placement = candidate.placement();
            let previous = found.insert(placement.notation(search.board), candidate.score());
            assert!(
                previous.is_none(),
                "generated {} twice",
                placement.notation(search.board)
            );
        },
    );
    found
}

#[test]
fn generated_moves_equal_brute_force_on_random_positions() {
    let lexicon = small_lexicon();
    let rules = Arc::new(Rules::standard());
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let (mut positions, mut moves, mut backwards_boards, mut confundo_moves) = (0, 0, 0, 0);
    let mut two_blank_racks = 0;
    for game_index in 0..60u64 {
        let mut game = Game::new(rules.clone(), lexicon.clone(), 2, game_index).unwrap();
        while !game.is_over() && positions < 400 {
            let mut rack = *game.rack(game.to_move());
            if rng.random_range(0..4) == 0 && rack.take(rng.random_range(0..26)) {
                rack.add(26);
            }
            // Half the racks holding a blank hold two: the walk changes its copy when the
            // last blank goes down.
            let letters: Vec<usize> = rack.present_kinds().filter(|&kind| kind < 26).collect();
            if rack.count(26) == 1 && !letters.is_empty() && rng.random_range(0..2) == 0 {
                rack.take(letters[rng.random_range(0..letters.len())]);
                rack.add(26);
            }
            two_blank_racks += usize::from(rack.count(26) == 2);
            let confundo = rng.random_range(0..3) == 0;
            let search = Search {
                board: game.board(),
                rules: &rules,
                lexicon: &lexicon,
                rack: &rack,
                confundo,
            };
            let expected = brute_force(&search);
            let actual = generated(&search);
            assert_eq!(
                actual,
                expected,
                "rack {rack}, confundo {confundo}, on\n{}",
                game.to_cgp()
            );
            positions += 1;
            moves += actual.len();
            backwards_boards += usize::from(game.board().has_backwards());
            confundo_moves += actual.keys().filter(|k| k.contains('<')).count();
            // Move on with a random legal move of the true rack, backwards now and then.
            let true_rack = *game.rack(game.to_move());
            let search = Search {
                board: game.board(),
                rules: &rules,
                lexicon: &lexicon,
                rack: &true_rack,
                confundo,
            };
            let options: Vec<String> = generated(&search).into_keys().collect();
            let action = if options.is_empty() {
                Move::Pass
            } else {
                Move::parse(&options[rng.random_range(0..options.len())], game.board()).unwrap()
            };
            if confundo {
                game.allow_backwards();
            }
            game.play(action).unwrap();
        }
    }
    assert!(positions >= 400, "{positions} positions");
    assert!(moves > 5_000, "{moves} moves compared");
    assert!(
        two_blank_racks > 10,
        "{two_blank_racks} racks with two blanks"
    );
    assert!(
        backwards_boards > 50 && confundo_moves > 500,
        "{backwards_boards} boards, {confundo_moves} backwards moves"
    );
}

/// The best of every placement `generate_with` finds (ties to the least placement), each
/// candidate's leave checked.
fn best_of_all(
    movegen: &mut MoveGen,
    game: &Game,
    lexicon: &Lexicon,
    rack: &Rack,
    confundo: bool,
) -> Option<(i32, Placement)> {
    let mut all: Option<(i32, Placement)> = None;
    let rules = game.rules();
    movegen.generate_with(game.board(), rules, lexicon, rack, confundo, |candidate| {
        assert_leave_adds_up(candidate, rack);
        let key = (candidate.score(), std::cmp::Reverse(candidate.placement()));
        if all.is_none_or(|(score, placement)| key > (score, std::cmp::Reverse(placement))) {
            all = Some((candidate.score(), candidate.placement()));
        }
    });
    all
}

/// A candidate's leave and the tiles it places make the rack.
fn assert_leave_adds_up(candidate: &Candidate<'_>, rack: &Rack) {
    let mut whole = *candidate.leave();
    candidate
        .rack_tiles()
        .kinds()
        .for_each(|kind| whole.add(kind));
    assert_eq!(whole, *rack, "the tiles placed and left make the rack");
}

/// Moves on with a random legal move (Confundo's backwards ones too, if played), so positions
/// vary.
fn play_at_random(
    movegen: &mut MoveGen,
    game: &mut Game,
    lexicon: &Lexicon,
    confundo: bool,
    rng: &mut Pcg64Mcg,
) {
    let mut options = Vec::new();
    let rack = *game.rack(game.to_move());
    movegen.generate_with(game.board(), game.rules(), lexicon, &rack, confundo, |c| {
        options.push(c.placement())
    });
    let action = if options.is_empty() {
        Move::Pass
    } else {
        Move::Place(options[rng.random_range(0..options.len())])
    };
    if confundo {
        game.allow_backwards();
    }
    game.play(action).unwrap();
}

/// The plain and Harry Potter lexicons (the Glossary joins the dictionary's graphs at run time).
fn both_editions() -> [Arc<Lexicon>; 2] {
    [
        Arc::new(Lexicon::embedded(Edition::Plain)),
        Arc::new(Lexicon::embedded(Edition::HarryPotter)),
    ]
}

/// Plays `games` two-player games of random moves, the editions in turn, handing each position
/// to `check` before the move; `check` says whether Confundo is played for it. Returns how many
/// positions were checked.
fn at_random_positions(
    seed: u64,
    games: u64,
    mut check: impl FnMut(&Game, &Lexicon, &mut Pcg64Mcg) -> bool,
) -> usize {
    let editions = both_editions();
    let rules = Arc::new(Rules::standard());
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut player = MoveGen::new();
    let mut positions = 0;
    for game_index in 0..games {
        let lexicon = &editions[game_index as usize % 2];
        let mut game = Game::new(rules.clone(), lexicon.clone(), 2, game_index).unwrap();
        while !game.is_over() {
            let confundo = check(&game, lexicon, &mut rng);
            positions += 1;
            play_at_random(&mut player, &mut game, lexicon, confundo, &mut rng);
        }
    }
    positions
}

#[test]
fn a_generator_kept_across_positions_finds_what_a_fresh_one_finds() {
    // A generator works its cross-checks and lines out again only where a change reaches
    // since its last position (and wholly for another lexicon or layout): kept through whole
    // games of random moves (backwards words among them), from one edition's game to the
    // other's, and between the plain and the Harry Potter board (brown squares), it must find
    // every move, with its score and brown squares, that a new generator finds.
    let hp_rules = HpRules::standard().crossword;
    let mut kept = MoveGen::new();
    let positions = at_random_positions(33, 8, |game, lexicon, rng| {
        let rack = *game.rack(game.to_move());
        let confundo = rng.random_range(0..4) == 0;
        let rules = if rng.random_range(0..3) == 0 {
            &hp_rules
        } else {
            game.rules()
        };
        let moves = |movegen: &mut MoveGen| {
            let mut found = Vec::new();
            movegen.generate_with(game.board(), rules, lexicon, &rack, confundo, |c| {
                found.push((c.placement(), c.score(), c.hogwarts_tiles()))
            });
            found.sort();
            found
        };
        assert_eq!(
            moves(&mut kept),
            moves(&mut MoveGen::new()),
            "rack {rack} at {}",
            game.to_cgp()
        );
        confundo
    });
    assert!(positions > 100, "{positions} positions");
}

#[test]
fn the_bounded_best_move_is_the_best_of_all_moves() {
    let mut movegen = MoveGen::new();
    let positions = at_random_positions(9, 16, |game, lexicon, rng| {
        let mut rack = *game.rack(game.to_move());
        if rng.random_range(0..5) == 0 && rack.take(rng.random_range(0..26)) {
            rack.add(26);
        }
        let confundo = rng.random_range(0..4) == 0;
        let all = best_of_all(&mut movegen, game, lexicon, &rack, confundo);
        let best = movegen.best_with(game.board(), game.rules(), lexicon, &rack, confundo);
        assert_eq!(best, all, "rack {rack} at {}", game.to_cgp());
        confundo
    });
    assert!(positions > 200, "{positions}");
}

/// Every placement for `rack` on `board`, with its score, sorted.
fn every_move(
    movegen: &mut MoveGen,
    board: &Board,
    rules: &Rules,
    lexicon: &Lexicon,
    rack: &Rack,
) -> Vec<(Placement, i32)> {
    let mut every = Vec::new();
    movegen.generate(board, rules, lexicon, rack, |c| {
        every.push((c.placement(), c.score()))
    });
    every.sort();
    every
}

/// A random set of anchors (any square may be named), each in it by odds of one in `one_in`.
fn random_anchors(rng: &mut Pcg64Mcg, one_in: u32) -> Anchors {
    let mut anchors = Anchors::NONE;
    for direction in Direction::BOTH {
        for line in 0..SIZE {
            for pos in 0..SIZE {
                if rng.random_range(0..one_in) == 0 {
                    anchors.insert(direction, line, pos);
                }
            }
        }
    }
    anchors
}

/// Where the generator finds `placement` on `board`: the first square it places a tile on
/// that is an anchor (an empty square beside a tile, or the start square of an empty board).
fn anchor_of(board: &Board, rules: &Rules, placement: &Placement) -> usize {
    let (direction, line) = (placement.direction, usize::from(placement.line));
    let tile_at = |line: usize, pos: usize| !board.at(direction.square(line, pos)).is_empty();
    let is_anchor = |pos: usize| {
        if board.is_empty() {
            return direction.square(line, pos) == rules.layout.start();
        }
        (pos > 0 && tile_at(line, pos - 1))
            || (pos + 1 < SIZE && tile_at(line, pos + 1))
            || (line > 0 && tile_at(line - 1, pos))
            || (line + 1 < SIZE && tile_at(line + 1, pos))
    };
    let start = usize::from(placement.start);
    (0..usize::from(placement.len))
        .filter(|&i| !placement.tiles[i].is_empty())
        .map(|i| start + i)
        .find(|&pos| is_anchor(pos))
        .expect("every placement covers an anchor")
}

#[test]
fn searches_of_some_anchors_find_the_best_moves_found_there() {
    // A search of some anchors (`rank_anchors`), and one search for several sets of anchors
    // at once (`best_by_groups`), each against the best of every move found at those
    // anchors; and the anchors whose moves `anchors_changed` says a placement leaves alone
    // hold the same moves, with the same scores, before it and after.
    let mut movegen = MoveGen::new();
    let mut fresh = MoveGen::new();
    let (mut changes, mut kept_moves, mut backwards_boards) = (0, 0, 0);
    let positions = at_random_positions(17, 12, |game, lexicon, rng| {
        let (board, rules) = (game.board(), game.rules());
        backwards_boards += usize::from(board.has_backwards());
        let mut rack = *game.rack(game.to_move());
        if rng.random_range(0..4) == 0 && rack.take(rng.random_range(0..26)) {
            rack.add(26);
        }
        let every = every_move(&mut fresh, board, rules, lexicon, &rack);
        let at = |anchors: &Anchors, board: &Board, p: &Placement| {
            anchors.holds(p.direction, usize::from(p.line), anchor_of(board, rules, p))
        };
        let best_at = |anchors: &Anchors| {
            let found = every.iter().filter(|(p, _)| at(anchors, board, p));
            // The highest score, ties to the least placement.
            found.fold(
                None,
                |best: Option<(i32, Placement)>, &(p, score)| match best {
                    Some((top, _)) if top >= score => best,
                    _ => Some((score, p)),
                },
            )
        };
        let groups = [
            random_anchors(rng, 3),
            random_anchors(rng, 2),
            Anchors::ALL,
            Anchors::NONE,
        ];
        let by_score = |stretch: &engine::scrabble::Stretch| stretch.score;
        for anchors in &groups {
            let best = movegen
                .rank_anchors(board, rules, lexicon, &rack, anchors, by_score)
                .best(Readings::Usual, i32::MIN, |c| c.score());
            assert_eq!(best, best_at(anchors), "rack {rack} at {}", game.to_cgp());
        }
        let mut values = Vec::new();
        movegen
            .rank(board, rules, lexicon, &rack, by_score)
            .best_by_groups(
                Readings::Usual,
                i32::MIN,
                &groups,
                |c| c.score(),
                &mut values,
            );
        let expected: Vec<Option<i32>> =
            groups.iter().map(|g| best_at(g).map(|(v, _)| v)).collect();
        assert_eq!(values, expected, "rack {rack} at {}", game.to_cgp());
        // A legal placement of this rack, and the moves at the anchors it leaves alone.
        if let Some(&(placement, _)) = every.get(rng.random_range(0..every.len().max(1))) {
            let mut after = board.clone();
            placement.lay_on(&mut after);
            let tiles = rack.len();
            let (kept, changed) = movegen.anchors_changed((board, &after), rules, lexicon, tiles);
            let after_moves = every_move(&mut fresh, &after, rules, lexicon, &rack);
            let kept_before: Vec<_> = every
                .iter()
                .filter(|(p, _)| at(&kept, board, p))
                .copied()
                .collect();
            let kept_after: Vec<_> = after_moves
                .iter()
                .filter(|(p, _)| at(&kept, &after, p))
                .copied()
                .collect();
            assert_eq!(
                kept_before,
                kept_after,
                "{placement:?} at {}",
                game.to_cgp()
            );
            // Every move after it is found at a kept anchor or a changed one.
            let elsewhere = after_moves
                .iter()
                .filter(|(p, _)| !at(&kept, &after, p) && !at(&changed, &after, p))
                .count();
            assert_eq!(elsewhere, 0, "{placement:?} at {}", game.to_cgp());
            changes += 1;
            kept_moves += kept_before.len();
        }
        // Now and then a backwards word (Confundo) goes down, so boards hold some.
        rng.random_range(0..4) == 0
    });
    assert!(
        positions > 200 && changes > 150 && kept_moves > 10_000 && backwards_boards > 150,
        "{positions} {changes} {kept_moves} {backwards_boards}"
    );
}

/// The squares reached from a board, kept as plays are laid on it (a play at a time, or
/// several at once), are those found from the boards themselves: the generator's debug
/// assertion compares them at each board, and the two ways of keeping them agree.
#[test]
fn squares_reached_kept_as_tiles_are_laid_are_found_from_the_boards() {
    let (mut movegen, mut player) = (MoveGen::new(), MoveGen::new());
    let mut seen = LinesSeen::default();
    let mut boards = 0;
    at_random_positions(11, 6, |game, lexicon, rng| {
        if game.board().is_empty() || rng.random_range(0..3) != 0 {
            return false;
        }
        let (rules, root) = (game.rules(), game.board());
        movegen.see_lines(root, rules, lexicon, &mut seen);
        let mut after = game.clone();
        let (mut step_by_step, mut laid) = (Reached::NONE, Vec::new());
        for _ in 0..4 {
            if after.is_over() {
                break;
            }
            let before = after.board().clone();
            play_at_random(&mut player, &mut after, lexicon, false, rng);
            let now = after.board();
            let new: Vec<usize> = (0..SIZE * SIZE)
                .filter(|&square| before.at(square) != now.at(square))
                .collect();
            step_by_step = step_by_step.with_laid(&seen, now, new.iter().copied());
            laid.extend(new);
            let at_once = Reached::NONE.with_laid(&seen, now, laid.iter().copied());
            assert_eq!(step_by_step, at_once);
            let rack = *after.rack(after.to_move());
            movegen.generate_since(
                &seen,
                (now, &step_by_step),
                rules,
                lexicon,
                &rack,
                |_, _| {},
            );
            boards += 1;
        }
        false
    });
    assert!(boards >= 100, "{boards} boards");
}

#[test]
fn plays_found_by_lookup_are_the_best_of_all_moves() {
    lookups_against_every_move(12);
}

/// The same over many more games: `cargo test --release -p owlery-engine --test movegen --
/// --ignored`.
#[test]
#[ignore = "soak: 200 games of lookup-prone racks"]
fn plays_found_by_lookup_soak() {
    lookups_against_every_move(200);
}

/// Over `games` games, racks that spell long words: the bounded best move equals the best of
/// every move.
fn lookups_against_every_move(games: u64) {
    // Racks spelling long words (a letter short of eight-letter ones, which the board may
    // supply), some with blanks: the best move often places all the rack's tiles or all but
    // one, found by the word map rather than the walk, read forwards or (Confundo, or through
    // a backwards word) backwards. One rack in four holds nine tiles (as after Engorgio), whose
    // plays of all but two are looked up too.
    let editions = both_editions();
    let rules = Arc::new(Rules::standard());
    let mut rng = Pcg64Mcg::seed_from_u64(21);
    let mut movegen = MoveGen::new();
    let (mut positions, mut looked_up_best, mut backwards_best, mut nine_best) = (0, 0, 0, 0);
    for game_index in 0..games {
        let lexicon = &editions[game_index as usize % 2];
        let mut long_words = Vec::new();
        lexicon.for_each_word(|word| {
            if (7..=9).contains(&word.len()) && rng.random_range(0..200) == 0 {
                long_words.push(word.to_vec());
            }
        });
        let mut game = Game::new(rules.clone(), lexicon.clone(), 2, game_index).unwrap();
        while !game.is_over() {
            let mut letters = long_words[rng.random_range(0..long_words.len())].clone();
            let size = if rng.random_range(0..4) == 0 { 9 } else { 7 };
            while letters.len() > size {
                letters.remove(rng.random_range(0..letters.len()));
            }
            while letters.len() < size {
                letters.push(b'A' + rng.random_range(0..26u8));
            }
            let mut rack = Rack::EMPTY;
            for (i, &letter) in letters.iter().enumerate() {
                let blank = i < rng.random_range(0..3) && rng.random_range(0..2) == 0;
                rack.add(if blank {
                    26
                } else {
                    usize::from(letter - b'A')
                });
            }
            let confundo = rng.random_range(0..3) == 0;
            let all = best_of_all(&mut movegen, &game, lexicon, &rack, confundo);
            // The search after the best move, each candidate's leave checked on the way.
            let best = movegen
                .rank(game.board(), &rules, lexicon, &rack, |stretch| {
                    stretch.score
                })
                .best(Readings::with_confundo(confundo), i32::MIN, |candidate| {
                    assert_leave_adds_up(candidate, &rack);
                    candidate.score()
                });
            assert_eq!(best, all, "rack {rack} at {}", game.to_cgp());
            positions += 1;
            let placed = best.map_or(0, |(_, placement)| placement.placed().count());
            if placed >= 6 {
                looked_up_best += 1;
                backwards_best += usize::from(best.is_some_and(|(_, p)| p.backwards));
            }
            nine_best += usize::from(rack.len() == 9 && placed == 7);
            play_at_random(&mut movegen, &mut game, lexicon, confundo, &mut rng);
        }
    }
    let games = games as usize;
    assert!(positions > 35 * games, "{positions} positions");
    assert!(
        looked_up_best > 20 * games,
        "{looked_up_best} best moves of six tiles or more"
    );
    assert!(
        backwards_best > 2 * games,
        "{backwards_best} of them backwards"
    );
    assert!(
        nine_best > games,
        "{nine_best} best moves of seven of nine tiles"
    );
}
