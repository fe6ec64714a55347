//! `lookahead`: equity's best few moves, each judged by the next player's best reply to it
//! over racks drawn from the tiles unseen (a two-ply Monte Carlo simulation, as Quackle's
//! simmer).

use engine::play::Decider;
use engine::scrabble::tiles::KINDS;
use engine::scrabble::{
    Anchors, Board, Game, Move, Observation, Placement, Question, Rack, leave_after,
};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::equity::{Equity, left_over_value};
use super::leaves::LeaveModel;
use super::playout::Playout;
use super::race::{Objective, Odds, Race, RaceRule, ending_worth};

/// Moves of highest equity looked at each turn.
pub const WIDTH: usize = 8;

/// Opponent racks drawn each turn; every move is tried against the same ones.
pub const SAMPLES: usize = 24;

/// How `lookahead`'s moves race: every move meets 8 racks before any is dropped, then 4 more
/// a round (docs/BOTS.md has the strength and speed this was chosen by).
pub const RULE: RaceRule = RaceRule {
    round: 4,
    first_look: 8,
    drop_at: 2.0,
    objective: Objective::Points,
};

/// How far `lookahead` looks each turn: the moves it judges and the opponent racks it draws.
/// `lookahead:WIDTHxSAMPLES` names a bot that looks so far (`lookahead` is [`Reach::STANDARD`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reach {
    /// Moves of highest equity judged.
    pub width: usize,
    /// Opponent racks drawn.
    pub samples: usize,
}

impl Reach {
    /// [`WIDTH`] moves over [`SAMPLES`] racks: more was no stronger (docs/BOTS.md).
    pub const STANDARD: Reach = Reach {
        width: WIDTH,
        samples: SAMPLES,
    };
    /// The most moves a bot may judge.
    pub const MOST_WIDTH: usize = 64;
    /// The most racks a bot may draw.
    pub const MOST_SAMPLES: usize = 1024;

    /// Reads `WIDTHxSAMPLES`, as in `lookahead:8x24`; `None` unless both are in range.
    pub fn parse(text: &str) -> Option<Reach> {
        let (width, samples) = text.split_once('x')?;
        let (width, samples) = (width.parse().ok()?, samples.parse().ok()?);
        let fits = (1..=Reach::MOST_WIDTH).contains(&width)
            && (1..=Reach::MOST_SAMPLES).contains(&samples);
        fits.then_some(Reach { width, samples })
    }
}

impl std::fmt::Display for Reach {
    /// `WIDTHxSAMPLES`, as [`Reach::parse`] reads it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.width, self.samples)
    }
}

