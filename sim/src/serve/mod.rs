//! `owlery serve`: play Scrabble: Harry Potter Edition against the bots in a browser.
//!
//! axum on tokio (the Tokio project's own HTTP framework, the most used in Rust): a JSON API
//! over the engine, and one page (HTML, CSS, JavaScript) compiled into the binary. The server is
//! the referee: a person's seat is reached only with the secret token its game's creation
//! returned, and a seat's state never shows another seat's rack or cards.

mod access;
mod guard;
mod listen;
mod monopoly;
mod session;
mod store;

use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::Context;
use axum::Json;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use engine::hogwarts::{House, HpRules};
use engine::monopoly::MonopolyRules;
use lexicon::Lexicon;
use rand::Rng;
use serde::Deserialize;
use serde_json::{Value, json};

use access::Refusal;
use bots::scrabble::Reach;
use guard::{ApiJson, ApiQuery, Hosts};
use session::Session;
use store::{Limits, Store};
use tokio::sync::Semaphore;

/// The largest request body accepted.
const MAX_BODY: usize = 16 * 1024;

/// The header that carries a person's seat token.
pub const TOKEN_HEADER: &str = "x-owlery-token";

/// The server's games and what every game shares.
struct Server {
    games: Store<Session>,
    tables: Store<monopoly::Table>,
    next_id: AtomicU64,
    limits: Limits,
    /// Permits to move bots: at most this many requests have bots thinking at once, each on a
    /// thread of the blocking pool, so the runtime's threads stay free for other requests.
    thinking: Arc<Semaphore>,
    /// The most a bot may search: wider or deeper lookahead and solver settings are refused.
    max_reach: Reach,
    max_budget: u64,
    rules: Arc<HpRules>,
    lexicon: Arc<Lexicon>,
    monopoly_rules: Arc<MonopolyRules>,
}

type Shared = Arc<Server>;

/// A refusal as an HTTP answer: the status and `{"error": ...}`.
struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> ApiError {
        match refusal {
            Refusal::Forbidden(m) => ApiError(StatusCode::FORBIDDEN, m),
            Refusal::Conflict(m) => ApiError(StatusCode::CONFLICT, m),
            Refusal::Unprocessable(m) => ApiError(StatusCode::UNPROCESSABLE_ENTITY, m),
        }
    }
}

type ApiResult = Result<Response, ApiError>;

/// Runs `work` off the async runtime, on the blocking pool; when it may make bots move
/// (`moves_bots`), first waits for a thinking permit. A request that only reads never waits
/// for another game's bots, and no request holds a runtime thread while a bot thinks.
async fn off_runtime(
    server: &Shared,
    moves_bots: bool,
    work: impl FnOnce(&Shared) -> ApiResult + Send + 'static,
) -> ApiResult {
    let permit = if moves_bots {
        let permit = server.thinking.clone().acquire_owned().await;
        Some(permit.map_err(|_| ApiError(StatusCode::SERVICE_UNAVAILABLE, "stopping".into()))?)
    } else {
        None
    };
    let server = server.clone();
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work(&server)
    })
    .await
    .unwrap_or_else(|_| {
        Err(ApiError(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the request failed inside the server".into(),
        ))
    })
}

impl Server {
    fn session(&self, id: &str) -> Result<(u64, Arc<Mutex<Session>>), ApiError> {
        let not_found = || ApiError(StatusCode::NOT_FOUND, format!("no game {id:?}"));
        let id: u64 = id.parse().map_err(|_| not_found())?;
        let session = self.games.get(id).ok_or_else(not_found)?;
        Ok((id, session))
    }

