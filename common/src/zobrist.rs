//! Zobrist keys: a 64-bit hash of a position, updated as moves are made.
//!
//! Each (piece, square) pair, the side to move, each castling-rights set and
//! each en-passant file has a fixed random number; a position's hash is the
//! exclusive-or of the numbers of what is in it. Making a move xors out what
//! changes and xors in what replaces it, so the hash costs a few
//! instructions a move. Repetitions are found by comparing hashes.

/// The random numbers, made at compile time from a fixed seed so that every
/// run and every build agrees.
pub(crate) struct Keys {
    pub(crate) piece_square: [[u64; 128]; 16],
    pub(crate) black_to_move: u64,
    pub(crate) castling: [u64; 16],
    pub(crate) en_passant_file: [u64; 8],
}

/// SplitMix64: a small, well-mixed generator, good enough for hash keys.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

pub(crate) const KEYS: Keys = {
    let mut state = 0x1A40_5CA0_2001_0007; // any fixed seed will do
    let mut keys = Keys {
        piece_square: [[0; 128]; 16],
        black_to_move: 0,
        castling: [0; 16],
        en_passant_file: [0; 8],
    };
    let mut piece = 0;
    while piece < 16 {
        let mut square = 0;
        while square < 128 {
            let (next, key) = splitmix64(state);
            state = next;
            keys.piece_square[piece][square] = key;
            square += 1;
        }
        piece += 1;
    }
    let (next, key) = splitmix64(state);
    state = next;
    keys.black_to_move = key;
    let mut rights = 0;
    while rights < 16 {
        let (next, key) = splitmix64(state);
        state = next;
        keys.castling[rights] = key;
        rights += 1;
    }
    let mut file = 0;
    while file < 8 {
        let (next, key) = splitmix64(state);
        state = next;
        keys.en_passant_file[file] = key;
        file += 1;
    }
    keys
};
