//! `grundy serve`: the explorer page (static files of `web/`) and a JSON API over HTTP.
//!
//! ```text
//! GET /api/value?spec=SPEC[&misere=1] the `value` report (as `grundy value --format json`,
//!                                     with `--misere` when asked)
//! GET /api/moves?spec=SPEC[&misere=1] the `moves` report
//! GET /api/dag?spec=SPEC&max_nodes=N[&misere=1]
//!                                     the game DAG (as `grundy dag --format json`)
//! GET /api/seq?rule=RULE&to=N         the `seq` report
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

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use axum::extract::{Query, Request, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use grundy::analysis::{self, ErrorReport};
use grundy::{spec, Cancel, Limits, Play};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The longest request target (path and query) accepted, in bytes.
pub const MAX_URI_BYTES: usize = 4096;

/// The longest spec or rule accepted, in bytes.
pub const MAX_SPEC_BYTES: usize = 1000;

/// The most positions a DAG may hold, and the default.
pub const MAX_DAG_NODES: usize = 1000;
const DEFAULT_DAG_NODES: usize = 200;

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

struct AppState {
    web_root: Option<PathBuf>,
    time_limit: Duration,
    permits: Arc<Semaphore>,
    /// The cancel flags of the workers not computing now: as many as permits, made once.
    flags: Arc<Mutex<Vec<&'static AtomicBool>>>,
}

/// A computation's hold on a worker: its permit and a cancel flag of its own, both given back
/// (the flag lowered) when dropped.
struct Worker {
    flag: &'static AtomicBool,
    flags: Arc<Mutex<Vec<&'static AtomicBool>>>,
    _permit: OwnedSemaphorePermit,
}

impl Drop for Worker {
    fn drop(&mut self) {
        // The flag goes back before the permit (a field, dropped after this), so that whoever
        // gets the permit finds a flag.
        self.flag.store(false, Ordering::Relaxed);
        lock(&self.flags).push(self.flag);
    }
}

/// The worker of a computation in flight, shared by the request and the computation. The
/// computation takes the worker back when it ends; a request that stops waiting (its time
/// limit, or its client gone) drops this and so raises the flag of a worker still computing.
/// The lock makes the two exclusive: a flag is never raised once its worker has been given back.
struct InFlight(Arc<Mutex<Option<Worker>>>);

impl Drop for InFlight {
    fn drop(&mut self) {
        if let Some(worker) = lock(&self.0).as_ref() {
            worker.flag.store(true, Ordering::Relaxed);
        }
    }
}

/// The data behind `mutex`, even if a thread panicked holding it (none of it can be left half
/// changed: a flag, a list of flags).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The page's folder: `dir` when given, else `web/` of the source tree this binary was built
/// from, else `web/` in the current folder.
pub fn find_web_root(dir: Option<PathBuf>) -> Option<PathBuf> {
    if dir.is_some() {
        return dir;
    }
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    [built_from, PathBuf::from("web")]
        .into_iter()
        .find(|candidate| candidate.join("index.html").is_file())
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
        .route("/api/dag", get(dag))
        .route("/api/seq", get(sequence))
        .route("/api/{*rest}", get(unknown_api))
        .fallback(get(static_file))
        .layer(middleware::from_fn(cap_request))
        .with_state(state)
}

/// An error report with its status.
struct Failure {
    status: StatusCode,
    report: ErrorReport,
}

impl Failure {
    fn bad(message: impl Into<String>) -> Failure {
        Failure {
            status: StatusCode::BAD_REQUEST,
            report: ErrorReport {
                schema: analysis::SCHEMA,
                error: message.into(),
                span: None,
                limit: false,
                help: None,
            },
        }
    }

    fn limit(message: impl Into<String>) -> Failure {
        let mut failure = Failure::bad(message);
        failure.report.limit = true;
        failure
    }

    /// A library error; a limit's help names the command line's flag, since a request's
    /// limits are the server's.
    fn library(error: &grundy::Error) -> Failure {
        let help = crate::render::limit_flag(error).map(|flag| {
            format!("this server's limits are fixed; on your own machine, the grundy command's {flag} raises it")
        });
        Failure {
            status: StatusCode::BAD_REQUEST,
            report: analysis::ErrorReport {
                help,
                ..analysis::error(error)
            },
        }
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        json_response(self.status, serde_json::to_string(&self.report))
    }
}

fn json_response(status: StatusCode, body: serde_json::Result<String>) -> Response {
    match body {
        Ok(body) => (
            status,
            [(header::CONTENT_TYPE, "application/json")],
            body + "\n",
        )
            .into_response(),
        Err(error) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            [(header::CONTENT_TYPE, "text/plain")],
            format!("cannot write JSON: {error}\n"),
        )
            .into_response(),
    }
}

