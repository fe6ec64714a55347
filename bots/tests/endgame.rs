//! The two-player endgame search and the `solver` bot: exact where it says so (checked against
//! a plain minimax that plays every move through the engine), within its budget, and legal.

use std::collections::HashMap;

use bots::scrabble::endgame::{EndgameSearch, MoveValue};
use engine::play::{Decider, play_out, play_until};
use engine::scrabble::tiles::Cell;
use engine::scrabble::{Cgp, Game, Move, MoveGen, Setup};

// Each test file compiles the shared helpers on its own; this one uses three of them.
#[allow(dead_code)]
mod common;
use common::{game_of, greedy_games_set_up, plain, seat};

/// A position of the brute force's memo: board, racks, whose turn, the scoreless run, and
/// the seats keeping their tiles.
type Key = (Vec<Cell>, [String; 2], usize, u32, [bool; 2]);

/// The most the player to move can gain over the other from `game` to its end, every move
/// (each placement the generator finds, and a pass) played through the engine itself.
fn minimax(game: &Game, movegen: &mut MoveGen, memo: &mut HashMap<Key, i32>) -> i32 {
    let mover = game.to_move();
    let key = (
        (0..225).map(|square| game.board().at(square)).collect(),
        [game.rack(0).to_string(), game.rack(1).to_string()],
        mover,
        game.scoreless(),
        [0, 1].map(|seat| game.observation(seat).keeps_leftovers[seat]),
    );
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let mut moves = vec![Move::Pass];
    movegen.generate(
        game.board(),
        game.rules(),
        game.lexicon(),
        game.rack(mover),
        |candidate| moves.push(Move::Place(candidate.placement())),
    );
    let spread = |game: &Game| game.scores()[mover] - game.scores()[1 - mover];
    let mut best = i32::MIN;
    for action in moves {
        let mut next = game.clone();
        next.play(action).unwrap();
        let mut gain = spread(&next) - spread(game);
        if !next.is_over() {
            gain -= minimax(&next, movegen, memo);
        }
        best = best.max(gain);
    }
    memo.insert(key, best);
    best
}

/// Calls `check` with the positions of two-player `greedy` games from seeds `0..games` once
/// the bag is empty and the two racks hold `most` tiles or fewer between them: the games as
/// the rules have them, then the same with seat 1 keeping its tiles (Hufflepuff).
fn small_endgames(games: u64, most: usize, mut check: impl FnMut(&Game)) {
    for keeps in [false, true] {
        let mut setup = Setup::standard(2, 7);
        setup.keeps_leftovers[1] = keeps;
        greedy_games_set_up(setup, games, |game| {
            if game.bag_len() == 0 && game.rack(0).len() + game.rack(1).len() <= most {
                check(game);
            }
        });
    }
}

#[test]
fn solved_endgames_match_a_minimax_played_through_the_engine() {
    let mut search = EndgameSearch::new(u32::MAX);
    let mut movegen = MoveGen::new();
    let mut memo = HashMap::new();
    let (mut positions, mut keeping) = (0, 0);
    small_endgames(20, 5, |game| {
        let observation = game.observation(game.to_move());
        let verdict = search.search(&observation).unwrap();
        assert!(verdict.solved, "unbounded, every endgame is solved");
        let best = minimax(game, &mut movegen, &mut memo);
        assert_eq!(verdict.value, best, "{}", game.to_cgp());
        // The move chosen earns what it says.
        let mover = game.to_move();
        let spread = |game: &Game| game.scores()[mover] - game.scores()[1 - mover];
        let mut next = game.clone();
        next.play(verdict.chosen).unwrap();
        let mut earned = spread(&next) - spread(game);
        if !next.is_over() {
            earned -= minimax(&next, &mut movegen, &mut memo);
        }
        assert_eq!(earned, best, "{:?} in {}", verdict.chosen, game.to_cgp());
        positions += 1;
        keeping += usize::from(observation.keeps_leftovers.contains(&true));
    });
    assert!(positions >= 40, "{positions} endgames");
    assert!(keeping >= 10, "{keeping} with a seat keeping its tiles");
}

/// What `action` gains the player to move in `game` to the end, every reply played through
/// the engine.
fn worth_of(game: &Game, action: Move, movegen: &mut MoveGen, memo: &mut HashMap<Key, i32>) -> i32 {
    worth_after(game, action, |next| minimax(next, movegen, memo))
}

