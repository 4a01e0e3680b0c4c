//! The page: the static files of `web/`, served from inside its folder only.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use super::AppState;

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

pub(super) async fn static_file(State(state): State<Arc<AppState>>, uri: Uri) -> Response {
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
}