/// Plays the move worth most by its equity less the equity of the next player's best reply,
/// averaged over racks drawn for that player (as many tiles as it holds) from the tiles this
/// seat has not seen, the moves racing ([`RULE`]: one that trails beyond doubt meets no more
/// racks). Only the `reach.width` moves of highest equity (and equity's exchange, if that is
/// its choice) are looked at; a move going out with the bag empty ends the game
/// and has no reply. Once the bag is empty in a two-player game the opponent's rack is the
/// unseen tiles, so each move meets that rack alone, and a reply not going out meets this
/// seat's best follow-up: a three-ply endgame search. With three or four players only the
/// next player's reply is judged (the others' racks stay unseen tiles). With a word to be read
/// backwards it plays as `equity` does.
#[derive(Debug, Clone)]
pub struct Lookahead {
    reach: Reach,
    equity: Equity,
    rng: Pcg64Mcg,
    /// This turn's moves looked at, with their equity.
    moves: Vec<(i32, Move)>,
    placements: Vec<(i32, Placement)>,
    /// This turn's opponent racks.
    samples: Vec<Rack>,
    /// The unseen tiles, one entry a tile, shuffled in part for each sample.
    pool: Vec<u8>,
    /// With two players and at most this many tiles in the bag (0: never), each judged move
    /// is played out to the end of the game against each rack ([`Playout`]).
    play_out_from: usize,
    /// Whether this turn's moves are played out.
    playing_out: bool,
    /// Where moves are played out, per drawn rack the rest of the bag in the order it is
    /// drawn, the same for every judged move (`bag_orders[sample * order_len..]`).
    bag_orders: Vec<u8>,
    order_len: usize,
    /// The position with each move looked at laid on it in turn (and taken off again).
    board: Board,
    /// Once the bag is empty, that position with the opponent's reply laid on it too.
    reply_board: Board,
    /// Each judged move's worth, summed over the samples.
    worth: Vec<i64>,
    /// Each judged move's reply against one sample.
    each: Vec<i64>,
    /// The seat replying to the moves judged.
    replier: usize,
    /// This turn's judged moves as the replies meet them.
    judged: Vec<Judged>,
    /// Whether this turn's replies share one search of the position for the lines each
    /// judged move leaves as they were (the bag holding tiles after every draw).
    shared: bool,
    /// Per judged move, where replies are shared: the anchors of the position whose replies
    /// it leaves as they were, and the anchors of the board after it whose replies it may
    /// change.
    kept: Vec<Anchors>,
    changed: Vec<Anchors>,
    /// Per judged move, the anchors of the position searched for the replies to it: those it
    /// keeps, or none where it is not wanted.
    groups: Vec<Anchors>,
    /// Per judged move, the best reply at the anchors it keeps (for one drawn rack).
    elsewhere: Vec<Option<i32>>,
    /// How its moves race ([`RULE`]), or `None` where every move meets every rack.
    race: Option<RaceRule>,
    racing: Race,
    /// Leaves the next judgement's racks are drawn around ([`Lookahead::draw_around`]).
    inferred: Vec<Rack>,
    /// What an unraced judgement's moves are worth (a race's rule says its own).
    objective: Objective,
}

/// A judged move as its replies meet it: the tiles it lays, the tiles it draws after and the
/// rack it leaves.
#[derive(Debug, Clone, Copy)]
struct Judged {
    placement: Option<Placement>,
    /// What it scores, where moves are played out (else 0).
    score: i32,
    drawn: usize,
    leave: Rack,
}

impl Lookahead {
    /// A lookahead bot valuing leaves by `model`, its draws seeded by `seed`.
    pub fn new(model: &'static LeaveModel, seed: u64) -> Lookahead {
        Lookahead::with_reach(model, seed, Reach::STANDARD)
    }

    /// The same, judging `reach.width` moves over `reach.samples` racks a turn.
    pub fn with_reach(model: &'static LeaveModel, seed: u64, reach: Reach) -> Lookahead {
        Lookahead {
            reach,
            equity: Equity::new(model),
            rng: Pcg64Mcg::seed_from_u64(seed),
            moves: Vec::with_capacity(reach.width + 1),
            placements: Vec::with_capacity(reach.width),
            samples: Vec::with_capacity(reach.samples),
            pool: Vec::new(),
            play_out_from: 0,
            playing_out: false,
            bag_orders: Vec::new(),
            order_len: 0,
            board: Board::empty(),
            reply_board: Board::empty(),
            worth: Vec::with_capacity(reach.width + 1),
            each: Vec::with_capacity(reach.width + 1),
            replier: 0,
            judged: Vec::with_capacity(reach.width + 1),
            shared: false,
            kept: Vec::with_capacity(reach.width + 1),
            changed: Vec::with_capacity(reach.width + 1),
            groups: Vec::with_capacity(reach.width + 1),
            elsewhere: Vec::with_capacity(reach.width + 1),
            race: Some(RULE),
            racing: Race::default(),
            inferred: Vec::new(),
            objective: Objective::Points,
        }
    }

    /// The same, every move meeting every rack, none dropped: a judgement of few moves
    /// where a race would gain little.
    pub fn unraced(model: &'static LeaveModel, seed: u64, reach: Reach) -> Lookahead {
        Lookahead {
            race: None,
            ..Lookahead::with_reach(model, seed, reach)
        }
    }

    /// Judges its moves by `objective` from the next turn on (an unraced judgement's; a race's
    /// rule says its own).
    pub fn set_objective(&mut self, objective: Objective) {
        self.objective = objective;
    }

