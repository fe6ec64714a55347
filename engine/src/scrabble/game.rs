//! One crossword game: its state, the turns applied to it, and its end (rules 2, 7, 22, 24).

use std::sync::Arc;

use lexicon::Lexicon;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::bag::Bag;
use super::board::Board;
use super::cgp::Cgp;
use super::check::{CheckedPlay, IllegalMove, check_placement};
use super::moves::Move;
use super::observation::{Observation, unseen_by};
use super::rack::Rack;
use super::rules::Rules;
use super::tiles::{KINDS, TileSet, kind_char};
use crate::draws::{Draws, SeatStreams};
use crate::play::{Pending, Rejected, Stepped};

/// The most players a game seats.
pub const MAX_PLAYERS: usize = 4;

/// The game's random number generator: small, fast, and reproducible from a `u64` seed.
pub type GameRng = Pcg64Mcg;

/// The purpose that keys the tiles' seat streams.
const TILE_STREAM: u64 = 0x7469_6c65;

/// One turn as it happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// Who moved.
    pub seat: usize,
    /// Their rack before the move (private to them while the game is on).
    pub rack: Rack,
    /// What they did.
    pub action: Move,
    /// Points scored.
    pub score: i32,
    /// Their total after the turn.
    pub total: i32,
    /// Points in `score` that came from outside the crossword rules (Glossary, cards).
    pub bonus: i32,
}

/// How a game is set up: who moves first, each seat's opening tiles, and who keeps left-overs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    /// Seats in play, 2 to 4.
    pub players: usize,
    /// The seat that moves first.
    pub first: usize,
    /// Tiles each seat draws before the first move.
    pub opening_tiles: [usize; MAX_PLAYERS],
    /// Seats whose tiles left at the end count for them instead of against them (Hufflepuff).
    pub keeps_leftovers: [bool; MAX_PLAYERS],
    /// Where each seat's tiles come from.
    pub draws: Draws,
}

impl Setup {
    /// The standard game: seat 0 first, full racks, rule 24 for everyone.
    pub fn standard(players: usize, rack_size: usize) -> Setup {
        Setup {
            players,
            first: 0,
            opening_tiles: [rack_size; MAX_PLAYERS],
            keeps_leftovers: [false; MAX_PLAYERS],
            draws: Draws::Shared,
        }
    }
}

/// What the layers above the crossword rules add to one turn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TurnExtras {
    /// Points added after the word score (Glossary, cards).
    pub bonus: i32,
    /// The same seat moves again (the Reparo card).
    pub again: bool,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    /// A player used their last tile with the bag empty.
    WentOut {
        /// The player who went out.
        seat: usize,
    },
    /// Too many consecutive scoreless turns.
    Scoreless,
}

/// A game that could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Too few or too many players.
    #[error("expected 2 to 4 players, found {0}")]
    Players(usize),
    /// Two seats given the same house (Harry Potter edition).
    #[error("{0} is named for two seats: expected a different house for each seat")]
    RepeatedHouse(&'static str),
    /// A position holds more tiles of a kind than the set.
    #[error("the position holds more {tile} tiles than the set's {count}")]
    TooManyTiles {
        /// The tile, `?` for the blank.
        tile: char,
        /// How many the set has.
        count: u8,
    },
}

/// The bag a CGP position leaves: the tile set less the board's tiles and the racks'; an
/// error if they hold more of some tile than the set has.
pub fn bag_after(tiles: &TileSet, cgp: &Cgp) -> Result<Bag, SetupError> {
    let mut bag = Bag::full(tiles);
    let board_tiles = cgp.board.cells().map(|cell| cell.kind());
    let rack_tiles = cgp.racks.iter().flat_map(|rack| rack.kinds());
    for kind in board_tiles.chain(rack_tiles) {
        if !bag.remove(kind) {
            return Err(SetupError::TooManyTiles {
                tile: kind_char(kind),
                count: tiles.count(kind),
            });
        }
    }
    Ok(bag)
}

