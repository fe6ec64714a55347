//! A playout (`bots::scrabble::playout`) ends as the engine's game does: from positions near
//! the end of real games, both seats moving as `equity` does with the same draws, it reaches
//! the same final scores; and a judgement near the end values each move by its playouts.

mod common;

use bots::scrabble::leaves::LeaveModel;
use bots::scrabble::playout::Playout;
use bots::scrabble::{Equity, Lookahead, Reach};
use engine::scrabble::{Game, Move, Rack, leave_after};

use common::greedy_games;

/// The tiles drawn after each turn of `history` (the game's turns from a position on), in
/// turn order: each seat's rack at its next turn (or at the end) less what it kept.
fn draws_after(game: &Game, from: usize) -> Vec<u8> {
    let history = &game.history()[from..];
    let mut order = Vec::new();
    for (at, turn) in history.iter().enumerate() {
        let kept = match &turn.action {
            Move::Place(placement) => leave_after(&turn.rack, placement),
            _ => turn.rack,
        };
        let next = history[at + 1..]
            .iter()
            .find(|later| later.seat == turn.seat);
        let mut rack = next.map_or(*game.rack(turn.seat), |later| later.rack);
        assert!(
            rack.take_all(&kept),
            "a seat keeps the tiles it did not play"
        );
        order.extend(rack.kinds().map(|kind| kind as u8));
    }
    order
}

#[test]
fn a_playout_ends_as_the_engines_game_ends_with_the_same_draws() {
    let model = LeaveModel::embedded();
    let mut equity = Equity::new(model);
    let (mut bag_left, mut went_out, mut stuck) = (0, 0, 0);
    greedy_games(40, |game| {
        if game.bag_len() > 6 {
            return;
        }
        let mut ended = game.clone();
        let from = ended.history().len();
        while !ended.is_over() {
            let action = equity.choose(&ended.observation(ended.to_move()));
            assert!(
                !matches!(action, Move::Exchange(_)),
                "no exchange near the end"
            );
            ended.play(action).unwrap();
        }
        let order = draws_after(&ended, from);
        assert_eq!(order.len(), game.bag_len(), "every tile drawn is the bag's");
        let mut board = game.board().clone();
        let scores = game.scores();
        let playout = Playout {
            board: &mut board,
            racks: [*game.rack(0), *game.rack(1)],
            scores: [scores[0], scores[1]],
            bag: &order,
            scoreless: game.scoreless(),
            to_move: game.to_move(),
        };
        let observation = game.observation(game.to_move());
        let finished = playout.finish(&mut equity, &observation);
        assert_eq!(finished.as_slice(), ended.scores(), "{}", game.to_cgp());
        assert_eq!(&board, ended.board());
        bag_left += usize::from(game.bag_len() > 0);
        if ended.rack(0).is_empty() || ended.rack(1).is_empty() {
            went_out += 1;
        } else {
            stuck += 1;
        }
    });
    // Positions with tiles still to draw, games going out and games stuck were all met.
    assert!(
        bag_left > 20 && went_out > 20 && stuck > 0,
        "{bag_left} {went_out} {stuck}"
    );
}

#[test]
fn a_playout_of_two_stuck_racks_ends_at_the_scoreless_limit() {
    let (rules, lexicon) = common::plain();
    let game = Game::new(rules, lexicon, 2, 1).unwrap();
    let mut equity = Equity::new(LeaveModel::embedded());
    let rack = |text: &str| Rack::parse(text).unwrap();
    let mut board = game.board().clone();
    // Nothing can be placed on an empty board from Q or from V: both pass to the limit.
    let playout = Playout {
        board: &mut board,
        racks: [rack("Q"), rack("V")],
        scores: [100, 90],
        bag: &[],
        scoreless: 0,
        to_move: 0,
    };
    let finished = playout.finish(&mut equity, &game.observation(0));
    assert_eq!(finished, [100 - 10, 90 - 4]);
}

#[test]
fn a_judgement_near_the_end_is_the_sum_of_its_moves_playouts() {
    let model = LeaveModel::embedded();
    let mut equity = Equity::new(model);
    let mut lookahead = Lookahead::with_reach(
        model,
        7,
        Reach {
            width: 4,
            samples: 6,
        },
    );
    lookahead.set_play_out_from(6);
    let mut judged = 0;
    greedy_games(12, |game| {
        let observation = game.observation(game.to_move());
        let mut top = Vec::new();
        equity.top_placements(&observation, 4, &mut top);
        let moves: Vec<(i32, Move)> = top.iter().map(|&(v, p)| (v, Move::Place(p))).collect();
        let Some(worth) = lookahead.judge(&observation, &moves) else {
            return;
        };
        let worth = worth.to_vec();
        let near_the_end = (1..=6).contains(&game.bag_len());
        assert_eq!(lookahead.plays_out(), near_the_end);
        if !near_the_end || moves.is_empty() {
            return;
        }
        judged += 1;
        let seat = observation.seat;
        for (&(_, action), worth) in moves.iter().zip(worth) {
            let Move::Place(placement) = action else {
                unreachable!("placements only")
            };
            let score = observation.check(&action).unwrap().unwrap().score;
            let mut spreads = 0;
            for (sample, &rack) in lookahead.racks_judged().iter().enumerate() {
                let order = lookahead.bag_order(sample);
                let drawn = placement.placed_count().min(game.bag_len());
                let mut racks = [Rack::EMPTY; 2];
                racks[seat] = leave_after(&observation.rack, &placement);
                order[..drawn]
                    .iter()
                    .for_each(|&kind| racks[seat].add(usize::from(kind)));
                racks[1 - seat] = rack;
                let mut scores = [observation.scores[0], observation.scores[1]];
                scores[seat] += score;
                let mut board = game.board().clone();
                placement.lay_on(&mut board);
                let playout = Playout {
                    board: &mut board,
                    racks,
                    scores,
                    bag: &order[drawn..],
                    scoreless: 0,
                    to_move: 1 - seat,
                };
                let finished = playout.finish(&mut equity, &observation);
                spreads += i64::from(finished[seat] - finished[1 - seat]) * 100;
            }
            assert_eq!(worth, spreads, "{}", game.to_cgp());
        }
    });
    assert!(judged > 10, "{judged} positions near the end");
}
