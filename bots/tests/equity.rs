//! The `equity` bot: legal in both games, exchanging when keeping less is worth more, and
//! deciding from what its seat may see alone.

use std::sync::Arc;

use bots::Settings;
use bots::scrabble::choose;
use bots::scrabble::leaves::LeaveModel;
use bots::seating::seat_table;
use engine::hogwarts::{HpGame, HpRules};
use engine::play::play_out;
use engine::scrabble::tiles::KINDS;
use engine::scrabble::{Game, Move, MoveGen, Rack};
use lexicon::{Edition, Lexicon};

mod common;
use common::{greedy_positions, plain};

#[test]
fn equity_plays_legal_games_and_exchanges_when_a_play_is_worth_less() {
    let (rules, lexicon) = plain();
    let mut movegen = MoveGen::new();
    let mut exchanges_over_a_play = 0;
    for seed in 0..150 {
        let mut game = Game::new(rules.clone(), lexicon.clone(), 2, seed).unwrap();
        let equity_seat = (seed % 2) as usize;
        let mut names = ["greedy"; 2];
        names[equity_seat] = "equity";
        let mut seats = common::seat(&names, seed);
        play_out(&mut game, &mut seats, |game: &Game| {
            let turn = game.history().last().unwrap();
            // An exchange leaves the board as it was: could the rack have placed tiles?
            if turn.seat == equity_seat && matches!(turn.action, Move::Exchange(_)) {
                let could_place = movegen
                    .best(game.board(), &rules, &lexicon, &turn.rack)
                    .is_some();
                exchanges_over_a_play += usize::from(could_place);
            }
        })
        .expect("bots play legal moves");
    }
    // Rare (a play scoring a few points usually beats keeping fewer tiles), but not only
    // when stuck: 4 in these 150 games with the shipped values.
    assert!(
        exchanges_over_a_play >= 2,
        "{exchanges_over_a_play} exchanges chosen over a legal placement"
    );
}

#[test]
fn equity_plays_legal_harry_potter_games() {
    let rules = Arc::new(HpRules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::HarryPotter));
    for seed in 0..60 {
        let players = 2 + (seed % 3) as usize;
        let mut game = HpGame::sorted(rules.clone(), lexicon.clone(), players, seed).unwrap();
        let names: Vec<&str> = (0..players).map(|s| ["equity", "greedy"][s % 2]).collect();
        let mut seats = seat_table(&names, seed, &Settings::default(), None).unwrap();
        play_out(&mut game, &mut seats, |_| {}).expect("legal moves");
        assert!(game.core().is_over());
    }
}

#[test]
fn the_shipped_leave_values_prefer_what_players_keep() {
    let model = LeaveModel::embedded();
    let value = |text: &str| model.value(&Rack::parse(text).unwrap());
    for letter in b'A'..=b'Z' {
        let tile = char::from(letter).to_string();
        assert!(
            value("?") > value(&tile),
            "a blank is worth more than {tile}"
        );
    }
    assert!(value("S") > value("Q") && value("S") > value("V"));
    assert!(
        value("ERS") > value("UUU"),
        "a balanced leave over three Us"
    );
}

