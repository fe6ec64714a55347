//! How each letter fared: how often its tiles (or letter cards) were placed, what the plays
//! using it scored, and how often it was left on a rack (or in a hand) at the end, written as
//! `letters.csv` for the crossword games, `letter_cards.csv` for the card game and
//! `rummy_letter_cards.csv` for its Rummy variant (counted round by round), for designers who
//! rebalance the letters (`--tiles`).

use std::path::Path;

use engine::cardgame::{CardGame, CardMove, RummyGame};
use engine::scrabble::tiles::{KINDS, TileSet, kind_char};
use engine::scrabble::{Game, Move, Rack};
use serde::{Deserialize, Serialize};

use super::store::write_atomically;
use super::tables::per;
use reports::schema::{CARD_LETTERS, CROSSWORD_LETTERS, Fixed, LetterRow, RUMMY_LETTERS, to_csv};

/// Every letter's counts over a game or a run: integer sums, so they add up the same however
/// the games were split.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LetterRecord {
    /// Whether these are the card game's letter cards (held in hands) rather than tiles.
    #[serde(default)]
    pub cards: bool,
    /// Whether they are counted round by round (Rummy) rather than over a whole game.
    #[serde(default)]
    pub rounds: bool,
    /// Games counted.
    pub games: u64,
    /// Plays (turns that placed tiles), all seats.
    pub plays: u64,
    /// Points of those plays.
    pub play_points: i64,
    /// Each kind's value (the blank last), from the games' tile set.
    pub value: [i32; KINDS],
    /// Tiles of each kind in the set, summed over the games.
    pub in_set: [u64; KINDS],
    /// Tiles of each kind placed.
    pub placed: [u64; KINDS],
    /// Plays placing at least one tile of each kind.
    pub plays_with: [u64; KINDS],
    /// Points of those plays.
    pub points_with: [i64; KINDS],
    /// Tiles (of any kind) those plays placed.
    pub tiles_with: [u64; KINDS],
    /// Tiles of each kind on a rack when the game ended.
    pub left: [u64; KINDS],
}

impl LetterRecord {
    /// One game's record, before its plays and what was left: the set's letters.
    fn of_set(set: &TileSet) -> LetterRecord {
        let mut record = LetterRecord {
            games: 1,
            ..LetterRecord::default()
        };
        for kind in 0..KINDS {
            record.value[kind] = set.points(kind);
            record.in_set[kind] = u64::from(set.count(kind));
        }
        record
    }

    /// Counts one play: the letters it placed and its points.
    fn add_play(&mut self, placed: &Rack, points: i32) {
        let points = i64::from(points);
        let tiles = placed.len() as u64;
        self.plays += 1;
        self.play_points += points;
        for kind in placed.present_kinds() {
            self.placed[kind] += u64::from(placed.count(kind));
            self.plays_with[kind] += 1;
            self.points_with[kind] += points;
            self.tiles_with[kind] += tiles;
        }
    }

    /// Counts the letters a player held when the game ended.
    fn add_left(&mut self, held: &Rack) {
        for kind in held.present_kinds() {
            self.left[kind] += u64::from(held.count(kind));
        }
    }

    /// The letters of a finished crossword game.
    pub fn of_game(game: &Game) -> LetterRecord {
        let mut record = LetterRecord::of_set(&game.rules().tiles);
        for turn in game.history() {
            if let Move::Place(placement) = &turn.action {
                record.add_play(&placement.rack_tiles(), turn.score);
            }
        }
        for seat in 0..game.players() {
            record.add_left(game.rack(seat));
        }
        record
    }

