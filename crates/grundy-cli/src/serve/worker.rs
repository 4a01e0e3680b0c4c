//! The server's workers: a computation runs on a blocking thread, within the concurrency cap
//! and the time limit, with a cancel flag of its own that a request which stops waiting raises.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use grundy::ask::Settings;
use grundy::{Cancel, Limits};
use tokio::sync::OwnedSemaphorePermit;

use super::reply::{json_response, Failure};
use super::{AppState, LIMITS};

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

/// Runs `work` on a blocking thread, within the concurrency cap and the time limit, with
/// [`LIMITS`] and the cancel flag of its worker (in the front door's settings).
pub(super) async fn compute<R, F>(state: &AppState, work: F) -> Response
where
    R: serde::Serialize + Send + 'static,
    F: FnOnce(Settings) -> Result<R, Failure> + Send + 'static,
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
    let settings = Settings::with_limits(Limits {
        cancel: Cancel::new(flag),
        ..LIMITS
    });
    let task = tokio::task::spawn_blocking(move || {
        let result = work(settings);
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
        Err(_) => {
            let mut failure = Failure::limit(format!(
                "the request took longer than the time limit of {} ms",
                time_limit.as_millis()
            ));
            failure.report.help = Some(
                "ask for a smaller game, or run the grundy command on your own machine (no time \
                 limit there, or start grundy serve with a larger --time-limit-ms)"
                    .to_string(),
            );
            failure.into_response()
        }
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