    /// Looks `reach` far from the next turn on.
    pub fn set_reach(&mut self, reach: Reach) {
        self.reach = reach;
    }

    /// With two players and `tiles` or fewer in the bag (0: never), plays each judged move out
    /// to the end of the game against each rack, rather than judging it by its reply.
    pub fn set_play_out_from(&mut self, tiles: usize) {
        self.play_out_from = tiles;
    }

    /// Whether a judgement from `observation` plays its moves out to the end of the game: two
    /// players and no more tiles in the bag than [`Lookahead::set_play_out_from`] said.
    pub fn plays_out_at(&self, observation: &Observation<'_>) -> bool {
        self.play_out_from > 0
            && observation.scores.len() == 2
            && (1..=self.play_out_from).contains(&observation.bag_len)
    }

    /// Whether the last [`Lookahead::begin_judging`] plays its moves out to the end of the
    /// game: each move's reply against a rack is then the final spread ([`Playout`]).
    pub fn plays_out(&self) -> bool {
        self.playing_out
    }

    /// The `equity` player this one ranks its candidate moves with, for a caller that wants
    /// its plain choice (one move generator between them).
    pub(super) fn equity_mut(&mut self) -> &mut Equity {
        &mut self.equity
    }

    /// The seat replying to this seat's moves (the next to move) and the tiles it holds,
    /// where this bot looks ahead: no word to be read backwards, and some tile on that rack.
    fn replier(observation: &Observation<'_>) -> Option<(usize, usize)> {
        let next = (observation.seat + 1) % observation.scores.len();
        let tiles = observation.rack_sizes[next];
        (!observation.backwards && tiles > 0).then_some((next, tiles))
    }

    /// Whether the opponent's rack is known: two players and the bag empty, so it holds every
    /// tile this seat has not seen.
    fn rack_known(observation: &Observation<'_>) -> bool {
        observation.scores.len() == 2 && observation.bag_len == 0
    }

    /// Racks drawn for the replying seat this turn: one where it is known.
    fn samples_for(&self, observation: &Observation<'_>) -> usize {
        if Lookahead::rack_known(observation) {
            1
        } else {
            self.reach.samples
        }
    }

    /// What each of `moves` (a move and its equity, in hundredths of a point) is worth here:
    /// its equity less the equity of the next player's best reply, summed over the racks
    /// drawn for that player from the unseen tiles ([`Lookahead::racks_judged`], the same for
    /// every move), or by [`Objective::Wins`] the chance of winning that leaves, summed; a
    /// move going out ends the game, and has no reply. `None` where the bot
    /// does not look ahead (see [`Lookahead`]).
    pub fn judge(
        &mut self,
        observation: &Observation<'_>,
        moves: &[(i32, Move)],
    ) -> Option<&[i64]> {
        let samples = self.samples_for(observation);
        self.begin_judging(observation, moves, samples)?;
        // Sample by sample, each judged move in turn: the searches for one drawn rack follow
        // one another, so the generator keeps what the lexicon said of that rack (17 % more
        // games a second than move by move, docs/BOTS.md).
        let mut replies = std::mem::take(&mut self.worth);
        replies.clear();
        replies.resize(moves.len(), 0);
        let mut each = std::mem::take(&mut self.each);
        each.clear();
        each.resize(moves.len(), 0);
        let odds = Odds::of(self.objective, observation);
        for sample in 0..self.samples.len() {
            self.replies_against(observation, sample, |_| true, &mut each);
            for (judged, (reply, each)) in replies.iter_mut().zip(&each).enumerate() {
                *reply += match &odds {
                    _ if self.playing_out => ending_worth(*each, self.objective),
                    // Two players: this rack's odds, summed.
                    Some(odds) => {
                        let (value, action) = &moves[judged];
                        odds.worth(action, i64::from(*value) - each)
                    }
                    None => *each,
                };
            }
        }
        self.each = each;
        if odds.is_none() && !self.playing_out {
            // With more players a point to one opponent costs this seat a share of a point:
            // all of them gaining one is as bad for its place as losing one itself.
            let others = observation.scores.len() as i64 - 1;
            let samples = self.samples.len() as i64;
            for (reply, &(value, _)) in replies.iter_mut().zip(moves) {
                *reply = i64::from(value) * samples - *reply / others;
            }
        }
        self.worth = replies;
        Some(&self.worth)
    }

