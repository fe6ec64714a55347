//! How the crossword games' points were made: each bot's plays, bingos, bonuses, exchanges,
//! passes and end adjustments, counted from a finished game's history and written as
//! `plays.csv`.

use std::collections::BTreeMap;
use std::path::Path;

use engine::scrabble::{Game, Move};
use serde::{Deserialize, Serialize};

use super::aggregate::{MAX_SEATS, Record};
use super::tables::{per, write};
use reports::schema::{Fixed, PlayRow};

/// One seat's turns in one game, or a bot's over a run: integer sums, so they add up the
/// same however the games were split.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayRecord {
    /// Games counted.
    pub games: u64,
    /// Turns taken.
    pub turns: u64,
    /// Turns that placed tiles.
    pub plays: u64,
    /// Tiles placed.
    pub tiles: u64,
    /// Points of every turn (plays, and any card points on other turns).
    pub points: i64,
    /// Points of the turns that placed tiles.
    pub play_points: i64,
    /// Plays earning the bingo premium (the rules' `bingo_tiles` or more tiles).
    pub bingos: u64,
    /// Points of those plays, the premium included.
    pub bingo_points: i64,
    /// Points from outside the crossword rules (the Glossary, Hogwarts cards).
    pub bonus_points: i64,
    /// Exchanges.
    pub exchanges: u64,
    /// Passes.
    pub passes: u64,
    /// Rule 24's adjustments at the end.
    pub end_points: i64,
}

impl PlayRecord {
    /// Each seat's record of a finished game.
    pub fn of_game(game: &Game) -> [PlayRecord; MAX_SEATS] {
        let bingo_tiles = game.rules().numbers.bingo_tiles;
        let mut records = [PlayRecord::default(); MAX_SEATS];
        for (record, &adjustment) in records.iter_mut().zip(game.adjustments()) {
            record.games = 1;
            record.end_points = i64::from(adjustment);
        }
        for turn in game.history() {
            let record = &mut records[turn.seat];
            let points = i64::from(turn.score);
            record.turns += 1;
            record.points += points;
            record.bonus_points += i64::from(turn.bonus);
            match &turn.action {
                Move::Place(placement) => {
                    let tiles = placement.placed_count();
                    record.plays += 1;
                    record.tiles += tiles as u64;
                    record.play_points += points;
                    if tiles >= bingo_tiles {
                        record.bingos += 1;
                        record.bingo_points += points;
                    }
                }
                Move::Exchange(_) => record.exchanges += 1,
                Move::Pass => record.passes += 1,
            }
        }
        records
    }

    /// Adds another record's counts to this one's.
    pub fn merge(&mut self, other: &PlayRecord) {
        self.games += other.games;
        self.turns += other.turns;
        self.plays += other.plays;
        self.tiles += other.tiles;
        self.points += other.points;
        self.play_points += other.play_points;
        self.bingos += other.bingos;
        self.bingo_points += other.bingo_points;
        self.bonus_points += other.bonus_points;
        self.exchanges += other.exchanges;
        self.passes += other.passes;
        self.end_points += other.end_points;
    }
}

