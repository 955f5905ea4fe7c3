//! The Gomocup (Piskvork) protocol with the Yixin-Board extensions.

pub mod output;
pub mod parse;