    /// Room for one more game: games idle too long are forgotten first; a full server
    /// answers 503. Also refuses bots that would search beyond the server's reach.
    fn admit(&self, seats: &[String]) -> Result<(), ApiError> {
        for name in seats {
            self.check_reach(name)?;
        }
        let idle = self.limits.idle;
        let live = self.games.forget_idle(idle) + self.tables.forget_idle(idle);
        if live >= self.limits.most_games {
            return Err(ApiError(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server holds {live} games, its most (--max-games); try again when one has been idle for {} s",
                    idle.as_secs()
                ),
            ));
        }
        Ok(())
    }

    /// Refuses a bot that would search beyond `--max-reach` or `--max-budget`: a simulating
    /// bot by the reach it names or else its standard one, `solver` by its budget likewise.
    fn check_reach(&self, name: &str) -> Result<(), ApiError> {
        let too_wide = bots::scrabble::reach_of(name).is_some_and(|reach| {
            reach.width > self.max_reach.width || reach.samples > self.max_reach.samples
        });
        let budget = match name.split_once(':') {
            Some(("solver", budget)) => budget.parse::<u64>().ok(),
            _ => (name == "solver").then_some(bots::scrabble::endgame::BUDGET as u64),
        };
        let too_deep = budget.is_some_and(|budget| budget > self.max_budget);
        let too_far = too_wide || too_deep;
        if too_far {
            return Err(ApiError(
                StatusCode::BAD_REQUEST,
                format!(
                    "{name}: this server lets a bot search at most {}x{} (lookahead, simmer) and {} positions (solver); see --max-reach and --max-budget",
                    self.max_reach.width, self.max_reach.samples, self.max_budget
                ),
            ));
        }
        Ok(())
    }

    /// A seat's secret: 128 bits from the operating system's generator, so no token says
    /// anything of another (each is drawn apart, with no generator state to recover).
    fn token(&self) -> String {
        use rand::TryRngCore;
        let mut bytes = [0u8; 16];
        rand::rngs::OsRng
            .try_fill_bytes(&mut bytes)
            .expect("the operating system's random generator");
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// A seed for a game the request did not seed: from the thread's generator (seeded by the
    /// operating system), never from the tokens' draws.
    fn unseeded(&self) -> u64 {
        rand::rng().random()
    }
}

/// Runs a person's action on their game and answers the turn lines and the seat's state.
fn seat_action(
    server: &Server,
    id: &str,
    seat: usize,
    headers: &HeaderMap,
    action: impl FnOnce(&mut Session) -> Result<Vec<String>, Refusal>,
) -> ApiResult {
    let (id, session) = server.session(id)?;
    let mut session = session.lock().expect("a game lock");
    session.authorise(seat, token_of(headers))?;
    let turns = action(&mut session)?;
    let state = session.state(id, Some(seat));
    Ok(Json(json!({ "turns": turns, "state": state })).into_response())
}

/// Answers what `seat` (required: `what` needs it) may read of its game, with its token.
fn seat_read(
    server: &Server,
    id: &str,
    seat: Option<usize>,
    headers: &HeaderMap,
    what: &str,
    read: impl FnOnce(&Session, usize) -> Response,
) -> ApiResult {
    let (_, session) = server.session(id)?;
    let session = session.lock().expect("a game lock");
    let seat =
        seat.ok_or_else(|| ApiError(StatusCode::BAD_REQUEST, format!("{what} needs ?seat=N")))?;
    session.authorise(seat, token_of(headers))?;
    Ok(read(&session, seat))
}

/// Reads house names, if given.
fn parse_houses(names: Option<&Vec<String>>) -> Result<Option<Vec<House>>, ApiError> {
    names
        .map(|names| {
            names
                .iter()
                .map(|name| name.parse::<House>().map_err(|e| e.to_string()))
                .collect::<Result<Vec<House>, String>>()
        })
        .transpose()
        .map_err(|m| ApiError(StatusCode::BAD_REQUEST, m))
}

