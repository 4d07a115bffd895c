"""The vectorized sweep gives exactly what evaluate gives, row by row."""

import numpy as np
import pandas as pd
import pytest

from fabric_model import ModelError, Scenario, default_grid, evaluate, load_catalog, sweep
from fabric_model.evaluate import _NUMERIC


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _scenario(row) -> Scenario:
    return Scenario(
        gpus=int(row["gpus"]),
        gpus_per_node=int(row["gpus_per_node"]),
        nic_gbps=int(row["nic_gbps"]),
        fabric=row["fabric"],
        switch=row["switch"],
        oversubscription=float(row["oversubscription"]),
        host_links=row["host_links"],
        design=row["design"],
        planes=int(row["planes_per_nic"]),
        algorithm=row["algorithm"],
        message_bytes=float(row["message_bytes"]),
        params=float(row["params"]),
        compute_s_per_step=float(row["compute_s_per_step"]),
        overlap_share=float(row["overlap_share"]),
    )


def test_default_grid_shape():
    grid = default_grid()
    assert len(grid) == 4 * 10 * 3
    assert grid["gpus"].min() == 256 and grid["gpus"].max() == 131072
    assert sorted(grid["nic_gbps"].unique()) == [400, 800, 1600]


def test_default_grid_sweep_flags_what_the_catalog_cannot_build(catalog):
    out = sweep(default_grid(), catalog)
    infeasible = out[~out["feasible"]]
    # no InfiniBand or Spectrum-X switch with 1.6T ports in the catalog; one fat tree of 64-port switches
    # stops at 65,536 GPUs (k^3/4)
    assert {("ib", 1600), ("spectrum-x", 1600)} <= set(zip(infeasible["fabric"], infeasible["nic_gbps"]))
    assert infeasible["error"].str.contains("no switch in the catalog runs|three tiers").all()
    assert not out[(out["fabric"] == "ib") & (out["nic_gbps"] == 400) & (out["gpus"] <= 65536)]["error"].any()
    assert out.loc[out["feasible"], "capex_network_usd"].gt(0).all()


def test_sweep_matches_evaluate_on_the_default_grid(catalog):
    out = sweep(default_grid(), catalog)
    for row in out[out["feasible"]].to_dict("records"):
        result = evaluate(Scenario(gpus=int(row["gpus"]), nic_gbps=int(row["nic_gbps"]), fabric=row["fabric"]), catalog)
        assert result.scenario.switch == row["switch"]
        for name in _NUMERIC:
            assert getattr(result, name) == pytest.approx(row[name], rel=0, abs=0), name


def test_sweep_matches_evaluate_on_a_mixed_random_grid(catalog):
    rng = np.random.default_rng(7)
    n = 200
    switches = np.array(["quantum-2", "spectrum-4", "tomahawk-5", "tomahawk-6", "silicon-one-g200", "quantum-x800"])
    grid = pd.DataFrame(
        {
            "gpus": rng.integers(1, 200_000, n),
            "switch": rng.choice(switches, n),
            "nic_gbps": rng.choice([400, 800], n),
            "oversubscription": rng.choice([1.0, 1.5, 2.0, 3.0], n),
            "host_links": rng.choice(["optical", "copper"], n),
            "design": rng.choice(["fat-tree", "rail-only"], n),
            "planes": 1,
            "algorithm": rng.choice(["ring", "tree"], n),
            "message_bytes": rng.choice([2**20, 2**30], n).astype(float),
        }
    )
    fabric_for = {"quantum-2": "ib", "quantum-x800": "ib", "spectrum-4": "spectrum-x"}
    grid["fabric"] = [fabric_for.get(s, "uec" if i % 2 else "roce-ecmp") for i, s in enumerate(grid["switch"])]
    out = sweep(grid, catalog)
    assert out["feasible"].sum() > n / 3
    for row in out.to_dict("records"):
        scenario = _scenario(row)
        if not row["feasible"]:
            with pytest.raises(ModelError):
                evaluate(scenario, catalog)
            continue
        result = evaluate(scenario, catalog)
        for name in _NUMERIC:
            assert getattr(result, name) == row[name], name


def test_sweep_rejects_unknown_columns(catalog):
    with pytest.raises(ValueError, match="unknown scenario columns"):
        sweep(pd.DataFrame({"gpus": [8], "colour": ["red"]}), catalog)


def test_sweep_marks_bad_rows_without_failing_the_rest(catalog):
    out = sweep(pd.DataFrame({"gpus": [0, 1024, 2048], "switch": [None, "nope", None]}), catalog)
    assert out["feasible"].tolist() == [False, False, True]
    assert "GPUs must be positive" in out["error"][0]
    assert "unknown switch" in out["error"][1]
    assert out["switches_total"][2] == 96


def test_a_groups_first_row_does_not_decide_the_other_rows(catalog):
    # the same switch and design (one look-up group): the first row's workload figures are out of range, the
    # others' are fine; each row is judged on its own figures, as evaluate judges it
    rows = pd.DataFrame(
        {
            "gpus": [1024, 1024, 2048],
            "switch": "tomahawk-5",
            "fabric": "roce-ecmp",
            "overlap_share": [1.5, 0.5, 0.5],
            "message_bytes": [2.0**30, -1.0, 2.0**30],
        }
    )
    out = sweep(rows, catalog)
    assert out["feasible"].tolist() == [False, False, True]
    assert out["error"].tolist()[:2] == ["overlap must be within 0..1", "message size must be positive"]
    assert (
        out["switches_total"][2]
        == evaluate(Scenario(gpus=2048, switch="tomahawk-5", fabric="roce-ecmp"), catalog).switches_total
    )


def test_algorithm_and_host_link_faults_read_as_evaluate_words_them(catalog):
    grid = pd.DataFrame(
        {
            "gpus": [4096, 4096, 4096, 4096],
            "fabric": ["roce-ecmp", "ib", "ib", "ib"],
            "algorithm": ["in-network", "bogus", "ring", "in-network"],
            "host_links": ["optical", "optical", "wifi", "optical"],
            "switch": [None, None, None, "nope"],
        }
    )
    out = sweep(grid, catalog)
    for row, error in zip(grid.to_dict("records"), out["error"]):
        with pytest.raises(ModelError) as raised:
            evaluate(Scenario(**{k: v for k, v in row.items() if pd.notna(v)}), catalog)
        assert error == str(raised.value)
    assert "no in-network reduction" in out["error"][0] and "unknown switch" in out["error"][3]
