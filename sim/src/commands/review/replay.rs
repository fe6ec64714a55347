//! A record replayed move by move, each line checked against the rules, into the positions
//! its movers saw.

use anyhow::{Context, bail};
use engine::scrabble::check::IllegalMove;
use engine::scrabble::tiles::KINDS;
use engine::scrabble::{
    Board, MAX_PLAYERS, Move, Placement, Rack, Rules, check_placement, unseen_by,
};
use lexicon::Lexicon;

use crate::gcg::read::{Action, Event, Record};

/// A move to review: the position before it as its mover saw it, and what was played.
pub(super) struct Turn {
    pub(super) turn: usize,
    pub(super) line: usize,
    pub(super) seat: usize,
    pub(super) board: Board,
    pub(super) scores: Vec<i32>,
    pub(super) scoreless: u32,
    pub(super) rack: Rack,
    pub(super) played: Move,
    pub(super) score: i32,
    /// The word the lexicon lacks, where the move played one.
    pub(super) phony: Option<String>,
    /// Whether the move was taken back (its word challenged off): then worth a pass.
    pub(super) withdrawn: bool,
}

/// Replays `record` on the board, checking every line (its tiles on the rack, its score by
/// the rules, its total), and returns the moves of the seats `reviewed` names whose racks are
/// shown in full, and by seat how many moves were not (a record written for one seat shows
/// the others' racks only in part).
pub(super) fn replay(
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
pub(super) fn seen_counts(
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
