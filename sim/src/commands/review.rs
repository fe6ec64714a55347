//! `owlery review`: a finished plain game's record (GCG) replayed, each move set beside the
//! best the bots find from the mover's seat, and what it cost.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, bail};
use bots::monopoly::DEFAULT_ROLLOUTS;
use bots::scrabble::endgame::{EndgameSearch, MoveValue};
use bots::scrabble::lookahead::Reach;
use bots::scrabble::{Equity, Lookahead};
use engine::scrabble::check::IllegalMove;
use engine::scrabble::tiles::KINDS;
use engine::scrabble::{
    Board, MAX_PLAYERS, Move, Observation, Placement, Rack, Rules, check_placement, leave_after,
    unseen_by,
};
use lexicon::Lexicon;
use serde::Serialize;

use super::analyze::line_text;
use crate::cli::{Format, GameArg, ReviewArgs, ReviewBy, ReviewEndgame};
use crate::gcg::read::{Action, Event, Record};
use crate::output;
use crate::setup::{bot_settings, crossword_rules, game_lexicon};

/// One move reviewed, as every format prints it.
#[derive(Debug, Serialize)]
struct Row {
    /// The move's place among the record's moves, from 1.
    turn: usize,
    /// Its line in the record.
    line: usize,
    /// The mover's nickname.
    player: String,
    /// Tiles in the bag before the move, as its mover counts them.
    bag: usize,
    rack: String,
    played: String,
    score: i32,
    /// The judge's value of the move played, in points.
    value: f64,
    best: String,
    best_score: i32,
    best_value: f64,
    /// What the move played gave up against the best, in points.
    lost: f64,
    /// What valued the moves: the `--rank-by` judge, or `solver` with the bag empty.
    judge: String,
    /// Where the solver judges: the replies and answers after the best that make its value.
    best_line: String,
    /// A word the lexicon lacks, or a move taken back.
    note: String,
}

/// Runs `owlery review`.
pub fn run(args: &ReviewArgs) -> anyhow::Result<ExitCode> {
    let file = args.gcg.display().to_string();
    let text = std::fs::read_to_string(&args.gcg).with_context(|| format!("reading {file}"))?;
    let record = crate::gcg::read::read(&text, &file)?;
    if text.lines().any(|line| line.starts_with("#note house ")) {
        bail!(
            "{file}: a Scrabble: Harry Potter Edition game (its houses are noted); review reads \
             the plain game's records"
        );
    }
    let wanted = match &args.player {
        Some(who) => Some(
            record
                .players
                .iter()
                .position(|(nick, name)| nick == who || name == who)
                .with_context(|| {
                    let nicks: Vec<&str> = record.players.iter().map(|(n, _)| n.as_str()).collect();
                    format!(
                        "--player {who:?}: {file} has no such player; expected one of {}",
                        nicks.join(", ")
                    )
                })?,
        ),
        None => None,
    };
    let rules = crossword_rules(&args.data)?;
    let lexicon = game_lexicon(GameArg::Scrabble, &args.lexicon)?;
    let leaves = bot_settings(&args.data, DEFAULT_ROLLOUTS)?.leaves();
    let mut judge = Judge {
        equity: Equity::new(leaves),
        // A fixed seed: the same record reviews alike every time.
        lookahead: match args.rank_by {
            ReviewBy::Equity => None,
            ReviewBy::Lookahead(reach) => Some((Lookahead::with_reach(leaves, 0, reach), reach)),
        },
        endgame: match args.endgame {
            ReviewEndgame::Solver(budget) => Some(EndgameSearch::new(budget)),
            ReviewEndgame::Off => None,
        },
        name: review_by_name(args.rank_by),
    };
    let reviewed = |seat| wanted.is_none_or(|wanted| wanted == seat);
    let (turns, unshown) = replay(&record, &file, &rules, &lexicon, reviewed)?;
    let rows: Vec<Row> = turns
        .iter()
        .map(|turn| judge.row(turn, &rules, &lexicon, &record))
        .collect();
    let mut out = output::stdout();
    match args.format {
        Format::Table => table(&mut out, &rows, &record, &unshown, args.rank_by)?,
        Format::Csv | Format::Json => output::write_rows(&mut out, args.format, &rows, HEADER)?,
    }
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}

/// The columns of the CSV and JSON listings.
const HEADER: &[&str] = &[
    "turn",
    "line",
    "player",
    "bag",
    "rack",
    "played",
    "score",
    "value",
    "best",
    "best_score",
    "best_value",
    "lost",
    "judge",
    "best_line",
    "note",
];