/// What `action` gains the player to move in `game`, less what `rest` says the other player
/// gains from the position after it to the end.
fn worth_after(game: &Game, action: Move, rest: impl FnOnce(&Game) -> i32) -> i32 {
    let mover = game.to_move();
    let spread = |game: &Game| game.scores()[mover] - game.scores()[1 - mover];
    let mut next = game.clone();
    next.play(action).unwrap();
    let mut gain = spread(&next) - spread(game);
    if !next.is_over() {
        gain -= rest(&next);
    }
    gain
}

/// What the mover of `game` gains by playing `move_value`'s move and its line through the
/// engine, and from there on as a minimax plays; and whether the line stopped short of the end.
fn line_earns(
    game: &Game,
    move_value: &MoveValue,
    movegen: &mut MoveGen,
    memo: &mut HashMap<Key, i32>,
) -> (i32, bool) {
    let mover = game.to_move();
    let spread = |game: &Game| game.scores()[mover] - game.scores()[1 - mover];
    let mut next = game.clone();
    for &action in std::iter::once(&move_value.chosen).chain(&move_value.line) {
        assert!(!next.is_over(), "{move_value:?} goes on past the end");
        next.play(action).unwrap();
    }
    let mut earned = spread(&next) - spread(game);
    let short = !next.is_over();
    if short {
        let rest = minimax(&next, movegen, memo);
        earned += if next.to_move() == mover { rest } else { -rest };
    }
    (earned, short)
}

#[test]
fn every_move_valued_matches_a_minimax_played_through_the_engine() {
    let mut search = EndgameSearch::new(u32::MAX);
    let mut movegen = MoveGen::new();
    let mut memo = HashMap::new();
    let (mut positions, mut moves, mut stopped_short) = (0, 0, 0);
    small_endgames(8, 5, |game| {
        let observation = game.observation(game.to_move());
        let valuation = search.value_moves(&observation, usize::MAX).unwrap();
        let mut placements = 0;
        movegen.generate(
            game.board(),
            game.rules(),
            game.lexicon(),
            game.rack(game.to_move()),
            |_| placements += 1,
        );
        assert_eq!(
            valuation.moves.len(),
            placements + 1,
            "each placement and a pass"
        );
        for pair in valuation.moves.windows(2) {
            assert!(pair[0].value >= pair[1].value, "best first: {pair:?}");
        }
        for move_value in &valuation.moves {
            assert!(move_value.solved, "unbounded, every move is solved");
            assert!(move_value.exact, "every move is valued exactly");
            let worth = worth_of(game, move_value.chosen, &mut movegen, &mut memo);
            assert_eq!(
                move_value.value,
                worth,
                "{move_value:?} in {}",
                game.to_cgp()
            );
            // The line after it is legal and earns that value: every move of it is best.
            let (earned, short) = line_earns(game, move_value, &mut movegen, &mut memo);
            assert_eq!(earned, worth, "{move_value:?} in {}", game.to_cgp());
            stopped_short += usize::from(short);
            moves += 1;
        }
        // The best of them is what the search for one move finds.
        let verdict = search.search(&observation).unwrap();
        assert_eq!(valuation.moves[0].value, verdict.value, "{}", game.to_cgp());
        positions += 1;
    });
    assert!(
        positions >= 20 && moves >= 200,
        "{positions} endgames, {moves} moves"
    );
    // The table's entries carry a line on where the search took a value from them.
    assert!(
        stopped_short * 50 <= moves,
        "{stopped_short} of {moves} lines stop short"
    );
}