fn token_of(headers: &HeaderMap) -> &str {
    headers
        .get(TOKEN_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    #[serde(default = "default_game")]
    game: String,
    seats: Vec<String>,
    seed: Option<u64>,
    /// Each seat's house, in seat order (default: sorted at random).
    houses: Option<Vec<String>>,
    /// Start near the end: greedy plays every seat until the bag is empty.
    #[serde(default)]
    near_end: bool,
}

fn default_game() -> String {
    "scrabble-hp".into()
}

async fn new_game(State(server): State<Shared>, ApiJson(request): ApiJson<NewGame>) -> ApiResult {
    off_runtime(&server, true, move |server| {
        if request.game != "scrabble-hp" {
            return Err(ApiError(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!("game {:?}: the browser plays scrabble-hp", request.game),
            ));
        }
        server.admit(&request.seats)?;
        let seed = request.seed.unwrap_or_else(|| server.unseeded());
        let houses = parse_houses(request.houses.as_ref())?;
        let setup = session::Setup {
            seats: &request.seats,
            seed,
            houses,
            near_end: request.near_end,
        };
        let session = Session::new(server.rules.clone(), server.lexicon.clone(), setup, || {
            server.token()
        })
        .map_err(|m| ApiError(StatusCode::BAD_REQUEST, m))?;
        let id = server.next_id.fetch_add(1, Ordering::Relaxed);
        let tokens: serde_json::Map<String, Value> = session
            .tokens()
            .into_iter()
            .map(|(seat, token)| (seat.to_string(), json!(token)))
            .collect();
        let seat = session.tokens().first().map(|(seat, _)| *seat);
        let state = session.state(id, seat);
        server.games.insert(id, session);
        Ok((
            StatusCode::CREATED,
            Json(json!({ "id": id.to_string(), "seed": seed, "tokens": tokens, "state": state })),
        )
            .into_response())
    })
    .await
}

#[derive(Deserialize)]
struct SeatQuery {
    seat: Option<usize>,
}

async fn game_state(
    State(server): State<Shared>,
    Path(id): Path<String>,
    ApiQuery(query): ApiQuery<SeatQuery>,
    headers: HeaderMap,
) -> ApiResult {
    off_runtime(&server, false, move |server| {
        let (id, session) = server.session(&id)?;
        let session = session.lock().expect("a game lock");
        if let Some(seat) = query.seat {
            session.authorise(seat, token_of(&headers))?;
        }
        Ok(Json(session.state(id, query.seat)).into_response())
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    seat: usize,
    #[serde(rename = "move")]
    text: String,
    #[serde(default)]
    discard: String,
}

async fn make_move(
    State(server): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(request): ApiJson<MoveRequest>,
) -> ApiResult {
    off_runtime(&server, true, move |server| {
        seat_action(server, &id, request.seat, &headers, |session| {
            session.play(request.seat, &request.text, &request.discard)
        })
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardRequest {
    seat: usize,
    card: String,
}

async fn play_card(
    State(server): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(request): ApiJson<CardRequest>,
) -> ApiResult {
    off_runtime(&server, true, move |server| {
        seat_action(server, &id, request.seat, &headers, |session| {
            session.card(request.seat, &request.card)
        })
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatRequest {
    seat: usize,
}

async fn challenge(
    State(server): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(request): ApiJson<SeatRequest>,
) -> ApiResult {
    off_runtime(&server, true, move |server| {
        seat_action(server, &id, request.seat, &headers, |session| {
            session.challenge(request.seat)
        })
    })
    .await
}

async fn hints(
    State(server): State<Shared>,
    Path(id): Path<String>,
    ApiQuery(query): ApiQuery<SeatQuery>,
    headers: HeaderMap,
) -> ApiResult {
    off_runtime(&server, false, move |server| {
        seat_read(
            server,
            &id,
            query.seat,
            &headers,
            "hints",
            |session, seat| Json(json!({ "hints": session.hints(seat) })).into_response(),
        )
    })
    .await
}

/// The record as the seat may see it: its own racks, the others' once the game is over.
async fn gcg(
    State(server): State<Shared>,
    Path(id): Path<String>,
    ApiQuery(query): ApiQuery<SeatQuery>,
    headers: HeaderMap,
) -> ApiResult {
    off_runtime(&server, false, move |server| {
        seat_read(
            server,
            &id,
            query.seat,
            &headers,
            "the record",
            |session, seat| {
                let text = session.gcg(seat);
                ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response()
            },
        )
    })
    .await
}

impl Server {
    fn table(&self, id: &str) -> Result<(u64, Arc<Mutex<monopoly::Table>>), ApiError> {
        let not_found = || ApiError(StatusCode::NOT_FOUND, format!("no game {id:?}"));
        let id: u64 = id.parse().map_err(|_| not_found())?;
        let table = self.tables.get(id).ok_or_else(not_found)?;
        Ok((id, table))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewTable {
    seats: Vec<String>,
    seed: Option<u64>,
    houses: Option<Vec<String>>,
}

async fn new_table(State(server): State<Shared>, ApiJson(request): ApiJson<NewTable>) -> ApiResult {
    off_runtime(&server, true, move |server| {
        let bad_request = |m: String| ApiError(StatusCode::BAD_REQUEST, m);
        server.admit(&request.seats)?;
        let houses = parse_houses(request.houses.as_ref())?;
        let seed = request.seed.unwrap_or_else(|| server.unseeded());
        let table = monopoly::Table::start(
            server.monopoly_rules.clone(),
            &request.seats,
            houses,
            seed,
            || server.token(),
        )
        .map_err(bad_request)?;
        let id = server.next_id.fetch_add(1, Ordering::Relaxed);
        let tokens: serde_json::Map<String, Value> = table
            .tokens()
            .into_iter()
            .map(|(seat, token)| (seat.to_string(), json!(token)))
            .collect();
        server.tables.insert(id, table);
        Ok((
            StatusCode::CREATED,
            Json(json!({ "id": id.to_string(), "seed": seed, "tokens": tokens })),
        )
            .into_response())
    })
    .await
}

async fn table_state(
    State(server): State<Shared>,
    Path(id): Path<String>,
    ApiQuery(query): ApiQuery<SeatQuery>,
    headers: HeaderMap,
) -> ApiResult {
    off_runtime(&server, false, move |server| {
        let (id, table) = server.table(&id)?;
        let table = table.lock().expect("a table lock");
        if let Some(seat) = query.seat {
            table.authorise(seat, token_of(&headers))?;
        }
        Ok(Json(table.state(id, query.seat)).into_response())
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Answer {
    seat: usize,
    question: u64,
    answer: String,
}

async fn answer(
    State(server): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(request): ApiJson<Answer>,
) -> ApiResult {
    off_runtime(&server, true, move |server| {
        let (_, table) = server.table(&id)?;
        let mut table = table.lock().expect("a table lock");
        table.authorise(request.seat, token_of(&headers))?;
        let accepted = table.answer(request.seat, request.question, &request.answer)?;
        Ok((StatusCode::ACCEPTED, Json(json!({ "accepted": accepted }))).into_response())
    })
    .await
}

async fn monopoly_page() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        include_str!("../../web/monopoly.html"),
    )
}

async fn monopoly_script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../../web/monopoly.js"),
    )
}

async fn page() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        include_str!("../../web/index.html"),
    )
}

async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../../web/app.js"),
    )
}

async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("../../web/style.css"),
    )
}

/// The routes, over a server's state, behind the Host check and the security headers.
fn router(server: Shared, hosts: Hosts) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/app.js", get(script))
        .route("/style.css", get(style))
        .route("/api/games", post(new_game))
        .route("/api/games/{id}", get(game_state))
        .route("/api/games/{id}/move", post(make_move))
        .route("/api/games/{id}/card", post(play_card))
        .route("/api/games/{id}/challenge", post(challenge))
        .route("/api/games/{id}/hints", get(hints))
        .route("/api/games/{id}/gcg", get(gcg))
        .route("/monopoly", get(monopoly_page))
        .route("/monopoly.js", get(monopoly_script))
        .route("/api/monopoly", post(new_table))
        .route("/api/monopoly/{id}", get(table_state))
        .route("/api/monopoly/{id}/answer", post(answer))
        .fallback(guard::not_found)
        .method_not_allowed_fallback(guard::not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(hosts),
            guard::check_host,
        ))
        .layer(axum::middleware::from_fn(guard::secure_headers))
        .with_state(server)
}

/// Runs `owlery serve`: prints the address it listens on, then serves until stopped.
pub fn run(args: &crate::cli::ServeArgs) -> anyhow::Result<ExitCode> {
    let rules = crate::setup::hp_rules(&args.data)?;
    let lexicon = crate::setup::game_lexicon(crate::cli::GameArg::ScrabbleHp, &args.lexicon)?;
    let started = std::time::Instant::now();
    let max_reach = Reach::parse(&args.max_reach).with_context(|| {
        format!(
            "--max-reach {}: expected WIDTHxSAMPLES, width 1 to {} and samples 1 to {}",
            args.max_reach,
            Reach::MOST_WIDTH,
            Reach::MOST_SAMPLES
        )
    })?;
    if args.max_games == 0 || args.bot_threads == 0 || args.max_connections == 0 {
        anyhow::bail!("--max-games, --bot-threads and --max-connections: expected at least 1");
    }
    let server = Arc::new(Server {
        games: Store::new(started),
        tables: Store::new(started),
        next_id: AtomicU64::new(1),
        limits: Limits {
            most_games: args.max_games,
            idle: std::time::Duration::from_secs(args.idle_secs),
        },
        thinking: Arc::new(Semaphore::new(args.bot_threads)),
        max_reach,
        max_budget: args.max_budget,
        rules,
        lexicon,
        monopoly_rules: Arc::new(MonopolyRules::standard()),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("starting the server's runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(&args.addr)
            .await
            .with_context(|| format!("--addr {}: cannot listen there", args.addr))?;
        let addr = listener.local_addr()?;
        let hosts = Hosts::new(addr, &args.host);
        println!("owlery serves http://{addr}/");
        use std::io::Write;
        std::io::stdout().flush()?;
        let connections = listen::Connections {
            most: args.max_connections,
            header_timeout: std::time::Duration::from_secs(args.header_timeout_secs),
            longest: std::time::Duration::from_secs(300),
        };
        listen::serve(listener, router(server, hosts), connections).await;
        anyhow::Ok(())
    })?;
    Ok(ExitCode::SUCCESS)
}