/// Two positions that differ only in what the seat cannot see: the opponent's rack, the bag's
/// order. Same board, rack, scores and unseen tiles, so the same decision.
#[test]
fn bots_decide_from_what_their_seat_may_see() {
    let (rules, lexicon) = plain();
    for seed in 0..20u64 {
        let mut game = Game::new(rules.clone(), lexicon.clone(), 2, seed).unwrap();
        let mut seats = common::seat(&["greedy", "greedy"], seed);
        let mut position = None;
        play_out(&mut game, &mut seats, |game: &Game| {
            if game.history().len() == 6 && game.bag_len() >= 7 {
                position = Some(game.to_cgp());
            }
        })
        .unwrap();
        let Some(cgp) = position else { continue };
        let original = Game::from_cgp(rules.clone(), lexicon.clone(), &cgp, seed).unwrap();
        // The opponent holds other tiles (taken from the bag, so the unseen pool is the same),
        // and the bag is shuffled by another seed.
        let mut bag = original.bag_counts();
        let mut other = Rack::EMPTY;
        for kind in (0..bag.len()).rev() {
            while bag[kind] > 0 && other.len() < cgp.racks[1].len() {
                bag[kind] -= 1;
                other.add(kind);
            }
        }
        assert_ne!(
            other, cgp.racks[1],
            "seed {seed}: the opponent's rack differs"
        );
        let mut hidden = cgp.clone();
        hidden.racks[1] = other;
        let varied = Game::from_cgp(rules.clone(), lexicon.clone(), &hidden, seed + 1000).unwrap();
        let (seen, seen_too) = (original.observation(0), varied.observation(0));
        assert_eq!(seen.unseen, seen_too.unseen);
        assert_eq!(seen.bag_len, seen_too.bag_len);
        for name in ["equity", "greedy"] {
            let decide = |game: &Game| {
                choose(
                    bots::bot::<Game>(name).unwrap().as_mut(),
                    &game.observation(0),
                )
            };
            assert_eq!(decide(&original), decide(&varied), "{name}, seed {seed}");
        }
    }
}

/// The best placement by equity's own valuation, found by valuing every legal placement.
fn best_of_every_placement(
    observation: &engine::scrabble::Observation<'_>,
    model: &LeaveModel,
    movegen: &mut MoveGen,
    wanted: impl Fn(&engine::scrabble::Placement) -> bool,
) -> Option<(i32, engine::scrabble::Placement)> {
    let rack = observation.rack;
    let tiles = &observation.rules.tiles;
    let mut best: Option<(i32, engine::scrabble::Placement)> = None;
    movegen.generate_with(
        observation.board,
        observation.rules,
        observation.lexicon,
        &rack,
        observation.backwards,
        |candidate| {
            let mut leave = rack;
            leave.take_all(&candidate.rack_tiles());
            let keeps = observation.keeps_leftovers;
            let leave_value = if observation.bag_len == 0 && leave.is_empty() {
                // Going out: the others' tiles, gained, and lost by their holders (against
                // each, the whole and a share of it); Hufflepuff racks (their share of the
                // unseen tiles by their size) give nothing.
                let others: Vec<usize> = (0..observation.scores.len())
                    .filter(|&seat| seat != observation.seat)
                    .collect();
                let held: usize = others.iter().map(|&s| observation.rack_sizes[s]).sum();
                let giving: usize = others
                    .iter()
                    .filter(|&&s| !keeps[s])
                    .map(|&s| observation.rack_sizes[s])
                    .sum();
                let unseen: i32 = (0..KINDS)
                    .map(|kind| i32::from(observation.unseen[kind]) * tiles.points(kind))
                    .sum();
                let given = if held == 0 {
                    0
                } else {
                    unseen * giving as i32 / held as i32
                };
                100 * (given + given / others.len() as i32)
            } else if observation.bag_len == 0 {
                let per_point = if keeps[observation.seat] { 100 } else { -200 };
                per_point * leave.points(|kind| tiles.points(kind))
            } else {
                model.value(&leave)
            };
            let value = candidate.score() * 100
                + leave_value
                + candidate.hogwarts_tiles() as i32 * model.hogwarts_square();
            let placement = candidate.placement();
            if !wanted(&placement) {
                return;
            }
            let better = best
                .as_ref()
                .is_none_or(|(top, least)| value > *top || (value == *top && placement < *least));
            if better {
                best = Some((value, placement));
            }
        },
    );
    best
}

/// The bounded search (anchors skipped, partial words abandoned, a floor from the best
/// exchange) chooses exactly what valuing every placement chooses, in both games and with
/// Confundo's backwards words (with the usual ones, and alone); and a search above a floor
/// finds that move only when it reaches the floor.
#[test]
fn equity_chooses_what_valuing_every_placement_chooses() {
    equity_against_every_placement(12, 8, LeaveModel::embedded());
}

