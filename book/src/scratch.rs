//! A throw-away folder under the system's temporary directory, for tests.

use std::fs;
use std::path::{Path, PathBuf};

/// A folder that is emptied on creation and removed when dropped.
pub(crate) struct Scratch(PathBuf);

impl Scratch {
    /// A fresh folder; `name` must be unique among the tests of this crate.
    pub(crate) fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("lamosca-book-{}-{name}", std::process::id()));
        // Ignore the error: the folder is usually not there.
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("create a scratch folder");
        Scratch(dir)
    }

    /// The path of `relative` inside the folder.
    pub(crate) fn path(&self, relative: &str) -> PathBuf {
        self.0.join(relative)
    }

    /// Writes `text` to `relative`, creating folders on the way.
    pub(crate) fn write(&self, relative: &str, text: &str) -> PathBuf {
        let path = self.path(relative);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).expect("create a scratch subfolder");
        }
        fs::write(&path, text).expect("write a scratch file");
        path
    }

    /// The folder itself.
    pub(crate) fn root(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}
