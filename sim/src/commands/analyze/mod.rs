//! `owlery analyze`: every legal placement in a CGP position, best first (the card game's
//! hands in `cards`).

mod cards;

use std::collections::HashMap;
use std::io::Write;
use std::process::ExitCode;

use std::sync::Arc;

use anyhow::{Context, bail};
use bots::monopoly::DEFAULT_ROLLOUTS;
use bots::scrabble::endgame::{EndgameSearch, MoveValue};
use bots::scrabble::leaves::LeaveModel;
use bots::scrabble::lookahead::Reach;
use bots::scrabble::{Equity, Lookahead};
use engine::hogwarts::{Card, CardPlay, House, HpGame, HpRules};
use engine::scrabble::{
    Board, Cgp, Game, MAX_PLAYERS, Move, MoveGen, Observation, Placement, Rules, bag_after,
    leave_after, unseen_by,
};
use lexicon::Lexicon;
use serde::Serialize;

use crate::cli::{ANALYZE_SOLVER_EXACT, AnalyzeArgs, Format, GameArg, RankBy, VariantArg};
use crate::output;
use crate::setup::{bot_settings, check_game_options, crossword_rules, game_lexicon, hp_rules};

/// One analysed move, as every format prints it.
#[derive(Debug, Serialize)]
struct Row {
    rank: usize,
    #[serde(rename = "move")]
    notation: String,
    word: String,
    score: i32,
    leave: String,
    /// In points, when ranked by equity or lookahead.
    #[serde(skip_serializing_if = "Option::is_none")]
    equity: Option<f64>,
    /// In points, when ranked by lookahead: empty for the moves it did not judge.
    #[serde(skip_serializing_if = "Option::is_none")]
    lookahead: Option<Option<f64>>,
    /// In points gained over the opponent to the end of the game, when ranked by solver.
    #[serde(skip_serializing_if = "Option::is_none")]
    solver: Option<i32>,
    /// Whether `solver` is the move's worth rather than the most it is worth (it fell below
    /// the moves valued exactly).
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<bool>,
    /// Whether `solver` is exact (every line searched to the end) rather than estimated.
    #[serde(skip_serializing_if = "Option::is_none")]
    solved: Option<bool>,
    /// When ranked by solver: the replies and answers after the move that make its value.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<String>,
    /// When ranked by a bot: whether it is the move the bot plays.
    #[serde(skip_serializing_if = "Option::is_none")]
    chosen: Option<bool>,
}

impl Row {
    /// The row of a move that places nothing (a pass, an exchange) and keeps `kept`.
    fn unscored(notation: String, kept: engine::scrabble::Rack) -> Row {
        Row {
            rank: 0,
            notation,
            word: String::new(),
            score: 0,
            leave: kept.to_string(),
            equity: None,
            lookahead: None,
            solver: None,
            exact: None,
            solved: None,
            line: None,
            chosen: None,
        }
    }
}

/// A row with what ranks it: the placement, its equity in hundredths of a point, and what
/// the lookahead bot judged it worth (summed over its samples), if it did.
struct Ranked {
    row: Row,
    placement: Placement,
    equity: i32,
    worth: i64,
}

/// The columns of a listing ranked by `rank_by`.
fn header(rank_by: RankBy) -> &'static [&'static str] {
    let all = &[
        "rank",
        "move",
        "word",
        "score",
        "leave",
        "equity",
        "lookahead",
    ];
    match rank_by {
        RankBy::Score => &all[..5],
        RankBy::Equity => &all[..6],
        RankBy::Lookahead(_) => all,
        RankBy::Solver(_) => &[
            "rank", "move", "word", "score", "leave", "solver", "exact", "solved", "line",
        ],
        RankBy::Bot(_) => &["rank", "move", "word", "score", "leave", "chosen"],
    }
}

