//! The command line: every subcommand and flag of `owlery`, as clap derive types.

use std::path::PathBuf;

use bots::registry::{Registered, UnknownBot, bot};
use bots::scrabble::endgame;
use bots::scrabble::lookahead::Reach;
use bots::seating::PERSON;
use clap::{Args, Parser, Subcommand, ValueEnum};
use engine::cardgame::{CardGame, RummyGame, Variant};
use engine::hogwarts::HpGame;
use engine::monopoly::Monopoly;
use engine::scrabble::Game;
pub use runner::rules::RulesArgs;

/// Owlery: AI opponents and game simulation for Scrabble HP, the Scrabble Card Game and Monopoly HP.
#[derive(Debug, Parser)]
#[command(name = "owlery", version, about, propagate_version = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check words, find anagrams and compile word lists.
    #[command(subcommand)]
    Lexicon(LexiconCommand),
    /// Play one game between bots and print every turn and the board.
    Play(PlayArgs),
    /// List every legal move in a position, best first.
    Analyze(AnalyzeArgs),
    /// Go over a plain game's record (GCG): each move beside the best the bots find, and what it cost.
    Review(ReviewArgs),
    /// Simulate many games across all cores and write balance tables (CSV).
    Sim(SimArgs),
    /// Add up the shards of a run into one set of tables.
    Merge(MergeArgs),
    /// Turn a run's tables into a strategy guide: Markdown, HTML and SVG charts.
    Report(ReportArgs),
    /// Simulate once per value of one rules number, tabulate win rates per value, and say which value levels the game.
    Sweep(SweepArgs),
    /// Measure what a change to the rules does: every deal played with and without it, from one seed.
    Effect(EffectArgs),
    /// Search rules values for ones that level the houses or the seats, and confirm them.
    Balance(BalanceArgs),
    /// This machine's standard figures: every bot's games a second, move generation, memory.
    Bench(BenchArgs),
    /// Learn a bot's data from self-play.
    #[command(subcommand)]
    Train(TrainCommand),
    /// Play Scrabble: Harry Potter Edition against the bots in a browser (a local web server).
    Serve(ServeArgs),
    /// List each game's bots and what each does.
    Bots(BotsArgs),
}

/// Arguments of `owlery bots`.
#[derive(Debug, Args)]
pub struct BotsArgs {
    /// Only this game's bots (every game's if not given).
    #[arg(value_enum)]
    pub game: Option<GameArg>,
    /// scrabble-cards: the variant (Rummy has bots of its own).
    #[arg(long, value_enum)]
    pub variant: Option<VariantArg>,
}

/// Arguments of `owlery serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Where to listen: loopback by default; 127.0.0.1:0 picks a free port (printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// A name (with its port) requests may carry as their Host besides the address listened
    /// on, e.g. owlery.example.org:443 behind a reverse proxy; repeat for more. Other Hosts are
    /// refused, so a page that rebinds its own name to this address cannot reach the games.
    #[arg(long = "host", value_name = "NAME:PORT")]
    pub host: Vec<String>,
    /// Games (Scrabble and Monopoly together) kept at once; a creation beyond answers 503.
    #[arg(long, default_value_t = 1000)]
    pub max_games: usize,
    /// Seconds without a request after which a game is forgotten.
    #[arg(long, default_value_t = 3600)]
    pub idle_secs: u64,
    /// Requests whose bots may think at once, each on a thread of its own (default: the
    /// machine's cores); others wait their turn, while requests that only read never wait.
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(2, usize::from))]
    pub bot_threads: usize,
    /// The widest simulation a seat may ask for (lookahead, simmer and their card players),
    /// WIDTHxSAMPLES; the default is the standard simmer's.
    #[arg(long, default_value_t = bots::scrabble::simmer::STANDARD.to_string())]
    pub max_reach: String,
    /// The largest endgame budget a `solver` seat may ask for, in positions a turn.
    #[arg(long, default_value_t = 100_000)]
    pub max_budget: u64,
    /// Connections open at once; more wait until one closes.
    #[arg(long, default_value_t = 512)]
    pub max_connections: usize,
    /// Seconds a connection has to send a request's headers (an idle one is closed after it).
    #[arg(long, default_value_t = 10)]
    pub header_timeout_secs: u64,
    #[command(flatten)]
    pub lexicon: LexiconArgs,
    #[command(flatten)]
    pub data: RulesArgs,
}

