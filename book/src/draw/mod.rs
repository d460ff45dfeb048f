//! The drawings the chapters share: boards, search trees, charts, the
//! whole tree as a fan, and the records the steppers show.

pub mod chart;
pub mod diagram;
pub mod fan;
pub mod recorded;
pub mod stepper;
pub mod tree;
