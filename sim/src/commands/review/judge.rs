//! What a move is worth from its mover's seat: `equity`, `lookahead`, or the endgame search.

use bots::scrabble::endgame::{EndgameSearch, MoveValue};
use bots::scrabble::leaves::LeaveModel;
use bots::scrabble::lookahead::Reach;
use bots::scrabble::race::{Objective, Odds, chance_of_worth};
use bots::scrabble::{Closing, Equity, Lookahead};
use engine::scrabble::{MAX_PLAYERS, Move, Observation, Rack, Rules, leave_after};
use lexicon::Lexicon;

use super::replay::{Turn, seen_counts};
use super::{Row, points};
use crate::cli::{ReviewBy, ReviewEndgame};
use crate::commands::analyze::line_text;
use crate::gcg::read::Record;

/// What judges the moves: `equity`'s values (looking ahead where the `equity` bot does), or
/// `lookahead`'s judgement over drawn racks; with the bag empty in a two-player game, the
/// endgame search.
pub(super) struct Judge {
    equity: Equity,
    /// The lookahead judging, and how far it looks; `None` where equity judges statically.
    lookahead: Option<(Lookahead, Reach)>,
    /// Whether the lookahead judges only where the `equity` bot looks ahead, as far as it does.
    as_equity_bot: bool,
    /// The search judging moves made with the bag empty; `None` where the judge above does.
    endgame: Option<EndgameSearch>,
    /// The judge above, as the rows name it.
    name: String,
}

impl Judge {
    /// The judge `--rank-by` and `--endgame` name, valuing leaves by `leaves`.
    pub(super) fn new(
        leaves: &'static LeaveModel,
        rank_by: ReviewBy,
        endgame: ReviewEndgame,
    ) -> Judge {
        Judge {
            equity: Equity::new(leaves),
            lookahead: match rank_by {
                ReviewBy::EquityStatic => None,
                // Every move meets every rack and is worth the chance of winning it leaves,
                // as the `equity` bot's few are.
                ReviewBy::Equity => {
                    let mut lookahead = Lookahead::unraced(leaves, 0, Reach::STANDARD);
                    lookahead.set_objective(Objective::Wins);
                    Some((lookahead, Reach::STANDARD))
                }
                ReviewBy::Lookahead(reach) => {
                    Some((Lookahead::with_reach(leaves, 0, reach), reach))
                }
            },
            as_equity_bot: rank_by == ReviewBy::Equity,
            endgame: match endgame {
                ReviewEndgame::Solver(budget) => Some(EndgameSearch::new(budget)),
                ReviewEndgame::Off => None,
            },
            name: review_by_name(rank_by),
        }
    }

    /// `turn` reviewed: its move and the best, each with its value.
    pub(super) fn row(
        &mut self,
        turn: &Turn,
        rules: &Rules,
        lexicon: &Lexicon,
        record: &Record,
    ) -> Row {
        let players = turn.scores.len();
        let (unseen, rack_sizes, bag_len) =
            seen_counts(rules, &turn.board, &turn.rack, turn.seat, players);
        let observation = Observation {
            seat: turn.seat,
            rack: turn.rack,
            board: &turn.board,
            scores: &turn.scores,
            rack_sizes,
            keeps_leftovers: [false; MAX_PLAYERS],
            bag_len,
            unseen,
            scoreless: turn.scoreless,
            rules,
            lexicon,
            backwards: false,
        };
        let mut best_line = String::new();
        let (best, best_value, played_value, judge, note) = match self.solved(&observation, turn) {
            Some((best, played_value, solved)) => {
                let note = if solved {
                    ""
                } else {
                    "the search did not reach the end: values estimated"
                };
                best_line = line_text(&turn.board, &best);
                let best_value = hundredths(best.value);
                (
                    best.chosen,
                    best_value,
                    played_value,
                    SOLVER.to_string(),
                    note,
                )
            }
            None => {
                let played_value = self.value(&observation, turn);
                let best = self.equity.choose_valued(&observation);
                match self.judged(&observation, turn, best, played_value) {
                    Some(judged) => (
                        judged.best,
                        judged.best_value,
                        judged.played_value,
                        judged.judge,
                        "",
                    ),
                    None => (
                        best.0,
                        i64::from(best.1),
                        played_value,
                        self.name.clone(),
                        "",
                    ),
                }
            }
        };
        // A move valued as the judge's best or above (a word the lexicon lacks, its points
        // trusted) is the best by that judge: nothing was lost.
        let (best, best_value) = if played_value >= best_value {
            (turn.played, played_value)
        } else {
            (best, best_value)
        };
        let best_score = match best {
            _ if best == turn.played => turn.score,
            Move::Place(placement) => observation
                .check(&Move::Place(placement))
                .ok()
                .flatten()
                .map_or(0, |checked| checked.score),
            _ => 0,
        };
        let lost = best_value - played_value;
        Row {
            turn: turn.turn,
            line: turn.line,
            player: record.players[turn.seat].0.clone(),
            bag: bag_len,
            rack: turn.rack.to_string(),
            played: turn.played.notation(&turn.board),
            score: turn.score,
            value: points(played_value),
            best: best.notation(&turn.board),
            best_score,
            best_value: points(best_value),
            lost: points(lost),
            judge,
            best_line,
            note: match (&turn.phony, turn.withdrawn) {
                (Some(word), true) => format!("{word} is not in the lexicon: taken back"),
                (Some(word), false) => format!("{word} is not in the lexicon"),
                (None, true) => "taken back".to_string(),
                (None, false) => note.to_string(),
            },
        }
    }