/// The `train` subcommands.
#[derive(Debug, Subcommand)]
pub enum TrainCommand {
    /// Learn the `equity` bot's leave values from self-play: a leave table (a .klv2 or .klv
    /// file) or the linear model (a .toml file).
    Leaves(TrainLeavesArgs),
}

/// The games leave values are learned from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TrainGame {
    /// The crossword game (the values of `equity`, `lookahead`, `solver` and `cards`).
    Scrabble,
    /// The card game's Classic variant (the values of its `equity`).
    ScrabbleCards,
}

/// Arguments of `owlery train leaves`.
#[derive(Debug, Args)]
pub struct TrainLeavesArgs {
    /// The game to learn from.
    #[arg(long, value_enum, default_value_t = TrainGame::Scrabble)]
    pub game: TrainGame,
    /// Two-player self-play games to learn from (in the whole run, across all shards).
    #[arg(long, default_value_t = 20_000)]
    pub games: u64,
    /// The bot that plays them, with --leaves or the shipped values.
    #[arg(long, default_value = "equity")]
    pub bot: String,
    /// The master seed; each game's seed is a hash of it and the game's index.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Where to write the values: a .klv2 (or .klv) file learns the leave table, a .toml file
    /// the linear model (bots/data holds the shipped ones).
    #[arg(long, default_value = "leaves.klv2")]
    pub out: PathBuf,
    /// The bot's leave values while it plays (default: the shipped ones); the table's
    /// targets count the next turn's leave by them.
    #[arg(long, value_name = "FILE")]
    pub leaves: Option<PathBuf>,
    /// The table's run directory: its manifest and finished chunks, so training resumes
    /// and shards merge.
    #[arg(long, default_value = "owlery-train")]
    pub run: PathBuf,
    /// Play only shard I of N (I from 0) into --run; `--merge` learns from the shards.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Finish an interrupted run in --run instead of refusing to touch it.
    #[arg(long)]
    pub resume: bool,
    /// Clear another run's files from --run first.
    #[arg(long, conflicts_with = "resume")]
    pub force: bool,
    /// Games per checkpointed chunk (default: games/16, at most 100,000).
    #[arg(long)]
    pub chunk: Option<u64>,
    /// The prior's weight in samples: a leave seen this often is valued halfway between
    /// its own games and the linear model.
    #[arg(long, default_value_t = 50.0)]
    pub smoothing: f64,
    /// Learn from the chunks of these shards' run directories instead of playing.
    #[arg(long, value_name = "DIR", num_args = 1..)]
    pub merge: Vec<PathBuf>,
}

/// Which word set a lexicon command consults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EditionArg {
    /// Dictionary plus the Harry Potter Glossary (Scrabble: Harry Potter Edition).
    Hp,
    /// The dictionary alone (the plain crossword game and the card game).
    Plain,
}

/// Where the dictionary comes from.
#[derive(Debug, Clone, Args)]
pub struct LexiconArgs {
    /// A word list (one word a line) or a compiled .lex file that replaces the embedded dictionary.
    #[arg(long, value_name = "PATH")]
    pub lexicon: Option<PathBuf>,
    /// Skip word-list lines that are not words of 2-15 letters A-Z instead of stopping.
    #[arg(long)]
    pub skip_invalid: bool,
}