    /// Readies `moves` (each with its equity) to be judged one drawn rack at a time by
    /// [`Lookahead::reply_against`]: draws `samples` racks for the replying seat (one where
    /// its rack is known). Returns how many, or `None` where the bot does not look ahead.
    pub fn begin_judging(
        &mut self,
        observation: &Observation<'_>,
        moves: &[(i32, Move)],
        samples: usize,
    ) -> Option<usize> {
        let (replier, tiles) = Lookahead::replier(observation)?;
        self.replier = replier;
        let samples = if Lookahead::rack_known(observation) {
            1
        } else {
            samples
        };
        self.playing_out = self.plays_out_at(observation);
        self.draw_samples(&observation.unseen, tiles, samples);
        self.judged.clear();
        let playing_out = self.playing_out;
        self.judged.extend(moves.iter().map(|&(_, action)| {
            let placement = match action {
                Move::Place(placement) => Some(placement),
                _ => None,
            };
            // Only a move played out needs its score, and the engine's check says it.
            let checked = playing_out.then(|| observation.check(&action).ok().flatten());
            Judged {
                placement,
                score: checked.flatten().map_or(0, |play| play.score),
                drawn: placement.map_or(0, |p| p.placed_count().min(observation.bag_len)),
                leave: placement.map_or(observation.rack, |p| leave_after(&observation.rack, &p)),
            }
        }));
        self.board.clone_from(observation.board);
        // With tiles in the bag after every draw, a reply is valued alike at any anchor a
        // judged move leaves as it was: one search of the position serves them all.
        self.shared = !self.playing_out
            && !Lookahead::rack_known(observation)
            && self
                .judged
                .iter()
                .all(|judged| observation.bag_len > judged.drawn);
        self.kept.clear();
        self.changed.clear();
        if self.shared {
            for judged in &self.judged {
                let (kept, changed) = match judged.placement {
                    Some(placement) => {
                        self.reply_board.clone_from(&self.board);
                        placement.lay_on(&mut self.reply_board);
                        let boards = (&self.board, &self.reply_board);
                        self.equity.anchors_changed(observation, boards, tiles)
                    }
                    None => (Anchors::ALL, Anchors::NONE),
                };
                self.kept.push(kept);
                self.changed.push(changed);
            }
        }
        Some(self.samples.len())
    }

    /// The equity of the replier's best reply holding rack `sample` to each move of the last
    /// [`Lookahead::begin_judging`] that `wanted` names, into `replies` by move (the others'
    /// entries untouched): as [`Lookahead::reply_against`] gives each, but with tiles in the
    /// bag after every draw, the position is searched once for the replies at the anchors
    /// each move leaves alone, and for each move only the anchors it changes.
    pub fn replies_against(
        &mut self,
        observation: &Observation<'_>,
        sample: usize,
        wanted: impl Fn(usize) -> bool,
        replies: &mut [i64],
    ) {
        let judged_moves = self.judged.len();
        if !(0..judged_moves).any(&wanted) {
            return;
        }
        if self.playing_out {
            for judged in (0..judged_moves).filter(|&judged| wanted(judged)) {
                replies[judged] = self.played_out(observation, judged, sample);
            }
            return;
        }
        if !self.shared {
            for judged in (0..judged_moves).filter(|&judged| wanted(judged)) {
                replies[judged] = self.reply_against(observation, judged, sample);
            }
            return;
        }
        self.groups.clear();
        self.groups
            .extend(self.kept.iter().enumerate().map(|(judged, kept)| {
                if wanted(judged) { *kept } else { Anchors::NONE }
            }));
        let rack = self.samples[sample];
        // At the anchors a move keeps, the position is as it was; the replier's unseen tiles
        // and the bag count only once it is empty, which it is not here.
        let before = replier_view(
            observation,
            self.replier,
            &self.board,
            &self.judged[0],
            rack,
        );
        self.equity
            .placement_values_by_groups(&before, &self.groups, &mut self.elsewhere);
        for judged in (0..judged_moves).filter(|&judged| wanted(judged)) {
            let move_judged = self.judged[judged];
            let mut board = std::mem::take(&mut self.board);
            let placement = move_judged.placement;
            placement.iter().for_each(|p| p.lay_on(&mut board));
            let seen = replier_view(observation, self.replier, &board, &move_judged, rack);
            let (changed, elsewhere) = (&self.changed[judged], self.elsewhere[judged]);
            replies[judged] = i64::from(self.equity.value_given(&seen, changed, elsewhere));
            placement.iter().for_each(|p| p.take_off(&mut board));
            self.board = board;
        }
    }

