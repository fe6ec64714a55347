//! The `lookahead` bot: legal, replaying from its seed, choosing among equity's best moves by
//! the next player's replies, and searching endgames.

use bots::Settings;
use bots::scrabble::leaves::LeaveModel;
use bots::scrabble::lookahead::RULE;
use bots::scrabble::race::{Objective, Race, RaceRule};
use bots::scrabble::{Equity, Lookahead};
use bots::seating::seat_table;
use engine::hogwarts::HpGame;
use engine::scrabble::tiles::KINDS;
use engine::scrabble::{Game, Move, MoveGen, Observation, Placement, Rack, Setup, leave_after};

mod common;
use common::{game_of, greedy_games_of, greedy_games_set_up, greedy_positions};

#[test]
fn lookahead_plays_legal_games_that_replay_from_their_seed() {
    for seed in 0..12 {
        let bots: &[&str] = match seed % 3 {
            0 => &["lookahead", "equity"],
            1 => &["greedy", "lookahead"],
            _ => &["lookahead", "equity", "greedy", "equity"],
        };
        let first = game_of(bots, seed);
        assert_eq!(game_of(bots, seed), first, "seed {seed} replays");
    }
}

/// With three or four players, each move's worth played out on the game itself: its equity
/// less the next player's best reply by equity, shared over the opponents, that player holding
/// in turn each rack drawn (as many tiles as its own, from the tiles the mover has not seen)
/// and seeing the rest.
#[test]
fn with_more_players_the_next_player_replies_from_racks_the_size_of_its_own() {
    let model = LeaveModel::embedded();
    let mut lookahead = Lookahead::new(model, 4);
    let mut equity = Equity::new(model);
    let mut top = Vec::new();
    let (mut judged, mut outs, mut short_racks) = (0, 0, 0);
    for players in [3, 4] {
        greedy_games_of(players, 2, |game| {
            let me = game.to_move();
            let next = (me + 1) % players;
            let observation = game.observation(me);
            equity.top_placements(&observation, 3, &mut top);
            let moves: Vec<(i32, Move)> = top.iter().map(|&(v, p)| (v, Move::Place(p))).collect();
            let worth = lookahead.judge(&observation, &moves).unwrap().to_vec();
            let racks = lookahead.racks_judged().to_vec();
            assert_eq!(racks.len(), bots::scrabble::lookahead::SAMPLES);
            let size = game.rack(next).len();
            short_racks += usize::from(size < 7);
            for rack in &racks {
                assert_eq!(rack.len(), size, "the next player's rack size");
                let drawable = (0..KINDS).all(|k| rack.count(k) <= observation.unseen[k]);
                assert!(drawable, "{rack:?} is not drawn from the unseen tiles");
            }
            for (&(value, action), &worth) in moves.iter().zip(&worth) {
                judged += 1;
                let mut after = game.clone();
                after.play(action).unwrap();
                let mut replies = 0;
                if after.is_over() {
                    outs += 1;
                } else {
                    assert_eq!(after.to_move(), next);
                    let truth = after.observation(next);
                    for rack in &racks {
                        let mut unseen = truth.unseen;
                        for (kind, count) in unseen.iter_mut().enumerate() {
                            *count = *count + truth.rack.count(kind) - rack.count(kind);
                        }
                        let view = Observation {
                            rack: *rack,
                            unseen,
                            ..truth
                        };
                        replies += i64::from(equity.choose_valued(&view).1);
                    }
                }
                // A point to one of the others counts against the mover as a share of its own.
                let expected =
                    i64::from(value) * racks.len() as i64 - replies / (players - 1) as i64;
                assert_eq!(worth, expected, "{players} players, {action:?}");
            }
        });
    }
    assert!(
        judged > 100 && outs > 0 && short_racks > 0,
        "{judged} moves judged, {outs} went out, {short_racks} short racks"
    );
}

