//! Ctrl-C as a cancel flag, for a search that keeps a checkpoint: the first Ctrl-C stops the
//! search, which saves its tables on the way out; a second one ends the program at once.

use std::sync::atomic::{AtomicBool, Ordering};

use grundy::Cancel;

/// Raised by the first Ctrl-C.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The exit status of a program ended by a second Ctrl-C (128 + SIGINT, as shells report it).
const EXIT_INTERRUPTED: i32 = 130;

/// A cancel flag that the first Ctrl-C raises; [`Cancel::NEVER`] when no handler can be set
/// (Ctrl-C then ends the program as usual).
pub fn cancel_on_ctrl_c() -> Cancel {
    let handler = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::Relaxed) {
            std::process::exit(EXIT_INTERRUPTED);
        }
        eprintln!("stopping: saving the checkpoint (Ctrl-C again to quit at once)");
    });
    match handler {
        Ok(()) => Cancel::new(&INTERRUPTED),
        Err(_) => Cancel::NEVER,
    }
}
