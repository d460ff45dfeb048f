//! Squares of the 0x88 board.
//!
//! The board is a 128-entry array: sixteen columns a row, of which only the
//! first eight are real. Square `a1` is index 0, `h1` is 7, `a2` is 16, and
//! "up" (towards rank 8) is `+16`. The right half of each row (indices 8..15)
//! lies off the board, and so does every index of 128 or more. One test,
//! `index & 0x88 != 0`, tells that a square is off the board, whether a step
//! ran off a side, the top or the bottom: that is the whole trick of 0x88
//! (Kornilov's notes on the board in his 2005 book describe it so).
//!
//! ```text
//!          a  b  c  d  e  f  g  h | off the board
//! rank 8: 70 71 72 73 74 75 76 77 | 78 .. 7f
//! rank 7: 60 61 62 63 64 65 66 67 | 68 .. 6f
//!  ...
//! rank 2: 10 11 12 13 14 15 16 17 | 18 .. 1f
//! rank 1: 00 01 02 03 04 05 06 07 | 08 .. 0f      (hexadecimal indices)
//! ```
//!
//! ```
//! use common::Square;
//! let e4 = Square::parse("e4").unwrap();
//! assert_eq!(e4.index(), 0x34);
//! assert_eq!((e4.rank(), e4.file()), (3, 4));
//! assert!(Square::is_off_board(e4.index() as i32 + 5 * 16)); // past rank 8
//! assert!(Square::is_off_board(e4.index() as i32 + 4)); // past the h-file
//! ```

use std::fmt;

// ANCHOR: square
/// A square on the 0x88 board, always on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);
// ANCHOR_END: square

impl Square {
    /// Square a1, index 0.
    pub const A1: Square = Square(0x00);
    /// Square h1.
    pub const H1: Square = Square(0x07);
    /// Square a8.
    pub const A8: Square = Square(0x70);
    /// Square h8.
    pub const H8: Square = Square(0x77);

    // ANCHOR: off_board
    /// True when a 0x88 index lies off the board (or is negative).
    #[inline(always)]
    pub const fn is_off_board(index: i32) -> bool {
        index & !0x77 != 0
    }

    /// The square with this 0x88 index, if it is on the board.
    #[inline(always)]
    pub const fn from_index(index: i32) -> Option<Square> {
        if Square::is_off_board(index) {
            None
        } else {
            Some(Square(index as u8))
        }
    }
    // ANCHOR_END: off_board

    // ANCHOR: coordinates
    /// The square of a file (0 = a) and a rank (0 = rank 1); both below 8.
    #[inline(always)]
    pub const fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < 8 && rank < 8);
        Square(rank * 16 + file)
    }

    /// The 0x88 index, 0..=0x77.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Rank 0..8, 0 being rank 1.
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }

    /// File 0..8, 0 being the a-file.
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }
    // ANCHOR_END: coordinates

    // ANCHOR: offset
    /// The square `delta` steps away, or `None` when that leaves the board.
    #[inline(always)]
    pub const fn offset(self, delta: i32) -> Option<Square> {
        Square::from_index(self.0 as i32 + delta)
    }
    // ANCHOR_END: offset

    // ANCHOR: flip
    /// The same square seen from the other side: rank r becomes rank 7 - r.
    /// LaMoSca's tables are written for White; a black piece reads the
    /// mirrored square.
    #[inline(always)]
    pub const fn flip(self) -> Square {
        Square(self.0 ^ 0x70)
    }
    // ANCHOR_END: flip

    /// A compact 0..64 index (a1 = 0, h8 = 63), for 64x64 tables.
    #[inline(always)]
    pub const fn index64(self) -> usize {
        ((self.0 >> 4) * 8 + (self.0 & 7)) as usize
    }

    /// Parses a square name such as `e4`.
    pub fn parse(name: &str) -> Option<Square> {
        let bytes = name.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        (file < 8 && rank < 8).then(|| Square::new(file, rank))
    }

    // ANCHOR: scan_order
    /// The 64 squares in the order LaMoSca scans them: rank 8 first, and
    /// a to h within a rank. Move generation follows this order, so it
    /// decides the order of every log line.
    pub const SCAN_ORDER: [Square; 64] = {
        let mut order = [Square(0); 64];
        let mut i = 0;
        while i < 64 {
            let rank = 7 - (i / 8) as u8;
            let file = (i % 8) as u8;
            order[i] = Square(rank * 16 + file);
            i += 1;
        }
        order
    };
    // ANCHOR_END: scan_order
}

impl Square {
    /// The square's name in ASCII, file then rank: `e4` is `*b"e4"`.
    pub const fn ascii(self) -> [u8; 2] {
        [b'a' + self.file(), b'1' + self.rank()]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The record writes a name for every move it holds: written whole,
        // not character by character through the formatting machinery.
        let name = self.ascii();
        f.write_str(std::str::from_utf8(&name).map_err(|_| fmt::Error)?)
    }
}