/// Refuses request targets longer than [`MAX_URI_BYTES`] before any work.
async fn cap_request(request: Request, next: Next) -> Response {
    let length = request
        .uri()
        .path_and_query()
        .map_or(0, |target| target.as_str().len());
    if length > MAX_URI_BYTES {
        return Failure::bad(format!(
            "the request is {length} bytes long, more than the limit of {MAX_URI_BYTES}"
        ))
        .into_response();
    }
    let mut response = next.run(request).await;
    response.headers_mut().insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

type Params = Result<Query<HashMap<String, String>>, axum::extract::rejection::QueryRejection>;

/// The parameter `name`, present and at most [`MAX_SPEC_BYTES`] long.
fn text_param<'a>(params: &'a HashMap<String, String>, name: &str) -> Result<&'a str, Failure> {
    let text = params
        .get(name)
        .ok_or_else(|| Failure::bad(format!("the parameter '{name}' is missing")))?;
    if text.len() > MAX_SPEC_BYTES {
        return Err(Failure::bad(format!(
            "'{name}' is {} bytes long, more than the limit of {MAX_SPEC_BYTES}",
            text.len()
        )));
    }
    Ok(text)
}

/// The number parameter `name` (default `default`), at most `max`.
fn number_param(
    params: &HashMap<String, String>,
    name: &str,
    default: Option<u64>,
    max: u64,
) -> Result<u64, Failure> {
    let number = match (params.get(name), default) {
        (Some(text), _) => {
            spec::parse_number(text).map_err(|error| Failure::bad(format!("'{name}': {error}")))?
        }
        (None, Some(default)) => default,
        (None, None) => return Err(Failure::bad(format!("the parameter '{name}' is missing"))),
    };
    if number > max {
        return Err(Failure::limit(format!(
            "'{name}' is {number}, more than the limit of {max}"
        )));
    }
    Ok(number)
}

fn params(query: Params) -> Result<HashMap<String, String>, Failure> {
    query
        .map(|Query(params)| params)
        .map_err(|rejection| Failure::bad(format!("bad query string: {}", rejection.body_text())))
}

fn parse_sum(text: &str, limits: Limits) -> Result<grundy::sum::Sum, Failure> {
    spec::parse_with(text, spec::Options::new(limits)).map_err(|error| Failure::library(&error))
}

