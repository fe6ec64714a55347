//! The rulebook's five worked turns (rules 17-21), with R on the centre square, through the
//! public API: a typed move, checked and played on a game set up from a CGP position.

use std::sync::Arc;

use engine::scrabble::{Cgp, Game, Move, MoveGen, Rules};
use lexicon::{Edition, Lexicon};

fn lexicon() -> Arc<Lexicon> {
    Arc::new(Lexicon::embedded(Edition::Plain))
}

/// Plays `typed` from `rack` on the board of `cgp`; returns the new position and the score.
fn play(
    lexicon: &Arc<Lexicon>,
    board_cgp: &str,
    rack: &str,
    typed: &str,
) -> (String, i32, Vec<String>) {
    let cgp: Cgp = format!("{board_cgp} {rack}/ 0/0 0").parse().unwrap();
    let rules = Arc::new(Rules::standard());
    let mut game = Game::from_cgp(rules, lexicon.clone(), &cgp, 7).unwrap();
    let action = Move::parse(typed, game.board()).unwrap();
    let checked = game.check(&action).unwrap().unwrap();
    // The move generator finds the same move with the same score.
    let notation = action.notation(game.board());
    let mut generated = None;
    MoveGen::new().generate(
        &cgp.board,
        game.rules(),
        lexicon,
        &cgp.racks[0],
        |candidate| {
            if candidate.placement().notation(&cgp.board) == notation {
                generated = Some(candidate.score());
            }
        },
    );
    assert_eq!(generated, Some(checked.score), "{notation}");
    let words = checked
        .words
        .iter()
        .map(|w| format!("{} {}", w.word, w.score))
        .collect();
    let score = game.play(action).unwrap();
    assert_eq!(score, checked.score);
    let board = game.to_cgp().to_string();
    (board.split(' ').next().unwrap().to_string(), score, words)
}

#[test]
fn the_five_worked_turns_score_as_printed() {
    let lexicon = lexicon();
    let empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
    let (board, score, words) = play(&lexicon, empty, "HORNXYZ", "8F HORN");
    assert_eq!((score, words), (14, vec!["HORN 14".to_string()]));
    let (board, score, words) = play(&lexicon, &board, "FAMXYZQ", "H6 FA(R)M");
    assert_eq!((score, words), (9, vec!["FARM 9".to_string()]));
    let (board, score, words) = play(&lexicon, &board, "PASTEXY", "10F PASTE");
    assert_eq!(score, 25);
    assert_eq!(words, vec!["PASTE 15", "FARMS 10"]);
    let (board, score, words) = play(&lexicon, &board, "OBXYZQV", "9H (M)OB");
    assert_eq!(score, 16);
    assert_eq!(words, vec!["MOB 8", "NOT 4", "BE 4"]);
    let (_, score, words) = play(&lexicon, &board, "BITXYZQ", "11E BIT");
    assert_eq!(score, 16);
    assert_eq!(words, vec!["BIT 10", "PI 4", "AT 2"]);
}