/// The Harry Potter game at a position: the houses in seat order from the CGP operation
/// `houses` (gryffindor, slytherin, ravenclaw, hufflepuff by default), and the card the
/// operation `cards` names played by the player to move (one at most, rule 13).
fn hp_position(cgp: &Cgp, rules: Arc<HpRules>, lexicon: Arc<Lexicon>) -> anyhow::Result<HpGame> {
    let players = cgp.racks.len();
    let mut houses = vec![
        House::Gryffindor,
        House::Slytherin,
        House::Ravenclaw,
        House::Hufflepuff,
    ];
    houses.truncate(players);
    let mut played = None;
    for (name, value) in &cgp.operations {
        match name.as_str() {
            "houses" => {
                houses = value
                    .split(',')
                    .map(|house| house.parse::<House>())
                    .collect::<Result<_, _>>()
                    .context("CGP operation houses")?;
            }
            "cards" => {
                let names: Vec<&str> = value
                    .split(',')
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .collect();
                if names.len() > 1 {
                    bail!(
                        "CGP operation cards: {value:?} names {} cards; one Hogwarts card is \
                         played a turn (rule 13)",
                        names.len()
                    );
                }
                played = names.first().map(|name| card_of_name(name)).transpose()?;
            }
            _ => {}
        }
    }
    let mut game =
        HpGame::from_position(rules, lexicon, houses, cgp, 0).context("CGP operation houses")?;
    if let Some(play) = played {
        let card = play.card();
        if !game.deal(0, card) {
            bail!("CGP operation cards: the deck holds no {card}");
        }
        game.play_card(play)
            .with_context(|| format!("CGP operation cards: {card}"))?;
    }
    Ok(game)
}

/// A card played by name alone: one whose play needs no target, tile or square, and leaves
/// the rack as it is.
fn card_of_name(name: &str) -> anyhow::Result<CardPlay> {
    let Some(card) = Card::ALL.into_iter().find(|c| c.key() == name) else {
        bail!(
            "CGP operation cards: {name:?} is not a Hogwarts card (expected names such as revelio, confundo)"
        );
    };
    Ok(match card {
        Card::Revelio => CardPlay::Revelio,
        Card::Confundo => CardPlay::Confundo,
        Card::Rictusempra => CardPlay::Rictusempra,
        Card::Reparo => CardPlay::Reparo,
        Card::FelixFelicis => CardPlay::FelixFelicis,
        Card::Gemino => CardPlay::Gemino,
        bonus if bonus.is_bonus() => CardPlay::Bonus(bonus),
        other => bail!(
            "CGP operation cards: {other} is not played by its name alone (expected revelio, \
             confundo, rictusempra, reparo, felix_felicis, gemino or a Bonus card such as \
             harry_potter)"
        ),
    })
}

/// Refuses a position no game could reach by its tiles: more of some tile on the board and
/// racks than the set has, or a rack fuller than `most` (the rack size, or in the Harry
/// Potter edition what house powers and cards can grow a rack to).
fn check_tiles(cgp: &Cgp, rules: &Rules, most: usize) -> anyhow::Result<()> {
    bag_after(&rules.tiles, cgp).context("--cgp")?;
    if let Some(rack) = cgp.racks.iter().find(|rack| rack.len() > most) {
        bail!(
            "--cgp racks: {} holds {} tiles; expected at most {most}",
            rack,
            rack.len()
        );
    }
    Ok(())
}