#[test]
fn the_best_moves_are_valued_exactly_and_the_rest_bounded() {
    let mut search = EndgameSearch::new(u32::MAX);
    let mut movegen = MoveGen::new();
    let mut memo = HashMap::new();
    let (mut positions, mut bounded) = (0, 0);
    for exact in [1, 3] {
        small_endgames(8, 5, |game| {
            let observation = game.observation(game.to_move());
            let valuation = search.value_moves(&observation, exact).unwrap();
            let mut worths = Vec::new();
            for move_value in &valuation.moves {
                assert!(move_value.solved, "unbounded, every move is solved");
                let worth = worth_of(game, move_value.chosen, &mut movegen, &mut memo);
                let (earned, _) = line_earns(game, move_value, &mut movegen, &mut memo);
                if move_value.exact {
                    assert_eq!(
                        move_value.value,
                        worth,
                        "{move_value:?} in {}",
                        game.to_cgp()
                    );
                    assert_eq!(earned, worth, "{move_value:?} in {}", game.to_cgp());
                } else {
                    // A bound holds, and so does the reply its line starts with.
                    assert!(worth <= move_value.value, "{move_value:?} worth {worth}");
                    assert!(earned <= move_value.value, "{move_value:?} earns {earned}");
                    bounded += 1;
                }
                worths.push(worth);
            }
            // The first `exact` are valued exactly, and are the best there are.
            worths.sort_unstable_by(|a, b| b.cmp(a));
            let best = &valuation.moves[..exact.min(worths.len())];
            assert!(best.iter().all(|move_value| move_value.exact), "{best:?}");
            let values: Vec<i32> = best.iter().map(|move_value| move_value.value).collect();
            assert_eq!(values, worths[..best.len()], "{}", game.to_cgp());
            for pair in valuation.moves.windows(2) {
                assert!(pair[0].value >= pair[1].value, "best first: {pair:?}");
            }
            positions += 1;
        });
    }
    assert!(
        positions >= 40 && bounded >= 200,
        "{positions} endgames, {bounded} moves bounded"
    );
}

#[test]
fn a_move_asked_for_is_valued_exactly_wherever_it_ranks() {
    let mut search = EndgameSearch::new(u32::MAX);
    let mut movegen = MoveGen::new();
    let mut memo = HashMap::new();
    let mut asked = 0;
    small_endgames(8, 5, |game| {
        let observation = game.observation(game.to_move());
        let listed = search.value_moves(&observation, 1).unwrap();
        // The last listed is a bound there (or the only move); a pass is always legal.
        for also in [listed.moves.last().unwrap().chosen, Move::Pass] {
            let valuation = search.value_moves_with(&observation, 1, also).unwrap();
            let valued = valuation.moves.iter().find(|m| m.chosen == also).unwrap();
            assert!(valued.exact && valued.solved, "{valued:?}");
            let worth = worth_of(game, also, &mut movegen, &mut memo);
            assert_eq!(valued.value, worth, "{valued:?} in {}", game.to_cgp());
            assert_eq!(valuation.moves[0].value, listed.moves[0].value);
            asked += 1;
        }
    });
    assert!(asked >= 40, "{asked} moves asked for");
    // A move that is no placement of this position is refused, not valued.
    small_endgames(1, 5, |game| {
        let observation = game.observation(game.to_move());
        let exchange = Move::Exchange(*game.rack(game.to_move()));
        assert!(search.value_moves_with(&observation, 1, exchange).is_none());
    });
}

#[test]
fn moves_valued_within_a_budget_are_all_listed() {
    let mut valued = 0;
    for budget in [1, 50] {
        let mut search = EndgameSearch::new(budget);
        small_endgames(3, 14, |game| {
            let observation = game.observation(game.to_move());
            let valuation = search.value_moves(&observation, 3).unwrap();
            assert!(valuation.plies >= 1, "{valuation:?}");
            assert!(
                valuation.expanded <= budget,
                "{} expanded over {budget}",
                valuation.expanded
            );
            for move_value in &valuation.moves {
                assert!(game.check(&move_value.chosen).is_ok(), "{move_value:?}");
            }
            valued += 1;
        });
    }
    assert!(valued > 10, "{valued} endgames");
}

/// A Hufflepuff mover holding the Q stalls: the replies' windows must allow for each move's
/// score (found when the search valued this 10 where the engine's play gives 4).
#[test]
fn a_stalling_endgame_is_valued_as_the_engine_plays_it() {
    let (rules, lexicon) = plain();
    let cgp: Cgp = "1TAXA2K1BABOON/1ORIENTER2R3/7F3E3/7I3W3/4COERECTS3/1VEALY2RHO4/\
                    4E3MIR4/4PUTZ3V3/4T1EON2I3/6GLeNTS3/3MODUS3U3/JEDIS6A3/ADAGE1FOHN1L3/\
                    G4PUY7/ALcIDINE7 AEQ/IIW 384/371 0"
        .parse()
        .unwrap();
    for keeper in [0, 1] {
        let mut game = Game::from_cgp(rules.clone(), lexicon.clone(), &cgp, 0).unwrap();
        game.keep_leftovers(keeper);
        let verdict = EndgameSearch::new(u32::MAX)
            .search(&game.observation(0))
            .unwrap();
        let best = minimax(&game, &mut MoveGen::new(), &mut HashMap::new());
        assert_eq!(
            (verdict.value, verdict.solved),
            (best, true),
            "seat {keeper} keeping"
        );
    }
}