/// The same with a leave table of arbitrary values, where no bound may lean on a leave's
/// parts adding up: each sub-rack is looked up.
#[test]
fn equity_with_a_leave_table_chooses_what_valuing_every_placement_chooses() {
    use bots::scrabble::leaves::table::{LEAVES, LeaveTable, unrank};
    let mut table = LeaveTable::default();
    let mut state = 99u64;
    for place in 1..LEAVES {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        table.set(&unrank(place), (state >> 40) as i32 % 4000 - 2000);
    }
    let model = Box::leak(Box::new(LeaveModel::from_table(table)));
    equity_against_every_placement(12, 8, model);
}

/// The same over many more games: `cargo test --release -p owlery-bots --test equity --
/// --ignored`.
#[test]
#[ignore]
fn soak_equity_chooses_what_valuing_every_placement_chooses() {
    equity_against_every_placement(300, 150, LeaveModel::embedded());
}

fn equity_against_every_placement(plain_games: u64, hp_games: u64, model: &'static LeaveModel) {
    let mut equity = bots::scrabble::Equity::new(model);
    let mut movegen = MoveGen::new();
    let mut checked = 0;
    let mut check = |observation: &engine::scrabble::Observation<'_>| {
        let (chosen, value) = equity.choose_valued(observation);
        let best = best_of_every_placement(observation, model, &mut movegen, |_| true);
        match (&chosen, &best) {
            (Move::Place(placement), Some((top, least))) => {
                assert_eq!((value, placement), (*top, least), "the best placement");
                assert_eq!(equity.value_of(observation, placement), Some(value));
            }
            (Move::Exchange(_), Some((top, _))) => assert!(value > *top, "an exchange wins"),
            (Move::Place(_), None) => panic!("placed with no placement to make"),
            (Move::Pass, Some(_)) => panic!("passed with a placement to make"),
            (_, None) => {}
        }
        // Above a floor a pass never counts (see `choose_above`).
        if chosen != Move::Pass {
            assert_eq!(
                equity.choose_above(observation, value),
                Some((chosen, value))
            );
        }
        assert_eq!(equity.choose_above(observation, value + 1), None);
        checked += 1;
    };
    greedy_positions(plain_games, &mut check);
    let hp_rules = Arc::new(HpRules::standard());
    let hp_lexicon = Arc::new(Lexicon::embedded(Edition::HarryPotter));
    let mut backwards_gen = MoveGen::new();
    let mut rivals = 0;
    for seed in 0..hp_games {
        let mut game = HpGame::sorted(hp_rules.clone(), hp_lexicon.clone(), 2, seed).unwrap();
        let mut seats = seat_table(&["greedy"; 2], seed, &Settings::default(), None).unwrap();
        let mut turns = 0;
        play_out(&mut game, &mut seats, |game: &HpGame| {
            // After each move, not after the other questions of a turn.
            if game.core().history().len() == turns || game.core().is_over() {
                return;
            }
            turns = game.core().history().len();
            let mut observation = game.core().observation(game.core().to_move());
            check(&observation);
            // As if Confundo were played: backwards words compete too.
            observation.backwards = true;
            check(&observation);
            // The backwards words alone, as the card player weighs Confundo.
            let backwards_best =
                best_of_every_placement(&observation, model, &mut backwards_gen, |p| p.backwards);
            let backwards = backwards_best.map(|(value, _)| value);
            observation.backwards = false;
            let mut equity = bots::scrabble::Equity::new(model);
            assert_eq!(equity.backwards_above(&observation, i32::MIN), backwards);
            if let Some(value) = backwards {
                assert_eq!(equity.backwards_above(&observation, value + 1), None);
            }
            // The plan and its backwards rival from one ranking, as the card player makes them.
            let plan = equity.choose_valued(&observation);
            for margin in [0, 1, 500] {
                let rival = backwards_best.filter(|&(value, _)| value >= plan.1 + margin);
                assert_eq!(
                    equity.choose_and_backwards(&observation, margin, |_| true),
                    (plan, rival)
                );
                // A rival beating the plan is the move once Confundo is played, as the card
                // player takes it.
                if let (Some((value, placement)), true) = (rival, margin > 0) {
                    rivals += 1;
                    observation.backwards = true;
                    assert_eq!(
                        equity.choose_valued(&observation),
                        (Move::Place(placement), value)
                    );
                    observation.backwards = false;
                }
            }
        })
        .unwrap();
    }
    assert!(
        checked > 20 * (plain_games + hp_games),
        "{checked} positions"
    );
    assert!(rivals >= hp_games, "{rivals} backwards rivals taken");
}