/// Every legal placement for the player to move, with its score.
fn every_placement(movegen: &mut MoveGen, observation: &Observation<'_>) -> Vec<(i32, Placement)> {
    let mut every = Vec::new();
    movegen.generate(
        observation.board,
        observation.rules,
        observation.lexicon,
        &observation.rack,
        |candidate| every.push((candidate.score(), candidate.placement())),
    );
    every
}

#[test]
fn top_placements_are_the_best_by_equity_in_order() {
    let model = LeaveModel::embedded();
    let mut equity = Equity::new(model);
    let mut movegen = MoveGen::new();
    let mut top = Vec::new();
    greedy_positions(6, |observation| {
        let mut values: Vec<i32> = every_placement(&mut movegen, observation)
            .iter()
            .map(|(_, placement)| equity.value_of(observation, placement).unwrap())
            .collect();
        values.sort_unstable_by(|a, b| b.cmp(a));
        equity.top_placements(observation, 5, &mut top);
        assert_eq!(top.len(), values.len().min(5));
        let kept: Vec<i32> = top.iter().map(|&(value, _)| value).collect();
        assert_eq!(
            kept,
            values[..kept.len()],
            "the five best values, best first"
        );
        for (value, placement) in &top {
            assert_eq!(equity.value_of(observation, placement), Some(*value));
        }
        if let (Move::Place(_), Some(&(best, _))) =
            (equity.choose_valued(observation).0, top.first())
        {
            assert_eq!(equity.choose_valued(observation).1, best);
        }
    });
}

#[test]
fn replies_shared_by_the_judged_moves_are_each_replys_own_search() {
    // With tiles in the bag after every draw, the replies to all judged moves come from one
    // search of the position and a search of the lines each move changes: the same equity,
    // rack by rack, as each reply's own search of the whole board. Some moves' replies only
    // (as `simmer` asks, for its moves still racing) likewise.
    let model = LeaveModel::embedded();
    let mut lookahead = Lookahead::new(model, 11);
    let mut equity = Equity::new(model);
    let (mut shared, mut replies) = (0, 0);
    greedy_positions(14, |observation| {
        let moves = weighed_moves(&mut equity, observation);
        let Some(samples) = lookahead.begin_judging(observation, &moves, 3) else {
            return;
        };
        shared += usize::from(observation.bag_len > 7);
        let mut together = vec![i64::MIN; moves.len()];
        for sample in 0..samples {
            let wanted = |judged: usize| (judged + sample) % 3 != 0;
            lookahead.replies_against(observation, sample, wanted, &mut together);
            for (judged, &reply) in together.iter().enumerate() {
                let alone = lookahead.reply_against(observation, judged, sample);
                if wanted(judged) {
                    let rack = observation.rack;
                    assert_eq!(reply, alone, "move {judged}, sample {sample}, rack {rack}");
                    replies += 1;
                }
            }
        }
    });
    assert!(
        shared > 200 && replies > 4_000,
        "{shared} positions, {replies} replies"
    );
}

#[test]
fn lookahead_chooses_among_equitys_best_moves_and_sometimes_not_the_first() {
    let model = LeaveModel::embedded();
    let mut lookahead = Lookahead::new(model, 7);
    let mut equity = Equity::new(model);
    let mut top = Vec::new();
    let (mut looked, mut differed) = (0, 0);
    greedy_positions(8, |observation| {
        let chosen = lookahead.choose(observation);
        let (equitys, _) = equity.choose_valued(observation);
        equity.top_placements(observation, bots::scrabble::lookahead::WIDTH, &mut top);
        let among = chosen == equitys || top.iter().any(|&(_, p)| chosen == Move::Place(p));
        assert!(among, "{chosen:?} is not among equity's best");
        if observation.bag_len > 0 {
            looked += 1;
            differed += usize::from(chosen != equitys);
        }
    });
    // The replies change the choice in some positions, not in most.
    assert!(
        differed > 0 && differed * 2 < looked,
        "{differed} of {looked} choices differ from equity's"
    );
}