/// The `lexicon` subcommands.
#[derive(Debug, Subcommand)]
pub enum LexiconCommand {
    /// Say whether each word is playable (exit 0 when all are, 1 otherwise).
    Check {
        /// The words to check.
        #[arg(required = true)]
        words: Vec<String>,
        /// Which word set to check against.
        #[arg(long, value_enum, default_value_t = EditionArg::Hp)]
        edition: EditionArg,
        #[command(flatten)]
        source: LexiconArgs,
    },
    /// List the playable words a rack can spell, longest first (`?` is a blank).
    Anagram {
        /// Up to 15 letters; `?` for a blank.
        rack: String,
        /// Which word set to search.
        #[arg(long, value_enum, default_value_t = EditionArg::Hp)]
        edition: EditionArg,
        #[command(flatten)]
        source: LexiconArgs,
    },
    /// List the playable words matching a pattern letter for letter (`?` is any letter).
    Pattern {
        /// Up to 15 letters and `?`s, e.g. C?T.
        pattern: String,
        /// Which word set to search.
        #[arg(long, value_enum, default_value_t = EditionArg::Hp)]
        edition: EditionArg,
        #[command(flatten)]
        source: LexiconArgs,
    },
    /// Show the word counts of the dictionary and the Glossary, and where they came from.
    Info {
        #[command(flatten)]
        source: LexiconArgs,
    },
    /// Compile a plain word list into a .lex file for --lexicon.
    Build {
        /// The word list: one word a line, any case.
        words: PathBuf,
        /// Where to write the compiled lexicon.
        #[arg(short, long, value_name = "NAME.lex")]
        output: PathBuf,
        /// Skip lines that are not words of 2-15 letters A-Z instead of stopping.
        #[arg(long)]
        skip_invalid: bool,
    },
}

/// The games `play` and `analyze` know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GameArg {
    /// The plain crossword game on the standard board, dictionary only.
    Scrabble,
    /// Scrabble: Harry Potter Edition: houses, Hogwarts squares and cards, the Glossary.
    ScrabbleHp,
    /// Monopoly: Harry Potter: house points, Owl Post, house crests, auctions and trades.
    MonopolyHp,
    /// The Scrabble Card Game on an open table (choose the variant with --variant).
    ScrabbleCards,
}

/// The variants of the Scrabble Card Game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VariantArg {
    /// Words on the open table with Premium cards.
    Classic,
    /// Classic with an Action card in every hand, played on anyone's words.
    Forfeit,
    /// Ten rounds: draw, lay the words a Round card asks for, discard.
    Rummy,
}

impl From<VariantArg> for Variant {
    fn from(variant: VariantArg) -> Variant {
        match variant {
            VariantArg::Classic => Variant::Classic,
            VariantArg::Forfeit => Variant::Forfeit,
            VariantArg::Rummy => Variant::Rummy,
        }
    }
}

impl VariantArg {
    /// The variant's name on the command line and in run manifests.
    pub fn name(self) -> &'static str {
        match self {
            VariantArg::Classic => "classic",
            VariantArg::Forfeit => "forfeit",
            VariantArg::Rummy => "rummy",
        }
    }
}

impl GameArg {
    /// The game's name on the command line and in run manifests.
    pub fn name(self) -> &'static str {
        match self {
            GameArg::Scrabble => "scrabble",
            GameArg::ScrabbleHp => "scrabble-hp",
            GameArg::MonopolyHp => "monopoly-hp",
            GameArg::ScrabbleCards => "scrabble-cards",
        }
    }

    /// The seats a table takes.
    pub fn seats(self) -> std::ops::RangeInclusive<usize> {
        match self {
            GameArg::MonopolyHp => 2..=engine::monopoly::MAX_PLAYERS,
            _ => 2..=4,
        }
    }

    /// Refuses a bot the game (in `variant`) does not know, naming those it does.
    pub fn check_bot(self, name: &str, variant: VariantArg) -> Result<(), UnknownBot> {
        struct Check<'a>(&'a str);
        impl ForGame for Check<'_> {
            type Out = Result<(), UnknownBot>;
            fn run<G: Registered>(self) -> Self::Out {
                bot::<G>(self.0).map(drop)
            }
        }
        for_game(self, variant, Check(name))
    }
}

/// Something done with a game's type: listing its bots, checking a bot's name.
pub trait ForGame {
    /// What it gives.
    type Out;
    /// Does it for game `G`.
    fn run<G: Registered>(self) -> Self::Out;
}

/// Does `work` for the game (in `variant`) named on the command line: the one place a game's
/// name on the command line meets its type.
pub fn for_game<W: ForGame>(game: GameArg, variant: VariantArg, work: W) -> W::Out {
    match (game, variant) {
        (GameArg::Scrabble, _) => work.run::<Game>(),
        (GameArg::ScrabbleHp, _) => work.run::<HpGame>(),
        (GameArg::MonopolyHp, _) => work.run::<Monopoly>(),
        (GameArg::ScrabbleCards, VariantArg::Rummy) => work.run::<RummyGame>(),
        (GameArg::ScrabbleCards, _) => work.run::<CardGame>(),
    }
}