/// Runs `owlery analyze`.
pub fn run(args: &AnalyzeArgs) -> anyhow::Result<ExitCode> {
    check_game_options(args.game, args.variant, None)?;
    match args.game {
        GameArg::MonopolyHp => {
            anyhow::bail!("analyze reads Scrabble positions (CGP); monopoly-hp has none to read")
        }
        GameArg::ScrabbleCards
            if !matches!(args.rank_by, RankBy::Score | RankBy::Equity)
                || (args.rank_by == RankBy::Equity && args.variant == VariantArg::Rummy) =>
        {
            bail!(
                "--rank-by: scrabble-cards ranks by score, or by equity in Classic and Forfeit \
                 (lookahead and solver apply to scrabble and scrabble-hp)"
            )
        }
        GameArg::ScrabbleCards => return cards::run(args),
        GameArg::ScrabbleHp if matches!(args.rank_by, RankBy::Solver(_)) => {
            bail!(
                "--rank-by solver applies to scrabble: its search counts word scores only, \
                 not scrabble-hp's Glossary bonus or cards"
            )
        }
        _ => {}
    }
    let Some(cgp_text) = &args.cgp else {
        anyhow::bail!("--cgp: {} needs a position in CGP", args.game.name());
    };
    let cgp: Cgp = cgp_text.parse().context("reading --cgp")?;
    let lexicon = game_lexicon(args.game, &args.lexicon)?;
    let (rules, hp, most_on_rack) = match args.game {
        GameArg::Scrabble => {
            let rules = crossword_rules(&args.data)?;
            let most = rules.numbers.rack_size;
            (rules, None, most)
        }
        GameArg::ScrabbleHp => {
            let hp = hp_rules(&args.data)?;
            let most = hp.largest_rack();
            (Arc::new(hp.crossword.clone()), Some(hp), most)
        }
        GameArg::MonopolyHp | GameArg::ScrabbleCards => unreachable!("handled above"),
    };
    check_tiles(&cgp, &rules, most_on_rack)?;
    // In the Harry Potter edition the game scores each move, with its card and Glossary words.
    let hp_game = hp
        .map(|hp| hp_position(&cgp, hp, lexicon.clone()))
        .transpose()?;
    let rack = cgp.racks[0];
    let confundo = hp_game
        .as_ref()
        .is_some_and(|game| game.core().backwards_allowed());
    let mut moves = Vec::new();
    MoveGen::new().generate_with(&cgp.board, &rules, &lexicon, &rack, confundo, |candidate| {
        moves.push((candidate.score(), candidate.placement()))
    });
    let keeps_leftovers = hp_game.as_ref().map_or([false; MAX_PLAYERS], |game| {
        game.observation(0).core.keeps_leftovers
    });
    let observation = seat_view(&cgp, &rules, &lexicon, confundo, keeps_leftovers);
    let leaves = bot_settings(&args.data, DEFAULT_ROLLOUTS)?.leaves();
    let equity = Equity::new(leaves);
    let mut rows: Vec<Ranked> = moves
        .iter()
        .map(|(score, placement)| {
            // What the Harry Potter edition adds to the words: Glossary and card bonuses.
            let bonus = hp_game.as_ref().map_or(0, |game| {
                game.score_of(&Move::Place(*placement))
                    .map_or(0, |total| total - score)
            });
            let valued = matches!(args.rank_by, RankBy::Equity | RankBy::Lookahead(_));
            let value = valued
                .then(|| equity.value_of(&observation, placement))
                .flatten()
                .map_or(i32::MIN, |value| value.saturating_add(100 * bonus));
            let row = Row {
                rank: 0,
                notation: placement.notation(&cgp.board),
                word: placement.word(&cgp.board),
                score: score + bonus,
                leave: leave_after(&rack, placement).to_string(),
                equity: valued.then(|| points(i64::from(value), 1)),
                lookahead: matches!(args.rank_by, RankBy::Lookahead(_)).then_some(None),
                solver: None,
                exact: None,
                solved: None,
                line: None,
                chosen: matches!(args.rank_by, RankBy::Bot(_)).then_some(false),
            };
            Ranked {
                row,
                placement: *placement,
                equity: value,
                worth: i64::MIN,
            }
        })
        .collect();
    // Best first by the measure asked for; equal ones by their notation.
    let measure = |ranked: &Ranked| match args.rank_by {
        RankBy::Score | RankBy::Bot(_) => ranked.row.score,
        _ => ranked.equity,
    };
    rows.sort_by(|a, b| {
        measure(b)
            .cmp(&measure(a))
            .then_with(|| a.row.notation.cmp(&b.row.notation))
    });
    if let RankBy::Lookahead(reach) = args.rank_by {
        judge_best(&mut rows, &observation, reach, leaves)?;
    }

    let (mut rows, searched) = match args.rank_by {
        RankBy::Solver(budget) => {
            let exact = args.top.unwrap_or(ANALYZE_SOLVER_EXACT);
            let (rows, searched) = solve(rows, &observation, budget, exact)?;
            (rows, Some(searched))
        }
        _ => (rows.into_iter().map(|ranked| ranked.row).collect(), None),
    };
    if let RankBy::Bot(name) = args.rank_by {
        let settings = bot_settings(&args.data, DEFAULT_ROLLOUTS)?;
        let mut bot = bots::bot_with::<Game>(name, &settings)?;
        let chosen = bots::scrabble::choose(bot.as_mut(), &observation);
        put_first(&mut rows, chosen, &cgp.board, &rack);
    }
    rows.truncate(args.top.unwrap_or(usize::MAX));
    for (index, row) in rows.iter_mut().enumerate() {
        row.rank = index + 1;
    }
    let mut out = output::stdout();
    let header = header(args.rank_by);
    match args.format {
        Format::Table => {
            let extra = |row: &Row| {
                let equity = row.equity.map(|e| format!("  {e:>7.1}"));
                let lookahead = row.lookahead.map(|l| match l {
                    Some(l) => format!("  {l:>9.1}"),
                    None => format!("  {:>9}", ""),
                });
                let solver = row.solver.map(|value| {
                    let (exact, solved) = (yes_no(row.exact), yes_no(row.solved));
                    format!("  {value:>7}  {exact:>7}  {solved:>7}")
                });
                let chosen = row
                    .chosen
                    .map(|chosen| format!("  {:>7}", if chosen { "yes" } else { "" }));
                equity.unwrap_or_default()
                    + &lookahead.unwrap_or_default()
                    + &solver.unwrap_or_default()
                    + &chosen.unwrap_or_default()
            };
            // The line, long, goes last, after the leave.
            let titles: String = header[5..]
                .iter()
                .filter(|&&title| title != "line")
                .map(|title| format!("  {title:>width$}", width = title.len().max(7)))
                .collect();
            let line_title = if searched.is_some() { "  line" } else { "" };
            let title = format!(
                "{:>4}  {:<22} {:<15} {:>5}{titles}  {:<7}{line_title}",
                "rank", "move", "word", "score", "leave"
            );
            writeln!(out, "{}", title.trim_end())?;
            for row in &rows {
                let line = row.line.as_ref().map(|line| format!("  {line}"));
                let text = format!(
                    "{:>4}  {:<22} {:<15} {:>5}{}  {:<7}{}",
                    row.rank,
                    row.notation,
                    row.word,
                    row.score,
                    extra(row),
                    row.leave,
                    line.unwrap_or_default()
                );
                writeln!(out, "{}", text.trim_end())?;
            }
            if let Some((plies, expanded, exact)) = searched {
                writeln!(
                    out,
                    "solver: each move searched {plies} plies deep ({expanded} positions), the \
                     best {exact} valued exactly; where exact says no, the move is worth at most \
                     that; where solved says no, a line cut short was estimated"
                )?;
            }
        }
        Format::Csv | Format::Json => output::write_rows(&mut out, args.format, &rows, header)?,
    }
    output::finish(out)?;
    Ok(ExitCode::SUCCESS)
}