    /// The letter cards of a finished card game (Classic or Forfeit); a play's points are its
    /// words', without the Action cards played on it.
    pub fn of_card_game(game: &CardGame) -> LetterRecord {
        let mut record = LetterRecord::of_set(&game.rules().letters);
        record.cards = true;
        for turn in game.history() {
            if let (CardMove::Place(play), Some(scored)) = (&turn.action, &turn.scored) {
                let mut placed = Rack::default();
                for tile in &play.tiles {
                    placed.add(tile.cell.kind());
                }
                record.add_play(&placed, scored.points);
            }
        }
        for seat in 0..game.players() {
            record.add_left(&game.hand(seat).letters);
        }
        record
    }

    /// The letter cards of a finished Rummy game, round by round: each turn's words laid are a
    /// play, scored as its Round card scored them, and what each player still held when a
    /// round ended is left over. The cards laid go to the discard pile at the round's end and
    /// hands are kept, so a card may be laid, or left over, in several rounds.
    pub fn of_rummy_game(game: &RummyGame) -> LetterRecord {
        let mut record = LetterRecord::of_set(&game.rules().letters);
        record.cards = true;
        record.rounds = true;
        for words in game.laid_words() {
            record.add_play(&words.cards, words.points);
        }
        for round in game.results() {
            for held in &round.held[..game.players()] {
                record.add_left(held);
            }
        }
        record
    }

    /// Adds another record's counts to this one's; the values are the games' own, the same
    /// for every game of a run.
    pub fn merge(&mut self, other: &LetterRecord) {
        if self.games == 0 {
            self.value = other.value;
            self.cards = other.cards;
            self.rounds = other.rounds;
        }
        self.games += other.games;
        self.plays += other.plays;
        self.play_points += other.play_points;
        for kind in 0..KINDS {
            self.in_set[kind] += other.in_set[kind];
            self.placed[kind] += other.placed[kind];
            self.plays_with[kind] += other.plays_with[kind];
            self.points_with[kind] += other.points_with[kind];
            self.tiles_with[kind] += other.tiles_with[kind];
            self.left[kind] += other.left[kind];
        }
    }
}