/// The moves `lookahead` weighs in `observation`: equity's best, and its exchange when that
/// is its choice.
fn weighed_moves(equity: &mut Equity, observation: &Observation<'_>) -> Vec<(i32, Move)> {
    let mut top = Vec::new();
    equity.top_placements(observation, bots::scrabble::lookahead::WIDTH, &mut top);
    let mut moves: Vec<(i32, Move)> = top.iter().map(|&(v, p)| (v, Move::Place(p))).collect();
    let (chosen, value) = equity.choose_valued(observation);
    if !matches!(chosen, Move::Place(_)) {
        moves.push((value, chosen));
    }
    moves
}

/// Over the positions of `games` greedy games with tiles in the bag, judges `equity`'s best
/// moves in full by `objective` and checks a race that drops nothing, on the same racks,
/// plays the full judgement's leader; then calls `also` with the position, the moves, their
/// worth and that leader, and returns how many positions were judged.
fn races_match_the_full_judgement(
    games: u64,
    seed: u64,
    objective: Objective,
    mut also: impl FnMut(&Observation<'_>, &[(i32, Move)], &[i64], usize),
) -> usize {
    let model = LeaveModel::embedded();
    let mut equity = Equity::new(model);
    // One seed each, one judgement each a position: the same racks for both.
    let (mut full, mut unraced) = (Lookahead::new(model, seed), Lookahead::new(model, seed));
    full.set_objective(objective);
    let mut race = Race::default();
    let never = RaceRule {
        drop_at: f64::INFINITY,
        objective,
        ..RULE
    };
    let mut judged = 0;
    greedy_positions(games, |observation| {
        let moves = weighed_moves(&mut equity, observation);
        if observation.bag_len == 0 || moves.len() < 2 {
            return;
        }
        let Some(worth) = full.judge(observation, &moves) else {
            return;
        };
        let leader = (0..worth.len()).fold(0, |top, m| if worth[m] > worth[top] { m } else { top });
        let samples = unraced
            .begin_judging(observation, &moves, bots::scrabble::lookahead::SAMPLES)
            .expect("two players, tiles in the bag");
        assert_eq!(
            race.run(&mut unraced, observation, &moves, samples, never),
            leader
        );
        judged += 1;
        also(observation, &moves, worth, leader);
    });
    judged
}

#[test]
fn a_race_that_drops_nothing_is_the_full_judgement_and_lookaheads_race_keeps_clear_leaders() {
    let mut raced = Lookahead::new(LeaveModel::embedded(), 7);
    let mut race = Race::default();
    let (mut clear, mut agreed) = (0, 0);
    let judged = races_match_the_full_judgement(
        10,
        7,
        Objective::Points,
        |observation, moves, worth, leader| {
            let samples = raced
                .begin_judging(observation, moves, bots::scrabble::lookahead::SAMPLES)
                .expect("two players, tiles in the bag");
            let chosen = race.run(&mut raced, observation, moves, samples, RULE);
            agreed += usize::from(chosen == leader);
            // Ten points a rack ahead of every other move: never dropped, always played.
            let margin = 1000 * samples as i64;
            if (0..worth.len()).all(|m| m == leader || worth[leader] - worth[m] >= margin) {
                clear += 1;
                assert_eq!(chosen, leader, "a move ten points a rack ahead");
            }
        },
    );
    assert!(
        judged > 150 && clear > 20,
        "{judged} positions, {clear} clear"
    );
    assert!(
        agreed * 10 >= judged * 9,
        "the race agreed in {agreed} of {judged}"
    );
}

#[test]
fn judged_by_the_chance_of_winning_a_race_that_drops_nothing_is_the_full_judgement() {
    // The same racks judged by points: the odds choose otherwise now and then.
    let mut by_points = Lookahead::new(LeaveModel::embedded(), 3);
    let mut race = Race::default();
    let points = RaceRule {
        drop_at: f64::INFINITY,
        objective: Objective::Points,
        ..RULE
    };
    let mut unlike_points = 0;
    let judged =
        races_match_the_full_judgement(6, 3, Objective::Wins, |observation, moves, _, leader| {
            let samples = by_points
                .begin_judging(observation, moves, bots::scrabble::lookahead::SAMPLES)
                .expect("two players, tiles in the bag");
            let chosen = race.run(&mut by_points, observation, moves, samples, points);
            unlike_points += usize::from(chosen != leader);
        });
    assert!(judged > 90, "{judged} positions");
    assert!(
        unlike_points > 0,
        "by wins chose as by points in all {judged}"
    );
}

/// Lookahead against each other crossword bot over `games` plain games and `hp_games` Harry
/// Potter ones of two and four players (where it plays its cards as soon as it may, and
/// `cards-lookahead` and `cards-simmer` when its policy says): every move legal.
fn legal_games(games: u64, hp_games: u64) {
    let rivals = ["equity", "greedy", "random"];
    for seed in 0..games {
        let rival = rivals[seed as usize % rivals.len()];
        let bots = if seed % 2 == 0 {
            ["lookahead", rival]
        } else {
            [rival, "lookahead"]
        };
        game_of(&bots, seed);
    }
    let rules = std::sync::Arc::new(engine::hogwarts::HpRules::standard());
    let lexicon = std::sync::Arc::new(lexicon::Lexicon::embedded(lexicon::Edition::HarryPotter));
    for seed in 0..hp_games {
        // `cards-lookahead` and `cards-simmer`: the card player moving as `lookahead` and
        // `simmer` do.
        let bots: &[&str] = match seed % 4 {
            0 => &["lookahead", "cards"],
            1 => &["equity", "cards-lookahead"],
            2 => &["cards-simmer:8x16", "cards"],
            _ => &["cards-lookahead", "cards", "lookahead", "cards-simmer:8x16"],
        };
        let mut game =
            engine::hogwarts::HpGame::sorted(rules.clone(), lexicon.clone(), bots.len(), seed)
                .unwrap();
        let mut seats = seat_table(bots, seed, &Settings::default(), None).unwrap();
        engine::play::play_out(&mut game, &mut seats, |_| {})
            .unwrap_or_else(|error| panic!("{error}"));
    }
}

#[test]
fn lookahead_plays_legal_games_against_every_bot_in_both_games() {
    legal_games(6, 4);
}

/// The same over many more games: `cargo test --release -p owlery-bots --test lookahead --
/// --ignored`.
#[test]
#[ignore]
fn soak_lookahead_plays_legal_games_against_every_bot_in_both_games() {
    legal_games(600, 200);
}

#[test]
fn a_lookahead_judging_one_move_plays_equitys_placements_and_the_reach_is_read_from_its_name() {
    let model = LeaveModel::embedded();
    let mut equity = Equity::new(model);
    let narrow = bots::scrabble::Reach::parse("1x3").unwrap();
    let mut one = Lookahead::with_reach(model, 5, narrow);
    let mut standard = Lookahead::new(model, 5);
    let (mut placements, mut differs) = (0, 0);
    greedy_positions(6, |observation| {
        let chosen = equity.choose(observation);
        if !matches!(chosen, Move::Place(_)) {
            return;
        }
        placements += 1;
        // Judging only equity's best placement, there is nothing else to choose.
        assert_eq!(one.choose(observation), chosen);
        differs += usize::from(standard.choose(observation) != chosen);
    });
    assert!(placements > 50, "{placements} positions");
    assert!(differs > 0, "eight moves judged change some choices");
    // Registered names carry the reach; out-of-range or malformed ones are refused.
    assert!(bots::bot::<Game>("lookahead:1x3").is_ok());
    for bad in [
        "lookahead:0x3",
        "lookahead:65x3",
        "lookahead:8x1025",
        "lookahead:8",
        "lookahead:8x",
        "lookahead:ax3",
        "greedy:1x3",
    ] {
        let refused = bots::bot::<Game>(bad)
            .err()
            .unwrap_or_else(|| panic!("{bad} accepted"));
        assert!(
            refused
                .to_string()
                .contains("lookahead:WIDTHxSAMPLES (width 1 to 64, samples 1 to 1024)"),
            "{refused}"
        );
    }
    assert_eq!(
        bots::scrabble::Reach::parse("64x1024").map(|r| (r.width, r.samples)),
        Some((64, 1024))
    );
    // A reach is written as it is read (the server's default cap is the standard simmer's).
    let standard = bots::scrabble::simmer::STANDARD;
    assert_eq!(
        bots::scrabble::Reach::parse(&standard.to_string()),
        Some(standard)
    );
    assert!(bots::bot::<HpGame>("cards-lookahead:2x3").is_ok());
    let refused = bots::bot::<HpGame>("cards-lookahead:2").err().unwrap();
    assert!(
        refused
            .to_string()
            .contains("cards-lookahead:WIDTHxSAMPLES"),
        "{refused}"
    );
    let simmer = bots::bot::<HpGame>("cards-simmer:2x3").unwrap();
    assert_eq!(simmer.name(), "cards-simmer");
    assert!(bots::bot::<HpGame>("cards-simmer:2").is_err());
    // What a server caps: the reach named, else the bot's standard one.
    let reach = |name| bots::scrabble::reach_of(name).map(|r| (r.width, r.samples));
    assert_eq!(reach("cards-simmer:2x3"), Some((2, 3)));
    assert_eq!(reach("simmer"), Some((16, 96)));
    assert_eq!(reach("lookahead"), Some((8, 24)));
    assert_eq!(reach("equity"), None);
}

/// Calls `check` with the game before each move made once the bag is empty, in two-player
/// `greedy` self-play games from seeds `0..games`.
fn endgames(games: u64, check: impl FnMut(&Game)) {
    endgames_set_up(Setup::standard(2, 7), games, check);
}

/// The same with the seats set up as `setup` says.
fn endgames_set_up(setup: Setup, games: u64, mut check: impl FnMut(&Game)) {
    greedy_games_set_up(setup, games, |game| {
        if game.bag_len() == 0 {
            check(game);
        }
    });
}

#[test]
fn once_the_bag_is_empty_going_out_is_worth_the_opponents_tiles_twice() {
    let model = LeaveModel::embedded();
    let equity = Equity::new(model);
    let mut movegen = MoveGen::new();
    let mut outs = 0;
    endgames(6, |game| {
        let observation = game.observation(game.to_move());
        let points = |rack: &Rack| rack.points(|kind| observation.rules.tiles.points(kind));
        let mut unseen = Rack::EMPTY;
        for (kind, &count) in observation.unseen.iter().enumerate() {
            (0..count).for_each(|_| unseen.add(kind));
        }
        assert_eq!(
            unseen,
            *game.rack(1 - game.to_move()),
            "the unseen tiles are its rack"
        );
        for (score, placement) in &every_placement(&mut movegen, &observation) {
            let leave = leave_after(&observation.rack, placement);
            let expected = if leave.is_empty() {
                outs += 1;
                100 * score + 200 * points(&unseen)
            } else {
                100 * score - 200 * points(&leave)
            };
            assert_eq!(equity.value_of(&observation, placement), Some(expected));
        }
    });
    assert!(outs > 0, "no move went out");
}

/// With a seat keeping its left-over tiles (Hufflepuff), told by the view: its own leave
/// counts for it, and going out takes nothing from it.
#[test]
fn once_the_bag_is_empty_a_seat_keeping_its_tiles_counts_them_for_itself() {
    let model = LeaveModel::embedded();
    let equity = Equity::new(model);
    let mut movegen = MoveGen::new();
    let (mut outs, mut kept) = (0, 0);
    endgames(4, |game| {
        let me = game.to_move();
        let truth = game.observation(me);
        let points = |rack: &Rack| rack.points(|kind| truth.rules.tiles.points(kind));
        let theirs = points(game.rack(1 - me));
        for keeper in [me, 1 - me] {
            let mut observation = truth;
            observation.keeps_leftovers[keeper] = true;
            for (score, placement) in &every_placement(&mut movegen, &observation) {
                let leave = leave_after(&observation.rack, placement);
                let expected = match (leave.is_empty(), keeper == me) {
                    (true, true) => 100 * score + 200 * theirs,
                    (true, false) => 100 * score,
                    (false, true) => 100 * score + 100 * points(&leave),
                    (false, false) => 100 * score - 200 * points(&leave),
                };
                outs += usize::from(leave.is_empty());
                kept += usize::from(!leave.is_empty() && keeper == me);
                let value = equity.value_of(&observation, placement);
                assert_eq!(value, Some(expected), "seat {keeper} keeps its tiles");
            }
        }
    });
    assert!(
        outs > 0 && kept > 0,
        "{outs} moves went out, {kept} kept tiles"
    );
}

/// Once the bag is empty: each move's worth, played out on the game itself (the opponent's
/// true rack and view): its equity, less the opponent's best reply by equity unless the move
/// goes out; where the reply goes out, the lead the game ends with; otherwise plus this
/// seat's best follow-up, each reply's and follow-up's leave counted once, at the follow-up
/// (lost, or kept by a seat that keeps its tiles: the second seat in half the games).
#[test]
fn once_the_bag_is_empty_lookahead_searches_three_plies_against_the_opponents_known_rack() {
    let model = LeaveModel::embedded();
    let mut lookahead = Lookahead::new(model, 3);
    let mut equity = Equity::new(model);
    let mut top = Vec::new();
    let (mut outs, mut replies_out, mut follow_ups) = (0, 0, 0);
    let mut hufflepuff = Setup::standard(2, 7);
    hufflepuff.keeps_leftovers[1] = true;
    for setup in [Setup::standard(2, 7), hufflepuff] {
        // Each point left at the end, as its holder's equity counts it.
        let per_point = |seat: usize| {
            if setup.keeps_leftovers[seat] {
                100
            } else {
                -200
            }
        };
        endgames_set_up(setup, 6, |game| {
            let observation = game.observation(game.to_move());
            let points =
                |rack: &Rack| i64::from(rack.points(|k| observation.rules.tiles.points(k)));
            equity.top_placements(&observation, 8, &mut top);
            let moves: Vec<(i32, Move)> = top.iter().map(|&(v, p)| (v, Move::Place(p))).collect();
            let worth = lookahead.judge(&observation, &moves).unwrap().to_vec();
            assert_eq!(
                lookahead.racks_judged().len(),
                1,
                "the opponent's rack is known"
            );
            let (me, opponent) = (game.to_move(), 1 - game.to_move());
            // This seat's lead over the opponent, in hundredths of a point.
            let lead = |game: &Game| 100 * i64::from(game.scores()[me] - game.scores()[opponent]);
            for (&(value, action), &worth) in moves.iter().zip(&worth) {
                let mut after = game.clone();
                after.play(action).unwrap();
                let mut expected = i64::from(value);
                if after.is_over() {
                    outs += 1;
                } else {
                    let (reply, reply_value) = equity.choose_valued(&after.observation(opponent));
                    expected -= i64::from(reply_value);
                    after.play(reply).unwrap();
                    if after.is_over() {
                        replies_out += 1;
                        expected = lead(&after) - lead(game);
                    } else {
                        follow_ups += 1;
                        let follow = i64::from(equity.choose_valued(&after.observation(me)).1);
                        expected += follow + per_point(opponent) * points(after.rack(opponent))
                            - per_point(me) * points(after.rack(me));
                    }
                }
                assert_eq!(worth, expected, "{action:?}");
            }
        });
    }
    assert!(
        outs > 0 && replies_out > 0 && follow_ups > 0,
        "{outs} moves went out, {replies_out} replies went out, {follow_ups} follow-ups"
    );
}