    /// The equity of the replier's best reply, holding rack `sample`, to the move `judged` of
    /// the last [`Lookahead::begin_judging`]: none to a move going out with the bag empty,
    /// which ends the game.
    pub fn reply_against(
        &mut self,
        observation: &Observation<'_>,
        judged: usize,
        sample: usize,
    ) -> i64 {
        let Judged {
            placement,
            drawn,
            leave,
            ..
        } = self.judged[judged];
        if observation.bag_len == 0 && leave.is_empty() {
            return 0;
        }
        // Plain data: the board is taken out to be lent, no allocation.
        let mut board = std::mem::take(&mut self.board);
        placement.iter().for_each(|p| p.lay_on(&mut board));
        let reply = self.reply(observation, self.replier, &board, (drawn, &leave), sample);
        placement.iter().for_each(|p| p.take_off(&mut board));
        self.board = board;
        reply
    }

    /// The final spread (this seat's score less the replier's, in hundredths of a point) when
    /// move `judged` is played out to the end of the game, the replier holding rack `sample`
    /// and the bag drawn in that rack's order ([`Playout`]).
    fn played_out(&mut self, observation: &Observation<'_>, judged: usize, sample: usize) -> i64 {
        let Judged {
            placement,
            score,
            drawn,
            leave,
        } = self.judged[judged];
        let seat = observation.seat;
        let order = &self.bag_orders[sample * self.order_len..(sample + 1) * self.order_len];
        let mut racks = [Rack::EMPTY; 2];
        racks[seat] = leave;
        for &kind in &order[..drawn] {
            racks[seat].add(usize::from(kind));
        }
        racks[self.replier] = self.samples[sample];
        let mut scores = [observation.scores[0], observation.scores[1]];
        scores[seat] += score;
        self.reply_board.clone_from(&self.board);
        if let Some(placement) = placement {
            placement.lay_on(&mut self.reply_board);
        }
        let playout = Playout {
            board: &mut self.reply_board,
            racks,
            scores,
            bag: &order[drawn..],
            scoreless: if score == 0 {
                observation.scoreless + 1
            } else {
                0
            },
            to_move: self.replier,
        };
        let finished = playout.finish(&mut self.equity, observation);
        i64::from(finished[seat] - finished[self.replier]) * 100
    }

    /// Where the last judgement plays its moves out, the bag's order against rack `sample` of
    /// [`Lookahead::racks_judged`]: every move draws its tiles from it in turn.
    pub fn bag_order(&self, sample: usize) -> &[u8] {
        if !self.playing_out {
            return &[];
        }
        &self.bag_orders[sample * self.order_len..(sample + 1) * self.order_len]
    }

    /// The racks the last [`Lookahead::judge`] drew for the replying seat and summed its
    /// worth over.
    pub fn racks_judged(&self) -> &[Rack] {
        &self.samples
    }

    /// Draws the next judgement's racks for the replier around `leaves`, the tiles it may
    /// have kept ([`Inference`](super::inference::Inference)): rack `i` holds leave `i`
    /// (cycling through them) and tiles drawn from the rest of the unseen ones. Empty leaves
    /// draw whole racks; either way it holds for one judgement only.
    pub fn draw_around(&mut self, leaves: &[Rack]) {
        self.inferred.clear();
        self.inferred.extend_from_slice(leaves);
    }