/// Every game, each variant with bots of its own once.
pub const EVERY_GAME: [(GameArg, VariantArg); 5] = [
    (GameArg::Scrabble, VariantArg::Classic),
    (GameArg::ScrabbleHp, VariantArg::Classic),
    (GameArg::ScrabbleCards, VariantArg::Classic),
    (GameArg::ScrabbleCards, VariantArg::Rummy),
    (GameArg::MonopolyHp, VariantArg::Classic),
];

/// Each game's bots in a line, for `--help`.
fn bots_help(intro: &str) -> String {
    struct Line;
    impl ForGame for Line {
        type Out = String;
        fn run<G: Registered>(self) -> String {
            format!("  {}: {}", G::GAME, bots::registry::known::<G>().join(", "))
        }
    }
    let lines = EVERY_GAME.map(|(game, variant)| for_game(game, variant, Line));
    [
        intro.to_string(),
        String::new(),
        lines.join("\n"),
        String::new(),
        "`owlery bots GAME` says what each does.".to_string(),
    ]
    .join("\n")
}

/// `--bots` of `owlery play`.
fn play_bots_help() -> String {
    bots_help(&format!(
        "Who plays each seat, comma-separated (2 to 4; monopoly-hp 2 to 6): a bot, or {PERSON} \
         for a person at the terminal."
    ))
}

/// `--bots` of `owlery sim`.
fn sim_bots_help() -> String {
    bots_help(
        "One bot per seat, comma-separated (2 to 4; monopoly-hp 2 to 6); seats rotate so each \
         bot plays each seat.",
    )
}

/// How `analyze` and `review` print their rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Aligned columns for reading.
    Table,
    /// Comma-separated values: a header line, then a line a row.
    Csv,
    /// One JSON array of objects.
    Json,
}

/// Arguments of `owlery play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameArg,
    /// Who plays each seat, comma-separated (2 to 4; monopoly-hp 2 to 6): a bot, or human.
    #[arg(
        long,
        visible_alias = "seats",
        value_delimiter = ',',
        default_value = "greedy,greedy",
        long_help = play_bots_help()
    )]
    pub bots: Vec<String>,
    /// The seats' houses in order (scrabble-hp, monopoly-hp), e.g. gryffindor,slytherin; default:
    /// sorted at random.
    #[arg(long, value_delimiter = ',')]
    pub houses: Vec<String>,
    /// The game's seed: the same seed plays the same game, byte for byte, and the seed of a
    /// game in `sim --per-game`'s games.csv (with its bots in seat order) plays that game.
    #[arg(long, visible_alias = "game-seed", default_value_t = 42)]
    pub seed: u64,
    /// Print only the final scores.
    #[arg(long)]
    pub quiet: bool,
    /// Save the finished game as GCG (Quackle, Macondo and Woogles open it).
    #[arg(long, value_name = "FILE")]
    pub gcg: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub lexicon: LexiconArgs,
    #[command(flatten)]
    pub data: RulesArgs,
    /// monopoly-hp: rollouts per alternative for the mc-trader bot.
    #[arg(long, value_name = "K", default_value_t = bots::monopoly::DEFAULT_ROLLOUTS)]
    pub rollouts: usize,
    /// scrabble-cards: the variant.
    #[arg(long, value_enum, default_value_t = VariantArg::Classic)]
    pub variant: VariantArg,
}

