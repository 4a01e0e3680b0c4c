//! `grundy serve`: the explorer page (static files of `web/`) and a JSON API over HTTP.
//!
//! ```text
//! GET /api/value?spec=SPEC[&misere=1] the `value` report (as `grundy value --format json`,
//!                                     with `--misere` when asked; a partizan spec such as
//!                                     `{1|0} + ^` gives the `"kind": "partizan"` report)
//! GET /api/moves?spec=SPEC[&misere=1] the `moves` report (a partizan spec gives the
//!                                     `"kind": "partizan"` report: both players' moves)
//! GET /api/move?spec=SPEC&as=left|right
//!                                     the move a perfect Left or Right makes in a partizan
//!                                     game, with its reason (as `grundy play --as`)
//! GET /api/thermograph?spec=SPEC     the thermograph of a partizan game: the walls as data and
//!                                     the SVG picture (as `grundy thermograph --format json`)
//! GET /api/dag?spec=SPEC&max_nodes=N[&misere=1]
//!                                     the game DAG (as `grundy dag --format json`)
//! GET /api/seq?rule=RULE&to=N[&misere=1] the `seq` report
//! ```
//! Every error is an `ErrorReport` as JSON with status 400 (a limit's `help` names the
//! command line's flag, as a request cannot raise the server's limits) (404 for an unknown path; 503 when
//! no worker comes free within the time limit). The server binds 127.0.0.1 unless told
//! otherwise, and caps everything a request can cost: the length of the request line and of
//! each parameter, the solver's limits (positions, moves examined, moves listed), the number of
//! computations running at once, and the time a request may take. Computations run on
//! blocking threads, one per worker, each worker with a cancel flag of its own: a request that
//! times out (or whose client goes away) raises its flag, and the solver stops at its next
//! count of work, so the worker is free again at once. (Heap sequences, `/api/seq`, stop at
//! their bounded work instead: the heap engine does not look at the flag.)

mod files;
mod reply;
mod worker;

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, Result};
use axum::extract::State;
use axum::http::{StatusCode, Uri};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use grundy::analysis::partizan_play::Side;
use grundy::ask::{self, Settings};
use grundy::{spec, Limits, Play};
use tokio::sync::Semaphore;

pub use files::find_web_root;
use files::static_file;
use reply::{
    cap_request, flag_param, number_param, params, parse_any, parse_sum, text_param, Failure,
    Params,
};
use worker::compute;

/// The longest request target (path and query) accepted, in bytes.
pub const MAX_URI_BYTES: usize = 4096;

/// The longest spec or rule accepted, in bytes.
pub const MAX_SPEC_BYTES: usize = 1000;

/// The most positions a DAG may hold.
pub const MAX_DAG_NODES: usize = 1000;

/// The last heap a sequence may reach.
pub const MAX_SEQUENCE_TO: u64 = 100_000;

/// The solver limits of every request: about a second of work at most.
pub const LIMITS: Limits = Limits {
    max_positions: 1 << 20,
    max_work: 1 << 23,
    max_moves: 1 << 14,
    max_output: 1 << 20,
    max_memory: 1 << 26,
    ..Limits::DEFAULT
};

/// The arguments of `grundy serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The port; 0 picks a free one.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on; anything but 127.0.0.1 or ::1 exposes the server to others.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The folder of the page (default: web/ of the source tree, or ./web).
    #[arg(long)]
    web: Option<PathBuf>,
    /// The most milliseconds a request may take.
    #[arg(long, value_parser = crate::flags::parse_count, default_value_t = 5000)]
    time_limit_ms: u64,
}

impl Args {
    /// How the server runs, from the flags.
    pub fn config(self) -> Config {
        Config {
            host: self.host,
            port: self.port,
            web_root: find_web_root(self.web),
            time_limit: Duration::from_millis(self.time_limit_ms),
        }
    }
}

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to bind; 127.0.0.1 unless asked.
    pub host: IpAddr,
    /// The port; 0 picks a free one.
    pub port: u16,
    /// The folder of the page (`web/`), when there is one.
    pub web_root: Option<PathBuf>,
    /// The most time a request may take.
    pub time_limit: Duration,
}