/// Writes the letters' table (`letters.csv`, `letter_cards.csv` for the card game,
/// `rummy_letter_cards.csv` for Rummy), one row a letter in the set (`?` the blank), if all
/// `games` of the run were counted: chunks written before letters were counted would leave
/// some out.
pub fn write_table(dir: &Path, letters: &LetterRecord, games: u64) -> anyhow::Result<()> {
    if letters.games == 0 || letters.games != games {
        return Ok(());
    }
    let tiles: u64 = letters.placed.iter().sum();
    let rows: Vec<LetterRow> = (0..KINDS)
        .filter(|&kind| letters.in_set[kind] > 0)
        .map(|kind| {
            let without = letters.plays - letters.plays_with[kind];
            let points_without = letters.play_points - letters.points_with[kind];
            let games = letters.games;
            LetterRow {
                letter: kind_char(kind).to_string(),
                value: letters.value[kind].into(),
                tiles: letters.in_set[kind] / games,
                placed_per_game: Fixed(per(letters.placed[kind] as f64, games)),
                placed_share: Fixed(per(letters.placed[kind] as f64, letters.in_set[kind])),
                points_per_play_with: Fixed(per(
                    letters.points_with[kind] as f64,
                    letters.plays_with[kind],
                )),
                points_per_play_without: Fixed(per(points_without as f64, without)),
                tiles_per_play_with: Fixed(per(
                    letters.tiles_with[kind] as f64,
                    letters.plays_with[kind],
                )),
                tiles_per_play_without: Fixed(per(
                    (tiles - letters.tiles_with[kind]) as f64,
                    without,
                )),
                left_per_game: Fixed(per(letters.left[kind] as f64, games)),
                left_share: Fixed(per(letters.left[kind] as f64, letters.in_set[kind])),
            }
        })
        .collect();
    // The letters table's name says what it counts; the first is the crossword games'.
    let file = match (letters.cards, letters.rounds) {
        (_, true) => RUMMY_LETTERS,
        (true, false) => CARD_LETTERS,
        (false, false) => CROSSWORD_LETTERS,
    };
    write_atomically(&dir.join(file), &to_csv(&rows)?)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use bots::Settings;
    use bots::seating::seat_table;
    use engine::play::play_out;
    use engine::scrabble::Rules;
    use engine::scrabble::tiles::BLANK;
    use lexicon::{Edition, Lexicon};

    use super::*;

    /// Every tile of the set is placed (and on the board as that kind), left on a rack, or
    /// still in the bag; and each play is counted once whatever it placed.
    #[test]
    fn placed_left_and_bagged_tiles_make_up_the_set() {
        let rules = Arc::new(Rules::standard());
        let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
        let names = ["greedy", "random", "equity", "greedy"];
        let mut run = LetterRecord::default();
        for seed in 0..200u64 {
            let players = 2 + seed as usize % 3;
            let mut game = Game::new(rules.clone(), lexicon.clone(), players, seed).unwrap();
            let mut seats =
                seat_table(&names[..players], seed, &Settings::default(), None).unwrap();
            play_out(&mut game, &mut seats, |_| {}).unwrap();
            let record = LetterRecord::of_game(&game);
            let mut on_board = [0u64; KINDS];
            for cell in game.board().cells().filter(|cell| !cell.is_empty()) {
                on_board[cell.kind()] += 1;
            }
            let bag = game.bag_counts();
            for kind in 0..KINDS {
                assert_eq!(
                    record.placed[kind], on_board[kind],
                    "seed {seed} kind {kind}"
                );
                assert_eq!(
                    record.placed[kind] + record.left[kind] + u64::from(bag[kind]),
                    record.in_set[kind],
                    "seed {seed} kind {kind}"
                );
                assert!(record.plays_with[kind] <= record.plays);
                assert!(record.tiles_with[kind] >= record.placed[kind]);
            }
            let plays = game
                .history()
                .iter()
                .filter(|turn| matches!(turn.action, Move::Place(_)))
                .count();
            assert_eq!(record.plays, plays as u64);
            run.merge(&record);
        }
        assert_eq!(run.games, 200);
        assert_eq!(run.value[BLANK], 0);
        assert_eq!(run.value[b'Q' as usize - b'A' as usize], 10);
        assert_eq!(run.in_set.iter().sum::<u64>(), 200 * 100);
        // The counts were exercised: blanks placed, and tiles left at the end.
        assert!(run.placed[BLANK] > 100 && run.left.iter().sum::<u64>() > 100);
    }

    /// In the card game (Classic and Forfeit): no letter is laid or held beyond its cards, each
    /// play counts once with its words' points, and the cards left are those in the hands.
    #[test]
    fn the_card_game_s_letters_stay_within_the_pack() {
        use engine::cardgame::{CardRules, Variant};

        let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
        let mut run = LetterRecord::default();
        for (variant, seeds) in [(Variant::Classic, 0..30u64), (Variant::Forfeit, 30..60)] {
            let rules = Arc::new(CardRules {
                variant,
                ..CardRules::standard()
            });
            for seed in seeds {
                let players = 2 + seed as usize % 3;
                let mut game =
                    CardGame::new(rules.clone(), lexicon.clone(), players, seed).unwrap();
                let names = &["greedy", "random", "greedy", "random"][..players];
                let mut seats = seat_table(names, seed, &Settings::default(), None).unwrap();
                play_out(&mut game, &mut seats, |_| {}).unwrap();
                let record = LetterRecord::of_card_game(&game);
                assert!(record.cards);
                for kind in 0..KINDS {
                    assert!(record.placed[kind] + record.left[kind] <= record.in_set[kind]);
                }
                let held: usize = (0..players).map(|s| game.hand(s).letters.len()).sum();
                assert_eq!(record.left.iter().sum::<u64>(), held as u64);
                let plays: Vec<i64> = game
                    .history()
                    .iter()
                    .filter_map(|turn| turn.scored.as_ref().map(|s| i64::from(s.points)))
                    .collect();
                assert_eq!(record.plays, plays.len() as u64, "seed {seed}");
                assert_eq!(record.play_points, plays.iter().sum::<i64>());
                run.merge(&record);
            }
        }
        assert!(run.cards && run.games == 60);
        assert_eq!(run.value[b'Z' as usize - b'A' as usize], 10);
        assert!(run.placed.iter().sum::<u64>() > 60 * 20, "{:?}", run.placed);
    }

    /// In Rummy, round by round: no letter is laid and held in one round beyond its cards,
    /// the words laid add up to the players' totals, and the cards left are those the hands
    /// held at each round's end.
    #[test]
    fn rummy_s_letters_are_counted_round_by_round() {
        use engine::cardgame::{CardRules, Variant};

        let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
        let rules = Arc::new(CardRules {
            variant: Variant::Rummy,
            ..CardRules::standard()
        });
        let mut run = LetterRecord::default();
        for seed in 0..20u64 {
            let players = 2 + seed as usize % 3;
            let mut game = RummyGame::new(rules.clone(), lexicon.clone(), players, seed).unwrap();
            let names = &["greedy", "random", "greedy", "random"][..players];
            let mut seats = seat_table(names, seed, &Settings::default(), None).unwrap();
            play_out(&mut game, &mut seats, |_| {}).unwrap();
            let record = LetterRecord::of_rummy_game(&game);
            assert!(record.cards && record.rounds);
            let rounds = game.results().len() as u64;
            for kind in 0..KINDS {
                assert!(record.placed[kind] + record.left[kind] <= record.in_set[kind] * rounds);
            }
            let held: usize = game
                .results()
                .iter()
                .flat_map(|round| &round.held[..players])
                .map(|hand| hand.len())
                .sum();
            assert_eq!(record.left.iter().sum::<u64>(), held as u64, "seed {seed}");
            let totals: i32 = game.scores().iter().sum();
            assert_eq!(record.play_points, i64::from(totals), "seed {seed}");
            assert_eq!(record.plays, game.laid_words().len() as u64);
            run.merge(&record);
        }
        assert!(run.rounds && run.games == 20);
        // Cards come back each round: over a game, more are laid than the pack holds.
        assert!(
            run.placed.iter().sum::<u64>() > 20 * 100,
            "{:?}",
            run.placed
        );
    }

    #[test]
    fn the_table_is_written_only_when_every_game_was_counted() {
        let dir = std::env::temp_dir().join(format!("owlery-letters-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut record = LetterRecord {
            games: 2,
            plays: 10,
            play_points: 200,
            ..LetterRecord::default()
        };
        let q = b'Q' as usize - b'A' as usize;
        record.value[q] = 10;
        record.in_set[q] = 2;
        record.placed[q] = 1;
        record.plays_with[q] = 1;
        record.points_with[q] = 40;
        record.tiles_with[q] = 3;
        let e = b'E' as usize - b'A' as usize;
        record.in_set[e] = 24;
        record.placed[e] = 20;
        record.left[q] = 1;
        write_table(&dir, &record, 3).unwrap();
        assert!(
            !dir.join("letters.csv").exists(),
            "one game in three uncounted"
        );
        write_table(&dir, &record, 2).unwrap();
        let table = std::fs::read_to_string(dir.join("letters.csv")).unwrap();
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(
            lines[0],
            "letter,value,tiles,placed_per_game,placed_share,points_per_play_with,\
             points_per_play_without,tiles_per_play_with,tiles_per_play_without,left_per_game,\
             left_share"
        );
        // Only the letters in the set have rows. Q's one play scored 40 with 3 tiles; the other
        // nine plays 160 with the other 18 of the 21 tiles placed.
        assert_eq!(
            lines[1..],
            [
                "E,0,12,10.000,0.8333,0.00,20.00,0.000,2.100,0.000,0.0000",
                "Q,10,1,0.500,0.5000,40.00,17.78,3.000,2.000,0.500,0.5000"
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