#[test]
fn a_search_stays_within_its_budget_and_always_has_a_move() {
    let (mut searched, mut unsolved) = (0, 0);
    for budget in [1, 10, 200] {
        let mut search = EndgameSearch::new(budget);
        small_endgames(3, 14, |game| {
            let observation = game.observation(game.to_move());
            let verdict = search.search(&observation).unwrap();
            assert!(verdict.expanded <= budget, "{verdict:?} over {budget}");
            assert!(game.check(&verdict.chosen).is_ok(), "{verdict:?}");
            if budget == 1 {
                assert_eq!(verdict.plies, 1);
            }
            searched += 1;
            unsolved += usize::from(!verdict.solved);
        });
    }
    assert!(
        searched > 30 && unsolved > 5,
        "{searched} searched, {unsolved} unsolved"
    );
}

/// A search the budget cuts short within an iteration plays the best of the root's moves it
/// searched in full there: as the budget grows within one iteration its value never falls
/// (more of the same moves searched in the same order), and it never passes the value the
/// whole iteration finds.
#[test]
fn a_search_cut_short_plays_the_best_move_it_searched_in_full() {
    let (mut endgames, mut cut_short) = (0, 0);
    small_endgames(3, 14, |game| {
        let observation = game.observation(game.to_move());
        // Per depth: the values of searches cut short within it, budget rising; the whole
        // iteration's value once a search completed it.
        let mut partial: Vec<Vec<i32>> = vec![Vec::new(); 30];
        let mut whole: Vec<Option<i32>> = vec![None; 30];
        for budget in (1..40).chain((40..400).step_by(9)) {
            let verdict = EndgameSearch::new(budget).search(&observation).unwrap();
            assert!(game.check(&verdict.chosen).is_ok(), "{verdict:?}");
            let plies = usize::from(verdict.plies);
            if verdict.cut_short {
                assert!(plies >= 2 && !verdict.solved, "{verdict:?}");
                assert_eq!(verdict.expanded, budget, "{verdict:?}");
                partial[plies].push(verdict.value);
                cut_short += 1;
            } else {
                whole[plies] = Some(verdict.value);
            }
            if verdict.solved {
                break;
            }
        }
        for (plies, values) in partial.iter().enumerate() {
            assert!(
                values.windows(2).all(|pair| pair[0] <= pair[1]),
                "{plies} plies: {values:?} in {}",
                game.to_cgp()
            );
            if let (Some(&most), Some(full)) = (values.last(), whole[plies]) {
                assert!(most <= full, "{plies} plies: {values:?} over {full}");
            }
        }
        endgames += 1;
    });
    assert!(
        endgames > 10 && cut_short > 20,
        "{endgames} endgames, {cut_short} searches cut short"
    );
}

#[test]
fn the_search_applies_only_to_two_player_endgames() {
    let (rules, lexicon) = plain();
    let mut search = EndgameSearch::new(100);
    for players in [2, 3] {
        let mut game = Game::new(rules.clone(), lexicon.clone(), players, 5).unwrap();
        let mut seats = seat(&vec!["greedy"; players], 5);
        let mut applied = 0;
        play_until(&mut game, &mut seats, |game| {
            if !game.is_over() {
                let applies = players == 2 && game.bag_len() == 0;
                let observation = game.observation(game.to_move());
                assert_eq!(search.search(&observation).is_some(), applies);
                applied += usize::from(applies);
            }
            false
        })
        .unwrap();
        assert_eq!(applied > 0, players == 2);
    }
}

#[test]
fn the_solver_plays_legal_games_that_replay_from_their_seed() {
    for seed in 0..4 {
        let bots: &[&str] = match seed % 3 {
            0 => &["solver", "equity"],
            1 => &["solver:50", "lookahead"],
            _ => &["greedy", "solver", "equity"],
        };
        let first = game_of(bots, seed);
        assert_eq!(game_of(bots, seed), first, "seed {seed} replays");
    }
    for refused in ["solver:0", "solver:", "solver:many", "solver:100000001"] {
        let error = bots::bot::<Game>(refused).err().unwrap().to_string();
        assert!(
            error.contains("solver:BUDGET (budget 1 to 100000000)"),
            "{error}"
        );
    }
}