/// What every request shares: the page's folder, the time limit, and the workers.
struct AppState {
    web_root: Option<PathBuf>,
    time_limit: Duration,
    permits: Arc<Semaphore>,
    /// The cancel flags of the workers not computing now: as many as permits, made once.
    flags: Arc<Mutex<Vec<&'static AtomicBool>>>,
}

/// Runs the server until Ctrl-C.
///
/// # Errors
/// The address cannot be bound, or the runtime cannot start.
pub fn run(config: Config) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the server's runtime")?;
    runtime.block_on(serve(config))
}

async fn serve(config: Config) -> Result<()> {
    let address = SocketAddr::new(config.host, config.port);
    let listener = listen(address).with_context(|| format!("binding {address}"))?;
    let bound = listener.local_addr().context("reading the bound address")?;
    if !config.host.is_loopback() {
        eprintln!(
            "warning: serving on {} - other machines on the network can reach this server",
            config.host
        );
    }
    match &config.web_root {
        Some(root) if !root.join("pkg").join("grundy_wasm.js").is_file() => eprintln!(
            "warning: {} has no pkg/grundy_wasm.js; run scripts/wasm to build the page's WebAssembly",
            root.display()
        ),
        Some(_) => {}
        None => eprintln!("warning: no web/ folder found (use --web DIR); only the API is served"),
    }
    let flags = (0..workers())
        .map(|_| &*Box::leak(Box::new(AtomicBool::new(false))))
        .collect::<Vec<_>>();
    let state = Arc::new(AppState {
        web_root: config.web_root,
        time_limit: config.time_limit,
        permits: Arc::new(Semaphore::new(flags.len())),
        flags: Arc::new(Mutex::new(flags)),
    });
    // The URL goes to stdout, alone on its line, so that scripts and tests can read it.
    println!("grundy explorer: http://{bound}/");
    axum::serve(listener, app(state))
        .with_graceful_shutdown(async {
            // Without a signal handler the server simply runs until killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await
        .context("serving")
}

/// Connections the kernel may hold before the server accepts them.
const BACKLOG: u32 = 1024;

/// A listener on `address` with room for a burst of [`BACKLOG`] connections (the standard
/// library's 128 drops the rest of a burst, and their clients retry a second later).
fn listen(address: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = match address {
        SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
        SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
    };
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(BACKLOG)
}

/// How many computations may run at once: one per core, at least two.
fn workers() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get().max(2))
}

fn app(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/api/value", get(value))
        .route("/api/moves", get(moves))
        .route("/api/move", get(computer_move))
        .route("/api/thermograph", get(thermograph))
        .route("/api/dag", get(dag))
        .route("/api/seq", get(sequence))
        .route("/api/{*rest}", get(unknown_api))
        .fallback(get(static_file))
        .layer(middleware::from_fn(cap_request))
        .with_state(state)
}

/// The `spec` and `misere` parameters of `/api/value` and `/api/moves`.
fn game_request(query: Params) -> Result<(String, Play), Failure> {
    let params = params(query)?;
    let spec_text = text_param(&params, "spec")?.to_string();
    Ok((spec_text, play_param(&params)?))
}

/// The play the `misere` flag parameter asks for.
fn play_param(params: &HashMap<String, String>) -> Result<Play, Failure> {
    Ok(Play::from_misere(flag_param(params, "misere")?))
}

/// Reads `spec_text` as the CLI reads it (impartial or partizan) and answers `question` about
/// it on a worker.
async fn ask_any<R, Q>(state: &AppState, spec_text: String, question: Q) -> Response
where
    R: serde::Serialize + Send + 'static,
    Q: FnOnce(&mut spec::AnyGame, &Settings) -> grundy::Result<R> + Send + 'static,
{
    compute(state, move |settings| {
        let mut game = parse_any(&spec_text, settings.limits)?;
        question(&mut game, &settings).map_err(|error| Failure::library(&error))
    })
    .await
}

