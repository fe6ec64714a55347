//! Writing to stdout: buffered, and a closed pipe (`owlery ... | head`) is not an error.

use std::io::{self, BufWriter, StdoutLock, Write};

/// A buffered handle on stdout.
pub fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::new(io::stdout().lock())
}

/// Whether an error chain ends in a broken pipe, which means the reader left: stop quietly.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Flushes, turning a failure into an error with context.
pub fn finish(mut out: impl Write) -> anyhow::Result<()> {
    out.flush()?;
    Ok(())
}
