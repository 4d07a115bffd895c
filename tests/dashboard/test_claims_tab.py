"""The Claims tab shows the analyst's review decision (marts.claims_inbox), not the extraction status."""

from __future__ import annotations


def test_claims_tab_shows_the_review_decision(app):
    at = app("sources_quality_page.py")
    assert not at.exception
    claims = [df.value for df in at.dataframe if "decided_on" in df.value.columns]
    assert len(claims) == 1
    row = claims[0].set_index("status")
    # core.claims says "pending" for every claim; the fixture's analyst accepted this one (core.claim_reviews)
    assert list(row.index) == ["accepted"]
    assert str(row.loc["accepted", "decided_on"])[:10] == "2025-08-01"
    assert row.loc["accepted", "indicator"] == "dc_ethernet_switch_revenue"