/// Answers `question` about the game and the play a request names (`spec`, `misere`).
async fn game_question<R: serde::Serialize + Send + 'static>(
    state: &AppState,
    query: Params,
    question: fn(&mut spec::AnyGame, Play, &Settings) -> grundy::Result<R>,
) -> Response {
    match game_request(query) {
        Ok((spec_text, play)) => {
            ask_any(state, spec_text, move |game, settings| {
                question(game, play, settings)
            })
            .await
        }
        Err(failure) => failure.into_response(),
    }
}

/// The value of an impartial or a partizan game, read as `grundy value` reads it.
async fn value(State(state): State<Arc<AppState>>, query: Params) -> Response {
    game_question(&state, query, ask::value_of).await
}

/// Every move of an impartial or a partizan game, read as `grundy moves` reads it.
async fn moves(State(state): State<Arc<AppState>>, query: Params) -> Response {
    game_question(&state, query, ask::moves_of).await
}

/// The move a perfect player (`as=left` or `as=right`) makes in a partizan game, with its
/// reason: the computer's move of `grundy play --as`.
async fn computer_move(State(state): State<Arc<AppState>>, query: Params) -> Response {
    let request = params(query).and_then(|p| {
        let spec_text = text_param(&p, "spec")?.to_string();
        let side = match text_param(&p, "as")? {
            "left" => Side::Left,
            "right" => Side::Right,
            other => {
                return Err(Failure::bad(format!(
                    "as={other}: the player is left or right"
                )))
            }
        };
        Ok((spec_text, side))
    });
    let (spec_text, side) = match request {
        Ok(request) => request,
        Err(failure) => return failure.into_response(),
    };
    ask_any(&state, spec_text, move |game, settings| {
        ask::partizan_move(game, side, settings)
    })
    .await
}

/// The thermograph of a partizan game, its walls and its picture: the report of
/// `grundy thermograph --format json`.
async fn thermograph(State(state): State<Arc<AppState>>, query: Params) -> Response {
    let spec_text = match params(query).and_then(|p| Ok(text_param(&p, "spec")?.to_string())) {
        Ok(spec_text) => spec_text,
        Err(failure) => return failure.into_response(),
    };
    ask_any(&state, spec_text, |game, _| ask::thermograph_of(game)).await
}

async fn dag(State(state): State<Arc<AppState>>, query: Params) -> Response {
    let request = params(query).and_then(|p| {
        let spec_text = text_param(&p, "spec")?.to_string();
        let max_nodes = number_param(
            &p,
            "max_nodes",
            Some(ask::DEFAULT_MAX_NODES as u64),
            MAX_DAG_NODES as u64,
        )?;
        Ok((spec_text, max_nodes as usize, play_param(&p)?))
    });
    let (spec_text, max_nodes, play) = match request {
        Ok(request) => request,
        Err(failure) => return failure.into_response(),
    };
    compute(&state, move |settings| {
        let settings = Settings {
            max_nodes,
            ..settings
        };
        let sum = parse_sum(&spec_text, settings.limits)?;
        ask::dag(&sum, play, &settings).map_err(|error| Failure::library(&error))
    })
    .await
}

async fn sequence(State(state): State<Arc<AppState>>, query: Params) -> Response {
    let request = params(query).and_then(|p| {
        let rule = text_param(&p, "rule")?.to_string();
        let to = number_param(&p, "to", None, MAX_SEQUENCE_TO)?;
        Ok((rule, to, play_param(&p)?))
    });
    let (rule, to, play) = match request {
        Ok(request) => request,
        Err(failure) => return failure.into_response(),
    };
    compute(&state, move |settings| {
        let heap_rule = spec::parse_heap_rule(&rule).map_err(|error| Failure::library(&error))?;
        ask::sequence(&heap_rule, to, play, settings.limits)
            .map_err(|error| Failure::library(&error))
    })
    .await
}

async fn unknown_api(uri: Uri) -> Response {
    let mut failure = Failure::bad(format!(
        "no such API: {} (there are /api/value, /api/moves, /api/move, /api/thermograph, /api/dag \
         and /api/seq)",
        uri.path()
    ));
    failure.status = StatusCode::NOT_FOUND;
    failure.into_response()
}