    /// Fills `samples` with `count` racks of `tiles` tiles drawn without replacement from
    /// `unseen`, each around an inferred leave if there are some ([`Lookahead::draw_around`]).
    fn draw_samples(&mut self, unseen: &[u8; KINDS], tiles: usize, count: usize) {
        self.pool.clear();
        for (kind, &count) in unseen.iter().enumerate() {
            self.pool
                .extend(std::iter::repeat_n(kind as u8, usize::from(count)));
        }
        self.samples.clear();
        self.bag_orders.clear();
        let tiles = tiles.min(self.pool.len());
        self.order_len = self.pool.len() - tiles;
        let inferred = std::mem::take(&mut self.inferred);
        for sample in 0..count {
            let mut rack = Rack::EMPTY;
            let mut kept = 0;
            let leave = inferred.get(sample % inferred.len().max(1));
            if let Some(leave) = leave.filter(|leave| leave.len() <= tiles) {
                // The leave's tiles are moved to the front of the pool: the rest is drawn from
                // what follows them.
                for kind in leave.kinds() {
                    let Some(at) = self.pool[kept..]
                        .iter()
                        .position(|&k| usize::from(k) == kind)
                    else {
                        break;
                    };
                    self.pool.swap(kept, kept + at);
                    rack.add(kind);
                    kept += 1;
                }
            }
            // A partial Fisher-Yates shuffle: the first `tiles` entries are the draw.
            for i in kept..tiles {
                let j = self.rng.random_range(i..self.pool.len());
                self.pool.swap(i, j);
                rack.add(usize::from(self.pool[i]));
            }
            self.samples.push(rack);
            if self.playing_out {
                // Every judged move draws in this order: the moves' worths against one rack
                // then differ by the moves, not by their luck.
                for i in tiles..self.pool.len() {
                    let j = self.rng.random_range(i..self.pool.len());
                    self.pool.swap(i, j);
                }
                self.bag_orders.extend_from_slice(&self.pool[tiles..]);
            }
        }
        self.inferred = inferred;
        self.inferred.clear();
    }

    /// The equity of `replier`'s best reply on `board` holding this turn's sample `sample`,
    /// with `drawn` tiles gone from the bag and `leave` on this seat's rack.
    fn reply(
        &mut self,
        observation: &Observation<'_>,
        replier: usize,
        board: &Board,
        (drawn, leave): (usize, &Rack),
        sample: usize,
    ) -> i64 {
        let rack = self.samples[sample];
        let judged = Judged {
            placement: None,
            score: 0,
            drawn,
            leave: *leave,
        };
        let seen = replier_view(observation, replier, board, &judged, rack);
        let (reply, value) = self.equity.choose_valued(&seen);
        let mut worth = i64::from(value);
        if Lookahead::rack_known(observation) {
            worth -= self.follow_up(observation, board, leave, &rack, reply);
        }
        worth
    }

    /// Once the bag is empty in a two-player game, what this seat's best answer to the
    /// opponent's `reply` (made holding `rack` on `board`, this seat holding `leave`) takes
    /// back from the reply's worth. The two moves' equities count each side's leave as left
    /// at the end (lost, or Hufflepuff's own), a guess the answer's equity makes again one
    /// move later, so both are taken back out. A reply going out ends the game: its equity
    /// has gained this seat's tiles already, so the move's charge for them is taken back
    /// (unless this seat keeps its tiles: they are then its own, and the reply gained none).
    fn follow_up(
        &mut self,
        observation: &Observation<'_>,
        board: &Board,
        leave: &Rack,
        rack: &Rack,
        reply: Move,
    ) -> i64 {
        let kept = valued(observation, observation.seat, leave);
        self.reply_board.clone_from(board);
        let mut opponent_leave = *rack;
        if let Move::Place(placement) = reply {
            placement.lay_on(&mut self.reply_board);
            opponent_leave = leave_after(rack, &placement);
        }
        if opponent_leave.is_empty() {
            return if observation.keeps_leftovers[observation.seat] {
                0
            } else {
                -kept
            };
        }
        let mut unseen = [0; KINDS];
        for (kind, count) in unseen.iter_mut().enumerate() {
            *count = opponent_leave.count(kind);
        }
        let mut rack_sizes = observation.rack_sizes;
        rack_sizes[observation.seat] = leave.len();
        let opponent = 1 - observation.seat;
        rack_sizes[opponent] = opponent_leave.len();
        let mine = Observation {
            rack: *leave,
            board: &self.reply_board,
            unseen,
            rack_sizes,
            scoreless: 0,
            backwards: false,
            ..*observation
        };
        let follow = i64::from(self.equity.choose_valued(&mine).1);
        follow + valued(observation, opponent, &opponent_leave) - kept
    }
}

