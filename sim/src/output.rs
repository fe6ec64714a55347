//! Writing to stdout: buffered, a closed pipe (`owlery ... | head`) no error, and listings as
//! CSV or JSON.

use std::io::{self, BufWriter, StdoutLock, Write};

use crate::cli::Format;

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

/// A listing as CSV (the header alone when empty) or as one JSON array.
pub fn write_rows<R: serde::Serialize>(
    out: &mut impl Write,
    format: Format,
    rows: &[R],
    header: &[&str],
) -> anyhow::Result<()> {
    if format == Format::Json {
        serde_json::to_writer_pretty(&mut *out, rows)?;
        writeln!(out)?;
        return Ok(());
    }
    let mut writer = csv::Writer::from_writer(&mut *out);
    for row in rows {
        writer.serialize(row)?;
    }
    if rows.is_empty() {
        writer.write_record(header)?;
    }
    writer.flush()?;
    Ok(())
}
