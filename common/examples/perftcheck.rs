use common::*;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let max: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let (mut ok, mut bad) = (0, 0);
    for line in text.lines() {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for p in parts {
            let p = p.trim();
            let d: usize = p[1..2].parse().unwrap();
            let n: u64 = p[3..].trim().parse().unwrap();
            if d > max {
                continue;
            }
            let got = perft(&mut pos, d);
            if got == n {
                ok += 1
            } else {
                bad += 1;
                println!("BAD {fen} d{d} want {n} got {got}");
            }
        }
    }
    println!("ok {ok} bad {bad}");
}