/// A move to review: the position before it as its mover saw it, and what was played.
struct Turn {
    turn: usize,
    line: usize,
    seat: usize,
    board: Board,
    scores: Vec<i32>,
    scoreless: u32,
    rack: Rack,
    played: Move,
    score: i32,
    /// The word the lexicon lacks, where the move played one.
    phony: Option<String>,
    /// Whether the move was taken back (its word challenged off): then worth a pass.
    withdrawn: bool,
}

/// Replays `record` on the board, checking every line (its tiles on the rack, its score by
/// the rules, its total), and returns the moves of the seats `reviewed` names whose racks are
/// shown in full, and by seat how many moves were not (a record written for one seat shows
/// the others' racks only in part).
fn replay(
    record: &Record,
    file: &str,
    rules: &Rules,
    lexicon: &Lexicon,
    reviewed: impl Fn(usize) -> bool,
) -> anyhow::Result<(Vec<Turn>, Vec<usize>)> {
    let players = record.players.len();
    let mut unshown = vec![0; players];
    let mut board = Board::empty();
    let mut totals = vec![0i32; players];
    let mut laid: Vec<Option<Placement>> = vec![None; players];
    let mut scoreless = 0;
    let mut turns = Vec::new();
    let mut moves = 0;
    for event in &record.events {
        let Event {
            line,
            seat,
            rack,
            ref action,
            score,
            total,
        } = *event;
        let at = || format!("{file}: line {line}");
        let added = totals[seat].checked_add(score);
        if added != Some(total) {
            bail!(
                "{}: the total {total} should be {} {score:+}; expected each line's total to \
                 add its points to the player's last",
                at(),
                totals[seat]
            );
        }
        if rack.len() > rules.numbers.rack_size {
            bail!(
                "{}: the rack {rack} holds {} tiles; expected at most {}",
                at(),
                rack.len(),
                rules.numbers.rack_size
            );
        }
        let scores = totals.clone();
        totals[seat] = total;
        let played = match action {
            Action::Place { coordinate, tiles } => {
                let text = format!("{coordinate} {tiles}");
                let placement = match Move::parse(&text, &board) {
                    Ok(Move::Place(placement)) => placement,
                    Ok(_) => bail!("{}: expected a placement, found {text:?}", at()),
                    Err(error) => bail!("{}: {error}", at()),
                };
                Some(Move::Place(placement))
            }
            Action::Exchange(Some(tiles)) => {
                if !rack.is_empty() && !rack.contains(tiles) {
                    bail!(
                        "{}: the rack {rack} does not hold {tiles} to exchange",
                        at()
                    );
                }
                Some(Move::Exchange(*tiles))
            }
            // Tiles exchanged unseen: a turn without points, not reviewed (below).
            Action::Exchange(None) | Action::Pass => Some(Move::Pass),
            Action::Withdrawn => {
                let placement = laid[seat].take().with_context(|| {
                    format!(
                        "{}: `--` takes back a word, but {} has none on the board to take back",
                        at(),
                        record.players[seat].0
                    )
                })?;
                placement.take_off(&mut board);
                scoreless += 1;
                // The move it takes back, if reviewed, turned out a pass.
                if let Some(last) = turns.last_mut().filter(|turn: &&mut Turn| {
                    turn.seat == seat && turn.turn == moves && turn.played == Move::Place(placement)
                }) {
                    last.withdrawn = true;
                }
                None
            }
            Action::Points => None,
        };
        let Some(played) = played else {
            continue;
        };
        moves += 1;
        check_counts(&board, &rack, rules).with_context(at)?;
        let board_before = board.clone();
        let mut phony = None;
        if let Move::Place(placement) = played {
            // A record written for another seat shows only the tiles laid.
            let held = if rack.is_empty() {
                placement.rack_tiles()
            } else {
                rack
            };
            match check_placement(&board, rules, lexicon, &held, &placement, false) {
                Ok(checked) if checked.score == score => {}
                Ok(checked) => bail!(
                    "{}: {} scores {:+} on this board with these tiles, not {score:+}; expected \
                     a record of the game these rules describe",
                    at(),
                    placement.notation(&board),
                    checked.score
                ),
                Err(IllegalMove::NotAWord { word }) => phony = Some(word),
                Err(error) => bail!("{}: {}: {error}", at(), placement.notation(&board)),
            }
            placement.lay_on(&mut board);
            laid[seat] = Some(placement);
            scoreless = 0;
        } else if score != 0 {
            bail!("{}: an exchange or a pass scores +0, not {score:+}", at());
        }
        let shown_in_full = !rack.is_empty()
            && (rack.len() == rules.numbers.rack_size
                || seen_counts(rules, &board_before, &rack, seat, players).2 == 0);
        let shown_in_full = shown_in_full && !matches!(action, Action::Exchange(None));
        if reviewed(seat) && !shown_in_full {
            unshown[seat] += 1;
        }
        if reviewed(seat) && shown_in_full {
            turns.push(Turn {
                turn: moves,
                line,
                seat,
                board: board_before,
                scores,
                scoreless,
                rack,
                played,
                score,
                phony,
                withdrawn: false,
            });
        }
        if !matches!(played, Move::Place(_)) {
            scoreless += 1;
        }
    }
    Ok((turns, unshown))
}

