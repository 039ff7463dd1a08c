//! Every file the CLI writes goes through here.
//!
//! Three promises, for every command (`deal`, `bigdeal`, `convert`, `print`, `dd --pbn`,
//! `squaredeal create/deal/verify`, `constrain -f`):
//!
//! * **No command writes over its own input.** A target that is the same file as an input
//!   (same device and inode, or the same canonical path) is refused, `--force` or not.
//! * **No existing file is replaced without `--force`.** Without it the final rename is
//!   `persist_noclobber`, so even a file created meanwhile by someone else is kept.
//! * **No partial files.** Bytes go to a temporary file in the target's own folder
//!   (`.fairdeal-*.tmp`, with the mode `File::create` gives) that is renamed into place only
//!   after everything was written and flushed; on any error it is deleted when dropped.
//!
//! A [`Policy`] holds the `--force` flag and the inputs; [`Policy::check`] is called for every
//! target before any work, [`Policy::create`] gives a [`PendingFile`] that [`PendingFile::commit`]
//! renames into place.

use anyhow::{bail, Context};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// What a command may write over: `--force`, and the files it reads.
#[derive(Debug, Clone, Default)]
pub struct Policy {
    force: bool,
    inputs: Vec<PathBuf>,
}

impl Policy {
    /// A policy that replaces existing files only if `force`.
    pub fn new(force: bool) -> Policy {
        Policy {
            force,
            inputs: Vec::new(),
        }
    }

    /// Adds a file the command reads; it is never a target.
    pub fn input(mut self, path: &Path) -> Policy {
        self.inputs.push(path.to_path_buf());
        self
    }

    /// Refuses `path` as a target: an input, a folder, or an existing file without `--force`.
    pub fn check(&self, path: &Path) -> anyhow::Result<()> {
        for input in &self.inputs {
            if same_file(input, path) {
                bail!(
                    "{} is also an input of this command; it is never written over (choose another output name)",
                    path.display()
                );
            }
        }
        match std::fs::symlink_metadata(path) {
            Ok(m) if m.is_dir() => bail!("{} is a folder, not a file", path.display()),
            Ok(_) if !self.force => bail!(
                "{} already exists (use --force to replace it)",
                path.display()
            ),
            _ => Ok(()),
        }
    }

    /// Checks every target before anything is written.
    pub fn check_all<P: AsRef<Path>>(&self, paths: &[P]) -> anyhow::Result<()> {
        paths.iter().try_for_each(|p| self.check(p.as_ref()))
    }

    /// A temporary file next to `path`, renamed onto it by [`PendingFile::commit`].
    pub fn create(&self, path: &Path) -> anyhow::Result<PendingFile> {
        self.check(path)?;
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".fairdeal-").suffix(".tmp");
        #[cfg(unix)]
        {
            // The mode `File::create` gives (0666 less the umask), not tempfile's 0600.
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let tmp = builder
            .tempfile_in(dir)
            .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
        Ok(PendingFile {
            out: BufWriter::new(tmp),
            dest: path.to_path_buf(),
            force: self.force,
        })
    }

    /// Writes `bytes` to `path` all at once (temporary file, then rename).
    pub fn write(&self, path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
        let mut f = self.create(path)?;
        f.write_all(bytes)
            .with_context(|| format!("cannot write {}", path.display()))?;
        f.commit()
    }
}

/// Whether `a` and `b` name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(ma), Ok(mb)) = (std::fs::metadata(a), std::fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if ma.dev() == mb.dev() && ma.ino() == mb.ino() {
            return true;
        }
    }
    let _ = (ma, mb);
    matches!(
        (std::fs::canonicalize(a), std::fs::canonicalize(b)),
        (Ok(x), Ok(y)) if x == y
    )
}

/// A file being written: a temporary file until [`PendingFile::commit`]; dropped uncommitted,
/// it is deleted and the target is untouched.
#[derive(Debug)]
pub struct PendingFile {
    out: BufWriter<NamedTempFile>,
    dest: PathBuf,
    force: bool,
}

impl PendingFile {
    /// Flushes and renames the temporary file onto the target (never replacing an existing
    /// file unless `--force`).
    pub fn commit(self) -> anyhow::Result<()> {
        let dest = self.dest;
        let tmp = self
            .out
            .into_inner()
            .map_err(|e| e.into_error())
            .with_context(|| format!("cannot write {}", dest.display()))?;
        tmp.as_file()
            .sync_all()
            .with_context(|| format!("cannot write {}", dest.display()))?;
        let persisted = if self.force {
            tmp.persist(&dest)
        } else {
            tmp.persist_noclobber(&dest)
        };
        persisted.map_err(|e| {
            anyhow::anyhow!(
                "cannot write {}: {}{}",
                dest.display(),
                e.error,
                if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                    " (use --force to replace it)"
                } else {
                    ""
                }
            )
        })?;
        Ok(())
    }
}

impl Write for PendingFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.out.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uncommitted_file_leaves_nothing_and_commit_respects_force() {
        let d = tempfile::tempdir().unwrap();
        let target = d.path().join("a.txt");
        {
            let mut f = Policy::new(false).create(&target).unwrap();
            f.write_all(b"half").unwrap();
        }
        assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 0);
        Policy::new(false).write(&target, b"one").unwrap();
        let err = Policy::new(false).write(&target, b"two").unwrap_err();
        assert!(format!("{err:#}").contains("--force"), "{err:#}");
        assert_eq!(std::fs::read(&target).unwrap(), b"one");
        Policy::new(true).write(&target, b"two").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"two");
        let err = Policy::new(true).input(&target).check(&target).unwrap_err();
        assert!(format!("{err:#}").contains("input"), "{err:#}");
        assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 1);
    }
}
