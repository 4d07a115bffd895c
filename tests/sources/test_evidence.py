"""The evidence matcher: hand-written cases of how sources write figures (sources/evidence.py)."""

from __future__ import annotations

import pytest

from sources.evidence import evidence_supports, numbers_in, value_precision


@pytest.mark.parametrize(
    "evidence, value",
    [
        ("projected to exceed $100 B in cumulative sales", 100e9),
        ("Ethernet switch sales to reach 100B", 100e9),
        ("US$100 billion by 2030", 100e9),
        ("2028年將增長至超過1,000億美元", 100e9),  # 億 = 1e8
        ("營收約32億美元", 3.2e9),
        ("出貨量將超過1000萬隻", 10e6),  # 萬 = 1e4
        ("有效吞吐量常常只剩約 60%", 0.6),  # percent -> share
        ("twenty percent of Ethernet Data Center Switch ports", 0.2),
        ("通訊與同步合計可能吃掉約八成", 0.8),  # 八成 = 80%
        ("about 13.4 TB of unified GPU memory", 13400),  # TB written, GB stored
        ("128 MB shared packet buffer", 0.128),  # MB written, GB stored
        ("von 800 GBit/s auf 1,6 TBit/s", 1600),  # German decimal comma, Tb/s -> Gb/s
        ("finishing at $41,8-billion", 41.8e9),
        ("revenue up 20% year over year", 1.2),  # +20% as a ratio
        ("declined to 97% of the prior quarter", 0.97),
        ("Networking revenue declined 3% sequentially", -0.03),
        ("800G port shipments to quadruple in 2024", 4),
        ("forty-five new members have jumped on the bandwagon", 45),
        ("more than two-thirds of data center switch sales", 0.6667),
        ("connects to a Gen5 x16 interface", 16),
        ("8x400 Gigabit NDR", 400),
        ("Total Revenue | +20% from $1,509.50M to $1,810.94M", 1811e6),  # the ledger rounded $1,810.94M
        ("典型Fat‑Tree拓撲直徑為3‑5跳", 3),
        ("目標是百萬 GPU 等級的叢集", 1e6),
    ],
)
def test_written_forms_are_found(evidence, value):
    assert evidence_supports(evidence, value)


@pytest.mark.parametrize(
    "evidence, value",
    [
        ("about 13.4 TB of unified GPU memory", 13500),  # another figure of the same page
        ("revenue of $14.8 billion", 14.9e9),
        ("up to 64 ports of 800 GbE", 51.2),  # a computed figure is not in the quote
        ("Fully shared 252MB packet buffer", 200),
        ("the quote is about something else", 3.0),
        ("NVL144 with 4 GPUs", 2.0),
    ],
)
def test_other_figures_do_not_count(evidence, value):
    assert not evidence_supports(evidence, value)


def test_numbers_carry_their_scale_and_precision():
    assert numbers_in("$1.5 million") == [(1.5e6, 0.05e6, False)]
    assert numbers_in("60%") == [(60.0, 0.5, True)]
    assert value_precision(1811000000) == 500000 and value_precision(2.0) == 0.0


def test_bits_and_bytes_and_fullwidth_punctuation():
    assert evidence_supports("interconnect at 4,800 Gbps per chip", 600)  # stored in GB/s
    assert evidence_supports("Quantum-X800（XDR）：800Gb/s，144 個 port", 144)  # full-width comma before the count
