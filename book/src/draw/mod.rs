//! The drawings the chapters share: boards, search trees and charts.

pub mod chart;
pub mod diagram;
pub mod recorded;
pub mod tree;