/// Runs `work` on a blocking thread, within the concurrency cap and the time limit, with
/// [`LIMITS`] and the cancel flag of its worker.
async fn compute<R, F>(state: &AppState, work: F) -> Response
where
    R: serde::Serialize + Send + 'static,
    F: FnOnce(Limits) -> Result<R, Failure> + Send + 'static,
{
    let started = Instant::now();
    let time_limit = state.time_limit;
    let permit =
        match tokio::time::timeout(time_limit, Arc::clone(&state.permits).acquire_owned()).await {
            Ok(Ok(permit)) => permit,
            Ok(Err(_)) => return Failure::bad("the server is shutting down").into_response(),
            Err(_) => return busy(time_limit),
        };
    let Some(flag) = lock(&state.flags).pop() else {
        return internal_error("no cancel flag for a worker");
    };
    let worker = Worker {
        flag,
        flags: Arc::clone(&state.flags),
        _permit: permit,
    };
    let in_flight = InFlight(Arc::new(Mutex::new(Some(worker))));
    let shared = Arc::clone(&in_flight.0);
    let limits = Limits {
        cancel: Cancel::new(flag),
        ..LIMITS
    };
    let task = tokio::task::spawn_blocking(move || {
        let result = work(limits);
        let worker = lock(&shared).take();
        drop(worker);
        result
    });
    let remaining = time_limit.saturating_sub(started.elapsed());
    // Leaving this function early (the time limit) or being dropped (the client went away)
    // drops `in_flight`, which cancels the work if it still runs.
    match tokio::time::timeout(remaining, task).await {
        Ok(Ok(Ok(report))) => json_response(StatusCode::OK, serde_json::to_string(&report)),
        Ok(Ok(Err(failure))) => failure.into_response(),
        Ok(Err(_)) => internal_error("the computation stopped"),
        Err(_) => Failure::limit(format!(
            "the request took longer than the time limit of {} ms",
            time_limit.as_millis()
        ))
        .into_response(),
    }
}

