"""The Fabric model page answers question (f): a published workload by default, the decomposition that
explains the winner, the flip conditions including the workload; in both languages."""

import pytest

import fabric_model as fm
from fabric_model.workload import LLAMA3_405B
from tests.dashboard.test_pages import frames_with, trace_values


def test_default_is_a_published_workload_with_the_why_and_the_flips(app):
    at = app("model_page.py")
    assert not at.exception, [e.message for e in at.exception]
    captions = " ".join(c.value for c in at.caption)
    assert "Llama 3 405B" in captions and "arXiv 2407.21783" in captions and "Design in full: 32,768 GPUs" in captions
    decomp = frames_with(at, "exposed_comm_s")[0]
    # the same numbers as the model on the same scenario: 32,768 GPUs, Llama 3 405B as published
    expected = fm.decomposition(
        fm.Scenario(gpus=32768, fabric="ib", nic_gbps=400, **LLAMA3_405B.scenario_fields(32768)), fm.load_catalog()
    )
    # the table names the fabrics (the catalog's names), never their ids
    names = {f: p.name for f, p in fm.load_catalog().fabrics.items()}
    assert decomp["fabric"].tolist() == [names[f] for f in expected["fabric"]]
    assert not set(decomp["fabric"]) & {"uec", "ib", "roce-ecmp"}
    assert decomp["capex_cluster_per_effective_gpu_usd"].tolist() == pytest.approx(
        expected["capex_cluster_per_effective_gpu_usd"].tolist()
    )
    # the network matters in the default: some fabric waits on communication
    assert decomp["exposed_comm_s"].max() > 0.05
    text = " ".join(m.value for m in at.markdown)
    assert "is cheapest per effective GPU" in text
    assert [s.value for s in at.subheader][:2] == [
        "Which fabric is cheapest per effective GPU, and why",
        "When the winner changes",
    ]
    flips = frames_with(at, "factor")
    assert flips and set(flips[0]["workload"]) <= {"gradient size (parameters)", "compute per step", "overlap share"}


def test_model_page_zh_tw_explains_the_winner_in_chinese(app, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_LANG", "zh-TW")
    at = app("model_page.py")
    assert not at.exception
    assert [s.value for s in at.subheader][:2] == [
        "哪種網路架構的每顆有效 GPU 成本最低？為什麼？",
        "最低成本者何時改變",
    ]
    assert "每顆有效 GPU 成本最低" in " ".join(m.value for m in at.markdown)


def test_design_text_is_chinese_on_the_zh_tw_page(app, monkeypatch):
    monkeypatch.setenv("FABRICWATCH_LANG", "zh-TW")
    at = app("model_page.py")
    design = next(c.value for c in at.caption if c.value.startswith("完整網路設計"))
    assert "32,768 顆 GPU" in design and "葉交換器 quantum-2" in design and "GPUs" not in design


def test_only_the_open_tab_runs_and_each_tab_opens(app):
    """Issue 20 item 7 (first render under 2 s): the tabs are tracked, so the first render builds the bill of
    materials and not the sensitivity, the scenario grid's sweep or their charts; opening a tab renders it."""
    from tests.dashboard.test_pages import figures

    at = app("model_page.py")
    assert [tab.label for tab in at.tabs][:1] == ["Bill of materials"]
    assert frames_with(at, "item") and not frames_with(at, "drives")  # the BOM, not the sensitivity tab
    first = len(figures(at))  # the two decomposition charts and the BOM's capex and power
    assert first == 4
    at.session_state["model_tab"] = "Scenario grid"
    at.run()
    assert not at.exception
    grid = figures(at)[-1]
    # the default grid as the model sweeps it (Llama 3 405B fields at 32,768 GPUs, 1:1), feasible rows only
    fields = LLAMA3_405B.scenario_fields(32768)
    table = fm.sweep(fm.default_grid(oversubscription=1.0, **fields), fm.load_catalog())
    assert sum(len(trace_values(t, "x")) for t in grid["data"]) == int(table["feasible"].sum())
    at.session_state["model_tab"] = "Sensitivity"
    at.run()
    assert not at.exception and frames_with(at, "drives")  # the assumption shares under the tornado
    at.session_state["model_tab"] = "Assumptions"
    at.run()
    assert not at.exception and at.toggle(key="model_deployments") is not None