    /// Where the endgame search judges (two players, the bag empty, the move played a word
    /// of the lexicon, a pass, or taken back and so a pass): the best move valued, the move
    /// played's worth in hundredths of a point gained over the opponent to the end, and
    /// whether both were searched to the end.
    fn solved(
        &mut self,
        observation: &Observation<'_>,
        turn: &Turn,
    ) -> Option<(MoveValue, i64, bool)> {
        let search = self.endgame.as_mut()?;
        let played = match (turn.withdrawn, &turn.phony) {
            (true, _) => Move::Pass,
            (false, Some(_)) => return None,
            (false, None) => turn.played,
        };
        let mut valuation = search.value_moves_with(observation, 1, played)?;
        let mine = valuation
            .moves
            .iter()
            .find(|valued| valued.chosen == played)?;
        let (played_value, solved) = (hundredths(mine.value), mine.solved);
        let best = valuation.moves.swap_remove(0);
        let solved = solved && best.solved;
        Some((best, played_value, solved))
    }

    /// The move played's equity, in hundredths of a point.
    fn value(&self, observation: &Observation<'_>, turn: &Turn) -> i64 {
        let kept = |rack: &Rack| i64::from(self.equity.kept_value(observation, rack));
        if turn.withdrawn {
            return kept(&turn.rack);
        }
        match turn.played {
            Move::Place(placement) => match self.equity.value_of(observation, &placement) {
                Some(value) => i64::from(value),
                // A word the lexicon lacks: its points as the record gives them.
                None => hundredths(turn.score) + kept(&leave_after(&turn.rack, &placement)),
            },
            action => kept(&action.kept_from(&turn.rack)),
        }
    }

    /// Where `lookahead` judges: the best of equity's moves (with `best`, equity's choice)
    /// and the move played by its judgement, each worth its mean over the racks; `None`
    /// where it does not judge here, or the move played is a word the lexicon lacks.
    fn judged(
        &mut self,
        observation: &Observation<'_>,
        turn: &Turn,
        best: (Move, i32),
        played_value: i64,
    ) -> Option<Judged> {
        let (lookahead, reach) = self.lookahead.as_mut()?;
        if turn.phony.is_some() || turn.withdrawn {
            return None;
        }
        if self.as_equity_bot {
            *reach = Closing::reach(observation)?;
            lookahead.set_reach(*reach);
        }
        // As the `equity` bot judges there, by the chance of winning.
        let mut by_wins = self.as_equity_bot && Odds::of(Objective::Wins, observation).is_some();
        let mut placements = Vec::new();
        self.equity
            .top_placements(observation, reach.width, &mut placements);
        let mut moves: Vec<(i32, Move)> = placements
            .into_iter()
            .map(|(value, placement)| (value, Move::Place(placement)))
            .collect();
        let played_value = i32::try_from(played_value).ok()?;
        for (value, action) in [(best.1, best.0), (played_value, turn.played)] {
            if !moves.iter().any(|&(_, known)| known == action) {
                moves.push((value, action));
            }
        }
        let played_at = moves.iter().position(|&(_, m)| m == turn.played)?;
        let (mut best_at, mut means) = mean_worths(lookahead, turn, observation, &moves)?;
        if by_wins {
            means
                .iter_mut()
                .for_each(|mean| *mean = chance_of_worth(*mean));
            // The same chance either way (a game already decided): the points decide, as
            // they break the bot's ties.
            if best_at != played_at && means[best_at] == means[played_at] {
                lookahead.set_objective(Objective::Points);
                let by_points = mean_worths(lookahead, turn, observation, &moves);
                lookahead.set_objective(Objective::Wins);
                (best_at, means) = by_points?;
                by_wins = false;
            }
        }
        let judge = match (by_wins, self.as_equity_bot) {
            (true, _) => format!("{WINS}:{reach}"),
            (false, true) => format!("lookahead:{reach}"),
            (false, false) => self.name.clone(),
        };
        Some(Judged {
            best: moves[best_at].1,
            best_value: means[best_at],
            played_value: means[played_at],
            judge,
        })
    }
}