/// Arguments of `owlery analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameArg,
    /// The position in CGP: rows, racks (player to move first), scores, scoreless turns.
    #[arg(long, required_unless_present = "hand")]
    pub cgp: Option<String>,
    /// scrabble-cards: the table's words, e.g. "TRAINER@0,0 THROB@-2,1v" (v: down).
    #[arg(long, default_value = "")]
    pub table: String,
    /// scrabble-cards: the hand to move, letters (? a blank) and any Premium cards, e.g. HOBRTSS
    /// or "HOBRTSS double"; for rummy, the eight cards after the draw.
    #[arg(long)]
    pub hand: Option<String>,
    /// scrabble-cards: the variant (classic reads --table; rummy reads --round).
    #[arg(long, value_enum, default_value_t = VariantArg::Classic)]
    pub variant: VariantArg,
    /// scrabble-cards --variant rummy: the Round card, by name (e.g. "Deuces Wild").
    #[arg(long)]
    pub round: Option<String>,
    /// Show only the best N moves (N at least 1); with --rank-by solver, value those N
    /// exactly (5 if not given) and the rest only as far as showing they are worth less.
    #[arg(long, value_parser = at_least_one)]
    pub top: Option<usize>,
    /// scrabble, scrabble-hp: what puts one move before another: score, equity, lookahead, or
    /// lookahead:WIDTHxSAMPLES to judge WIDTH moves over SAMPLES racks (lookahead is 8x24);
    /// scrabble's two-player endgames: solver, or solver:BUDGET to search BUDGET positions; or
    /// any crossword bot's name (greedy, random, ...): by score, that bot's move first;
    /// scrabble-cards (Classic and Forfeit): score or equity (the draw pile taken as full).
    #[arg(long, value_parser = rank_by, default_value = "score", value_name = "RANKING")]
    pub rank_by: RankBy,
    /// Output format; csv and json give rank, move, word, score and leave, then each value
    /// --rank-by adds (equity, lookahead; solver, exact, solved and line; a bot's chosen),
    /// or for a card game's plays rank, play, words, points (leave and equity by equity).
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub lexicon: LexiconArgs,
    #[command(flatten)]
    pub data: RulesArgs,
}

/// Arguments of `owlery review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The game record: a plain game's GCG file, such as `owlery play scrabble --gcg` writes
    /// (or Quackle, Macondo and Woogles).
    #[arg(value_name = "GCG")]
    pub gcg: PathBuf,
    /// Only this player's moves: the nickname its move lines start with, or its full name.
    #[arg(long)]
    pub player: Option<String>,
    /// What judges each move: equity (its score and the value of the tiles kept, and, as the
    /// equity bot judges, in a two-player game with 1 to 6 tiles in the bag less the
    /// opponent's best reply over 16 racks drawn from the unseen tiles), equity-static (score
    /// and tiles kept throughout), lookahead (less the next player's best reply over racks
    /// drawn from the unseen tiles, throughout), or lookahead:WIDTHxSAMPLES.
    #[arg(long, value_parser = review_by, default_value = "equity", value_name = "JUDGE")]
    pub rank_by: ReviewBy,
    /// What judges the moves made with the bag empty in a two-player game: solver (the endgame
    /// searched to its end where 200,000 positions a move allow, values in points gained over
    /// the opponent to the end), solver:POSITIONS, or off (the --rank-by judge there too).
    #[arg(long, value_parser = review_endgame, default_value = "solver", value_name = "JUDGE")]
    pub endgame: ReviewEndgame,
    /// Output format; csv and json give turn, line, player, bag, rack, played, score, value,
    /// best, best_score, best_value, lost, judge, best_line and note for each move reviewed.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    #[command(flatten)]
    pub lexicon: LexiconArgs,
    #[command(flatten)]
    pub data: RulesArgs,
}

/// What judges the moves `review` goes over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewBy {
    /// The equity bot's judgement: score plus the learned value of the tiles kept, less the
    /// reply's in a two-player game's pre-endgame.
    Equity,
    /// Score plus the learned value of the tiles kept, throughout.
    EquityStatic,
    /// The lookahead bot's judgement: equity less the next player's best reply, over racks.
    Lookahead(Reach),
}

/// What judges `review`'s moves once the bag is empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewEndgame {
    /// The endgame search, expanding at most this many positions a move.
    Solver(u32),
    /// The `--rank-by` judge, as before the end.
    Off,
}

/// The positions `review --endgame solver` searches a move: the budget `analyze` gives it.
pub const REVIEW_SOLVER_BUDGET: u32 = ANALYZE_SOLVER_BUDGET;

/// Reads `review --endgame`: solver, solver:POSITIONS, or off.
fn review_endgame(text: &str) -> Result<ReviewEndgame, String> {
    match text {
        "solver" => Ok(ReviewEndgame::Solver(REVIEW_SOLVER_BUDGET)),
        "off" => Ok(ReviewEndgame::Off),
        _ => text
            .strip_prefix("solver:")
            .and_then(endgame::parse_budget)
            .map(ReviewEndgame::Solver)
            .ok_or_else(|| {
                format!(
                    "expected solver, solver:POSITIONS (1 to {}), or off",
                    endgame::MOST_BUDGET
                )
            }),
    }
}