/// The rest of `game` played by `bots` (seat by seat); the final spread for `seat`.
fn played_out(game: &Game, bots: &mut [Box<dyn Decider<Game>>], seat: usize) -> i32 {
    let mut game = game.clone();
    play_out(&mut game, bots, |_| {}).unwrap_or_else(|error| panic!("{error}"));
    game.scores()[seat] - game.scores()[1 - seat]
}

/// From the moment the bag empties in `equity` self-play games, the rest played twice: a
/// `solver` seat against `lookahead`, and `lookahead` in its place. Prints what the search
/// gains a game (the same endgames, so the difference is the endgame's play alone).
#[test]
#[ignore = "a measurement: cargo test --release -p owlery-bots --test endgame -- --ignored --nocapture"]
fn soak_solver_gains_on_lookahead_from_the_same_endgames() {
    let (rules, lexicon) = plain();
    let games: u64 = std::env::var("ENDGAMES").map_or(400, |n| n.parse().unwrap());
    // Another budget, say, to weigh against the same endgames: `SOLVER=solver:5000`.
    let solver_name = std::env::var("SOLVER").unwrap_or_else(|_| "solver".to_string());
    let (mut gained, mut better, mut worse) = (0i64, 0, 0);
    let (mut turned_to_wins, mut turned_to_losses) = (0, 0);
    let started = std::time::Instant::now();
    let mut endgames = 0;
    for seed in 0..games {
        let mut game = Game::new(rules.clone(), lexicon.clone(), 2, seed).unwrap();
        let mut equity = seat(&["equity", "equity"], seed);
        play_until(&mut game, &mut equity, |game| game.bag_len() == 0).unwrap();
        if game.is_over() {
            continue;
        }
        endgames += 1;
        // The solver takes each seat in turn, games alternating.
        let solver_seat = (seed % 2) as usize;
        let seated = |name: &str| {
            let mut names = ["lookahead"; 2];
            names[solver_seat] = name;
            seat(&names, seed)
        };
        let solver = played_out(&game, &mut seated(&solver_name), solver_seat);
        let lookahead = played_out(&game, &mut seated("lookahead"), solver_seat);
        gained += i64::from(solver - lookahead);
        better += usize::from(solver > lookahead);
        worse += usize::from(solver < lookahead);
        turned_to_wins += usize::from(solver > 0 && lookahead <= 0);
        turned_to_losses += usize::from(solver <= 0 && lookahead > 0);
    }
    println!(
        "{endgames} endgames: {solver_name} {:+.2} points a game over lookahead; better in {better}, \
         worse in {worse}; games turned to wins {turned_to_wins}, to losses {turned_to_losses} \
         ({:.1} s)",
        gained as f64 / endgames as f64,
        started.elapsed().as_secs_f64()
    );
    assert!(
        gained >= 0,
        "the search lost {gained} points over {endgames} endgames"
    );
}

/// What `action` gains the player to move in `game` to the end, the replies searched exactly.
fn solved_worth(game: &Game, action: Move, search: &mut EndgameSearch) -> i32 {
    worth_after(game, action, |next| {
        let observation = next.observation(next.to_move());
        let verdict = search
            .search(&observation)
            .expect("two players, the bag empty");
        assert!(verdict.solved);
        verdict.value
    })
}

#[test]
fn equity_with_the_bag_empty_judges_the_known_reply_and_gains_by_it() {
    let model = bots::scrabble::leaves::LeaveModel::embedded();
    let mut closing = bots::scrabble::Closing::new(model);
    let mut fixed = bots::scrabble::Equity::new(model);
    let mut search = EndgameSearch::new(u32::MAX);
    let (mut positions, mut better, mut worse, mut gained) = (0, 0, 0, 0);
    small_endgames(40, 9, |game| {
        let observation = game.observation(game.to_move());
        let (judged, judged_alone) = (closing.choose(&observation), fixed.choose(&observation));
        positions += 1;
        if judged == judged_alone {
            return;
        }
        // Measured by the exact search to the end: what each choice gains the mover.
        let (a, b) = (
            solved_worth(game, judged, &mut search),
            solved_worth(game, judged_alone, &mut search),
        );
        gained += a - b;
        better += usize::from(a > b);
        worse += usize::from(a < b);
    });
    assert!(positions >= 100, "{positions} endgames");
    assert!(
        better > 2 * worse && gained > 0,
        "over {positions} endgames judging the reply chose better {better} times, worse {worse}, \
         {gained} points in all"
    );
}