/// Puts the move a bot chose first, marked chosen: a placement's row, or a row of its own for
/// an exchange or a pass.
fn put_first(rows: &mut Vec<Row>, chosen: Move, board: &Board, rack: &engine::scrabble::Rack) {
    let notation = chosen.notation(board);
    let mut first = match rows.iter().position(|row| row.notation == notation) {
        Some(at) => rows.remove(at),
        None => {
            let mut kept = *rack;
            if let Move::Exchange(tiles) = chosen {
                kept.take_all(&tiles);
            }
            Row::unscored(notation, kept)
        }
    };
    first.chosen = Some(true);
    rows.insert(0, first);
}

/// A flag as the table prints it.
fn yes_no(flag: Option<bool>) -> &'static str {
    if flag == Some(true) { "yes" } else { "no" }
}

/// `hundredths` of a point as points, rounded to `decimals` places.
fn points(hundredths: i64, decimals: i32) -> f64 {
    let scale = 10f64.powi(decimals);
    (hundredths as f64 / 100.0 * scale).round() / scale
}

/// What the player to move sees of `cgp`: its rack, the board, the scores, the tiles it has
/// not seen, and the bag as it is once every other short rack is filled from it.
fn seat_view<'a>(
    cgp: &'a Cgp,
    rules: &'a Rules,
    lexicon: &'a Lexicon,
    confundo: bool,
    keeps_leftovers: [bool; MAX_PLAYERS],
) -> Observation<'a> {
    let rack = cgp.racks[0];
    // `check_tiles` made sure the set holds them all.
    let unseen = unseen_by(&rules.tiles, &cgp.board, &rack);
    let others_held: usize = cgp.racks[1..].iter().map(|r| r.len()).sum();
    let mut bag_len = unseen.iter().map(|&n| usize::from(n)).sum::<usize>() - others_held;
    let mut rack_sizes = [0; MAX_PLAYERS];
    rack_sizes[0] = rack.len();
    for (seat, other) in cgp.racks.iter().enumerate().skip(1) {
        let missing = rules.numbers.rack_size.saturating_sub(other.len());
        let filled = missing.min(bag_len);
        bag_len -= filled;
        rack_sizes[seat] = other.len() + filled;
    }
    Observation {
        seat: 0,
        rack,
        board: &cgp.board,
        scores: &cgp.scores,
        rack_sizes,
        keeps_leftovers,
        bag_len,
        unseen,
        scoreless: cgp.scoreless,
        rules,
        lexicon,
        backwards: confundo,
    }
}

