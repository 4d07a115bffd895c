"""A small published warehouse for the dashboard tests — written for tests.

Most figures are real, copied with their provenance from documents the project cites: the curated
ledger (`sources/curated/seed_000_*.csv`, `seed_003_*.csv`), the recorded nccl-tests logs
(`sources/snapshots/nccl_logs/`, rows copied verbatim) and the recorded TOP500 list files
(`sources/snapshots/top500_lists/`, interconnect-family counts computed from them). Rows that are
not real figures say so: publisher "fabricwatch tests", note "written for tests". This warehouse
lives in a temporary folder and never reaches the project's warehouse.

`build_home(home)` publishes twice through the one test-warehouse builder
(tests/fixtures/warehouse/builder.py): first without the "later" rows, then with them, so the
overview has something new since the previous release.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from sources.records import Event, Observation, Product, Provenance, Records
from tests.fixtures.warehouse import builder
from warehouse import load
from pipelines import loading

D = dt.date
TEST_NOTE = "written for tests: not a real figure"

DELLORO_2024_07 = Provenance(
    "delloro",
    "Dell'Oro Group",
    "Dell'Oro Group press release, July 2024 (AI Networks for AI/ML report)",
    None,
    D(2024, 7, 1),
    "§市場規模: 2023年全球AI後端網路市場（包含交換器和網絡卡）營收約32億美元",
    via="seed 003: Backend Network（後端網路）",
)
DELLORO_2025_07 = Provenance(
    "delloro",
    "Dell'Oro Group",
    "Ethernet is winning the war against InfiniBand in AI back-end networks",
    "https://www.delloro.com/news/ethernet-is-winning-the-war-against-infiniband-in-ai-back-end-networks",
    D(2025, 7, 15),
    "When we first initiated our coverage of AI Back-end Networks in late 2023, the market "
    "was dominated by InfiniBand, holding over 80 percent share",
)
ARISTA_2025 = Provenance(
    "arista",
    "Arista Networks",
    "BeyondSPX analysis of Arista Networks",
    "https://beyondspx.com/quote/ANET",
    D(2025, 11, 1),
    "$1.5 billion AI revenue target for 2025 and $2.75 billion for 2026",
    via="BeyondSPX",
)
ARISTA_2026_02 = Provenance(
    "arista",
    "Arista Networks",
    "Arista Networks Q4 2025 earnings call highlights",
    "https://www.marketbeat.com/instant-alerts/arista-networks-q4-earnings-call-highlights-2026-02-12/",
    D(2026, 2, 12),
    "expects to double AI networking revenue from 2025 to 2026, guiding to $3.25 billion",
    via="MarketBeat",
)
ARISTA_2026_05 = Provenance(
    "arista",
    "Arista Networks",
    "Arista Networks Q1 2026 call read-through",
    "https://surfaced.finance/stocks/ANET",
    D(2026, 5, 5),
    "lifted the AI fabrics revenue goal to approximately $3.5B",
    via="Surfaced.finance",
)
LIGHTCOUNTING = Provenance(
    "lightcounting",
    "LightCounting",
    "LightCounting High-Speed Ethernet Optics Report, April 2024 (summary)",
    None,
    D(2024, 4, 1),
    "§市場規模: 2024年800G光模組出貨量將超過1000萬隻",
    via="seed 003: Backend Network（後端網路）",
)
SEED_003 = Provenance(
    "seed_003",
    "Industry estimate cited by seed 003 (no source named)",
    "Industry estimate as given by seed 003 ([行業估算] / [行業經驗值] / 第三方估算)",
    None,
    D(2025, 6, 1),
    "§市場規模: 2024年全球資料中心乙太網路交換器400G端口出貨量約200萬端口",
    via="seed 003: Backend Network（後端網路）",
    confidence="analyst_estimate",
)
SEED_003_SHARE = Provenance(
    "seed_003",
    SEED_003.publisher,
    SEED_003.title,
    None,
    D(2025, 6, 1),
    "§市場規模: 其中AI後端網路佔比提升至15‑20%",
    via=SEED_003.via,
    confidence="analyst_estimate",
)
NVIDIA_SEED = Provenance(
    "nvidia",
    "NVIDIA",
    "NVIDIA figure as cited by seed 000 (seed 000, no note; reference list empty)",
    None,
    None,
    "§5.3: Quantum-2（NDR）：400Gb/s，GB200 世代的主力; Quantum-X800（XDR）：800Gb/s，144 個 port",
    via="seed 000: AI 超級電腦的高速公路：從 GB200/GB300 看懂 RDMA 網路",
)
NVIDIA_CX8 = Provenance(
    "nvidia",
    "NVIDIA",
    "NVIDIA figure as cited by seed 000 (seed 000 note 6; reference list empty)",
    None,
    None,
    "§3.1: 並將網卡升級為 ConnectX-8（800Gb/s）",
    via=NVIDIA_SEED.via,
)
UEC_LAUNCH = Provenance(
    "uec",
    "Ultra Ethernet Consortium",
    "AMD, Intel, Microsoft and others unite to form Ultra Ethernet Consortium",
    "https://www.thefpsreview.com/2023/07/19/amd-intel-microsoft-and-others-unite-to-form-ultra-ethernet-consortium/",
    D(2023, 7, 19),
    "The Linux Foundation has announced the formation of the Ultra Ethernet Consortium",
    via="The FPS Review",
)
UEC_55 = Provenance(
    "uec",
    "Ultra Ethernet Consortium",
    "Ultra Ethernet Consortium grows to 55 members",
    "https://futuretechstocks.com/ultra-ethernet-consortium-grows-to-55-members-reveals-some-details-on-upcoming-hpc-backbone-tech",
    D(2024, 4, 1),
    "The consortium now boasts 55 members and 715 industry experts",
    via="Futuretechstocks",
)
UEC_SPEC = Provenance(
    "uec",
    "Ultra Ethernet Consortium",
    "Ultra Ethernet Specification 1.0 press release (HN thread 44249190)",
    "https://hnews-reader.vercel.app/top/44249190",
    D(2025, 6, 11),
    "Their press release regarding today's announcement of the finalized 1.0 specification",
    via="Hacker News mirror",
)
TESTS = Provenance(
    "fixture",
    "fabricwatch tests",
    "Dashboard test fixture",
    None,
    D(2025, 1, 1),
    TEST_NOTE,
    confidence="analyst_estimate",
)


def _obs(indicator, subject, period, value, unit, kind, prov, **kw) -> Observation:
    return Observation(
        indicator=indicator, subject=subject, period=period, value=value, unit=unit, kind=kind, prov=prov, **kw
    )


def observations(later: bool) -> list[Observation]:
    rows = [
        _obs(
            "ai_backend_network_revenue",
            "AI back-end network (switches and NICs), worldwide",
            "2023",
            3.2e9,
            "USD",
            "actual",
            DELLORO_2024_07,
            value_qualifier="~",
            region="worldwide",
            segment="switches and NICs",
        ),
        _obs(
            "ai_backend_network_revenue",
            "AI back-end network (switches and NICs), worldwide",
            "2028",
            12e9,
            "USD",
            "forecast",
            DELLORO_2024_07,
            value_qualifier=">",
            region="worldwide",
            segment="switches and NICs",
        ),
        _obs(
            "vendor_networking_revenue",
            "Arista Networks AI networking",
            "2026",
            2.75e9,
            "USD",
            "forecast",
            ARISTA_2025,
            vendor="Arista Networks",
            note="the page is undated (2025, before Feb 2026): its vintage day is set for tests",
        ),
        _obs(
            "vendor_networking_revenue",
            "Arista Networks AI networking",
            "2026",
            3.25e9,
            "USD",
            "forecast",
            ARISTA_2026_02,
            vendor="Arista Networks",
        ),
        _obs(
            "fabric_revenue_share",
            "AI back-end networks",
            "2023",
            0.8,
            "share",
            "actual",
            DELLORO_2025_07,
            value_qualifier=">",
            fabric="infiniband",
            segment="ai_backend",
        ),
        _obs(
            "fabric_revenue_share",
            "AI back-end networks",
            "2023",
            0.2,
            "share",
            "estimate",
            TESTS,
            value_qualifier="<",
            fabric="ethernet",
            segment="ai_backend",
            note="complement of the InfiniBand share; " + TEST_NOTE,
        ),
        _obs(
            "switch_ports_shipped",
            "Data center Ethernet switch 400G ports, worldwide",
            "2024",
            2e6,
            "ports",
            "estimate",
            SEED_003,
            value_qualifier="~",
            speed_gbps=400,
            fabric="ethernet",
            region="worldwide",
        ),
        _obs(
            "switch_ports_shipped",
            "Data center Ethernet switch 800G ports, worldwide",
            "2024",
            1e6,
            "ports",
            "estimate",
            TESTS,
            speed_gbps=800,
            fabric="ethernet",
            region="worldwide",
            note=TEST_NOTE,
        ),
        _obs(
            "switch_ports_shipped",
            "Data center Ethernet switch 400G ports, worldwide",
            "2023",
            1.5e6,
            "ports",
            "estimate",
            TESTS,
            speed_gbps=400,
            fabric="ethernet",
            region="worldwide",
            note=TEST_NOTE,
        ),
        _obs(
            "switch_ports_shipped",
            "Data center Ethernet switch 800G ports, worldwide",
            "2023",
            0.25e6,
            "ports",
            "estimate",
            TESTS,
            speed_gbps=800,
            fabric="ethernet",
            region="worldwide",
            note=TEST_NOTE,
        ),
        _obs(
            "switch_port_share",
            "AI back-end share of 400G DC Ethernet switch ports",
            "2024",
            0.15,
            "share",
            "estimate",
            SEED_003_SHARE,
            value_qualifier=">=",
            speed_gbps=400,
            fabric="ethernet",
            segment="ai_backend",
            note="range 15-20%; lower bound",
        ),
        _obs(
            "switch_capacity_tbps",
            "Quantum-2 (NDR) InfiniBand switch",
            "2021",
            25.6,
            "Tbps",
            "spec",
            TESTS,
            fabric="infiniband",
            vendor="NVIDIA",
            product_id="quantum-2",
            note=TEST_NOTE,
        ),
        _obs(
            "switch_capacity_tbps",
            "Quantum-X800 (XDR) InfiniBand switch",
            "2024",
            115.2,
            "Tbps",
            "spec",
            TESTS,
            fabric="infiniband",
            vendor="NVIDIA",
            product_id="quantum-x800",
            note=TEST_NOTE,
        ),
        _obs(
            "optics_units_shipped",
            "800G optical modules, worldwide",
            "2024",
            10e6,
            "units",
            "forecast",
            LIGHTCOUNTING,
            value_qualifier=">",
            speed_gbps=800,
            region="worldwide",
        ),
        _obs(
            "optics_asp",
            "800G optical modules",
            "2024",
            600.0,
            "USD",
            "estimate",
            TESTS,
            speed_gbps=800,
            note=TEST_NOTE,
        ),
        _obs(
            "optics_asp",
            "400G optical modules",
            "2024",
            350.0,
            "USD",
            "estimate",
            TESTS,
            speed_gbps=400,
            note=TEST_NOTE,
        ),
        # a second year of the same series and vintage: the price chart joins it to 2024 in one line
        _obs(
            "optics_asp",
            "800G optical modules",
            "2025",
            500.0,
            "USD",
            "estimate",
            TESTS,
            speed_gbps=800,
            note=TEST_NOTE,
        ),
        _obs(
            "port_speed_gbps",
            "ConnectX-8 (GB300 NVL72 NIC)",
            "2025H2",
            800,
            "Gbps",
            "spec",
            NVIDIA_CX8,
            speed_gbps=800,
            vendor="NVIDIA",
            product_id="connectx-8",
        ),
        _obs(
            "port_speed_gbps",
            "Quantum-X800 (XDR) InfiniBand switch",
            "2025",
            800,
            "Gbps",
            "spec",
            NVIDIA_SEED,
            speed_gbps=800,
            fabric="infiniband",
            vendor="NVIDIA",
            product_id="quantum-x800",
        ),
        _obs(
            "port_speed_gbps",
            "Quantum-2 (NDR) InfiniBand switch",
            "2025",
            400,
            "Gbps",
            "spec",
            NVIDIA_SEED,
            speed_gbps=400,
            fabric="infiniband",
            vendor="NVIDIA",
            product_id="quantum-2",
        ),
        _obs("uec_members", "Ultra Ethernet Consortium", "2023-07", 9, "count", "actual", UEC_LAUNCH),
        _obs("uec_members", "Ultra Ethernet Consortium", "2024-04", 55, "count", "actual", UEC_55),
        _obs(
            "top500_systems",
            "InfiniBand systems in the TOP500",
            "2023-11",
            219,
            "count",
            "actual",
            Provenance(
                "top500_lists",
                "TOP500",
                "TOP500 List - November 2023",
                "https://www.top500.org/lists/top500/2023/11/",
                D(2023, 11, 13),
                "Interconnect Family = Infiniband: 219 of 500 rows",
            ),
            fabric="infiniband",
        ),
    ]
    if later:  # rows that arrive with the second refresh: a revised forecast (new vintage)
        rows.append(
            _obs(
                "vendor_networking_revenue",
                "Arista Networks AI networking",
                "2026",
                3.5e9,
                "USD",
                "forecast",
                ARISTA_2026_05,
                value_qualifier="~",
                vendor="Arista Networks",
            )
        )
    return rows


def events() -> list[Event]:
    return [
        Event(
            D(2023, 7, 19),
            "day",
            "membership",
            "Ultra Ethernet Consortium",
            "Ultra Ethernet Consortium formed",
            UEC_LAUNCH,
            description="Linux Foundation project; 9 founding members",
            fabric="uec",
        ),
        Event(
            D(2025, 6, 11),
            "day",
            "spec_release",
            "Ultra Ethernet Consortium",
            "Ultra Ethernet Specification 1.0",
            UEC_SPEC,
            fabric="uec",
        ),
        Event(
            D(2025, 1, 1),
            "year",
            "product_announcement",
            "AMD",
            "Pollara 400 UEC-ready NIC (written for tests)",
            TESTS,
            fabric="uec",
            vendor="AMD",
            product_id="pollara-400",
        ),
    ]


def products() -> list[Product]:
    # Announcement dates are the GTC keynotes that introduced the products (Nov 2021, Mar 2024); the cited
    # seed gives none. Written for tests, so that the roadmap has a family with two dated generations.
    return [
        Product(
            "connectx-8",
            "NVIDIA",
            "ConnectX-8 SuperNIC",
            "ConnectX",
            "nic",
            NVIDIA_CX8,
            fabric="infiniband",
            generation="XDR",
            announced_on=D(2024, 3, 18),
        ),
        Product(
            "quantum-x800",
            "NVIDIA",
            "Quantum-X800",
            "Quantum",
            "switch_system",
            NVIDIA_SEED,
            fabric="infiniband",
            generation="XDR",
            announced_on=D(2024, 3, 18),
        ),
        Product(
            "quantum-2",
            "NVIDIA",
            "Quantum-2",
            "Quantum",
            "switch_system",
            NVIDIA_SEED,
            fabric="infiniband",
            generation="NDR",
            announced_on=D(2021, 11, 9),
        ),
        Product(
            "tomahawk-5",
            "Broadcom",
            "Tomahawk 5",
            "Tomahawk",
            "switch_asic",
            Provenance(
                "broadcom",
                "Broadcom",
                "Broadcom Tomahawk 5 / Jericho3-AI product brief as cited by seed 003",
                None,
                D(2025, 6, 1),
                "§最新事件: Tomahawk 5（51.2T）",
                via="seed 003: Backend Network（後端網路）",
            ),
            fabric="ethernet",
            generation="51.2T",
        ),
        Product(
            "nvlink-5-nvswitch",
            "NVIDIA",
            "NVLink 5 Switch",
            "NVLink",
            "nvlink_switch",
            NVIDIA_SEED,
            fabric="nvlink",
            generation="NVLink 5",
        ),
    ]


# Rows copied verbatim from sources/snapshots/nccl_logs/01_coreweave_gb200_nvl72_allreduce.txt and
# 03_nccl-tests-119_a100_3node_hdr_ib.txt: (size_bytes, oop_time_us, oop_algbw, oop_busbw, ip_time_us, ip_algbw, ip_busbw).
NCCL_GB200 = [
    (536870912, 1806.7, 297.16, 586.06, 1835.9, 292.43, 576.74),
    (1073741824, 3108.8, 345.38, 681.17, 2924.7, 367.13, 724.06),
    (2147483648, 5589.1, 384.22, 757.78, 5474.6, 392.26, 773.62),
    (4294967296, 10094, 425.49, 839.16, 10141, 423.54, 835.32),
    (8589934592, 20299, 423.16, 834.57, 20006, 429.37, 846.82),
]
NCCL_A100 = [
    (127926280, 2560.7, 49.96, 95.75, 2556.2, 50.05, 95.92),
    (128974856, 2583.9, 49.92, 95.67, 2562.4, 50.33, 96.47),
    (130023432, 2584.7, 50.31, 96.42, 2587.1, 50.26, 96.33),
    (131072008, 2604.6, 50.32, 96.45, 2630.6, 49.83, 95.50),
    (132120584, 2644.1, 49.97, 95.77, 2619.1, 50.45, 96.69),
    (133169160, 2666.0, 49.95, 95.74, 2660.4, 50.06, 95.94),
]


def nccl_tables() -> dict[str, list[dict]]:
    runs = [
        dict(
            run_id="fixture-gb200",
            source_id="nccl_logs",
            url="https://github.com/coreweave/nccl-tests/pull/43",
            system="GB200 NVL72, 72 GPUs (CoreWeave)",
            collective="all_reduce",
            ngpus=72,
            hosts=18,
            gpu="NVIDIA GB200",
            minbytes=536870912,
            maxbytes=8589934592,
            avg_busbw_GBps=745.53,
            peak_busbw_GBps=839.16,
            has_errors=False,
            truncated=False,
            published_on=D(2025, 2, 20),
        ),
        dict(
            run_id="fixture-a100",
            source_id="nccl_logs",
            url="https://github.com/NVIDIA/nccl-tests/issues/119",
            system="A100-SXM4-40GB, 3 nodes x 8, 4x HDR InfiniBand",
            collective="all_reduce",
            ngpus=24,
            hosts=3,
            gpu="NVIDIA A100-SXM4-40GB",
            minbytes=8,
            maxbytes=134217728,
            avg_busbw_GBps=84.8558,
            peak_busbw_GBps=96.45,
            has_errors=False,
            truncated=True,
            published_on=D(2022, 11, 17),
        ),
    ]
    rows = []
    for run_id, table in (("fixture-gb200", NCCL_GB200), ("fixture-a100", NCCL_A100)):
        for index, (size, t, alg, bus, ip_t, ip_alg, ip_bus) in enumerate(table):
            rows.append(
                dict(
                    run_id=run_id,
                    row_index=index,
                    size_bytes=size,
                    type="float",
                    redop="sum",
                    oop_time_us=t,
                    oop_algbw_GBps=alg,
                    oop_busbw_GBps=bus,
                    oop_wrong=0,
                    ip_time_us=ip_t,
                    ip_algbw_GBps=ip_alg,
                    ip_busbw_GBps=ip_bus,
                    ip_wrong=0,
                )
            )
    return {"nccl_runs": runs, "nccl_rows": rows}


# TOP500 rows: the recorded list files (sources/snapshots/top500_lists/) as the parser reads them,
# dated by the manifest's release dates.
TOP500_FILES = ("TOP500_201811.xls", "TOP500_201911.xls", "TOP500_202006.xlsx", "TOP500_202311.xlsx")


def top500_rows() -> list[dict]:
    import json
    from pathlib import Path

    from sources.document import Document
    from sources.parsers import top500

    folder = Path(__file__).resolve().parents[2] / "sources" / "snapshots" / "top500_lists"
    entries = {e["file"]: e for e in json.loads((folder / "manifest.json").read_text())["entries"]}
    rows = []
    for name in TOP500_FILES:
        e = entries[name]
        doc = Document(
            source_id="top500_lists",
            url=e["url"],
            body=(folder / name).read_bytes(),
            title=e["title"],
            published_on=dt.date.fromisoformat(e["published_on"]),
        )
        rows += [
            dict(row, source_id=doc.source_id, url=doc.url, document_sha=doc.sha256)
            for row in top500.parse(doc).tables["top500_families"]
        ]
    return rows


SOURCES = [
    dict(
        source_id="delloro",
        publisher="Dell'Oro Group",
        kind="analyst_report",
        title="Dell'Oro Group press releases",
        homepage="https://www.delloro.com",
        origin="curated",
    ),
    dict(
        source_id="arista",
        publisher="Arista Networks",
        kind="vendor_page",
        homepage="https://www.arista.com",
        origin="curated",
    ),
    dict(
        source_id="lightcounting",
        publisher="LightCounting",
        kind="analyst_report",
        homepage="https://www.lightcounting.com",
        origin="curated",
    ),
    dict(
        source_id="nvidia", publisher="NVIDIA", kind="vendor_page", homepage="https://www.nvidia.com", origin="curated"
    ),
    dict(
        source_id="uec",
        publisher="Ultra Ethernet Consortium",
        kind="standards_body",
        homepage="https://ultraethernet.org",
        origin="curated",
    ),
    dict(source_id="seed_003", publisher="Unknown author (seed document)", kind="seed_document", origin="curated"),
    dict(source_id="fixture", publisher="fabricwatch tests", kind="test_fixture", origin="curated"),
    dict(
        source_id="broadcom",
        publisher="Broadcom",
        kind="vendor_page",
        homepage="https://www.broadcom.com",
        origin="curated",
    ),
    dict(
        source_id="nccl_logs",
        publisher="GitHub issue threads",
        kind="benchmark_log",
        title="nccl-tests logs",
        homepage="https://github.com/NVIDIA/nccl-tests",
        cadence="irregular",
        parser="nccl",
        origin="registry",
    ),
    dict(
        source_id="top500_lists",
        publisher="TOP500",
        kind="statistics",
        title="TOP500 lists",
        homepage="https://www.top500.org",
        cadence="irregular",
        parser="top500",
        origin="registry",
    ),
]
INDICATORS = [
    ("ai_backend_network_revenue", "AI back-end network revenue", "USD", "market", "yearly"),
    ("vendor_networking_revenue", "Vendor networking revenue", "USD", "market", "quarterly"),
    ("fabric_revenue_share", "Fabric share of AI back-end revenue", "share", "share", "yearly"),
    ("switch_ports_shipped", "Switch ports shipped", "ports", "shipments", "quarterly"),
    ("optics_units_shipped", "Optical modules shipped", "units", "optics", "yearly"),
    ("optics_asp", "Optical module average selling price", "USD", "prices", "yearly"),
    ("port_speed_gbps", "Port speed", "Gbps", "spec", "irregular"),
    ("switch_capacity_tbps", "Switch capacity", "Tbps", "spec", "irregular"),
    ("switch_port_share", "Switch port share", "share", "shipments", "yearly"),
    ("uec_members", "UEC members", "count", "uec", "irregular"),
    ("top500_systems", "TOP500 systems", "count", "top500", "irregular"),
]

DIFF = """--- old
+++ new
@@ -3,2 +3,2 @@
-Members: 55
+Members: 100+
 Specification 1.0 released"""


def _raw_and_meta(con, later: bool) -> None:
    now = dt.datetime(2026, 11, 30, 1, 0, 0)
    load.replace_rows(
        con,
        "raw.documents",
        [
            dict(
                url="https://ultraethernet.org/",
                source_id="uec",
                current_sha256="b" * 64,
                content_type="text/html",
                encoding="utf-8",
                bytes=51234,
                recorded="live",
                title="Ultra Ethernet Consortium",
                versions=2 if later else 1,
                first_seen_at=now,
                last_checked_at=now,
                last_changed_at=now,
                last_outcome="replayed",
            )
        ],
    )
    changes = [
        dict(
            url="https://ultraethernet.org/",
            source_id="uec",
            run_id="fetch-1",
            detected_at=now - dt.timedelta(days=1),
            change_kind="first_seen",
            new_sha256="a" * 64,
            added_lines=40,
            removed_lines=0,
            old_text_chars=0,
            new_text_chars=2000,
            size_delta_bytes=50000,
            text_changed=True,
            diff=None,
            diff_truncated=False,
        )
    ]
    if later:
        changes.append(
            dict(
                url="https://ultraethernet.org/",
                source_id="uec",
                run_id="fetch-2",
                detected_at=now,
                change_kind="changed",
                old_sha256="a" * 64,
                new_sha256="b" * 64,
                added_lines=1,
                removed_lines=1,
                old_text_chars=2000,
                new_text_chars=2004,
                size_delta_bytes=1234,
                text_changed=True,
                diff=DIFF,
                diff_truncated=False,
            )
        )
    load.replace_rows(con, "raw.changes", changes)
    load.replace_rows(
        con,
        "raw.fetch_log",
        [
            dict(
                run_id="fetch-2",
                seq=1,
                source_id="uec",
                mode="offline",
                url="https://ultraethernet.org/",
                purpose="replay",
                attempt=1,
                started_at=now,
                outcome="replayed",
                status=200,
                bytes=51234,
                wire_bytes=51234,
                elapsed_ms=1.0,
            )
        ],
    )
    run_id = "run-2" if later else "run-1"
    load.replace_rows(
        con,
        "meta.runs",
        [
            dict(
                run_id=run_id,
                started_at=now,
                finished_at=now,
                mode="offline",
                status="published",
                message="fixture refresh",
            )
        ],
    )
    load.replace_rows(
        con,
        "meta.checks",
        [
            dict(
                run_id=run_id,
                asset="core_observations",
                check_name="units_valid",
                passed=True,
                severity="ERROR",
                description="every unit is a normalized unit",
                evaluated_at=now,
            ),
            dict(
                run_id=run_id,
                asset="marts",
                check_name="indicator_freshness",
                passed=False,
                severity="WARN",
                description="2 indicators past their cadence (written for tests)",
                metadata='{"stale": ["optics_asp"]}',
                evaluated_at=now,
            ),
        ],
    )


# Real MLPerf Training system files (sources/snapshots/mlperf_training/), read by the real parser with
# their recording's provenance: several rounds and fabrics, a TPU pod, a RoCE cloud, an unstated fabric.
MLPERF_FILES = (
    "v0.6/Google/systems/tpu-v3-1024.json",
    "v0.6/NVIDIA/systems/dgx2h_n96_ngc19.05_mxnet.json",
    "v1.0/NVIDIA/systems/dgxa100_n512_ngc21.05_pytorch.json",
    "v2.0/Intel-HabanaLabs/systems/HLS-1H-N32.json",
    "v3.0/NVIDIA/systems/dgxh100_n64_ngc23.04_mxnet.json",
    "v4.0/Google/systems/cloud-tpu-v5p-1024-maxtext.json",
    "v4.0/Oracle/systems/16xBM.GPU.H100.8.json",
    "v4.0/NVIDIA/systems/eos-dfw_n1452_ngc24.04_nemo.json",
    "v4.1/Oracle/systems/128xBM.GPU.H100.8.json",
    "v5.1/Cisco/systems/hpf_n16.json",
    "v5.1/HPE/systems/HPE-Cray-XD670-H200-SXM5-141GB_n8_25.09.json",
    # v6.0: a ConnectX-8 split into 4x200G ports on a RoCE fabric, and a single node (no scale-out fabric)
    "v6.0/CoreWeave/systems/CoreWeave_GB300_2048x4.json",
    "v6.0/MiTAC/systems/8xMI350X_2xEPYC_9575F_SUTA.json",
)


def mlperf_rows() -> list[dict]:
    from sources.document import Document
    from sources.parsers import mlperf
    from sources.fetch.snapshots import RecordedSnapshots

    snapshots = RecordedSnapshots()
    by_file = {e["file"]: e for e in snapshots.manifest("mlperf_training")["entries"]}
    rows = []
    for name in MLPERF_FILES:
        entry = by_file[name]
        rec = snapshots.lookup("mlperf_training", entry["url"])
        doc = Document("mlperf_training", rec.url, rec.body, published_on=dt.date.fromisoformat(rec.published_on))
        for row in mlperf.parse(doc).tables["mlperf_systems"]:
            rows.append({**row, "source_id": "mlperf_training", "document_sha": doc.sha256})
    return rows


def _load(con, later: bool) -> None:
    load.replace_rows(con, "core.sources", SOURCES)
    load.replace_rows(
        con,
        "core.indicators",
        [
            dict(indicator=i, name=n, unit=u, category=c, cadence=k, description=n, fed_by="fixture")
            for i, n, u, c, k in INDICATORS
        ],
    )
    loading.load_records(
        con, "curated", Records(observations=observations(later), events=events(), products=products())
    )
    loading.load_records(con, "parse_nccl_logs", Records(tables=nccl_tables()))
    loading.load_records(con, "parse_top500", Records(tables={"top500_families": top500_rows()}))
    loading.load_records(con, "parse_mlperf_training", Records(tables={"mlperf_systems": mlperf_rows()}))
    loading.load_records(
        con,
        "parse_claims",
        Records(
            tables={
                "claims": [
                    dict(
                        claim_id="fixture-claim-1",
                        source_id="delloro",
                        url=DELLORO_2025_07.url,
                        published_on=D(2025, 7, 15),
                        value=80e9,
                        unit="USD",
                        period="2025-2029",
                        kind="forecast",
                        subject="Ethernet data center switch sales in AI back-end networks",
                        evidence="potentially driving nearly $80 B in data center switch sales over the next five years",
                        indicator="dc_ethernet_switch_revenue",
                        status="pending",
                    )
                ]
            }
        ),
    )
    # an analyst's decision on the claim (sources/curated/claims_review.csv in a real refresh)
    load.replace_rows(
        con,
        "core.claim_reviews",
        [
            dict(
                claim_id="fixture-claim-1",
                decision="accepted",
                decided_on=D(2025, 8, 1),
                indicator="dc_ethernet_switch_revenue",
                note=TEST_NOTE,
            )
        ]
        if later
        else [],
    )
    loading.load_records(
        con,
        "parse_uec_members",
        Records(
            tables={
                "uec_members": [
                    dict(
                        name=n,
                        source_id="uec",
                        url="https://ultraethernet.org/",
                        published_on=D(2023, 7, 19),
                        listed_on=D(2023, 7, 19),
                        tier="steering",
                    )
                    for n in ("AMD", "Arista", "Broadcom", "Cisco", "Eviden", "HPE", "Intel", "Meta", "Microsoft")
                ]
            }
        ),
    )
    _raw_and_meta(con, later)


def build_home(home: Path) -> Path:
    """Publish the fixture warehouse twice under `home` (tests/fixtures/warehouse/builder.py); returns the file."""
    return builder.publish_home(home, lambda con: _load(con, False), lambda con: _load(con, True))


def build_empty_home(home: Path) -> Path:
    """A published warehouse with the schema and marts but no data: every page's empty state."""
    return builder.publish_home(home)