/// Rule 24's adjustments for the `racks` left at the end, by seat: each loses its rack's
/// points, but a seat keeping its tiles (Hufflepuff, rule 10) gains them; the seat that went
/// out, if one did, gains what the others lost.
pub fn end_adjustments(
    tiles: &TileSet,
    racks: &[Rack],
    keeps_leftovers: &[bool],
    went_out: Option<usize>,
) -> [i32; MAX_PLAYERS] {
    let mut points = [0; MAX_PLAYERS];
    for (points, rack) in points.iter_mut().zip(racks) {
        *points = rack.points(|kind| tiles.points(kind));
    }
    end_adjustments_of_points(&points[..racks.len()], keeps_leftovers, went_out)
}

/// [`end_adjustments`] for racks whose tiles' points are `points`, seat by seat.
pub fn end_adjustments_of_points(
    points: &[i32],
    keeps_leftovers: &[bool],
    went_out: Option<usize>,
) -> [i32; MAX_PLAYERS] {
    let mut adjustments = [0; MAX_PLAYERS];
    let mut left_over = 0;
    for (seat, (&points, &keeps)) in points.iter().zip(keeps_leftovers).enumerate() {
        if keeps {
            adjustments[seat] = points;
        } else {
            adjustments[seat] = -points;
            left_over += points;
        }
    }
    if let Some(seat) = went_out {
        adjustments[seat] += left_over;
    }
    adjustments
}

/// Checks a move from `rack` on `board` with `bag_len` tiles in the bag (rules 1-8 and 7 for
/// an exchange); a placement's words and score when it places tiles. `backwards`: this turn's
/// word may read backwards (Confundo).
pub fn check_move(
    board: &Board,
    rules: &Rules,
    lexicon: &Lexicon,
    rack: &Rack,
    bag_len: usize,
    backwards: bool,
    action: &Move,
) -> Result<Option<CheckedPlay>, IllegalMove> {
    match action {
        Move::Place(placement) => {
            check_placement(board, rules, lexicon, rack, placement, backwards).map(Some)
        }
        Move::Exchange(tiles) => {
            if tiles.is_empty() {
                return Err(IllegalMove::EmptyExchange);
            }
            let needed = rules.numbers.exchange_min_bag.max(tiles.len());
            if bag_len < needed {
                return Err(IllegalMove::BagTooSmall {
                    bag: bag_len,
                    needed,
                });
            }
            if !rack.contains(tiles) {
                return Err(IllegalMove::NotOnRack {
                    rack: rack.to_string(),
                    needed: tiles.to_string(),
                });
            }
            Ok(None)
        }
        Move::Pass => Ok(None),
    }
}

/// A crossword game in progress or finished.
#[derive(Debug, Clone)]
pub struct Game {
    rules: Arc<Rules>,
    lexicon: Arc<Lexicon>,
    board: Board,
    bag: Bag,
    racks: [Rack; MAX_PLAYERS],
    players: usize,
    scores: [i32; MAX_PLAYERS],
    to_move: usize,
    scoreless: u32,
    history: Vec<Turn>,
    rng: GameRng,
    /// Each seat's own tile stream, when draws are by seat.
    seat_draws: Option<SeatStreams>,
    end: Option<EndReason>,
    adjustments: [i32; MAX_PLAYERS],
    keeps_leftovers: [bool; MAX_PLAYERS],
    /// This turn's main word may read backwards (the Confundo card).
    backwards_allowed: bool,
}

impl Game {
    /// A new game: full bag, racks drawn in seat order, seat 0 to move.
    pub fn new(
        rules: Arc<Rules>,
        lexicon: Arc<Lexicon>,
        players: usize,
        seed: u64,
    ) -> Result<Game, SetupError> {
        let setup = Setup::standard(players, rules.numbers.rack_size);
        Game::with_setup(rules, lexicon, setup, seed)
    }

