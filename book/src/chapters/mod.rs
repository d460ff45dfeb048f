//! One module per chapter, each making that chapter's generated files.

pub mod architecture;
pub mod board;
pub mod v10;
pub mod v11;
