"""The kill harness finds its phases in the refresh's progress lines, with the marts as 17
`marts__<name>` steps or as one `build_marts` step (bench/reliability/faults.py PHASES)."""

from __future__ import annotations

from bench.reliability.faults import PHASES

# progress lines as `fabricwatch refresh` prints them (pipelines/runner.py `_progress_hooks`)
OLD = [
    "  ok    raw_sources  (1.1s)",
    "  ok    parse_sources  (3.7s)",
    "  ok    marts__source_changes  (0.3s)",
    "  ok    model_catalog  (0.1s)",
    "  ok    marts__nccl_results  (0.2s)",
    "  ok    published_warehouse  (0.7s)",
]
NEW = [
    "  ok    raw_sources  (1.1s)",
    "  ok    parse_sources  (3.7s)",
    "  ok    model_catalog  (0.1s)",
    "  ok    build_marts  (6.2s)",
    "  ok    published_warehouse  (0.7s)",
]


def _first(pattern, lines):
    return next((i for i, line in enumerate(lines) if pattern.search(line)), None)


def test_the_checks_phase_opens_after_the_parse_step_and_spans_the_marts_in_both_layouts():
    opening, max_delay, closing = PHASES["checks"]
    assert _first(opening, OLD) == _first(opening, NEW) == 1  # the end of the parse step
    assert _first(closing, NEW) == 3 and _first(closing, OLD) is None  # old layout: bounded by the publish copy
    assert max_delay >= 5.0  # the marts took ~6 s on an idle 2-core machine
    for phase in ("fetch", "parse", "load"):
        assert PHASES[phase][0] is not None
    assert PHASES["publish"][0] is None  # caught on the file system