/// Writes `plays.csv`, one row a bot, if every bot's games were counted: chunks written
/// before plays were counted (a run resumed or merged across versions) would leave some out,
/// and no table is better than a wrong one.
pub fn write_table(
    dir: &Path,
    plays: &BTreeMap<String, PlayRecord>,
    bots: &BTreeMap<String, Record>,
) -> anyhow::Result<()> {
    let complete = bots
        .iter()
        .all(|(bot, record)| plays.get(bot).is_some_and(|p| p.games == record.games));
    if plays.is_empty() || !complete {
        return Ok(());
    }
    let rows: Vec<PlayRow> = plays
        .iter()
        .map(|(bot, record)| {
            let per_game = |sum: f64| Fixed(per(sum, record.games));
            let per_play = |sum: f64| Fixed(per(sum, record.plays));
            PlayRow {
                bot: bot.clone(),
                games: record.games,
                turns_per_game: per_game(record.turns as f64),
                plays_per_game: per_game(record.plays as f64),
                points_per_play: per_play(record.play_points as f64),
                tiles_per_play: per_play(record.tiles as f64),
                bingos_per_game: per_game(record.bingos as f64),
                bingo_points_per_game: per_game(record.bingo_points as f64),
                bonus_points_per_game: per_game(record.bonus_points as f64),
                exchanges_per_game: per_game(record.exchanges as f64),
                passes_per_game: per_game(record.passes as f64),
                end_adjustment_per_game: per_game(record.end_points as f64),
                score_per_game: per_game((record.points + record.end_points) as f64),
            }
        })
        .collect();
    write(dir, &rows)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use bots::Settings;
    use bots::seating::seat_table;
    use engine::play::play_out;
    use engine::scrabble::Rules;
    use lexicon::{Edition, Lexicon};

    use super::*;

    /// Over many games between a careful and a careless bot: every point of every seat is
    /// counted once, every turn is a play, an exchange or a pass, and every tile on the board
    /// was placed by a counted play.
    #[test]
    fn a_game_s_records_add_up_to_its_scores_turns_and_tiles() {
        let rules = Arc::new(Rules::standard());
        let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
        let names = ["greedy", "random", "equity"];
        let (mut bingos, mut exchanges) = (0, 0);
        for seed in 0..300u64 {
            let players = 2 + seed as usize % 2;
            let mut game = Game::new(rules.clone(), lexicon.clone(), players, seed).unwrap();
            let mut seats =
                seat_table(&names[..players], seed, &Settings::default(), None).unwrap();
            play_out(&mut game, &mut seats, |_| {}).unwrap();
            let records = PlayRecord::of_game(&game);
            let mut whole = PlayRecord::default();
            for (seat, record) in records.iter().enumerate() {
                if seat >= players {
                    assert_eq!(*record, PlayRecord::default());
                    continue;
                }
                assert_eq!(record.games, 1);
                assert_eq!(
                    record.points + record.end_points,
                    i64::from(game.scores()[seat]),
                    "seed {seed} seat {seat}"
                );
                assert_eq!(
                    record.plays + record.exchanges + record.passes,
                    record.turns
                );
                assert!(record.bingo_points >= 50 * record.bingos as i64);
                assert_eq!(record.bonus_points, 0, "no Glossary or cards here");
                whole.merge(record);
            }
            assert_eq!(whole.games, players as u64);
            assert_eq!(whole.turns, game.history().len() as u64);
            assert_eq!(whole.tiles, game.board().tile_count() as u64);
            assert_eq!(
                whole.end_points,
                game.adjustments()
                    .iter()
                    .map(|&a| i64::from(a))
                    .sum::<i64>()
            );
            let placing_seven = game
                .history()
                .iter()
                .filter(|turn| matches!(&turn.action, Move::Place(p) if p.placed_count() == 7))
                .count();
            assert_eq!(whole.bingos, placing_seven as u64);
            bingos += whole.bingos;
            exchanges += whole.exchanges;
        }
        // The counts were exercised, not only zero.
        assert!(
            bingos > 100 && exchanges > 10,
            "{bingos} bingos, {exchanges} exchanges"
        );
    }

    #[test]
    fn no_table_is_written_when_some_games_went_uncounted() {
        let dir = std::env::temp_dir().join(format!("owlery-plays-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let record = |games| PlayRecord {
            games,
            turns: 12 * games,
            plays: 11 * games,
            points: 400 * games as i64,
            play_points: 400 * games as i64,
            ..PlayRecord::default()
        };
        let bots: BTreeMap<String, Record> = [(
            "greedy".to_string(),
            Record {
                games: 4,
                ..Record::default()
            },
        )]
        .into();
        let counted: BTreeMap<String, PlayRecord> = [("greedy".to_string(), record(3))].into();
        write_table(&dir, &counted, &bots).unwrap();
        assert!(
            !dir.join("plays.csv").exists(),
            "one game in four was not counted"
        );
        let counted: BTreeMap<String, PlayRecord> = [("greedy".to_string(), record(4))].into();
        write_table(&dir, &counted, &bots).unwrap();
        let table = std::fs::read_to_string(dir.join("plays.csv")).unwrap();
        assert_eq!(
            table.lines().nth(1),
            Some("greedy,4,12.000,11.000,36.364,0.000,0.000,0.000,0.000,0.000,0.000,0.000,400.000")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
