//! `simmer`: the racing simulating player chooses a clearly best move, stays among equity's
//! best placements and its best exchange, and replays a game from its seed (and so does
//! `simmer-infer`).

use bots::scrabble::leaves::LeaveModel;
use bots::scrabble::simmer::{NEAR_END_SCALE, PLAY_OUT_FROM, STANDARD, Simmer};
use bots::scrabble::{Equity, Reach};
use engine::scrabble::Move;

mod common;
use common::{game_of, greedy_positions};

#[test]
fn a_clearly_best_move_is_the_one_chosen_and_every_choice_is_among_equitys_best() {
    let model = LeaveModel::embedded();
    let mut simmer = Simmer::new(model, 7, STANDARD);
    let mut equity = Equity::new(model);
    let mut top = Vec::new();
    let (mut positions, mut clear, mut other_than_equity) = (0, 0, 0);
    greedy_positions(80, |observation| {
        if observation.bag_len == 0 {
            return;
        }
        positions += 1;
        // Where moves are played out (two players here), twice as many race.
        let width = simmer.reach_at(observation).width;
        let near_end = observation.bag_len <= PLAY_OUT_FROM;
        let expected = STANDARD.width * if near_end { NEAR_END_SCALE } else { 1 };
        assert_eq!(width, expected, "bag {}", observation.bag_len);
        equity.top_placements(observation, width, &mut top);
        let (equity_move, _) = equity.choose_valued(observation);
        let exchange = equity.best_exchange(observation);
        // Thirty points of equity ahead of the next best placement and of the best exchange.
        let clearly_best = match top[..] {
            [(first, best), (second, _), ..] if first - second >= 3000 => exchange
                .as_ref()
                .is_none_or(|&(_, value)| first - value >= 3000)
                .then_some(best),
            _ => None,
        };
        let clearly_best = clearly_best.filter(|_| matches!(equity_move, Move::Place(_)));
        // Every clear case, and every twentieth position besides (the race is costly).
        if clearly_best.is_none() && positions % 20 != 0 {
            return;
        }
        let chosen = simmer.choose(observation);
        let among_best = top.iter().any(|&(_, p)| chosen == Move::Place(p))
            || exchange.is_some_and(|(best_exchange, _)| chosen == best_exchange);
        assert!(among_best || chosen == equity_move, "{chosen:?}");
        // Where moves are played out no exchange races: a playout cannot draw for it.
        if near_end {
            let placed = matches!(chosen, Move::Place(_));
            assert!(
                placed || chosen == equity_move,
                "bag {}",
                observation.bag_len
            );
        }
        other_than_equity += usize::from(chosen != equity_move);
        if let Some(best) = clearly_best {
            clear += 1;
            assert_eq!(chosen, Move::Place(best), "a move thirty points ahead");
        }
    });
    assert!(clear >= 3, "{clear} positions with a clearly best move");
    assert!(
        other_than_equity >= 3,
        "the race changed {other_than_equity} choices"
    );
}

#[test]
fn simmer_replays_a_game_from_its_seed() {
    let first = game_of(&["simmer:6x24", "equity"], 3);
    assert_eq!(game_of(&["simmer:6x24", "equity"], 3), first);
    let by_points = game_of(&["simmer-points:6x24", "equity"], 3);
    assert_eq!(game_of(&["simmer-points:6x24", "equity"], 3), by_points);
    let inferring = game_of(&["equity", "simmer-infer:6x24"], 3);
    assert_eq!(game_of(&["equity", "simmer-infer:6x24"], 3), inferring);
    assert_eq!(
        Reach::parse("6x24"),
        Some(Reach {
            width: 6,
            samples: 24
        })
    );
}
