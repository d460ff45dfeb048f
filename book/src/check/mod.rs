//! The checks that keep the book tied to the code.

pub mod html;
pub mod includes;
pub mod links;
pub mod staleness;
pub mod summary;
pub mod terms;