/// `lookahead`'s judgement of `moves` at `turn`: the best's place among them, and each one's
/// mean worth over the racks, drawn for this move alone (a row reads the same whichever
/// others are reviewed).
fn mean_worths(
    lookahead: &mut Lookahead,
    turn: &Turn,
    observation: &Observation<'_>,
    moves: &[(i32, Move)],
) -> Option<(usize, Vec<i64>)> {
    lookahead.start_game(turn.turn as u64);
    let worth = lookahead.judge(observation, moves)?.to_vec();
    let samples = lookahead.racks_judged().len().max(1) as i64;
    let best_at = (0..moves.len()).max_by_key(|&at| (worth[at], std::cmp::Reverse(at)))?;
    Some((best_at, worth.iter().map(|sum| sum / samples).collect()))
}

/// A lookahead's judgement of a turn: its best move, its value and the move played's (in
/// hundredths of a point, or by the chance of winning in hundredths of a percent), and the
/// judge as the row names it.
struct Judged {
    best: Move,
    best_value: i64,
    played_value: i64,
    judge: String,
}

/// The name that begins a judge valuing moves by the chance of winning.
pub(super) const WINS: &str = "wins";

/// The judge that values moves made with the bag empty, as the rows name it.
pub(super) const SOLVER: &str = "solver";

/// The `--rank-by` judge as the rows name it.
pub(super) fn review_by_name(rank_by: ReviewBy) -> String {
    match rank_by {
        ReviewBy::Equity => "equity".to_string(),
        ReviewBy::EquityStatic => "equity-static".to_string(),
        ReviewBy::Lookahead(reach) => format!("lookahead:{reach}"),
    }
}

/// Points as hundredths of a point.
fn hundredths(points: i32) -> i64 {
    i64::from(points) * 100
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use engine::scrabble::Game;
    use lexicon::Edition;
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg64Mcg;

    use super::super::replay::replay;
    use super::*;
    use crate::gcg::Reader;

    /// The record of an `equity` self-play game from `seed`.
    fn record_of(seed: u64, rules: &Arc<Rules>, lexicon: &Arc<Lexicon>) -> String {
        let mut game = Game::new(rules.clone(), lexicon.clone(), 2, seed).unwrap();
        let mut equity = Equity::new(LeaveModel::embedded());
        while !game.is_over() {
            let action = equity.choose(&game.observation(game.to_move()));
            game.play(action).unwrap();
        }
        let names = ["equity".to_string(), "equity".to_string()];
        crate::gcg::record(&game, &names, &[], &[], Reader::Referee)
    }

    #[test]
    fn a_record_changed_anywhere_is_reviewed_or_refused_and_never_panics() {
        let rules = Arc::new(Rules::standard());
        let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
        let leaves = LeaveModel::embedded();
        let mut rng = Pcg64Mcg::seed_from_u64(7);
        let alphabet: Vec<char> = "AEQZ?az.-+()0123456789 :#>\n".chars().collect();
        let (mut reviewed, mut refused) = (0, 0);
        for seed in 0..3 {
            let record = record_of(seed, &rules, &lexicon);
            // A small lookahead and search: the judge's every path, at a test's cost.
            let reach = Reach {
                width: 2,
                samples: 2,
            };
            // And equity as the bot judges, by the known rack once the bag is empty.
            let mut judges = [
                Judge::new(
                    leaves,
                    ReviewBy::Lookahead(reach),
                    ReviewEndgame::Solver(300),
                ),
                Judge::new(leaves, ReviewBy::Equity, ReviewEndgame::Off),
            ];
            // The record as it is reviews without a refusal.
            let whole = crate::gcg::read::read(&record, "g.gcg").unwrap();
            let (turns, _) = replay(&whole, "g.gcg", &rules, &lexicon, |_| true).unwrap();
            assert!(turns.len() > 15);
            for _ in 0..150 {
                let mut chars: Vec<char> = record.chars().collect();
                let at = rng.random_range(0..chars.len());
                match rng.random_range(0..3) {
                    0 => chars[at] = alphabet[rng.random_range(0..alphabet.len())],
                    1 => {
                        chars.remove(at);
                    }
                    _ => chars.insert(at, alphabet[rng.random_range(0..alphabet.len())]),
                }
                let text: String = chars.into_iter().collect();
                let Ok(read) = crate::gcg::read::read(&text, "g.gcg") else {
                    refused += 1;
                    continue;
                };
                match replay(&read, "g.gcg", &rules, &lexicon, |_| true) {
                    Ok((turns, _)) => {
                        reviewed += 1;
                        for turn in &turns {
                            for judge in &mut judges {
                                // The best is never worth less than the move played.
                                let row = judge.row(turn, &rules, &lexicon, &read);
                                assert!(row.lost >= 0.0, "{text}");
                            }
                        }
                    }
                    Err(_) => refused += 1,
                }
            }
        }
        // Many changes fall in notes or names, many break a line: both kinds are met.
        assert!(
            reviewed > 20 && refused > 20,
            "{reviewed} reviewed, {refused} refused"
        );
    }
}
