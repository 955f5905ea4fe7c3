//! The Gomocup (Piskvork) protocol with the Yixin-Board extensions.

pub mod parse;