/// Checks that `board` and `rack` together hold no more of a tile than the set has.
fn check_counts(board: &Board, rack: &Rack, rules: &Rules) -> anyhow::Result<()> {
    let mut held = [0usize; KINDS];
    for kind in board.cells().map(|cell| cell.kind()).chain(rack.kinds()) {
        held[kind] += 1;
    }
    let counts = rules.tiles.counts();
    for (kind, &count) in held.iter().enumerate() {
        if count > usize::from(counts[kind]) {
            let letter = engine::scrabble::tiles::kind_char(kind);
            bail!(
                "the board and the rack hold {count} of {letter}; expected at most the set's {}",
                counts[kind]
            );
        }
    }
    Ok(())
}

/// The tiles `seat`, holding `rack` on `board`, has not seen, and the racks and the bag as
/// it counts them: the other racks full while those tiles last (in turn order), the bag the
/// rest.
fn seen_counts(
    rules: &Rules,
    board: &Board,
    rack: &Rack,
    seat: usize,
    players: usize,
) -> ([u8; KINDS], [usize; MAX_PLAYERS], usize) {
    let unseen = unseen_by(&rules.tiles, board, rack);
    let mut left: usize = unseen.iter().map(|&n| usize::from(n)).sum();
    let mut rack_sizes = [0; MAX_PLAYERS];
    rack_sizes[seat] = rack.len();
    for other in (1..players).map(|step| (seat + step) % players) {
        rack_sizes[other] = left.min(rules.numbers.rack_size);
        left -= rack_sizes[other];
    }
    (unseen, rack_sizes, left)
}

/// What judges the moves: `equity`'s values, or `lookahead`'s judgement over drawn racks;
/// with the bag empty in a two-player game, the endgame search.
struct Judge {
    equity: Equity,
    /// The lookahead judging, and how far it looks; `None` where equity judges.
    lookahead: Option<(Lookahead, Reach)>,
    /// The search judging moves made with the bag empty; `None` where the judge above does.
    endgame: Option<EndgameSearch>,
    /// The judge above, as the rows name it.
    name: String,
}

impl Judge {
    /// `turn` reviewed: its move and the best, each with its value.
    fn row(&mut self, turn: &Turn, rules: &Rules, lexicon: &Lexicon, record: &Record) -> Row {
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
                (best.chosen, best_value, played_value, SOLVER, note)
            }
            None => {
                let played_value = self.value(&observation, turn);
                let best = self.equity.choose_valued(&observation);
                let (best, best_value, played_value) = self
                    .judged(&observation, turn, best, played_value)
                    .unwrap_or((best.0, i64::from(best.1), played_value));
                (best, best_value, played_value, self.name.as_str(), "")
            }
        };
        // A move valued above the judge's best (a word the lexicon lacks, its points
        // trusted) is the best by that judge: nothing was lost.
        let (best, best_value) = if played_value > best_value {
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
            judge: judge.to_string(),
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
                None => i64::from(turn.score) * 100 + kept(&leave_after(&turn.rack, &placement)),
            },
            action => kept(&action.kept_from(&turn.rack)),
        }
    }

    /// Where `lookahead` judges: the best of equity's moves (with `best`, equity's choice)
    /// and the move played by its judgement, each worth its mean over the racks, and the
    /// move played's worth; `None` where it does not judge here, or the move played is a
    /// word the lexicon lacks.
    fn judged(
        &mut self,
        observation: &Observation<'_>,
        turn: &Turn,
        best: (Move, i32),
        played_value: i64,
    ) -> Option<(Move, i64, i64)> {
        let (lookahead, reach) = self.lookahead.as_mut()?;
        if turn.phony.is_some() || turn.withdrawn {
            return None;
        }
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
        let worth = lookahead.judge(observation, &moves)?.to_vec();
        let samples = lookahead.racks_judged().len().max(1) as i64;
        let mean = |at: usize| worth[at] / samples;
        let best_at = (0..moves.len()).max_by_key(|&at| (worth[at], std::cmp::Reverse(at)))?;
        let played_at = moves.iter().position(|&(_, m)| m == turn.played)?;
        Some((moves[best_at].1, mean(best_at), mean(played_at)))
    }
}

/// The judge that values moves made with the bag empty, as the rows name it.
const SOLVER: &str = "solver";

/// The `--rank-by` judge as the rows name it.
fn review_by_name(rank_by: ReviewBy) -> String {
    match rank_by {
        ReviewBy::Equity => "equity".to_string(),
        ReviewBy::Lookahead(reach) => format!("lookahead:{reach}"),
    }
}

