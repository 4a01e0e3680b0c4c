//! What a face says after drawing the values of a heap rule to an image file.

use serde::Serialize;

/// `grundy plot`'s answer: which file it wrote, of what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ImageReport {
    /// [`SCHEMA`](super::SCHEMA).
    pub schema: u32,
    /// The image file, as the command line named it.
    pub file: String,
    /// The rule as spec text.
    pub rule: String,
    /// The last heap drawn (from heap 0).
    pub to: u64,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}