/// Reads `review --rank-by`: equity, equity-static, lookahead, or lookahead:WIDTHxSAMPLES.
fn review_by(text: &str) -> Result<ReviewBy, String> {
    match text {
        "equity" => Ok(ReviewBy::Equity),
        "equity-static" => Ok(ReviewBy::EquityStatic),
        "lookahead" => Ok(ReviewBy::Lookahead(Reach::STANDARD)),
        _ => text
            .strip_prefix("lookahead:")
            .and_then(Reach::parse)
            .map(ReviewBy::Lookahead)
            .ok_or_else(|| {
                "expected equity, equity-static, lookahead, or lookahead:WIDTHxSAMPLES (width 1 \
                 to 64, samples 1 to 1024)"
                    .to_string()
            }),
    }
}

/// What orders the moves `analyze` lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RankBy {
    /// The points the move scores.
    Score,
    /// Its equity: the score plus the learned value of the tiles kept (and, in scrabble-hp,
    /// of the brown squares covered), as the equity bot plays (adds an `equity` column).
    Equity,
    /// Equity's best `width` moves first, by their equity less the equity of the next
    /// player's best reply over `samples` racks drawn from the unseen tiles (with two players
    /// and the bag empty, the one rack left), as the lookahead bot plays (adds `equity` and
    /// `lookahead` columns).
    Lookahead(Reach),
    /// In a two-player endgame (the bag empty), every move and a pass by what it gains over the
    /// opponent to the end of the game, both racks known, searched within a budget of
    /// positions, as the solver bot plays (adds `solver`, `exact`, `solved` and `line`
    /// columns): the `--top` moves valued exactly, the rest bounded.
    Solver(u32),
    /// By score, the move this registered crossword bot plays first (adds a `chosen` column).
    Bot(&'static str),
}

/// The positions `--rank-by solver` searches unless given a budget: seconds' work.
pub const ANALYZE_SOLVER_BUDGET: u32 = 200_000;

/// The moves `--rank-by solver` values exactly unless `--top` says how many: the fewer, the
/// deeper the search goes within its budget (docs/BOTS.md).
pub const ANALYZE_SOLVER_EXACT: usize = 5;

/// Reads `--rank-by`: the names of [`RankBy`], and `lookahead:WIDTHxSAMPLES` as a bot is named.
fn rank_by(text: &str) -> Result<RankBy, String> {
    match text {
        "score" => Ok(RankBy::Score),
        "equity" => Ok(RankBy::Equity),
        "lookahead" => Ok(RankBy::Lookahead(Reach::STANDARD)),
        "solver" => Ok(RankBy::Solver(ANALYZE_SOLVER_BUDGET)),
        _ => {
            let reached = text
                .strip_prefix("lookahead:")
                .and_then(Reach::parse)
                .map(RankBy::Lookahead);
            let budgeted = || {
                text.strip_prefix("solver:")
                    .and_then(endgame::parse_budget)
                    .map(RankBy::Solver)
            };
            let registered = || {
                let entry = bots::scrabble::BOTS.iter().find(|e| e.name == text)?;
                Some(RankBy::Bot(entry.name))
            };
            reached
                .or_else(budgeted)
                .or_else(registered)
                .ok_or_else(|| {
                    let setting = |name: &str| {
                        let entry = bots::scrabble::BOTS.iter().find(|e| e.name == name);
                        format!("{name}:{}", entry.and_then(|e| e.setting).unwrap_or(""))
                    };
                    let others: Vec<&str> = bots::scrabble::BOTS
                        .iter()
                        .map(|e| e.name)
                        .filter(|name| !["equity", "lookahead", "solver"].contains(name))
                        .collect();
                    format!(
                        "expected score, equity, lookahead, {}, solver, {}, or a crossword bot's \
                     name ({})",
                        setting("lookahead"),
                        setting("solver"),
                        others.join(", ")
                    )
                })
        }
    }
}

