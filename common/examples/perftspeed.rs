use common::*;
fn main() {
    let fen = std::env::args().nth(1).unwrap();
    let d: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let mut pos = Position::from_fen(&fen).unwrap();
    let t = std::time::Instant::now();
    let n = perft(&mut pos, d);
    println!("{n} {:.3}s", t.elapsed().as_secs_f64());
}
