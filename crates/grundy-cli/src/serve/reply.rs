//! What a request says and what the server answers: parameters read and capped, failures as
//! the library's `ErrorReport` with their status.

use std::collections::HashMap;

use axum::extract::{Query, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use grundy::analysis::{self, ErrorReport};
use grundy::{spec, Limits};

use super::{MAX_SPEC_BYTES, MAX_URI_BYTES};

/// An error report with its status.
pub(super) struct Failure {
    pub(super) status: StatusCode,
    pub(super) report: ErrorReport,
}

impl Failure {
    pub(super) fn bad(message: impl Into<String>) -> Failure {
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

    pub(super) fn limit(message: impl Into<String>) -> Failure {
        let mut failure = Failure::bad(message);
        failure.report.limit = true;
        failure
    }

    /// A library error; a limit's help names the command line's flag, since a request's
    /// limits are the server's.
    pub(super) fn library(error: &grundy::Error) -> Failure {
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

pub(super) fn json_response(status: StatusCode, body: serde_json::Result<String>) -> Response {
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
pub(super) async fn cap_request(request: Request, next: Next) -> Response {
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

pub(super) type Params =
    Result<Query<HashMap<String, String>>, axum::extract::rejection::QueryRejection>;

/// The parameter `name`, present and at most [`MAX_SPEC_BYTES`] long.
pub(super) fn text_param<'a>(
    params: &'a HashMap<String, String>,
    name: &str,
) -> Result<&'a str, Failure> {
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
pub(super) fn number_param(
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

/// The flag parameter `name`: `1` or `true`, `0` or `false`; false when absent.
pub(super) fn flag_param(params: &HashMap<String, String>, name: &str) -> Result<bool, Failure> {
    match params.get(name).map(String::as_str) {
        None | Some("0" | "false") => Ok(false),
        Some("1" | "true") => Ok(true),
        Some(other) => Err(Failure::bad(format!(
            "'{name}' is '{other}'; use 1 (or true) or 0 (or false)"
        ))),
    }
}

pub(super) fn params(query: Params) -> Result<HashMap<String, String>, Failure> {
    query
        .map(|Query(params)| params)
        .map_err(|rejection| Failure::bad(format!("bad query string: {}", rejection.body_text())))
}

pub(super) fn parse_sum(text: &str, limits: Limits) -> Result<grundy::sum::Sum, Failure> {
    spec::parse_with(text, spec::Options::new(limits)).map_err(|error| Failure::library(&error))
}

/// `text` read as an impartial or a partizan game, within `limits`.
pub(super) fn parse_any(text: &str, limits: Limits) -> Result<spec::AnyGame, Failure> {
    spec::parse_any_with(text, spec::Options::new(limits)).map_err(|error| Failure::library(&error))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::MAX_SEQUENCE_TO;

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