/// Arguments of `owlery sim`.
#[derive(Debug, Clone, Args)]
pub struct SimArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameArg,
    /// Games to play (in the whole run, across all shards).
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// One bot per seat, comma-separated (2 to 4; monopoly-hp 2 to 6); seats rotate so each bot plays each seat.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "greedy,greedy",
        long_help = sim_bots_help()
    )]
    pub bots: Vec<String>,
    /// The master seed; each game's seed is a hash of it and the game's index.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// The run's directory: manifest, tables, and the finished chunks.
    #[arg(long, default_value = "owlery-run")]
    pub out: PathBuf,
    /// Play only shard I of N (I from 0): games I*games/N up to (I+1)*games/N.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Finish an interrupted run in --out instead of refusing to touch it.
    #[arg(long)]
    pub resume: bool,
    /// Clear another run's files (manifest, chunks, tables) from --out first, instead of
    /// refusing to mix with them.
    #[arg(long, conflicts_with = "resume")]
    pub force: bool,
    /// Also write games.csv: one row per game (seed, seats, scores, winner, turns).
    #[arg(long)]
    pub per_game: bool,
    /// Games per checkpointed chunk (default: games/64, at most 1000).
    #[arg(long)]
    pub chunk: Option<u64>,
    #[command(flatten)]
    pub lexicon: LexiconArgs,
    #[command(flatten)]
    pub data: RulesArgs,
    /// monopoly-hp: rollouts per alternative for the mc-trader bot.
    #[arg(long, value_name = "K", default_value_t = bots::monopoly::DEFAULT_ROLLOUTS)]
    pub rollouts: usize,
    /// scrabble-cards: the variant.
    #[arg(long, value_enum, default_value_t = VariantArg::Classic)]
    pub variant: VariantArg,
}

/// Arguments of `owlery merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shards' run directories.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// Where to write the merged tables.
    #[arg(long)]
    pub out: PathBuf,
    /// Finish a merge that was stopped: --out holds this merge's files (its manifest, written
    /// last, or none yet), which are written again.
    #[arg(long, conflicts_with = "force")]
    pub resume: bool,
    /// Clear another run's files (manifest, chunks, tables) from --out first, instead of
    /// refusing to write over them.
    #[arg(long)]
    pub force: bool,
}

/// Arguments of `owlery report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// The run directory written by `owlery sim` or `owlery merge` (or a sweep's, for the
    /// sweep's guide).
    pub run: PathBuf,
    /// Where to write guide.md, guide.html and charts/.
    #[arg(long, default_value = "owlery-guide")]
    pub out: PathBuf,
}

/// Arguments of `owlery sweep`.
#[derive(Debug, Args)]
pub struct SweepArgs {
    /// The number to vary and its values: KEY=V1,V2,..., KEY=FIRST..LAST (by ones) or KEY=FIRST..LAST:STEP (e.g. bingo_bonus=30..70:10, or a letter's points.Q=4..12:2).
    #[arg(long, value_name = "KEY=VALUES")]
    pub param: String,
    /// Everything else, as for `owlery sim`; each value's run goes to OUT/KEY=VALUE.
    #[command(flatten)]
    pub sim: SimArgs,
}