/// `rack` as `seat`'s equity values tiles left at the end, in hundredths of a point.
fn valued(observation: &Observation<'_>, seat: usize, rack: &Rack) -> i64 {
    let points = rack.points(|kind| observation.rules.tiles.points(kind));
    i64::from(left_over_value(observation, seat) * points)
}

/// What `replier`, holding `rack`, sees on `board` after `judged`: the bag less the tiles
/// drawn after it, and as unseen the bag and the other racks, this seat's among them (drawn
/// tiles come from the bag, so the leave and the bag before the draw hold them all).
fn replier_view<'a>(
    observation: &Observation<'a>,
    replier: usize,
    board: &'a Board,
    judged: &Judged,
    rack: Rack,
) -> Observation<'a> {
    let Judged { drawn, leave, .. } = *judged;
    let mut unseen = observation.unseen;
    for (kind, count) in unseen.iter_mut().enumerate() {
        *count = *count - rack.count(kind) + leave.count(kind);
    }
    let mut rack_sizes = observation.rack_sizes;
    rack_sizes[observation.seat] = leave.len() + drawn;
    rack_sizes[replier] = rack.len();
    Observation {
        seat: replier,
        rack,
        board,
        unseen,
        rack_sizes,
        bag_len: observation.bag_len - drawn,
        scoreless: 0,
        backwards: false,
        ..*observation
    }
}

impl Lookahead {
    /// Readies the bot for a new game: its draws reseeded from `seed`.
    pub fn start_game(&mut self, seed: u64) {
        self.rng = Pcg64Mcg::seed_from_u64(seed);
    }

    /// The move this bot makes from `observation`.
    pub fn choose(&mut self, observation: &Observation<'_>) -> Move {
        let (chosen, chosen_value) = self.equity.choose_valued(observation);
        if Lookahead::replier(observation).is_none() {
            return chosen;
        }
        let mut placements = std::mem::take(&mut self.placements);
        self.equity
            .top_placements(observation, self.reach.width, &mut placements);
        let mut moves = std::mem::take(&mut self.moves);
        moves.clear();
        moves.extend(
            placements
                .iter()
                .map(|&(value, placement)| (value, Move::Place(placement))),
        );
        self.placements = placements;
        if !matches!(chosen, Move::Place(_)) {
            moves.push((chosen_value, chosen));
        }
        let mut best = chosen;
        if moves.len() > 1 {
            if let Some(rule) = self.race {
                let samples = self.samples_for(observation);
                if let Some(samples) = self.begin_judging(observation, &moves, samples) {
                    let mut racing = std::mem::take(&mut self.racing);
                    let top = racing.run(self, observation, &moves, samples, rule);
                    self.racing = racing;
                    best = moves[top].1;
                }
            } else if let Some(worth) = self.judge(observation, &moves) {
                // The first of the most worth: ties go to the higher equity.
                let mut top = 0;
                for (i, &w) in worth.iter().enumerate() {
                    if w > worth[top] {
                        top = i;
                    }
                }
                best = moves[top].1;
            }
        }
        self.moves = moves;
        best
    }
}

impl Decider<Game> for Lookahead {
    fn name(&self) -> &str {
        "lookahead"
    }

    fn start_game(&mut self, seed: u64) {
        Lookahead::start_game(self, seed);
    }

    fn decide(&mut self, view: &Observation<'_>, _: Question) -> Option<Move> {
        Some(self.choose(view))
    }
}