/// Status 503: every worker stayed busy for the whole time limit.
fn busy(time_limit: Duration) -> Response {
    let mut failure = Failure::limit(format!(
        "the server is busy: no worker came free within the time limit of {} ms",
        time_limit.as_millis()
    ));
    failure.status = StatusCode::SERVICE_UNAVAILABLE;
    let mut response = failure.into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

fn internal_error(what: &str) -> Response {
    let mut failure = Failure::bad(format!("internal error: {what}"));
    failure.status = StatusCode::INTERNAL_SERVER_ERROR;
    failure.into_response()
}

/// The flag parameter `name`: `1` or `true`, `0` or `false`; false when absent.
fn flag_param(params: &HashMap<String, String>, name: &str) -> Result<bool, Failure> {
    match params.get(name).map(String::as_str) {
        None | Some("0" | "false") => Ok(false),
        Some("1" | "true") => Ok(true),
        Some(other) => Err(Failure::bad(format!(
            "'{name}' is '{other}'; use 1 (or true) or 0 (or false)"
        ))),
    }
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

async fn value(State(state): State<Arc<AppState>>, query: Params) -> Response {
    let (spec_text, play) = match game_request(query) {
        Ok(request) => request,
        Err(failure) => return failure.into_response(),
    };
    let fail = |error| Failure::library(&error);
    match play {
        Play::Normal => {
            compute(&state, move |limits| {
                let sum = parse_sum(&spec_text, limits)?;
                analysis::loopy::value_any(&sum, limits).map_err(fail)
            })
            .await
        }
        Play::Misere => {
            compute(&state, move |limits| {
                analysis::misere::value(&parse_sum(&spec_text, limits)?, limits).map_err(fail)
            })
            .await
        }
    }
}

async fn moves(State(state): State<Arc<AppState>>, query: Params) -> Response {
    let (spec_text, play) = match game_request(query) {
        Ok(request) => request,
        Err(failure) => return failure.into_response(),
    };
    let fail = |error| Failure::library(&error);
    match play {
        Play::Normal => {
            compute(&state, move |limits| {
                let sum = parse_sum(&spec_text, limits)?;
                analysis::loopy::moves_any(&sum, limits).map_err(fail)
            })
            .await
        }
        Play::Misere => {
            compute(&state, move |limits| {
                analysis::misere::moves(&parse_sum(&spec_text, limits)?, limits).map_err(fail)
            })
            .await
        }
    }
}

async fn dag(State(state): State<Arc<AppState>>, query: Params) -> Response {
    let request = params(query).and_then(|p| {
        let spec_text = text_param(&p, "spec")?.to_string();
        let max_nodes = number_param(
            &p,
            "max_nodes",
            Some(DEFAULT_DAG_NODES as u64),
            MAX_DAG_NODES as u64,
        )?;
        Ok((spec_text, max_nodes as usize, play_param(&p)?))
    });
    let (spec_text, max_nodes, play) = match request {
        Ok(request) => request,
        Err(failure) => return failure.into_response(),
    };
    compute(&state, move |limits| {
        analysis::dag(&parse_sum(&spec_text, limits)?, max_nodes, play)
            .map_err(|error| Failure::library(&error))
    })
    .await
}

async fn sequence(State(state): State<Arc<AppState>>, query: Params) -> Response {
    let request = params(query).and_then(|p| {
        let rule = text_param(&p, "rule")?.to_string();
        let to = number_param(&p, "to", None, MAX_SEQUENCE_TO)?;
        Ok((rule, to))
    });
    let (rule, to) = match request {
        Ok(request) => request,
        Err(failure) => return failure.into_response(),
    };
    compute(&state, move |limits| {
        let heap_rule = spec::parse_heap_rule(&rule).map_err(|error| Failure::library(&error))?;
        analysis::heap_sequence(heap_rule, to, limits).map_err(|error| Failure::library(&error))
    })
    .await
}

async fn unknown_api(uri: Uri) -> Response {
    let mut failure = Failure::bad(format!(
        "no such API: {} (there are /api/value, /api/moves, /api/dag and /api/seq)",
        uri.path()
    ));
    failure.status = StatusCode::NOT_FOUND;
    failure.into_response()
}

/// The content type of a file of the page, by extension.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|extension| extension.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("txt" | "md") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The file under the page's folder that `path` names, if it is a plain relative path
/// (letters, digits, `.`, `-`, `_`; no hidden files, no `..`, no node_modules).
fn page_file(root: &Path, path: &str) -> Option<PathBuf> {
    let relative = path.trim_start_matches('/');
    let relative = if relative.is_empty() || relative.ends_with('/') {
        format!("{relative}index.html")
    } else {
        relative.to_string()
    };
    let mut file = root.to_path_buf();
    for segment in relative.split('/') {
        let plain = !segment.is_empty()
            && !segment.starts_with('.')
            && segment != "node_modules"
            && segment
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
        if !plain {
            return None;
        }
        file.push(segment);
    }
    Some(file)
}

async fn static_file(State(state): State<Arc<AppState>>, uri: Uri) -> Response {
    let not_found = || {
        (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "not found\n",
        )
            .into_response()
    };
    let Some(root) = &state.web_root else {
        return not_found();
    };
    let Some(file) = page_file(root, uri.path()) else {
        return not_found();
    };
    match tokio::fs::read(&file).await {
        Ok(bytes) => (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, content_type(&file)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            bytes,
        )
            .into_response(),
        Err(_) => not_found(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_files_stay_inside_the_root() {
        let root = Path::new("/srv/web");
        assert_eq!(page_file(root, "/"), Some(root.join("index.html")));
        assert_eq!(
            page_file(root, "/pkg/grundy_wasm.js"),
            Some(root.join("pkg/grundy_wasm.js"))
        );
        for bad in [
            "/../secret",
            "/a/../../b",
            "/.git/config",
            "/node_modules/x.js",
            "/a%2e%2e/b",
        ] {
            assert_eq!(page_file(root, bad), None, "{bad}");
        }
    }

    #[test]
    fn content_types_by_extension() {
        assert_eq!(content_type(Path::new("a.wasm")), "application/wasm");
        assert_eq!(
            content_type(Path::new("a.js")),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type(Path::new("a")), "application/octet-stream");
    }

    #[test]
    fn number_parameters_are_capped() {
        let params = HashMap::from([("to".to_string(), "10^9".to_string())]);
        let failure = number_param(&params, "to", None, MAX_SEQUENCE_TO)
            .err()
            .unwrap();
        assert!(failure.report.limit);
        assert!(number_param(&params, "n", None, 10).is_err());
        assert_eq!(number_param(&params, "n", Some(7), 10).ok(), Some(7));
    }
}
