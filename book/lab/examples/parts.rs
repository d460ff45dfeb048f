use lamosca_lab::{
    log,
    run::record_into,
    steps::{Pieces, Steps},
    Request,
};
use std::time::Instant;
fn main() {
    let json = std::env::args().nth(1).unwrap();
    let request = Request::from_json(&json).unwrap();
    let mut count_req: serde_json::Value = serde_json::from_str(&json).unwrap();
    count_req["trace"] = 0.into();
    let t = Instant::now();
    let _ = log(&Request::from_json(&count_req.to_string()).unwrap()).unwrap();
    let alone = t.elapsed();
    let t = Instant::now();
    let (pieces, _) = record_into::<Pieces>(&request).unwrap();
    let recorded = t.elapsed();
    let t = Instant::now();
    let steps = Steps::new(pieces).unwrap();
    let indexed = t.elapsed();
    let t = Instant::now();
    let mut n = 0;
    for step in (0..steps.len()).step_by(steps.len() as usize / 50) {
        let _ = steps.view(step, None).unwrap();
        n += 1;
    }
    let viewed = t.elapsed() / n;
    let t = Instant::now();
    for step in (0..steps.len()).step_by(steps.len() as usize / 50) {
        let _ = steps.next("swap", step).unwrap();
        let _ = steps.next("cut", step).unwrap();
        let _ = steps.out(step);
    }
    let keyed = t.elapsed() / 50;
    eprintln!("alone {alone:?} record(count+write) {recorded:?} index {indexed:?} view {viewed:?} keys {keyed:?}");
}
