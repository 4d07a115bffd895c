"""Published designs of real clusters (fabric_model/data/reference_deployments.toml), each held to the
figures its publication states and reproduced by the design the publication describes."""

import pytest

from fabric_model import load_catalog
from fabric_model.deployments import check_points, deployments, not_expressible

CATALOG = load_catalog()
CHECKS = check_points(CATALOG)


def test_the_list_has_at_least_15_points_from_5_publications_beyond_the_superpod_tables():
    beyond = [c for c in CHECKS if not next(d for d in deployments() if d["id"] == c.deployment).get("superpod")]
    assert len(beyond) >= 15
    assert len({c.publication for c in beyond}) >= 5


def test_every_deployment_names_its_source_quote_and_date():
    for dep in deployments():
        assert dep["url"].startswith("http") and dep["publication"] and dep["published"], dep["id"]
        assert len(dep["quote"]) > 40, dep["id"]
        if dep.get("expressible", True) is False:
            assert dep["missing"], dep["id"]
        else:
            assert dep["point"] and all(p.get("basis") for p in dep["point"]), dep["id"]


@pytest.mark.parametrize("check", CHECKS, ids=[f"{c.deployment}:{c.field}:{c.stated:g}" for c in CHECKS])
def test_stated_figure_is_reproduced_by_the_published_design(check):
    assert not check.error, check.error
    assert check.reproduced, (check.stated, check.modelled, check.basis, check.design)


def test_switches_of_the_published_designs_are_in_the_catalog():
    for dep in deployments():
        if dep.get("expressible", True) is False:
            continue
        for tier in ("leaf", "spine", "core"):
            switch = dep["design"].get(tier, {}).get("switch")
            if switch:
                assert switch in CATALOG.switches, (dep["id"], switch)


def test_not_expressible_designs_name_the_missing_piece_and_it_is_none_of_the_v3_gaps():
    missing = not_expressible()
    assert {m["deployment"] for m in missing} == {"google-tpu-v4"}
    v3_gaps = (
        "host link speed",
        "oversubscription only at the leaf",
        "half its ports",
        "exclude each other",
        "flows per nic",
        "minimum that fits",
    )
    for m in missing:
        assert not any(g in m["missing"].lower() for g in v3_gaps), m


def test_results_name_their_design_in_full():
    check = next(c for c in CHECKS if c.deployment == "meta-llama3-roce-24k" and c.field == "tiers")
    for words in (
        "24,576 GPUs",
        "roce-ecmp",
        "3 tiers",
        "minipack2 16 GPUs x 400G",
        "arista-7808r3",
        "pods of 3,072 GPUs",
        "7:1",
        "16 ECMP flows per NIC",
    ):
        assert words in check.design, words