/// `equity` draws racks for its opponent once the bag runs low: the draws come from the game's
/// seed, so a game replays whatever the bot played before (as the runner reuses its seats).
#[test]
fn equitys_pre_endgame_draws_replay_from_the_games_seed() {
    let (rules, lexicon) = plain();
    let names = ["equity", "greedy"];
    let moves_of = |seats: &mut Vec<Box<dyn engine::play::Decider<Game>>>, seed: u64| {
        for (seat, bot) in seats.iter_mut().enumerate() {
            bot.start_game(bots::seating::bot_seed(seed, seat));
        }
        let mut game = Game::new(rules.clone(), lexicon.clone(), 2, seed).unwrap();
        let mut moves = Vec::new();
        let (mut low_bag_turns, mut bag_before) = (0, game.bag_len());
        play_out(&mut game, seats, |game: &Game| {
            let turn = game.history().last().unwrap();
            moves.push(format!("{:?}", turn.action));
            low_bag_turns += usize::from(turn.seat == 0 && (1..=6).contains(&bag_before));
            bag_before = game.bag_len();
        })
        .expect("legal moves");
        (moves, low_bag_turns)
    };
    let mut reused = common::seat(&names, 0);
    let mut low_bag_turns = 0;
    for seed in [11, 12, 13] {
        moves_of(&mut reused, seed + 100);
        let (again, low) = moves_of(&mut reused, seed);
        let fresh = moves_of(&mut common::seat(&names, seed), seed);
        assert_eq!(again, fresh.0, "seed {seed}");
        low_bag_turns += low;
    }
    assert!(
        low_bag_turns > 0,
        "no turn of these games had 1 to 6 tiles in the bag"
    );
}

#[test]
fn the_best_exchange_keeps_the_sub_rack_of_highest_value_and_only_where_tiles_may_be_exchanged() {
    let model = LeaveModel::embedded();
    let mut equity = bots::scrabble::Equity::new(model);
    let (mut offered, mut refused) = (0, 0);
    greedy_positions(8, |observation| {
        // After a choice, as a simulating player asks it.
        equity.choose_valued(observation);
        let exchange = equity.best_exchange(observation);
        if !bots::scrabble::may_exchange(observation) {
            assert!(
                exchange.is_none(),
                "an exchange with {} in the bag",
                observation.bag_len
            );
            refused += 1;
            return;
        }
        let (Move::Exchange(given), value) = exchange.expect("tiles may be exchanged") else {
            panic!("an exchange");
        };
        let rack = observation.rack;
        let mut kept = rack;
        kept.take_all(&given);
        assert!(!given.is_empty() && kept.len() + given.len() == rack.len());
        assert_eq!(value, model.value(&kept), "keeping {kept} of {rack}");
        // No sub-rack smaller than the rack is worth more.
        let (_, best) = model.best_keep(&rack, ..rack.len());
        assert_eq!(value, best, "the best keep of {rack}");
        offered += 1;
    });
    assert!(
        offered > 100 && refused > 10,
        "{offered} offered, {refused} refused"
    );
}
