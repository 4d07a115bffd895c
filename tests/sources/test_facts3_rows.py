"""facts3-market.csv (150 rows, as facts3-market-notes.md says; row = the file's line number, header = 1) is
brought in whole: every row is either in the ledger (each ledger row's note names its row) or in
sources/curated/facts3_left_out.md with a reason."""

from __future__ import annotations

import csv
import re
from pathlib import Path

from sources.ledger.ledger import load_ledger

CURATED = Path(__file__).parents[2] / "sources" / "curated"
ROW_RE = re.compile(r"facts3-market\.csv row (\d+)\b")


def test_every_facts3_row_is_held_or_left_out_with_a_reason():
    load_ledger()  # the files load (all or nothing)
    held = set()
    for name in ("facts3_market_observations.csv", "facts3_market_events.csv"):
        with (CURATED / name).open(encoding="utf-8") as fh:
            held |= {int(ROW_RE.search(r["note"]).group(1)) for r in csv.DictReader(fh)}
    left = {}
    for line in (CURATED / "facts3_left_out.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("Parts of held rows"):
            break  # the parts table lists pieces of held rows
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith("| ") and cells[0].isdigit():
            left[int(cells[0])] = cells[-1]
    assert held | set(left) == set(range(2, 152))  # 150 data rows
    assert not held & set(left), "a row is both held and left out"
    assert all(len(reason) > 20 for reason in left.values()), "every left-out row says why"


def test_dell_oro_ai_back_end_vintages_are_four_series():
    # facts3-market-notes.md #1: mid-2024 (switches, IB + Ethernet), Feb 2025, Jul 2025 (Ethernet only) and
    # Feb 2026 (including scale-up) must never be charted as one series: scope is in the key
    ledger = load_ledger()
    scopes = {
        o.scope
        for o in ledger.records.observations
        if o.indicator == "ai_backend_network_revenue"
        and o.prov.publisher == "Dell'Oro Group"
        and o.value in (80e9, 100e9)
    }
    assert {"backend_switches", "backend_switches_ethernet", "backend_and_scaleup_switches"} <= scopes


def test_company_guidance_is_a_forecast_not_a_segment():
    # vocabulary/segments.csv: guidance carries no segment, so it meets the actual it forecast
    ledger = load_ledger()
    assert not [o.subject for o in ledger.records.observations if o.segment == "guidance"]