/// Points as hundredths of a point.
fn hundredths(points: i32) -> i64 {
    i64::from(points) * 100
}

/// Hundredths of a point as points, to one decimal.
fn points(hundredths: i64) -> f64 {
    (hundredths as f64 / 10.0).round() / 10.0
}

/// The review as a table, and each player's sum.
fn table(
    out: &mut impl Write,
    rows: &[Row],
    record: &Record,
    unshown: &[usize],
    rank_by: ReviewBy,
) -> anyhow::Result<()> {
    let judge = review_by_name(rank_by);
    writeln!(
        out,
        "{:>4}  {:<6} {:>3}  {:<8} {:<22} {:>5} {:>7}  {:<22} {:>5} {:>7} {:>6}",
        "turn",
        "player",
        "bag",
        "rack",
        "played",
        "score",
        "value",
        "best",
        "score",
        "value",
        "lost"
    )?;
    for row in rows {
        let mut note = match (row.judge.as_str(), row.note.as_str()) {
            (SOLVER, "") => SOLVER.to_string(),
            (SOLVER, note) => format!("{SOLVER}; {note}"),
            (_, note) => note.to_string(),
        };
        // Where the move played lost, the best line shows why the best is better.
        if row.lost > 0.0 && !row.best_line.is_empty() {
            note += &format!("; the best, then: {}", row.best_line);
        }
        let text = format!(
            "{:>4}  {:<6} {:>3}  {:<8} {:<22} {:>5} {:>7.1}  {:<22} {:>5} {:>7.1} {:>6.1}  {}",
            row.turn,
            row.player,
            row.bag,
            row.rack,
            row.played,
            row.score,
            row.value,
            row.best,
            row.best_score,
            row.best_value,
            row.lost,
            note
        );
        writeln!(out, "{}", text.trim_end())?;
    }
    writeln!(
        out,
        "value: {judge}'s, in points (score and the tiles kept{}); lost: the best's value less \
         the move played's",
        if judge == "equity" {
            ""
        } else {
            ", less the reply's over racks drawn for the next player"
        }
    )?;
    if rows.iter().any(|row| row.judge == SOLVER) {
        writeln!(
            out,
            "{SOLVER}: with the bag empty, the endgame searched; value: the points the move gains \
             over the opponent from there to the end of the game"
        )?;
    }
    for ((nick, name), &unshown) in record.players.iter().zip(unshown) {
        let mine: Vec<&Row> = rows.iter().filter(|row| row.player == *nick).collect();
        let label = if name.is_empty() {
            nick.clone()
        } else {
            format!("{nick} ({name})")
        };
        let mut summary = String::new();
        if !mine.is_empty() {
            let lost: f64 = mine.iter().map(|row| row.lost).sum();
            let best = mine.iter().filter(|row| row.lost == 0.0).count();
            summary = format!(
                "{} reviewed, {best} the best, {lost:.1} points lost ({:.1} a move)",
                moves(mine.len()),
                lost / mine.len() as f64
            );
            let mut costliest: Vec<&&Row> = mine.iter().filter(|row| row.lost > 0.0).collect();
            costliest.sort_by(|a, b| b.lost.total_cmp(&a.lost).then(a.turn.cmp(&b.turn)));
            let worst: Vec<String> = costliest
                .iter()
                .take(3)
                .map(|row| format!("turn {} ({:.1})", row.turn, row.lost))
                .collect();
            if !worst.is_empty() {
                summary += &format!("; the costliest: {}", worst.join(", "));
            }
        }
        if unshown > 0 {
            let gap = if summary.is_empty() { "" } else { "; " };
            let unshown = moves(unshown);
            summary += &format!("{gap}{unshown} not reviewed: the rack not shown in full");
        }
        if !summary.is_empty() {
            writeln!(out, "{label}: {summary}")?;
        }
    }
    Ok(())
}

/// `count` moves, in words.
fn moves(count: usize) -> String {
    format!("{count} move{}", if count == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use bots::scrabble::leaves::LeaveModel;
    use engine::scrabble::Game;
    use lexicon::Edition;
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg64Mcg;

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
            // A small lookahead: the judge's every path, at a test's cost.
            let reach = Reach {
                width: 2,
                samples: 2,
            };
            let mut judge = Judge {
                equity: Equity::new(leaves),
                lookahead: Some((Lookahead::with_reach(leaves, 0, reach), reach)),
                // A small search: the endgame's every path, at a test's cost.
                endgame: Some(EndgameSearch::new(300)),
                name: "lookahead:2x2".to_string(),
            };
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
                            // The best is never worth less than the move played.
                            let row = judge.row(turn, &rules, &lexicon, &read);
                            assert!(row.lost >= 0.0, "{text}");
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
