//! Files named in a spec (`digraph(@edges.txt; a)`) and the cap on every file a face reads for
//! one. The library opens no file: a face opens it and reads it through [`read_capped`] (or
//! hands [`read_include`] to the parser as its [`Include`]), so every face stops at
//! [`MAX_FILE_BYTES`] alike.

use std::io::Read;
use std::ops::Range;

use super::parser::Parser;
use crate::error::{Error, ErrorKind, Limit, Result};

/// Reads the contents of a file named in a spec (`digraph(@edges.txt; a)`). The library does
/// no IO itself; faces that can read files pass one in, reading at most [`MAX_FILE_BYTES`]
/// (as [`read_include`] does).
pub type Include<'a> = &'a dyn Fn(&str) -> std::result::Result<String, String>;

/// The most bytes a file read for a spec may hold, whether the whole spec (`grundy value @FILE`)
/// or an include (`digraph(@edges.txt; a)`): 32 MiB, a million edges or Nim heaps with room to
/// spare. Faces stop reading there, and the parser refuses longer includes.
pub const MAX_FILE_BYTES: u64 = 1 << 25;

/// All of `source` (named `name` in errors) as UTF-8 text, refused past [`MAX_FILE_BYTES`]
/// without reading on.
///
/// # Errors
/// [`Limit::FileSize`] past the cap; [`ErrorKind::Include`] when reading fails or the bytes are
/// not UTF-8.
///
/// # Example
/// ```
/// use grundy::spec;
/// assert_eq!(spec::read_capped(&b"a>b"[..], "edges")?, "a>b");
/// assert!(spec::read_capped(std::io::repeat(b'a'), "endless").is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn read_capped(source: impl Read, name: &str) -> Result<String> {
    let mut bytes = Vec::new();
    source
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| Error::new(include_kind(name, error.to_string())))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Error::limit(Limit::FileSize, MAX_FILE_BYTES));
    }
    String::from_utf8(bytes)
        .map_err(|_| Error::new(include_kind(name, "it is not UTF-8 text".to_string())))
}

/// The text of a file a face opened (or failed to open) for an include: an [`Include`] is
/// `|file| spec::read_include(std::fs::File::open(file), file)`.
///
/// # Errors
/// Why the file cannot be read, as [`ErrorKind::Include`]'s reason: it did not open, it is not
/// UTF-8, or it is longer than [`MAX_FILE_BYTES`].
pub fn read_include(
    opened: std::io::Result<impl Read>,
    file: &str,
) -> std::result::Result<String, String> {
    let source = opened.map_err(|error| error.to_string())?;
    read_capped(source, file).map_err(|error| match error.kind() {
        ErrorKind::Include { reason, .. } => reason.clone(),
        _ => error.to_string(),
    })
}

fn include_kind(file: &str, reason: String) -> ErrorKind {
    ErrorKind::Include {
        file: file.to_string(),
        reason,
    }
}

/// A file a spec included: its name, where `@name` stands, and its text.
pub(super) struct Included<'a> {
    pub(super) file: &'a str,
    pub(super) span: Range<usize>,
    pub(super) text: String,
}

impl Included<'_> {
    /// The error that the file cannot be used, for `reason`, at `@name`.
    pub(super) fn error(&self, reason: String) -> Error {
        Error::at(include_kind(self.file, reason), self.span.clone())
    }
}

impl<'a> Parser<'a> {
    /// `@file`, read through the options' [`Include`], at most [`MAX_FILE_BYTES`].
    pub(super) fn include(&mut self) -> Result<Included<'a>> {
        let (start, _) = self.scan(|c| c == '@');
        let (_, file) = self.scan(|c| c != ';' && c != ')' && !c.is_whitespace());
        let mut included = Included {
            file,
            span: start..self.position,
            text: String::new(),
        };
        let Some(include) = self.options.include else {
            return Err(included.error("files cannot be read here".to_string()));
        };
        included.text = include(file).map_err(|reason| included.error(reason))?;
        let bytes = included.text.len() as u64;
        if bytes > MAX_FILE_BYTES {
            let error = Error::limit_needing(Limit::FileSize, MAX_FILE_BYTES, bytes);
            return Err(error.or_at(included.span));
        }
        Ok(included)
    }
}