/// Arguments of `owlery effect`.
#[derive(Debug, Args)]
pub struct EffectArgs {
    /// The change to measure, as KEY=VALUE (any number of a rules file, as for --set);
    /// repeatable: the changes are measured together.
    #[arg(
        long = "change",
        value_name = "KEY=VALUE",
        required_unless_present_any = ["every_card", "every_house", "every_policy", "versus"]
    )]
    pub changes: Vec<String>,
    /// Measure another bot instead: every deal played with the lineup and again with BOT in
    /// the first bot's place, against the same opponents on the same deals (a paired
    /// comparison of two bots, as `owlery.compare` makes from Python).
    #[arg(
        long,
        value_name = "BOT",
        conflicts_with_all = ["changes", "every_card", "every_house", "every_policy"]
    )]
    pub versus: Option<String>,
    /// Measure every card instead, on the players who drew it: each Hogwarts card's power
    /// switched off alone (cards.NAME.power=false); in scrabble-cards each Premium card with
    /// its multiplier 1 and in Forfeit each Action category worth 0 (on the players who held
    /// its card); in monopoly-hp each Owl Post card replaced alone by a letter that does
    /// nothing: OUT/card_effects.csv, which `owlery report` on a run in OUT puts beside the
    /// card table.
    #[arg(long, conflicts_with = "every_house")]
    pub every_card: bool,
    /// scrabble-hp: measure the `cards` policy's timing of each Hogwarts card it holds back
    /// instead: the first bot (`cards`) against itself playing that card the first turn it
    /// may: OUT/policy_effects.csv, from which `owlery report` on a run in OUT gives advice.
    #[arg(long, conflicts_with_all = ["every_card", "every_house"])]
    pub every_policy: bool,
    /// scrabble-hp: measure every house's power instead, one at a time switched off
    /// (Gryffindor's opening cards 0, Ravenclaw's opening tiles a normal rack, Slytherin not
    /// first, Hufflepuff's leftovers counted against it), on that house: OUT/house_effects.csv,
    /// which `owlery report` on a run in OUT tells under the houses.
    #[arg(long)]
    pub every_house: bool,
    /// Play each deal once per rotation of the bots through the seats (--games is then
    /// rounded up to whole deals), so no bot or house gains by the deal it got.
    #[arg(long)]
    pub duplicate: bool,
    /// Stop once every win-rate effect is known within this many points of percentage either
    /// way (its 95 % interval at most twice as wide, over 30 deals or more of its group),
    /// --games then the most to play: deals are
    /// added in rounds sized by the widest interval so far, and the table is the one a run of
    /// as many games gives. With --every-card, --every-house or --every-policy each
    /// measurement stops on its own.
    #[arg(long, value_name = "POINTS", value_parser = precision_points)]
    pub precision: Option<Precision>,
    /// Everything else, as for `owlery sim` (without --shard, --resume and --per-game); the
    /// table goes to OUT/effect.csv.
    #[command(flatten)]
    pub sim: SimArgs,
}

/// Reads `effect --precision`: points of percentage, more than 0 and at most 50.
fn precision_points(text: &str) -> Result<Precision, String> {
    text.parse::<f64>()
        .ok()
        .and_then(runner::effect::precision_share)
        .map(Precision)
        .ok_or_else(|| "expected points of percentage, more than 0 and at most 50".to_string())
}

/// `effect --precision`, as a share of wins.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Precision(pub f64);

/// Arguments of `owlery bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Time each figure for 0.4 s instead of 3 s: the whole bench in under a minute.
    #[arg(long)]
    pub quick: bool,
    /// Also write the figures as CSV to this file.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Only this game's bots (every variant of it); every game's if not given.
    #[arg(long, value_enum)]
    pub game: Option<GameArg>,
}

/// Arguments of `owlery balance`.
#[derive(Debug, Args)]
pub struct BalanceArgs {
    /// A number to search and its values: KEY=LO..HI, KEY=LO..HI:STEP or KEY=V1,V2,...
    /// (repeatable: every combination is a candidate; past 256, a Latin hypercube sample and
    /// 16 that a model fitted to its first round proposes).
    #[arg(long = "param", value_name = "KEY=VALUES", required = true)]
    pub params: Vec<String>,
    /// What level means: houses-level (every house's win rate within --tolerance of an even
    /// share) or seats-level (every seat's).
    #[arg(long, default_value = "houses-level")]
    pub target: String,
    /// Off level allowed, in win rate (0.01: one point of percentage).
    #[arg(long, default_value_t = 0.01)]
    pub tolerance: f64,
    /// Games in all: three quarters for the search, a quarter for the confirming run.
    #[arg(long, default_value_t = 20_000)]
    pub budget: u64,
    /// Everything else, as for `owlery sim` (but --budget, not --games, sets the games; no
    /// --per-game); the results go to OUT and the games to OUT/units, which a stopped search
    /// finds when run again (--force clears another search's), and which processes given
    /// --shard I/N (or a Slurm array's tasks) share: each plays units no other has claimed,
    /// and shard 0 writes the results.
    #[command(flatten)]
    pub sim: SimArgs,
}

/// A count of at least one, for flags where none would show nothing.
fn at_least_one(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(count) if count >= 1 => Ok(count),
        _ => Err("expected a whole number, at least 1".to_string()),
    }
}