/// Reorders the first `reach.width` rows (best by equity) by the lookahead bot's judgement of
/// them over `reach.samples` racks for the next player (one once the bag is empty and, with
/// two players, the opponent's rack is known), and fills in their `lookahead` column.
fn judge_best(
    rows: &mut [Ranked],
    observation: &Observation<'_>,
    reach: Reach,
    leaves: &'static LeaveModel,
) -> anyhow::Result<()> {
    let judged = rows.len().min(reach.width);
    let moves: Vec<(i32, Move)> = rows[..judged]
        .iter()
        .map(|ranked| (ranked.equity, Move::Place(ranked.placement)))
        .collect();
    // A fixed seed: the same position lists the same figures every time.
    let mut lookahead = Lookahead::with_reach(leaves, 0, reach);
    let Some(worth) = lookahead.judge(observation, &moves) else {
        bail!(
            "--rank-by lookahead: needs a tile on the next player's rack and no word read \
             backwards (this position has Confundo, or the bag and the next rack are both \
             empty)"
        );
    };
    let worth = worth.to_vec();
    let samples = lookahead.racks_judged().len() as f64;
    for (ranked, &sum) in rows[..judged].iter_mut().zip(&worth) {
        ranked.worth = sum;
        let mean = (sum as f64 / samples).round() as i64;
        ranked.row.lookahead = Some(Some(points(mean, 1)));
    }
    // Most worth first; a stable sort, so equal judgements keep equity's order.
    rows[..judged].sort_by_key(|ranked| std::cmp::Reverse(ranked.worth));
    Ok(())
}

/// The rows of every placement, and a pass, ordered by what each gains over the opponent to
/// the end of a two-player endgame (`budget` positions searched, the `exact` best valued
/// exactly and the rest bounded), with their `solver`, `exact`, `solved` and `line` columns
/// filled in; and the plies and positions searched, and `exact`.
fn solve(
    rows: Vec<Ranked>,
    observation: &Observation<'_>,
    budget: u32,
    exact: usize,
) -> anyhow::Result<(Vec<Row>, (u8, u32, usize))> {
    let mut search = EndgameSearch::new(budget);
    let Some(valuation) = search.value_moves(observation, exact) else {
        let unseen: usize = observation.unseen.iter().map(|&n| usize::from(n)).sum();
        bail!(
            "--rank-by solver: needs two players, a tile on each rack and the bag empty (at \
             most {} tiles unseen by the player to move; this position has {} players and \
             {unseen} unseen)",
            observation.rules.numbers.rack_size,
            observation.scores.len(),
        );
    };
    let mut by_placement: HashMap<Placement, Row> = rows
        .into_iter()
        .map(|ranked| (ranked.placement, ranked.row))
        .collect();
    let mut solved = Vec::with_capacity(valuation.moves.len());
    for move_value in &valuation.moves {
        let mut row = match move_value.chosen {
            Move::Place(placement) => by_placement
                .remove(&placement)
                .context("--rank-by solver: the search found a placement the listing lacks")?,
            _ => Row::unscored("pass".to_string(), observation.rack),
        };
        row.solver = Some(move_value.value);
        row.exact = Some(move_value.exact);
        row.solved = Some(move_value.solved);
        row.line = Some(line_text(observation.board, move_value));
        solved.push(row);
    }
    let exact = exact.min(solved.len());
    Ok((solved, (valuation.plies, valuation.expanded, exact)))
}

/// The moves after `move_value`'s, each in notation on the board as the moves before it leave
/// it, separated by "; ".
pub(super) fn line_text(board: &Board, move_value: &MoveValue) -> String {
    let mut board = board.clone();
    let lay = |board: &mut Board, action: &Move| {
        if let Move::Place(placement) = action {
            placement.lay_on(board);
        }
    };
    lay(&mut board, &move_value.chosen);
    let mut text = Vec::with_capacity(move_value.line.len());
    for action in &move_value.line {
        text.push(match action {
            Move::Place(placement) => placement.notation(&board),
            _ => "pass".to_string(),
        });
        lay(&mut board, action);
    }
    text.join("; ")
}