    /// A new game set up as `setup` says: racks drawn in seat order.
    pub fn with_setup(
        rules: Arc<Rules>,
        lexicon: Arc<Lexicon>,
        setup: Setup,
        seed: u64,
    ) -> Result<Game, SetupError> {
        let players = setup.players;
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::Players(players));
        }
        let mut game = Game {
            bag: Bag::full(&rules.tiles),
            rules,
            lexicon,
            board: Board::empty(),
            racks: [Rack::EMPTY; MAX_PLAYERS],
            players,
            scores: [0; MAX_PLAYERS],
            to_move: setup.first % players,
            scoreless: 0,
            history: Vec::with_capacity(64),
            rng: GameRng::seed_from_u64(seed),
            seat_draws: match setup.draws {
                Draws::Shared => None,
                Draws::BySeat => Some(SeatStreams::new(seed, TILE_STREAM)),
            },
            end: None,
            adjustments: [0; MAX_PLAYERS],
            keeps_leftovers: setup.keeps_leftovers,
            backwards_allowed: false,
        };
        for seat in 0..players {
            game.fill(seat, setup.opening_tiles[seat]);
        }
        Ok(game)
    }

    /// A game from a CGP position, the player to move in seat 0; short racks are filled from the bag.
    pub fn from_cgp(
        rules: Arc<Rules>,
        lexicon: Arc<Lexicon>,
        cgp: &Cgp,
        seed: u64,
    ) -> Result<Game, SetupError> {
        let players = cgp.racks.len();
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::Players(players));
        }
        let bag = bag_after(&rules.tiles, cgp)?;
        let mut game = Game {
            bag,
            board: cgp.board.clone(),
            racks: [Rack::EMPTY; MAX_PLAYERS],
            players,
            scores: [0; MAX_PLAYERS],
            to_move: 0,
            scoreless: cgp.scoreless,
            history: Vec::new(),
            rng: GameRng::seed_from_u64(seed),
            seat_draws: None,
            end: None,
            adjustments: [0; MAX_PLAYERS],
            keeps_leftovers: [false; MAX_PLAYERS],
            backwards_allowed: false,
            rules,
            lexicon,
        };
        for seat in 0..players {
            game.racks[seat] = cgp.racks[seat];
            game.scores[seat] = cgp.scores[seat];
            game.fill(seat, game.rules.numbers.rack_size);
        }
        Ok(game)
    }

    /// Draws up to `count` more tiles onto `seat`'s rack (Engorgio); returns how many came.
    pub fn draw_extra(&mut self, seat: usize, count: usize) -> usize {
        let before = self.racks[seat].len();
        self.fill(seat, before + count);
        self.racks[seat].len() - before
    }

    /// Draws onto `seat`'s rack until it holds `size` or the bag is empty.
    fn fill(&mut self, seat: usize, size: usize) {
        match &mut self.seat_draws {
            None => self.bag.fill(&mut self.racks[seat], size, &mut self.rng),
            Some(streams) => {
                while self.racks[seat].len() < size {
                    match self.bag.draw_keyed(streams.next_key(seat)) {
                        Some(kind) => self.racks[seat].add(kind),
                        None => break,
                    }
                }
            }
        }
    }

    /// Moves one tile of `kind` from one rack to another (Expelliarmus, Veritaserum).
    pub fn transfer_tile(&mut self, from: usize, to: usize, kind: usize) -> bool {
        if !self.racks[from].take(kind) {
            return false;
        }
        self.racks[to].add(kind);
        true
    }

    /// A tile drawn uniformly from `seat`'s rack, by the game's RNG (Expelliarmus takes blind).
    pub fn random_tile(&mut self, seat: usize) -> Option<usize> {
        use rand::Rng;
        let rack = &self.racks[seat];
        if rack.is_empty() {
            return None;
        }
        let pick = self.rng.random_range(0..rack.len());
        rack.kinds().nth(pick)
    }

    /// Swaps the blank on `square` for the real letter from `seat`'s rack (Alohomora).
    pub fn swap_blank(&mut self, seat: usize, square: usize) -> bool {
        let cell = self.board.at(square);
        if cell.is_empty() || !cell.is_blank() || !self.racks[seat].take(usize::from(cell.letter()))
        {
            return false;
        }
        self.racks[seat].add(super::tiles::BLANK);
        let (row, col) = (square / super::layout::SIZE, square % super::layout::SIZE);
        self.board
            .set(row, col, super::tiles::Cell::tile(cell.letter(), false));
        true
    }

    /// Swaps tiles with the bag without using the turn (Transfiguration); false, and nothing
    /// changed, if the rack lacks them or the bag holds fewer.
    pub fn exchange_free(&mut self, seat: usize, tiles: &Rack) -> bool {
        if tiles.is_empty() || self.bag.len() < tiles.len() || !self.racks[seat].contains(tiles) {
            return false;
        }
        self.racks[seat].take_all(tiles);
        let size = self.racks[seat].len() + tiles.len();
        self.fill(seat, size);
        self.bag.put_back(tiles);
        true
    }

    /// Returns tiles from the rack of the seat that just moved to the bag (discarding down
    /// after Engorgio); false, and nothing changed, if the rack lacks them.
    pub fn discard(&mut self, seat: usize, tiles: &Rack) -> bool {
        if !self.racks[seat].take_all(tiles) {
            return false;
        }
        self.bag.put_back(tiles);
        true
    }

    /// Lets this turn's main word read backwards (the Confundo card); the next move clears it.
    pub fn allow_backwards(&mut self) {
        self.backwards_allowed = true;
    }

    /// Whether this turn's main word may read backwards.
    pub fn backwards_allowed(&self) -> bool {
        self.backwards_allowed
    }

    /// Makes `seat`'s left-over tiles count for it at the end (Hufflepuff), for games set up
    /// from a position.
    pub fn keep_leftovers(&mut self, seat: usize) {
        self.keeps_leftovers[seat] = true;
    }

    /// The position as CGP, the player to move first.
    pub fn to_cgp(&self) -> Cgp {
        let order = (0..self.players).map(|k| (self.to_move + k) % self.players);
        Cgp {
            board: self.board.clone(),
            racks: order.clone().map(|seat| self.racks[seat]).collect(),
            scores: order.map(|seat| self.scores[seat]).collect(),
            scoreless: self.scoreless,
            operations: Vec::new(),
        }
    }

    /// Checks a move for the player to move without making it.
    pub fn check(&self, action: &Move) -> Result<Option<CheckedPlay>, IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        check_move(
            &self.board,
            &self.rules,
            &self.lexicon,
            &self.racks[self.to_move],
            self.bag.len(),
            self.backwards_allowed,
            action,
        )
    }

    /// Makes a move for the player to move, returning its score; an illegal move changes nothing.
    pub fn play(&mut self, action: Move) -> Result<i32, IllegalMove> {
        self.play_with(action, TurnExtras::default())
    }

    /// Makes a move with a bonus added to its score and, if asked, another turn for the same seat.
    pub fn play_with(&mut self, action: Move, extras: TurnExtras) -> Result<i32, IllegalMove> {
        let checked = self.check(&action)?;
        Ok(self.apply_checked(action, checked, extras))
    }

    /// Makes a move [`Game::check`] just passed, with what it found (checked once a turn).
    pub(crate) fn apply_checked(
        &mut self,
        action: Move,
        checked: Option<CheckedPlay>,
        extras: TurnExtras,
    ) -> i32 {
        let seat = self.to_move;
        let rack_before = self.racks[seat];
        let rack_size = self.rules.numbers.rack_size;
        let score = match (&action, checked) {
            (Move::Place(placement), Some(play)) => {
                for (square, cell) in placement.placed() {
                    self.board.set(
                        square / super::layout::SIZE,
                        square % super::layout::SIZE,
                        cell,
                    );
                    self.racks[seat].take(cell.kind());
                }
                self.fill(seat, rack_size);
                for word in play.words.iter().filter(|word| word.backwards) {
                    for &square in &word.squares {
                        self.board.mark_backwards(square, word.direction);
                    }
                }
                play.score
            }
            (Move::Exchange(tiles), _) => {
                // An exchange draws as many as it returns (rule 7), even from a rack over
                // the usual size (Ravenclaw's opening eight, a tile taken by Expelliarmus).
                let size = self.racks[seat].len();
                self.racks[seat].take_all(tiles);
                self.fill(seat, size);
                self.bag.put_back(tiles);
                0
            }
            _ => 0,
        };
        // A turn is scoreless when its move scores nothing, whatever cards or penalties add.
        self.scoreless = if score == 0 { self.scoreless + 1 } else { 0 };
        let score = score + extras.bonus;
        self.backwards_allowed = false;
        self.scores[seat] += score;
        self.history.push(Turn {
            seat,
            rack: rack_before,
            action,
            score,
            total: self.scores[seat],
            bonus: extras.bonus,
        });
        if self.racks[seat].is_empty() && self.bag.is_empty() {
            self.finish(EndReason::WentOut { seat });
        } else if self.scoreless >= self.rules.numbers.scoreless_turns_to_end {
            self.finish(EndReason::Scoreless);
        } else if !extras.again {
            self.to_move = (seat + 1) % self.players;
        }
        score
    }

    /// Rule 24: each player loses their rack's points; one who went out gains everyone else's.
    fn finish(&mut self, reason: EndReason) {
        let went_out = match reason {
            EndReason::WentOut { seat } => Some(seat),
            _ => None,
        };
        let players = self.players;
        let adjustments = end_adjustments(
            &self.rules.tiles,
            &self.racks[..players],
            &self.keeps_leftovers[..players],
            went_out,
        );
        let seats = self.adjustments.iter_mut().zip(&mut self.scores);
        for ((adjustment, score), change) in seats.zip(adjustments).take(players) {
            *adjustment += change;
            *score += *adjustment;
        }
        self.end = Some(reason);
    }

    /// What `seat` may see: its own rack, the board, scores, the bag's size and the unseen tiles.
    pub fn observation(&self, seat: usize) -> Observation<'_> {
        let rack = self.racks[seat];
        let unseen = unseen_by(&self.rules.tiles, &self.board, &rack);
        Observation {
            seat,
            rack,
            board: &self.board,
            scores: &self.scores[..self.players],
            rack_sizes: self.racks.map(|rack| rack.len()),
            keeps_leftovers: self.keeps_leftovers,
            bag_len: self.bag.len(),
            unseen,
            scoreless: self.scoreless,
            rules: &self.rules,
            lexicon: &self.lexicon,
            backwards: self.backwards_allowed,
        }
    }

    /// The seat to move.
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// How many players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The scores, adjusted at the end.
    pub fn scores(&self) -> &[i32] {
        &self.scores[..self.players]
    }

    /// Adds points owed to `seat` when the game ended before its next turn (a challenge
    /// penalty in the Harry Potter edition); only a finished game takes them.
    pub(crate) fn settle_after_end(&mut self, seat: usize, points: i32) {
        debug_assert!(self.end.is_some(), "points are settled only at the end");
        self.scores[seat] += points;
    }

    /// Rule 24's end adjustments (zero until the game ends).
    pub fn adjustments(&self) -> &[i32] {
        &self.adjustments[..self.players]
    }

    /// A seat's rack (the referee's view: bots get [`Game::observation`]).
    pub fn rack(&self, seat: usize) -> &Rack {
        &self.racks[seat]
    }

    /// Tiles in the bag.
    pub fn bag_len(&self) -> usize {
        self.bag.len()
    }

    /// The turns so far.
    pub fn history(&self) -> &[Turn] {
        &self.history
    }

    /// Consecutive scoreless turns.
    pub fn scoreless(&self) -> u32 {
        self.scoreless
    }

    /// How the game ended, once it has.
    pub fn end(&self) -> Option<EndReason> {
        self.end
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The lexicon in force.
    pub fn lexicon(&self) -> &Lexicon {
        &self.lexicon
    }

    /// Tiles of each kind in the bag (for conservation checks; the order stays hidden).
    pub fn bag_counts(&self) -> [u8; KINDS] {
        self.bag.counts()
    }
}

/// What the crossword game asks: only ever the seat to move's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    /// Place tiles, exchange or pass.
    Move,
}

impl Stepped for Game {
    type Question = Question;
    type Answer = Move;
    type View<'a> = Observation<'a>;
    type Refusal = IllegalMove;

    fn players(&self) -> usize {
        self.players
    }

    fn pending(&self) -> Option<Pending<Question>> {
        (!self.is_over()).then_some(Pending {
            seat: self.to_move,
            question: Question::Move,
        })
    }

    fn view(&self, seat: usize) -> Observation<'_> {
        self.observation(seat)
    }

    fn answer(&mut self, answer: Move) -> Result<(), Rejected<Move, IllegalMove>> {
        match self.play(answer) {
            Ok(_) => Ok(()),
            Err(reason) => Err(Rejected { answer, reason }),
        }
    }

    fn notation(&self, answer: &Move) -> String {
        answer.notation(&self.board)
    }

    fn describe(&self) -> String {
        self.to_cgp().to_string()
    }
}
