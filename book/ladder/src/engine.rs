//! A real engine for every game: its program started afresh, spoken to in
//! the protocol it speaks.
//!
//! The match asks a [`Spawn`] for each game's players; here an
//! [`EngineSpec`] answers with an [`UciEngine`] or an [`XboardEngine`].
//! This sits above both protocols so that neither needs to know the other.

use crate::player::{Failure, Player, Spawn};
use crate::process::{EngineSpec, Protocol};
use crate::uci::UciEngine;
use crate::xboard::XboardEngine;

impl Spawn for EngineSpec {
    fn spawn(&self, game: usize) -> Result<Box<dyn Player>, Failure> {
        Ok(match self.protocol {
            Protocol::Uci => Box::new(UciEngine::start(self, game)?),
            Protocol::Xboard => Box::new(XboardEngine::start(self, game)?),
        })
    }
}
