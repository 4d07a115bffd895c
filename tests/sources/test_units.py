"""Unit and number normalization shared by the page parsers."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from sources.parsers.common.units import (
    Quantity,
    convert,
    normalize_unit,
    parse_number,
    parse_pcie,
    parse_port_config,
    parse_quantity,
    parse_rate_gbps,
    parse_scaled,
    qualifier_before,
)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("1,024", 1024.0),  # thousands separator (Tomahawk 6 "1,024 SerDes")
        ("3.2", 3.2),  # decimal point
        ("３.２", 3.2),  # full-width digits on CJK pages
        ("１，０２４", 1024.0),  # full-width comma as thousands separator
        ("forty-five", 45.0),  # number words ("forty-five new members")
        ("twenty", 20.0),  # Dell'Oro writes "twenty percent"
    ],
)
def test_parse_number(text, expected):
    assert parse_number(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("3.2 billion", 3.2e9),  # scale word
        ("$3.2B", 3.2e9),  # currency sign and one-letter suffix
        ("100 B", 1e11),  # Dell'Oro's "$100 B" has a space before the suffix
        ("1.5 trillion", 1.5e12),  # trillion
        ("45 thousand", 45e3),  # thousand
        ("32億", 3.2e9),  # 億 = 10^8 (Traditional)
        ("120亿", 1.2e10),  # 亿 = 10^8 (Simplified)
        ("1000萬", 1e7),  # 萬 = 10^4
        ("3万", 3e4),  # 万 = 10^4 (Simplified)
        ("1.5兆", 1.5e12),  # 兆 = 10^12 in money
        ("２０億", 2e9),  # full-width digits with a CJK scale
    ],
)
def test_parse_scaled(text, expected):
    assert parse_scaled(text) == expected


@pytest.mark.parametrize(
    "token, expected",
    [
        ("Gb/s", ("Gbps", 1.0)),
        ("Gbps", ("Gbps", 1.0)),
        ("GbE", ("Gbps", 1.0)),  # three spellings of gigabit
        ("G", ("Gbps", 1.0)),  # "800G" ports
        ("GBit/s", ("Gbps", 1.0)),  # German pages spell gigabit "GBit/s": still bits
        ("Tb/s", ("Tbps", 1.0)),
        ("TbE", ("Tbps", 1.0)),  # "1.6TbE"
        ("GB/s", ("GBps", 1.0)),  # capital B is bytes (NVLink)
        ("TB/s", ("TBps", 1.0)),
        ("Mb/s", ("Gbps", 0.001)),
        ("µs", ("us", 1.0)),
        ("μs", ("us", 1.0)),  # micro sign U+00B5 and Greek mu U+03BC
        ("MB", ("GB", 0.001)),  # buffers in MB end up in GB
        ("%", ("share", 0.01)),
        ("kW", ("kW", 1.0)),
    ],
)
def test_normalize_unit(token, expected):
    assert normalize_unit(token) == expected


def test_unknown_unit_raises():
    with pytest.raises(ValueError, match="unknown unit"):
        normalize_unit("furlongs")


@pytest.mark.parametrize(
    "text, expected",
    [
        ("51.2 Tb/s", Quantity(51.2, "Tbps", None, "51.2 Tb/s")),
        ("< 130ns", Quantity(130.0, "ns", "<", "130ns")),  # hedge before the figure
        ("up to 400 Gbps", Quantity(400.0, "Gbps", "<=", "400 Gbps")),
        (
            "330-370 million messages per second",
            Quantity(370.0, "Mpps", "<=", "330-370 million messages per second"),
        ),  # range: upper end
        ("77 billion packets per second", Quantity(77000.0, "Mpps", None, "77 billion packets per second")),
        ("900 GB/s", Quantity(900.0, "GBps", None, "900 GB/s")),
        ("1,890 W", Quantity(1890.0, "W", None, "1,890 W")),  # separator inside a power figure
    ],
)
def test_parse_quantity(text, expected):
    assert parse_quantity(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("PCIe Gen5 x16", (5, 16)),
        ("PCIe 6.0 x48", (6, 48)),  # version written as 6.0
        ("PCIe Gen6, 48 lanes", (6, 48)),  # lanes spelled out (ConnectX-8)
        ("PCIe® Gen5 x16", (5, 16)),  # registered sign in AMD copy
        ("Gen5 x16 interface", (5, 16)),  # PCIe implied
        ("InfiniBand, Ethernet", (None, None)),
    ],
)
def test_parse_pcie(text, expected):
    assert parse_pcie(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("64 x 800GbE", [(64, 800.0)]),
        ("64x1.6TbE", [(64, 1600.0)]),  # no spaces, terabit Ethernet
        ("144 ports of XDR", [(144, 800.0)]),  # InfiniBand rate names
        ("512 x 200G PAM4", [(512, 200.0)]),
        ("128 x 400GbE, 256 x 200GbE", [(128, 400.0), (256, 200.0)]),  # breakout list
        ("64 × 800 Gb/s", [(64, 800.0)]),  # multiplication sign
        ("2x faster", []),  # a multiplier, not ports
    ],
)
def test_parse_port_config(text, expected):
    assert parse_port_config(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("is projected to exceed ", ">"),
        ("more than ", ">"),
        ("nearly ", "~"),
        ("at least ", ">="),
        ("less than ", "<"),
        ("約", "~"),
        ("超過", ">"),
        ("the Rover ", None),  # "over" inside a word is not a hedge
    ],
)
def test_qualifier_before(text, expected):
    assert qualifier_before(text) == expected


def test_rate_names_and_conversion():
    assert parse_rate_gbps("NDR 400Gb/s") == 400.0
    assert parse_rate_gbps("XDR") == 800.0
    assert parse_rate_gbps("1.6T") == 1600.0
    assert convert(1.6, "Tbps", "Gbps") == 1600.0
    assert convert(0.7, "us", "ns") == 700.0
    with pytest.raises(ValueError):
        convert(1.0, "W", "Gbps")


# --- properties ----------------------------------------------------------------------

_SCALES = {
    "thousand": 1e3,
    "million": 1e6,
    "billion": 1e9,
    "trillion": 1e12,
    "K": 1e3,
    "M": 1e6,
    "B": 1e9,
    "T": 1e12,
    "bn": 1e9,
    "億": 1e8,
    "亿": 1e8,
    "萬": 1e4,
    "万": 1e4,
}
_mantissa = st.decimals(min_value="0.01", max_value="9999.99", places=2).map(float)


@given(_mantissa, st.sampled_from(sorted(_SCALES)), st.sampled_from(["", " "]))
def test_scaled_round_trip(mantissa, scale, space):
    # Writing a number with a scale word/suffix and reading it back gives the base value.
    assert parse_scaled(f"{mantissa:g}{space}{scale}") == pytest.approx(mantissa * _SCALES[scale], rel=1e-12)


@given(st.integers(min_value=1000, max_value=10**12))
def test_thousands_separators_round_trip(n):
    assert parse_number(f"{n:,}") == n


@given(st.integers(min_value=0, max_value=10**9))
def test_full_width_digits_round_trip(n):
    full = "".join(chr(0xFF10 + int(c)) for c in str(n))
    assert parse_number(full) == n


@given(
    st.decimals(min_value="0.1", max_value="2000", places=1).map(float),
    st.sampled_from(["Gb/s", "Gbps", "GbE", "G", "Gbit/s", " Gb/s", " Gbps"]),
)
def test_gigabit_spellings_are_equivalent(value, suffix):
    q = parse_quantity(f"{value:g}{suffix}")
    assert (q.value, q.unit) == (pytest.approx(value), "Gbps")


@given(st.decimals(min_value="0.1", max_value="999", places=1).map(float))
def test_terabit_to_gigabit(value):
    assert parse_rate_gbps(f"{value:g} Tb/s") == pytest.approx(value * 1000)


@given(
    st.integers(min_value=1, max_value=1024),
    st.sampled_from([100, 200, 400, 800, 1600]),
    st.sampled_from([" x ", "x", " × ", " ports of "]),
    st.sampled_from(["GbE", "G", "Gb/s", " Gb/s"]),
)
def test_port_config_round_trip(count, speed, sep, unit):
    assert parse_port_config(f"{count}{sep}{speed}{unit}") == [(count, float(speed))]
