//! The files of a long `seq --out` run: the streamed values and the run's checkpoint.
//!
//! The binary sequence format (`--format binary`): the line `grundy-seq 1 RULE\n`, then each
//! value from heap 0 on as an unsigned LEB128 varint (7 bits a byte, low bits first, high bit
//! set on every byte but the last). The CSV format: the line `n,value`, then `n,value` a heap.
//! A run's checkpoint `FILE.checkpoint` is one JSON line, a [`Checkpoint`]: the first `bytes`
//! bytes of FILE hold heaps `0..heaps` exactly, and `--resume` truncates FILE there and goes on.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};

/// The format of a streamed sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StreamFormat {
    /// `n,value` lines after the header `n,value`.
    Csv,
    /// LEB128 varints after a header line.
    Binary,
}

impl StreamFormat {
    /// The name in checkpoints and messages.
    pub fn name(self) -> &'static str {
        match self {
            StreamFormat::Csv => "csv",
            StreamFormat::Binary => "binary",
        }
    }

    /// The first line of a file of `rule`'s values.
    pub fn header(self, rule: &str) -> Vec<u8> {
        match self {
            StreamFormat::Csv => b"n,value\n".to_vec(),
            StreamFormat::Binary => format!("grundy-seq 1 {rule}\n").into_bytes(),
        }
    }

    /// Appends the value of `heap` to `out`.
    pub fn encode(self, heap: u64, value: u64, out: &mut Vec<u8>) {
        match self {
            StreamFormat::Csv => {
                let _ = writeln!(out, "{heap},{value}");
            }
            StreamFormat::Binary => {
                let mut rest = value;
                loop {
                    let byte = (rest & 0x7f) as u8;
                    rest >>= 7;
                    if rest == 0 {
                        out.push(byte);
                        break;
                    }
                    out.push(byte | 0x80);
                }
            }
        }
    }

    /// The values in `bytes` (a whole file written in this format).
    pub fn decode(self, bytes: &[u8], rule: &str) -> anyhow::Result<Vec<u64>> {
        let header = self.header(rule);
        let body = bytes
            .strip_prefix(header.as_slice())
            .context("the output file does not start with this run's header")?;
        let mut values = Vec::new();
        match self {
            StreamFormat::Csv => {
                for (index, line) in std::str::from_utf8(body)?.lines().enumerate() {
                    let (heap, value) = line
                        .split_once(',')
                        .with_context(|| format!("bad line '{line}' in the output file"))?;
                    if heap.parse::<usize>().ok() != Some(index) {
                        bail!("line '{line}' of the output file is out of order");
                    }
                    values.push(value.parse()?);
                }
            }
            StreamFormat::Binary => {
                let (mut value, mut shift) = (0u64, 0u32);
                for &byte in body {
                    value |= u64::from(byte & 0x7f) << shift;
                    if byte & 0x80 == 0 {
                        values.push(value);
                        (value, shift) = (0, 0);
                    } else {
                        shift += 7;
                        if shift >= 64 {
                            bail!("a value in the output file is too long");
                        }
                    }
                }
                if shift != 0 {
                    bail!("the output file ends inside a value");
                }
            }
        }
        Ok(values)
    }
}

/// How far a run's output file is complete. The fields are in the order the file has always
/// had them (alphabetical), so that checkpoints stay byte for byte what they were.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The length of the complete part of the output file.
    pub bytes: u64,
    /// The output file's format.
    pub format: StreamFormat,
    /// Heaps `0..heaps` are in the complete part.
    pub heaps: u64,
    /// The rule as spec text.
    pub rule: String,
}

impl Checkpoint {
    /// The checkpoint file of the output file `out`: `out.checkpoint`.
    pub fn path(out: &Path) -> PathBuf {
        let mut name = out.as_os_str().to_owned();
        name.push(".checkpoint");
        PathBuf::from(name)
    }

    /// Reads the checkpoint of the output file `out`.
    pub fn read(out: &Path) -> anyhow::Result<Checkpoint> {
        let path = Checkpoint::path(out);
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("no checkpoint {} to resume", path.display()))?;
        serde_json::from_str(&text).context("bad checkpoint")
    }

    /// Replaces the checkpoint of the output file `out` with this one, atomically (a new file
    /// renamed over the old).
    pub fn write(&self, out: &Path) -> anyhow::Result<()> {
        let path = Checkpoint::path(out);
        let temporary = path.with_extension("checkpoint.tmp");
        let json = serde_json::to_string(self)?;
        std::fs::write(&temporary, format!("{json}\n"))
            .with_context(|| format!("cannot write {}", temporary.display()))?;
        std::fs::rename(&temporary, &path)
            .with_context(|| format!("cannot write {}", path.display()))?;
        Ok(())
    }

    /// Removes the checkpoint of the output file `out`, once the run is complete.
    pub fn remove(out: &Path) -> anyhow::Result<()> {
        let path = Checkpoint::path(out);
        std::fs::remove_file(&path).with_context(|| format!("cannot remove {}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A checkpoint as `seq 0.6 --to 3000 --format csv --out run.csv` wrote it before the
    /// files were typed.
    const CHECKPOINT: &str = include_str!("../tests/data/run.csv.checkpoint");

    #[test]
    fn existing_checkpoints_load_and_write_back_identically() {
        let checkpoint: Checkpoint = serde_json::from_str(CHECKPOINT).expect("a checkpoint");
        let expected = Checkpoint {
            bytes: 13933,
            format: StreamFormat::Csv,
            heaps: 2000,
            rule: "0.6".to_string(),
        };
        assert_eq!(checkpoint, expected);
        let text = serde_json::to_string(&checkpoint).expect("a checkpoint serialises");
        assert_eq!(format!("{text}\n"), CHECKPOINT);
    }

    #[test]
    fn formats_round_trip() {
        for format in [StreamFormat::Csv, StreamFormat::Binary] {
            let values = [0, 1, 127, 128, 300, u64::MAX];
            let mut bytes = format.header("kayles");
            for (heap, &value) in values.iter().enumerate() {
                format.encode(heap as u64, value, &mut bytes);
            }
            assert_eq!(format.decode(&bytes, "kayles").expect("decodes"), values);
        }
    }
}
