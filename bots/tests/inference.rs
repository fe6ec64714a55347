//! Inference: the leaves an `equity` opponent's play says it kept share more tiles with the
//! leave it kept than leaves drawn blind do, and nothing is inferred where nothing is known.

use bots::scrabble::inference::{Inference, Tries};
use bots::scrabble::leaves::LeaveModel;
use bots::scrabble::{Equity, choose};
use engine::scrabble::tiles::KINDS;
use engine::scrabble::{Game, Move, Rack, leave_after};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

// Only the rules and the seating are wanted here.
#[allow(dead_code)]
mod common;
use common::{plain, seat};

/// Tiles two racks hold in common.
fn in_common(a: &Rack, b: &Rack) -> usize {
    (0..KINDS)
        .map(|kind| usize::from(a.count(kind).min(b.count(kind))))
        .sum()
}

/// A leave of `len` tiles drawn blind from `unseen`.
fn blind_leave(unseen: &[u8; KINDS], len: usize, rng: &mut Pcg64Mcg) -> Rack {
    let mut pool: Vec<usize> = (0..KINDS)
        .flat_map(|kind| std::iter::repeat_n(kind, usize::from(unseen[kind])))
        .collect();
    let mut leave = Rack::EMPTY;
    for i in 0..len {
        let j = rng.random_range(i..pool.len());
        pool.swap(i, j);
        leave.add(pool[i]);
    }
    leave
}

#[test]
fn an_equity_opponents_play_says_which_tiles_it_kept() {
    let (rules, lexicon) = plain();
    let model = LeaveModel::embedded();
    let mut equity = Equity::new(model);
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let tries = Tries {
        drawn: 400,
        kept: 96,
    };
    // Tiles in common with the kept leave, over the leaves inferred and as many drawn blind.
    let (mut inferred_common, mut blind_common, mut leaves) = (0, 0, 0);
    let (mut turns, mut inferred_turns, mut true_leave_among) = (0, 0, 0);
    for seed in 0..12 {
        let mut game = Game::new(rules.clone(), lexicon.clone(), 2, seed).unwrap();
        let mut seats = seat(&["equity-static", "equity-static"], seed);
        let mut inference = Inference::new(seed);
        let mut kept_by_opponent = None;
        while !game.is_over() {
            let mover = game.to_move();
            let observation = game.observation(mover);
            let chosen = choose(seats[mover].as_mut(), &observation);
            if mover == 0 {
                turns += 1;
                let inferred = inference.infer(&observation, &mut equity, tries);
                if let (Some(kept), false) = (kept_by_opponent, inferred.is_empty()) {
                    inferred_turns += 1;
                    true_leave_among += usize::from(inferred.contains(&kept));
                    for leave in inferred {
                        assert_eq!(leave.len(), kept.len());
                        let blind = blind_leave(&observation.unseen, kept.len(), &mut rng);
                        inferred_common += in_common(leave, &kept);
                        blind_common += in_common(&blind, &kept);
                        leaves += 1;
                    }
                }
                inference.remember(&observation, &chosen);
            } else {
                kept_by_opponent = match chosen {
                    Move::Place(placement) => Some(leave_after(game.rack(1), &placement)),
                    _ => None,
                };
            }
            game.play(chosen).unwrap();
        }
    }
    let (inferred, blind) = (
        inferred_common as f64 / leaves as f64,
        blind_common as f64 / leaves as f64,
    );
    eprintln!(
        "{inferred_turns} of {turns} turns inferred, {leaves} leaves: {inferred:.3} tiles in common, blind {blind:.3}; the kept leave among them {true_leave_among} times"
    );
    assert!(inferred_turns * 2 >= turns, "{inferred_turns} of {turns}");
    assert!(inferred >= blind * 1.1, "{inferred:.3} against {blind:.3}");
}

/// With three players the plays between two turns are two, and where the board is as this
/// seat left it the opponent played nothing (it passed or exchanged): nothing is inferred.
#[test]
fn nothing_is_inferred_from_more_than_one_play_or_from_no_play() {
    let (rules, lexicon) = plain();
    let mut equity = Equity::new(LeaveModel::embedded());
    let tries = Tries {
        drawn: 50,
        kept: 10,
    };
    let mut inferred_turns = 0;
    for players in [2, 3] {
        let bots = vec!["equity-static"; players];
        for seed in 0..3 {
            let mut game = Game::new(rules.clone(), lexicon.clone(), players, seed).unwrap();
            let mut seats = seat(&bots, seed);
            let mut inference = Inference::new(seed);
            while !game.is_over() {
                let mover = game.to_move();
                let observation = game.observation(mover);
                let chosen = choose(seats[mover].as_mut(), &observation);
                if mover == 0 {
                    let mut passed = Inference::new(seed);
                    passed.remember(&observation, &Move::Pass);
                    assert!(passed.infer(&observation, &mut equity, tries).is_empty());
                    let inferred = inference.infer(&observation, &mut equity, tries);
                    assert!(players == 2 || inferred.is_empty(), "{players} players");
                    inferred_turns += usize::from(!inferred.is_empty());
                    inference.remember(&observation, &chosen);
                }
                game.play(chosen).unwrap();
            }
        }
    }
    assert!(
        inferred_turns >= 10,
        "{inferred_turns} two-player turns inferred"
    );
}
