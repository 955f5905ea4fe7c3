//! The protocol's background table builder really builds every rule's
//! pattern table, with logging off (as in a tournament). Its own test
//! binary: no other test has built a table in this process.

use tengen::rules::pattern::rule_table_ready;
use tengen::Rule;

#[test]
fn the_background_builder_builds_every_rule_table_with_logging_off() {
    assert!(
        Rule::ALL.iter().all(|&r| !rule_table_ready(r)),
        "a fresh process has built no table yet"
    );
    tengen::protocol::spawn_table_builder()
        .expect("the thread starts")
        .join()
        .expect("the builder does not panic");
    for rule in Rule::ALL {
        assert!(rule_table_ready(rule), "{rule:?}");
    }
}
