"""The judgement for every facts.csv row 367-1145 (groups market, shipments, prices, cloud, uec):
which indicator, subject, period and dimensions each becomes, what is split, and what is left out.

ROWS[n] is either "OUT: reason" or a list of specs. A spec is a dict for `facts2_convert.py`:
ind (indicator), subj (subject; default the row's entity), period, value/q (explicit value and hedge
in the indicator's unit; default: parsed from the row), raw (text to parse instead of the row's
value), scale, seg, speed, fabric, vendor, pid, region, kind, note, file, evidence, published, and for
events: date, precision, cat, event, desc. {"out": reason} leaves a part of a row out.
"""

# Subjects shared with the first 366 rows (public_facts_observations.csv), so the series meet.
DC = "Data center Ethernet switch market"
WW = "Worldwide Ethernet switch market"
DC24 = "200/400GbE data center Ethernet switch revenue"
NV_NET = "NVIDIA Data Center networking revenue"
EDC = "Ethernet data center switch market"  # Dell'Oro's own wording in the first rows
AIBE = "Ethernet AI back-end switch market"


def o(ind, **kw):
    return dict(ind=ind, **kw)


def g(subj=DC, seg="data_center", **kw):  # y/y growth of a market
    kw.setdefault("note", "year on year")
    return dict(ind="market_growth_rate", subj=subj, seg=seg, **kw)


def qoq(subj, **kw):
    kw.setdefault("note", "quarter on quarter")
    return dict(ind="market_growth_rate", subj=subj, seg=kw.pop("seg", "qoq"), **kw)


def vg(subj, vendor, **kw):  # vendor revenue growth y/y
    kw.setdefault("note", "year on year")
    return dict(ind="vendor_revenue_growth", subj=subj, vendor=vendor, **kw)


def units(subj, speed, **kw):
    return dict(ind="optics_units_shipped", subj=subj, speed=speed, **kw)


def price(subj, speed, **kw):
    return dict(ind="optics_asp", subj=subj, speed=speed, seg=kw.pop("seg", "per_module"), **kw)


def ev(date, precision, cat, event, **kw):
    return dict(file=kw.pop("file", "facts2_market_events"), date=date, precision=precision, cat=cat, event=event, **kw)


DUP = "OUT: duplicate of row {} (same page, same figure)"
VAGUE = "OUT: qualitative value ({!r}) with no number the ledger can hold"
RMB = "OUT: figure in RMB/CNY; the ledger holds USD only and the source gives no USD figure"
SPAN = "OUT: period ({}) is a part-year span the ledger's period grammar cannot express"

ROWS = {
    # ------------------------------------------------------------ switch market (rows 367-602)
    367: [o("switch_port_share", subj=DC, speed=200, seg="200g_400g")],
    368: [o("segment_revenue_share", subj=DC, speed=200, seg="200g_400g")],
    369: [o("switch_port_share", subj=DC, speed=25, seg="25g_100g_400g")],
    370: [g()],
    371: [g()],
    372: [g()],
    373: VAGUE.format("decline high single-digit"),
    374: [g()],
    375: [o("segment_revenue_share", subj="Cloud service provider share of DC switch sales", seg="cloud_sp")],
    376: VAGUE.format("nearly double-digit"),
    377: [
        o(
            "dc_ethernet_switch_revenue",
            subj=EDC,
            seg="cumulative",
            note="cumulative five-year spending, Jan 2023 vintage",
        )
    ],
    378: [
        o(
            "growth_multiple",
            subj="200/400 Gbps data center switch port shipments",
            speed=200,
            seg="200g_400g_ports",
            note="2022 vs 2021",
        )
    ],
    379: [
        o(
            "market_growth_rate",
            subj=DC,
            seg="data_center",
            value=0.10,
            q=">=",
            note='"double digits" recorded as a lower bound of 10%; year on year',
        )
    ],
    380: [o("switch_ports_shipped", subj=DC, speed=400, seg="400g", raw=">15")],
    381: [
        o(
            "switch_port_share",
            subj=DC,
            speed=100,
            seg="100g",
            period="2019-2023",
            note="share over the five-year forecast horizon; 100G to peak in 2020",
        )
    ],
    382: [
        o(
            "growth_multiple",
            subj="200/400 Gbps data center switch port shipments",
            speed=200,
            seg="200g_400g_ports",
            value=3,
            q="~",
            note='"nearly tripled", 2022 vs 2021',
        )
    ],
    383: [
        o(
            "dc_ethernet_switch_revenue",
            subj=EDC,
            seg="cumulative",
            period="2021-2026",
            raw="~100",
            note="cumulative five-year spending, July 2022 vintage",
        )
    ],
    384: [
        o(
            "segment_revenue_share",
            subj="400 Gbps share of cumulative DC switch spending",
            speed=400,
            seg="cumulative",
            value=0.5,
            q="~",
            note='"half" of 2022-2026 spending; 800G to pass 400G spend by 2025',
        )
    ],
    385: [o("segment_revenue_share", subj="Cloud service provider share of DC switch sales", seg="cloud_sp")],
    386: [
        o(
            "segment_revenue_share",
            subj="400 Gbps share of cumulative DC switch spending",
            speed=400,
            seg="cumulative",
            value=0.5,
            q="~",
            note='"half" (400 Gbps and higher) in a Chinese site\'s translation of the July 2022 forecast',
        )
    ],
    387: [o("ethernet_switch_revenue", subj=WW)],
    388: [g()],
    389: [o("segment_revenue_share", subj=WW, speed=100, seg="100g")],
    390: [g(subj="100GbE Ethernet switch revenue", seg="100g", speed=100)],
    391: [o("ethernet_switch_revenue", subj=WW)],
    392: [g(subj=WW, seg="")],
    393: [g(subj="100GbE Ethernet switch revenue", seg="100g", speed=100)],
    394: [o("vendor_market_share", subj="ODM Direct share of DC Ethernet switch revenue", seg="data_center")],
    395: [o("vendor_market_share", subj="ODM Direct share of DC Ethernet switch revenue", seg="data_center")],
    396: SPAN.format("2023Q1-Q3, year to date"),
    397: [g(subj="100GbE Ethernet switch revenue", seg="100g", speed=100)],
    398: [qoq(DC24, speed=200)],
    399: [o("vendor_market_share", subj="ODM Direct share of DC Ethernet switch revenue", seg="data_center")],
    400: [o("ethernet_switch_revenue", subj=WW)],
    401: [qoq(DC24, speed=200)],
    402: [o("vendor_market_share", subj="ODM Direct share of DC Ethernet switch revenue", seg="data_center")],
    403: [o("switch_ports_shipped", subj=DC, seg="data_center")],
    404: [o("switch_port_share", subj="Data center share of Ethernet switch ports shipped", seg="data_center")],
    405: [o("dc_ethernet_switch_revenue", subj=DC, note="56.7% of ~$8.1B total")],
    406: [
        o(
            "dc_ethernet_switch_revenue",
            subj="Total DC Ethernet switch TAM incl. scale-up",
            seg="cumulative",
            note="cumulative five years 2026-2030, scale-up included",
        )
    ],
    407: [
        o(
            "growth_multiple",
            subj="DC Ethernet switch market bandwidth",
            seg="bandwidth",
            note="increase over the next five years (2026-2030)",
        )
    ],
    408: [
        o(
            "growth_multiple",
            subj="Scale-up Ethernet switching bandwidth",
            seg="bandwidth",
            note="increase over the next five years (2026-2030)",
        )
    ],
    409: VAGUE.format("majority"),
    410: [o("switch_port_share", subj=DC, speed=100, seg="100g", raw=">36", note='"top 36%" by CY22')],
    411: [o("dc_ethernet_switch_revenue", subj=DC, speed=200, seg="200g_400g")],
    412: [o("switch_port_share", subj=DC, speed=25, seg="25g_100g")],
    413: [
        o(
            "dominant_port_speed",
            subj="AI back-end network switch ports",
            seg="ai_backend",
            note="Jan 2024 vintage: 800 Gbps to make up most AI back-end ports by 2025",
        )
    ],
    414: [
        o("dc_ethernet_switch_revenue", subj=EDC, speed=800, seg="800g", note="800 Gbps switch sales in the quarter")
    ],
    415: [
        o(
            "vendor_share_change_pts",
            subj="Celestica share of Ethernet DC switch revenue",
            vendor="Celestica",
            note="gain y/y, each of Celestica and NVIDIA",
        ),
        o(
            "vendor_share_change_pts",
            subj="NVIDIA share of Ethernet DC switch revenue",
            vendor="NVIDIA",
            note="gain y/y, each of Celestica and NVIDIA",
        ),
    ],
    416: [
        o(
            "fabric_revenue_share",
            subj="Ethernet share of AI back-end switch sales",
            fabric="ethernet",
            seg="ai_backend",
            period="2025Q4",
            value=0.6667,
            q=">",
            note='"more than two-thirds" (2/3 written as 0.6667)',
        ),
        o(
            "fabric_revenue_share",
            subj="Ethernet share of AI back-end switch sales",
            fabric="ethernet",
            seg="ai_backend",
            period="2025",
            value=0.6667,
            q=">",
            note='"more than two-thirds" for the full year (2/3 written as 0.6667)',
        ),
    ],
    417: VAGUE.format("vast majority"),
    418: [o("ethernet_switch_revenue", subj=WW)],
    419: [qoq(WW)],
    420: [o("dc_ethernet_switch_revenue", subj=DC)],
    421: [g()],
    422: [o("ethernet_switch_revenue", subj=WW, note="the whole Ethernet switch market, not the DC segment ($10B)")],
    423: [o("dc_ethernet_switch_revenue", subj="NVIDIA data center Ethernet switch revenue", vendor="NVIDIA")],
    424: [
        o(
            "vendor_market_share",
            subj="NVIDIA share of DC Ethernet switch revenue",
            vendor="NVIDIA",
            seg="data_center",
            note="IDC per most outlets; VendorDeep attributes the 1Q26 shares to Crehan",
        )
    ],
    425: [
        o("vendor_market_share", subj="NVIDIA share of DC Ethernet switch revenue", vendor="NVIDIA", seg="data_center")
    ],
    426: [
        o("vendor_market_share", subj="Arista share of DC Ethernet switch revenue", vendor="Arista", seg="data_center")
    ],
    427: [o("vendor_market_share", subj="Cisco share of Ethernet switch revenue (all segments)", vendor="Cisco")],
    428: [g(subj="Data center Ethernet switch market (Americas)", region="americas")],
    429: [o("ethernet_switch_revenue", subj=WW)],
    430: [o("ethernet_switch_revenue", subj=WW)],
    431: [qoq("200/400GbE Ethernet switch revenue", speed=200)],
    432: [
        o(
            "port_shipments_growth",
            subj="200/400GbE Ethernet switch port shipments",
            speed=200,
            seg="qoq",
            note="quarter on quarter",
        )
    ],
    433: [
        o(
            "port_shipments_growth",
            subj="100GbE Ethernet switch port shipments",
            speed=100,
            seg="100g",
            note="year on year",
        )
    ],
    434: [o("segment_revenue_share", subj=WW, speed=100, seg="100g")],
    435: VAGUE.format("vast majority"),
    436: VAGUE.format("bulk"),
    437: [
        o(
            "vendor_market_share",
            subj="Celestica, NVIDIA and Arista combined share of Ethernet AI back-end switch sales",
            seg="ai_backend",
            value=0.6667,
            q="~",
            note='"nearly two-thirds" (2/3 written as 0.6667)',
        )
    ],
    438: [
        o(
            "segment_revenue_share",
            subj="Front-end share of Ethernet DC switch revenue",
            seg="front_end",
            value=0.6667,
            q=">",
            note='"well over two-thirds" (2/3 written as 0.6667)',
        )
    ],
    439: [
        o(
            "segment_revenue_share",
            subj="100/200/400 Gbps share of front-end DC switch sales",
            speed=100,
            seg="front_end_100g_200g_400g",
            value=0.6667,
            q=">",
            note='"more than two-thirds" (2/3 written as 0.6667)',
        )
    ],
    440: [g()],
    441: [
        o(
            "vendor_share_change_pts",
            subj="Cisco share of DC Ethernet switch revenue",
            vendor="Cisco",
            note="change y/y",
        )
    ],
    442: [o("market_cagr", subj=DC, note="July 2021 vintage")],
    443: [g()],
    444: [
        o(
            "switch_ports_shipped",
            subj=DC,
            speed=200,
            seg="200g_400g",
            value=2e6,
            q="~",
            note='"nearly two million units" of 200/400 Gbps equipment (The Register\'s wording)',
        )
    ],
    445: [o("switch_port_share", subj=DC, speed=200, seg="200g_plus")],
    446: [o("segment_revenue_share", subj=DC, speed=200, seg="200g_plus")],
    447: SPAN.format("2020Q1-Q3, first nine months"),
    448: [o("ethernet_switch_revenue", subj=WW)],
    449: [g()],
    450: [
        o(
            "port_shipments_growth",
            subj="Data center Ethernet switch port shipments",
            seg="data_center",
            note="year on year",
        )
    ],
    451: [g()],
    452: [
        o(
            "port_shipments_growth",
            subj="Data center Ethernet switch port shipments",
            seg="data_center",
            note="year on year",
        )
    ],
    453: [g(subj="200/400GbE Ethernet switch revenue", seg="200g_400g", speed=200, raw=">300")],
    454: [qoq("200/400GbE Ethernet switch revenue", speed=200)],
    455: [g(subj="100GbE Ethernet switch revenue", seg="100g", speed=100)],
    456: [o("ethernet_switch_revenue", subj=WW)],
    457: [g()],
    458: [
        o(
            "port_shipments_growth",
            subj="Data center Ethernet switch port shipments",
            seg="data_center",
            note="year on year",
        )
    ],
    459: [g(subj="200/400GbE Ethernet switch revenue", seg="200g_400g", speed=200)],
    460: [qoq("200/400GbE Ethernet switch revenue", speed=200)],
    461: [g(subj="100GbE Ethernet switch revenue", seg="100g", speed=100)],
    462: [g()],
    463: [qoq(DC24, speed=200)],
    464: [g(subj="100GbE data center Ethernet switch revenue", seg="100g", speed=100)],
    465: [o("vendor_market_share", subj="ODM Direct share of DC Ethernet switch revenue", seg="data_center")],
    466: [g(subj=WW, seg="")],
    467: [o("vendor_market_share", subj="Arista share of Ethernet switch revenue (all segments)", vendor="Arista")],
    468: [
        o(
            "segment_revenue_share",
            subj="Data center share of Arista Ethernet switch revenue",
            vendor="Arista",
            seg="data_center",
        )
    ],
    469: [o("vendor_market_share", subj="Cisco share of Ethernet switch revenue (all segments)", vendor="Cisco")],
    470: [
        o(
            "ai_networking_revenue",
            subj="Scale-up AI networking switch hardware market",
            seg="scale_up",
            period="2030",
            note='"by end of decade": recorded as 2030',
        )
    ],
    471: "OUT: 'this decade' incremental opportunity: the period (2020s) is not a ledger period and the base is not stated",
    472: [
        ev(
            "2024-10-01",
            "quarter",
            "other",
            "Ethernet overtakes InfiniBand in AI back-end networking",
            subj="Ethernet vs InfiniBand in AI back-end networks",
            desc="650 Group: Ethernet surpassed InfiniBand in AI scale-out networking in 4Q24 or 1Q25 (depending on optics accounting)",
            note="the source gives two quarters: dated at the earlier one, 4Q24",
        )
    ],
    473: "OUT: 'over the next decade' with no start year: period unclear",
    474: "OUT: installed base 'over the next decade' with no start year: period unclear",
    475: [
        o(
            "market_growth_rate",
            subj="AI/ML data center networking bandwidth",
            seg="bandwidth",
            raw=">100",
            note="annual growth for the rest of the decade (vs 30-40% traditional)",
        )
    ],
    476: [o("market_cagr", subj=DC, note="July 2020 vintage")],
    477: [o("dc_switch_revenue", subj=DC, raw="~17", note="July 2020 vintage")],
    478: [o("market_cagr", subj=DC, note="January 2020 vintage (pre-COVID)")],
    479: [o("segment_revenue_share", subj="Non-cloud share of DC switch revenue", seg="non_cloud")],
    480: [
        o(
            "dc_switch_revenue",
            subj="DC switching revenue from 51.2 Tbps ASIC-based switches",
            seg="cumulative",
            period="2022-2027",
            note='"over the next five years" from a 2022 post: recorded as 2022-2027',
        )
    ],
    481: [
        o(
            "vendor_networking_revenue",
            subj="NVIDIA Ethernet switch and NIC revenue",
            vendor="NVIDIA",
            fabric="ethernet",
            kind="estimate",
        )
    ],
    482: [o("dc_ethernet_switch_revenue", subj=DC)],
    483: [o("switch_ports_shipped", subj=DC, seg="data_center")],
    484: [o("segment_revenue_share", subj="Data center share of Ethernet switch revenue", seg="data_center")],
    485: [o("switch_ports_shipped", subj=DC, speed=200, seg="200g_400g_800g", raw=">20000000", scale=1)],
    486: [o("switch_port_share", subj=DC, speed=200, seg="200g_400g_800g")],
    487: [o("segment_revenue_share", subj=DC, speed=200, seg="200g_400g_800g")],
    488: VAGUE.format("strong double-digit"),
    489: [
        o(
            "switch_ports_shipped",
            subj="China high-end (>=200G) Ethernet switch ports",
            region="china",
            speed=200,
            seg="200g_plus",
            raw=">6000000",
            scale=1,
        )
    ],
    490: [
        o(
            "switch_ports_shipped",
            subj="China high-end (>=200G) Ethernet switch ports",
            region="china",
            speed=200,
            seg="200g_plus",
            raw=">43000000",
            scale=1,
        )
    ],
    491: [
        o(
            "market_cagr",
            subj="China high-end (>=200G) Ethernet switch ports",
            region="china",
            speed=200,
            seg="200g_plus_ports",
        )
    ],
    492: RMB,
    493: RMB,
    494: [o("market_cagr", subj="GenAI network hardware (China)", region="china")],
    495: [g(subj=WW, seg="")],
    496: [o("vendor_market_share", subj="ODM share of Ethernet switch revenue", raw="<20")],
    497: [
        o(
            "vendor_rank",
            subj="NVIDIA rank in data center Ethernet switch revenue",
            vendor="NVIDIA",
            seg="data_center",
            value=1,
            note="leading vendor per IDC; Dell'Oro names Arista for the same quarter",
        )
    ],
    498: [
        o(
            "vendor_rank",
            subj="Arista rank in data center Ethernet switch revenue",
            vendor="Arista",
            seg="data_center",
            value=1,
            note="leading vendor per Dell'Oro; IDC names NVIDIA for the same quarter",
        )
    ],
    499: "OUT: a count of consecutive quarters of leadership: no indicator holds it faithfully",
    500: [o("dc_ethernet_switch_revenue", subj=DC)],
    501: DUP.format(437),
    502: DUP.format(416),
    503: DUP.format(416),
    504: [
        o(
            "growth_multiple",
            subj="Ethernet AI back-end switch sales",
            fabric="ethernet",
            seg="ai_backend",
            period="2025",
            value=3,
            q=">",
            note='"more than tripled" in 2025 (and in 4Q25), vs 2024',
        )
    ],
    505: [
        ev(
            "2026-07-01",
            "half",
            "product_shipping",
            "1.6 Tbps switches begin shipping in AI back-end networks",
            subj="AI back-end network switch sales",
            desc="Dell'Oro forecast (4Q25 report): 1600 Gbps shipments start in 2H26",
        )
    ],
    506: DUP.format(438),
    507: DUP.format(415),
    508: [
        o(
            "vendor_revenue_qoq_change",
            subj="NVIDIA Ethernet for AI revenue (incl. Spectrum-X)",
            vendor="NVIDIA",
            fabric="spectrum-x",
            value=1.0,
            note='"doubled" sequentially = +100% q/q',
        )
    ],
    509: [vg(NV_NET, "NVIDIA")],
    510: [o("vendor_revenue_qoq_change", subj=NV_NET, vendor="NVIDIA")],
    511: [
        vg(
            NV_NET,
            "NVIDIA",
            published="2026-05-20",
            note="year on year; facts-notes list 1 #17: the carrier page (earningscalls.dev, dated 2026-05-28) "
            "mislabels the fiscal year; these are NVIDIA's FY27Q1 results, published 2026-05-20",
        )
    ],
    512: [
        vg("NVIDIA networking revenue", "NVIDIA", raw="94"),
        o(
            "vendor_revenue_qoq_change",
            subj="NVIDIA networking revenue",
            vendor="NVIDIA",
            raw="85",
            note="quarter on quarter",
        ),
    ],
    513: [
        o(
            "vendor_networking_revenue",
            subj="NVIDIA networking revenue, full fiscal year",
            vendor="NVIDIA",
            note="within Data Center revenue of $115.1B",
        )
    ],
    514: [
        o(
            "vendor_networking_revenue",
            subj=NV_NET,
            vendor="NVIDIA",
            note="conflicts with $5.0B in other reports (facts-notes #6)",
        )
    ],
    515: [
        o(
            "segment_revenue_share",
            subj="NVIDIA networking share of total revenue",
            vendor="NVIDIA",
            note="analyst Gene Munster's remark; conflicts with 10% (Asianet)",
        )
    ],
    516: [
        o(
            "effective_throughput_share",
            subj="Spectrum-X data transfer efficiency",
            vendor="NVIDIA",
            fabric="spectrum-x",
            period="2025",
            value=0.95,
            note="vs ~60% for traditional Ethernet (vendor claim)",
        ),
        o(
            "effective_throughput_share",
            subj="Traditional Ethernet data transfer efficiency (NVIDIA baseline)",
            vendor="NVIDIA",
            fabric="ethernet",
            period="2025",
            value=0.60,
            q="~",
            note="NVIDIA's baseline in its Spectrum-X claim",
        ),
    ],
    517: [
        o(
            "vendor_ai_revenue",
            subj="Arista back-end AI networking revenue target",
            vendor="Arista",
            seg="ai_backend",
            note="first vintage: set at Nov 2023 Analyst Day, reaffirmed on the Q4 2023 call",
        )
    ],
    518: "OUT: '4 of 5 AI cluster bids won': a count of wins with no indicator that holds it faithfully",
    519: [
        o(
            "cloud_cluster_gpus",
            subj="GPUs rolled out by three of Arista's AI back-end customers (cumulative)",
            vendor="Arista",
            seg="cumulative",
            file="facts2_market_observations",
        )
    ],
    520: [
        o(
            "company_revenue",
            subj="Arista 2026 total revenue target",
            vendor="Arista",
            seg="guidance",
            note="first vintage (Sept 2025 Analyst Day era)",
        )
    ],
    521: [o("vendor_ai_revenue", subj="Broadcom AI semiconductor revenue", vendor="Broadcom")],
    522: [vg("Broadcom AI networking revenue", "Broadcom")],
    523: [
        o(
            "segment_revenue_share",
            subj="Broadcom AI networking share of AI revenue",
            vendor="Broadcom",
            note="conflicts with ~30% switching share (dig.watch)",
        )
    ],
    524: [o("vendor_ai_revenue", subj="Broadcom AI semiconductor revenue", vendor="Broadcom", seg="guidance")],
    525: [
        o(
            "vendor_segment_revenue",
            subj="Broadcom networking end-market semiconductor revenue",
            vendor="Broadcom",
            seg="networking_end_market",
            note="includes AI networking and custom accelerators",
        )
    ],
    526: [o("segment_revenue_share", subj="Broadcom AI share of semiconductor revenue", vendor="Broadcom")],
    527: [
        o(
            "gpu_fleet_target",
            subj="AI chips each of three Broadcom hyperscale customers expects to deploy",
            vendor="Broadcom",
            value=1e6,
            file="facts2_market_observations",
            note="per customer, in networked clusters",
        )
    ],
    528: [o("vendor_ai_revenue", subj="Broadcom AI revenue, full fiscal year", vendor="Broadcom")],
    529: [
        o(
            "vendor_ai_backlog",
            subj="Broadcom Tomahawk 6 AI switch backlog",
            vendor="Broadcom",
            pid="tomahawk-6",
            period="2025Q3",
            note="as of Broadcom fiscal FY2025Q4 (quarter ended 2025-11-02); mapped to calendar 2025Q3 "
            "(fiscal year ends around 1 November; the calendar quarter holding most of it)",
        )
    ],
    530: [o("vendor_ai_revenue", subj="Broadcom AI semiconductor revenue", vendor="Broadcom", seg="guidance")],
    531: [o("vendor_ai_revenue", subj="Broadcom AI semiconductor revenue", vendor="Broadcom", seg="guidance")],
    532: [o("vendor_ai_orders", subj="Cisco AI infrastructure orders from webscale customers", vendor="Cisco")],
    533: [
        o(
            "vendor_ai_orders",
            subj="Cisco AI infrastructure orders from webscale customers",
            vendor="Cisco",
            period="2024H2",
            note="Cisco fiscal FY2025H1 (Aug 2024-Jan 2025) recorded as calendar 2024H2 (five of its six months)",
        )
    ],
    534: [o("vendor_ai_orders", subj="Cisco AI infrastructure orders from webscale customers", vendor="Cisco")],
    535: SPAN.format(
        "Cisco FY2025 first nine months, Aug 2024-Apr 2025; facts-notes #11: its other side, '>$1B', is in public_facts"
    ),
    536: [o("vendor_ai_orders", subj="Cisco AI infrastructure orders from hyperscalers", vendor="Cisco")],
    537: [
        o(
            "vendor_ai_orders",
            subj="Cisco hyperscaler AI infrastructure orders expected for the fiscal year",
            vendor="Cisco",
            seg="guidance",
            note="raised from $5B",
        )
    ],
    538: SPAN.format("Cisco FY2026 first nine months"),
    539: [
        o(
            "vendor_ai_orders",
            subj="Cisco AI infrastructure orders from neocloud, sovereign and enterprise customers",
            vendor="Cisco",
            seg="non_hyperscale",
        )
    ],
    540: [
        o(
            "segment_revenue_share",
            subj="Systems share of Cisco hyperscaler AI infrastructure orders",
            vendor="Cisco",
            seg="systems",
            value=0.6,
            q="~",
        ),
        o(
            "segment_revenue_share",
            subj="Optics share of Cisco hyperscaler AI infrastructure orders",
            vendor="Cisco",
            seg="optics",
            value=0.4,
            q="~",
        ),
    ],
    541: [
        vg(
            "Celestica Communications revenue",
            "Celestica",
            seg="communications",
            value=0.82,
            note="year on year; 800G switch ramp",
        ),
        vg("Celestica HPS revenue", "Celestica", seg="hps", value=0.79),
    ],
    542: [vg("Celestica Communications revenue", "Celestica", seg="communications")],
    543: [
        o(
            "vendor_segment_revenue",
            subj="Juniper Data Center segment revenue",
            vendor="Juniper Networks",
            seg="data_center",
            value=244.6e6,
            note="vs $170.0M a year earlier; cloud orders tied to front- and back-end AI networking",
        )
    ],
    544: [vg("Juniper total product orders", "Juniper Networks", seg="orders", raw="~60")],
    545: [
        o(
            "ai_backend_network_revenue",
            subj="AI data centre networking market",
            seg="genai_dc_ethernet_switch",
            fabric="ethernet",
            period="2023",
            value=0.63e9,
            kind="estimate",
            note="HPE interview citing IDC; pairs with IDC's $640M (2023) -> >$9B (2028) (facts-notes #10)",
        ),
        o(
            "ai_backend_network_revenue",
            subj="AI data centre networking market",
            seg="genai_dc_ethernet_switch",
            fabric="ethernet",
            period="2027",
            value=5.6e9,
            kind="forecast",
            note="HPE interview citing IDC; pairs with IDC's $640M (2023) -> >$9B (2028) (facts-notes #10)",
        ),
    ],
    546: [
        o(
            "growth_multiple",
            subj="NVIDIA InfiniBand switch ASIC sales",
            vendor="NVIDIA",
            fabric="infiniband",
            note="2023 vs 2022",
        )
    ],
    547: [o("market_cagr", subj="InfiniBand switch market (cloud data centers)", fabric="infiniband")],
    548: [o("market_cagr", subj="Ethernet switch market (cloud data centers)", fabric="ethernet")],
    549: [o("market_cagr", subj="Optical circuit switch market (cloud data centers)", seg="ocs")],
    550: "OUT: trailing twelve months to 2023Q3 is not a ledger period",
    551: [
        o(
            "vendor_revenue_growth",
            subj="NVIDIA InfiniBand revenue",
            vendor="NVIDIA",
            fabric="infiniband",
            value=4.0,
            note='"five-fold" y/y = +400%',
        )
    ],
    552: DUP.format("482 and 484"),
    553: [
        o(
            "ai_networking_revenue",
            subj="InfiniBand market (switches, adapters, cables, software)",
            fabric="infiniband",
            period="2025",
            value=25.7e9,
            kind="estimate",
        ),
        o(
            "ai_networking_revenue",
            subj="InfiniBand market (switches, adapters, cables, software)",
            fabric="infiniband",
            period="2026",
            value=35.1e9,
            kind="forecast",
        ),
    ],
    554: [
        o(
            "vendor_market_share",
            subj="NVIDIA share of InfiniBand port shipments",
            vendor="NVIDIA",
            fabric="infiniband",
            seg="ports",
        )
    ],
    555: [o("switch_port_share", subj=EDC, speed=200, seg="200g_400g_800g")],
    556: [o("switch_port_share", subj=EDC, speed=200, seg="200g_400g_800g")],
    557: [o("dc_switch_revenue", subj="Data center switch market (front-end + AI back-end)", seg="cumulative")],
    558: [
        o(
            "network_share_of_cluster_cost",
            subj="AI networking TAM as a share of AI accelerator spending",
            period="2024-2028",
            note='"next few years" (c.2024-2028 per the collector)',
        )
    ],
    559: [
        o(
            "growth_multiple",
            subj="Back-end (AI) switch sales",
            seg="ai_backend",
            period="2024-2028",
            note='"could even quadruple over the next few years" (c.2024-2028 per the collector)',
        )
    ],
    560: [
        o(
            "market_cagr",
            subj="Ethernet switch ASIC market (cloud data centers, scale-out)",
            fabric="ethernet",
            note="April 2025 vintage",
        )
    ],
    561: [
        ev(
            "2025-01-01",
            "year",
            "other",
            "Ethernet overtakes InfiniBand in AI back-end networking",
            subj="Ethernet vs InfiniBand in AI back-end networks",
            desc="LightCounting (Apr 2025): Ethernet switch ASIC growth overtakes InfiniBand in 2025 (in 2024 Ethernet grew slower)",
        )
    ],
    562: [o("segment_revenue_share", subj="UALink share of AI scale-up switch market", seg="ualink")],
    563: [
        vg(NV_NET, "NVIDIA", raw="98"),
        o("vendor_revenue_qoq_change", subj=NV_NET, vendor="NVIDIA", raw="46", note="quarter on quarter"),
    ],
    564: [
        o(
            "effective_throughput_share",
            subj="AI factory efficiency with NVIDIA networking",
            vendor="NVIDIA",
            value=0.90,
            note="vendor claim: from 65% to 90%",
        ),
        o(
            "effective_throughput_share",
            subj="AI factory efficiency without NVIDIA networking (NVIDIA baseline)",
            vendor="NVIDIA",
            value=0.65,
            note="vendor claim baseline",
        ),
    ],
    565: [
        vg(
            "NVIDIA networking revenue, full fiscal year",
            "NVIDIA",
            note="year on year; conflicts with +143% elsewhere (facts-notes #6)",
        )
    ],
    566: [vg("NVIDIA networking revenue, full fiscal year", "NVIDIA")],
    567: [
        o("segment_revenue_share", subj="NVIDIA networking share of total revenue", vendor="NVIDIA", value=0.14, q="~"),
        o(
            "segment_revenue_share",
            subj="NVIDIA networking share of total revenue",
            vendor="NVIDIA",
            value=0.10,
            period="2024",
            note="prior year: NVIDIA fiscal FY2025 mapped to calendar 2024 (fiscal year ends late January; "
            "the calendar year holding most of it); conflicts with 11% (Gene Munster via udn)",
        ),
    ],
    568: [
        o(
            "growth_multiple",
            subj="800 Gbps data center switch port shipments",
            speed=800,
            seg="800g_ports",
            value=4,
            note='"quadruple" in 2024 vs 2023; Jan 2024 vintage',
        )
    ],
    569: [o("switch_port_share", subj=EDC, speed=800, seg="800g_1600g", note="Jan 2024 vintage")],
    570: [
        o(
            "speed_peak_year",
            subj="1.6 Tbps majority of AI back-end switch ports",
            speed=1600,
            seg="ai_backend",
            period="2025",
            value=2027,
            note="value is the year 1.6T becomes the majority (800G in 2025); July 2025 vintage; period = report year",
            file="facts2_shipments_observations",
        )
    ],
    571: DUP.format(414),
    572: [g(subj=WW, seg="", raw="42.1", scale=0.01)],
    573: DUP.format(497),
    574: [vg("NVIDIA data center Ethernet switch revenue", "NVIDIA", raw="192.7", scale=0.01)],
    575: DUP.format(424),
    576: DUP.format(425),
    577: DUP.format(426),
    578: DUP.format("420 and 421"),
    579: [g(subj=WW, seg="", raw="39.8", scale=0.01)],
    580: [o("ethernet_switch_revenue", subj="Cisco Ethernet switch revenue (all segments)", vendor="Cisco", raw="4.5")],
    581: [
        o(
            "vendor_market_share",
            subj="Cisco share of DC Ethernet switch revenue",
            vendor="Cisco",
            seg="data_center",
            note="VendorDeep attributes the 1Q26 shares to Crehan Research; other outlets cite IDC (facts-notes #2)",
        )
    ],
    582: [
        o(
            "segment_revenue_share",
            subj="800G share of NVIDIA data center Ethernet switch port shipments",
            vendor="NVIDIA",
            speed=800,
            seg="ports_800g",
            note="attributed to Crehan Research by VendorDeep",
        )
    ],
    583: DUP.format("486 and 487"),
    584: DUP.format(485),
    585: DUP.format("489-491"),
    586: DUP.format("492-494"),
    587: [
        o(
            "segment_revenue_share",
            subj="Cloud and AI titans share of Arista revenue",
            vendor="Arista",
            seg="cloud_ai_titans",
        )
    ],
    588: [
        o("vendor_ai_revenue", subj="Broadcom AI semiconductor revenue", vendor="Broadcom", raw="10.8"),
        vg("Broadcom AI semiconductor revenue", "Broadcom", raw="143", scale=0.01),
    ],
    589: [
        o(
            "vendor_ai_revenue",
            subj="Broadcom AI semiconductor revenue",
            vendor="Broadcom",
            seg="guidance",
            period="2026Q2",
            note="Broadcom fiscal FY2026Q3 (quarter ending ~2026-08); Broadcom FY2026Q3 mapped to "
            "calendar 2026Q2 (fiscal year ends around 1 November; the calendar quarter holding most of it)",
        )
    ],
    590: [vg("Broadcom AI semiconductor revenue", "Broadcom")],
    591: [
        o(
            "segment_revenue_share",
            subj="Broadcom AI networking share of AI revenue",
            vendor="Broadcom",
            note="switching share per dig.watch; conflicts with the 40% AI-networking share stated on the call (facts-notes #7)",
        )
    ],
    592: [
        o("segment_revenue_share", subj=DC, speed=200, seg="200g_400g", value=0.25, q="~"),
        o("switch_port_share", subj=DC, speed=200, seg="200g_400g", value=0.20),
    ],
    593: DUP.format(472),
    594: DUP.format(470),
    595: DUP.format(471),
    596: VAGUE.format("multibillion-dollar product line"),
    597: [
        o("vendor_segment_revenue", subj="Celestica HPS revenue", vendor="Celestica", seg="hps", raw="0.807"),
        vg("Celestica HPS revenue", "Celestica", seg="hps", raw="65", scale=0.01),
    ],
    598: [
        o(
            "company_revenue",
            subj="Celestica revenue outlook",
            vendor="Celestica",
            seg="guidance",
            note="Jan 2025 vintage, raised from $10.4B",
        )
    ],
    599: [
        o(
            "ai_backend_network_revenue",
            subj="Ethernet switch sales in AI back-end networks",
            fabric="ethernet",
            seg="cumulative",
            raw="~80",
            note="a carrier's restatement: period 2025-2030, where Dell'Oro's release says 'next five years' "
            "(2025-2029 in public_facts) (facts-notes #8)",
        )
    ],
    600: [
        o(
            "switch_port_share",
            subj="Ethernet share of ports in cloud AI clusters",
            fabric="ethernet",
            seg="ai_cluster",
            note="secondary, unattributed analysts",
        )
    ],
    601: [
        o("vendor_networking_revenue", subj="HPE Networking segment revenue", vendor="HPE", raw="2.69"),
        vg(
            "HPE Networking segment revenue",
            "HPE",
            raw="148",
            scale=0.01,
            note="year on year; reflects the Juniper acquisition",
        ),
    ],
    602: [
        vg("HPE Networking segment revenue (normalized)", "HPE", value=0.10, seg="normalized"),
        o(
            "vendor_ai_orders",
            out="DC switching and routing order growth (~+20%, ~+30%): order growth rates have no indicator",
        ),
    ],
    603: [o("vendor_revenue_qoq_change", subj=NV_NET, vendor="NVIDIA")],
    604: [
        o(
            "networking_revenue_run_rate",
            subj="NVIDIA Spectrum-X Ethernet annualized revenue run-rate",
            vendor="NVIDIA",
            fabric="spectrum-x",
        )
    ],
    # ------------------------------------------------------------ optics market (rows 605-868)
    605: [o("optics_revenue", subj="Optical transceivers (worldwide)")],
    606: [o("optics_revenue", subj="Ethernet optical transceivers (worldwide)", fabric="ethernet")],
    607: [o("optics_revenue", subj="2x200GbE and 400GbE transceivers (worldwide)", speed=400, raw=">100")],
    608: [g(subj="Ethernet optical transceivers (worldwide)", seg="", note="year on year; cut from 22%")],
    609: [
        o(
            "optics_revenue",
            subj="Ethernet optical transceivers (worldwide)",
            fabric="ethernet",
            note="13% CAGR 2022-2027; Oct 2022 vintage",
        )
    ],
    610: "OUT: a forecast cut in USD (-$0.7B to the 2027 Ethernet optics market): a change, not a market size; the "
    "ledger has no signed money indicator and a negative optics_revenue would read as a market level",
    611: [
        g(
            subj="Ethernet optical transceivers (worldwide)",
            seg="",
            note="year on year; revised (was +9% Sept 2022, +2% Oct 2022)",
        )
    ],
    612: [
        g(
            subj="Ethernet optical transceivers (worldwide)",
            seg="",
            published="2022-10",
            note="year on year; the Oct 2022 vintage as restated in an April 2023 report (published_on = the vintage's month)",
        )
    ],
    613: [g(subj="Datacom optical components (worldwide)", seg="", raw=">90")],
    614: [
        o(
            "optics_units_shipped",
            out="unit growth (+25% q/q of 400GbE+800GbE modules): no units-growth indicator for optics",
        )
    ],
    615: [o("optics_revenue", subj="Coherent optical modules (worldwide)", seg="coherent", note="under $5B in 2023")],
    616: [g(subj="Optical transceivers (worldwide)", seg="")],
    617: [g(subj="AI-driven datacom optical modules (worldwide)", seg="")],
    620: [o("optics_revenue", subj="Optical transceivers (worldwide)", raw="~9.6")],
    621: [o("optics_revenue", subj="Optical transceivers (worldwide)", note="~14% CAGR")],
    622: [o("optics_revenue", subj="Datacom optical transceivers (worldwide)", seg="datacom")],
    623: [o("optics_revenue", subj="Datacom optical transceivers (worldwide)", seg="datacom", note="19% CAGR")],
    624: [o("optics_revenue", subj="Optical transceivers (worldwide)")],
    625: [
        o(
            "optics_revenue",
            subj="Optical transceivers (worldwide)",
            note="12% CAGR 2022-2028; HYC relays $22.2B for the same forecast (facts-notes #16)",
        )
    ],
    626: [
        o(
            "optics_revenue",
            subj="Optical transceivers (worldwide)",
            note="as relayed by HYC; Signal Integrity Journal gives $22.3B (facts-notes #16)",
        )
    ],
    627: [
        o(
            "optics_revenue",
            subj="Ethernet optical transceivers for AI clusters (worldwide)",
            seg="cumulative",
            period="2023-2028",
            note="cumulative five-year sales, July 2023 Mega Datacenter Optics",
        )
    ],
    628: [
        o(
            "optics_revenue",
            subj="Ethernet optical transceivers, all other applications (worldwide)",
            seg="cumulative",
            period="2023-2028",
            note="cumulative five-year sales, July 2023",
        )
    ],
    629: [
        o("optics_unit_share", out="share of the transceiver market by value (not units): no matching indicator"),
        o(
            "segment_revenue_share",
            subj="AI-cluster share of the optical transceiver market (excl. AOCs)",
            seg="ai_cluster",
        ),
    ],
    640: [
        o(
            "vendor_market_share",
            subj="InnoLight and Eoptolink combined share of Google 800G+ optical module orders",
            speed=800,
            seg="google_orders",
        )
    ],
    644: [o("forecast_revision_share", subj="Optical transceiver value TAM (foreign broker)", period="2026")],
    645: [o("forecast_revision_share", subj="Optical transceiver value TAM (foreign broker)", period="2027")],
    650: [
        o(
            "market_cagr",
            subj="Optical transceivers (worldwide)",
            period="2021-2026",
            note='"近5年" five-year CAGR, c.2021-2026 per the collector',
        )
    ],
    662: [o("optics_revenue", subj="1.6T chipsets (worldwide)", speed=1600, seg="chipsets")],
    663: [g(subj="Ethernet optical transceivers (worldwide)", seg="")],
    664: [g(subj="Active optical cables (AOCs) (worldwide)", seg="aoc")],
    665: [g(subj="Optical transceivers and components (worldwide)", seg="")],
    666: [qoq("Optical transceivers and components (worldwide)")],
    668: [o("forecast_revision_share", subj="400G 8x50G AOC revenue forecast", speed=400, seg="aoc")],
    671: [
        o("optics_revenue", subj="Datacom optical components (worldwide)", seg="datacom_components", note="+27% y/y"),
        g(subj="Datacom optical components (worldwide)", seg="", raw="27", scale=0.01),
    ],
    672: [o("optics_revenue", subj="Optical components, all segments (worldwide)", note="+15% y/y")],
    675: [g(subj="Ethernet optical modules (worldwide)", seg="", note="year on year; 2024-2028 forecast vintage")],
    676: [o("market_cagr", subj="Optical modules (worldwide)", note="after a 6% decline in 2023")],
    704: [o("optics_revenue", subj="400G-and-above datacom optical modules (worldwide)", speed=400, seg="400g_plus")],
    705: [
        o(
            "vendor_market_share",
            subj="InnoLight and Eoptolink share of NVIDIA's additional 2026 800G module orders",
            speed=800,
            seg="nvidia_orders",
            note="rest to Coherent, Lumentum, Broadcom; another relay names Accelink instead of Eoptolink",
        )
    ],
    706: [
        o(
            "vendor_market_share",
            subj="InnoLight and Accelink share of NVIDIA's additional 2026 800G module orders",
            speed=800,
            seg="nvidia_orders",
            note="alternative relay of row 705's statement, naming Accelink",
        )
    ],
    708: RMB,
    710: RMB,
    711: [
        vg(
            "InnoLight operating revenue",
            "InnoLight",
            note="year on year; the annual report's own figure elsewhere is +122.64%",
        )
    ],
    713: RMB,
    715: RMB,
    718: RMB,
    719: [o("optics_revenue", subj="Datacom optical components (worldwide)", seg="datacom_components")],
    720: [o("optics_revenue", subj="Coherent optical modules (worldwide)", seg="coherent")],
    721: [o("optics_revenue", subj="Datacom optical modules (worldwide)", seg="datacom", note=">20% CAGR 2024-2029")],
    725: RMB,
    726: RMB,
    727: RMB,
    728: [o("optics_revenue", subj="Cloud data center Ethernet optical modules (worldwide)", fabric="ethernet")],
    729: [
        o("optics_revenue", subj="AI-cluster Ethernet optical modules (worldwide)", fabric="ethernet", seg="ai_cluster")
    ],
    730: [o("optics_revenue", subj="Ethernet optical modules (worldwide)", fabric="ethernet", note="+35% y/y")],
    731: [o("optics_revenue", subj="Ethernet optical modules (worldwide)", fabric="ethernet")],
    732: [o("optics_revenue", subj="800G + 1.6T Ethernet optical modules (worldwide)", speed=800, seg="800g_1600g")],
    733: [
        o(
            "segment_revenue_share",
            subj="Scale-up share of the optical module market",
            seg="scale_up",
            note="AI total 65%",
        )
    ],
    734: RMB,
    735: RMB,
    736: RMB,
    737: RMB,
    738: [vg("Coherent Datacom revenue", "Coherent", seg="datacom")],
    739: [vg("Coherent data center revenue", "Coherent", seg="data_center")],
    740: [vg("Coherent data center revenue", "Coherent", seg="data_center")],
    741: [o("company_revenue", subj="Lumentum quarterly revenue", vendor="Lumentum", raw="0.53", note="+58% y/y")],
    742: [
        o(
            "optics_revenue",
            subj="Ethernet optical transceivers (worldwide)",
            fabric="ethernet",
            note="record; +33% y/y after -18% in 2019",
        ),
        g(
            subj="Ethernet optical transceivers (worldwide)",
            seg="",
            raw="33",
            scale=0.01,
            note="year on year; March 2021 edition; the Sept 2021 edition restates +34% (facts-notes #15)",
        ),
    ],
    743: [
        g(
            subj="Ethernet optical transceivers (worldwide)",
            seg="",
            note="year on year; restated in March 2021; March 2020 estimate was -17% (facts-notes #15)",
        )
    ],
    744: [
        o(
            "optics_revenue",
            subj="Ethernet optical connectivity (worldwide, excl. CPO)",
            fabric="ethernet",
            note="CAGR just above 10% 2021-2026",
        )
    ],
    745: [
        o(
            "optics_revenue",
            subj="100GbE optical transceivers (worldwide)",
            speed=100,
            period="2021-2026",
            seg="annual_average",
            raw=">2",
            note='"just above $2B" a year over 2021-2026 (annual figure, not cumulative)',
        )
    ],
    746: [g(subj="Ethernet optical transceivers (worldwide)", seg="", note="year on year; March 2024 edition")],
    747: [g(subj="Ethernet optical transceivers (worldwide)", seg="", note="year on year; March 2024 edition")],
    748: VAGUE.format("single-digit growth"),
    749: [
        o(
            "optics_revenue",
            subj="Ethernet optical transceivers (worldwide)",
            fabric="ethernet",
            note="2017 vintage (18% annual growth); published date inferred from the URL",
        )
    ],
    750: [
        o(
            "optics_revenue",
            subj="Top-4 ICP spending on Ethernet optics",
            seg="top4_icp",
            raw="~2",
            note="2017 vintage; published date inferred from the URL",
        )
    ],
    752: [o("optics_revenue", subj="Optical modules (worldwide)")],
    753: [o("optics_revenue", subj="Optical modules (worldwide)")],
    754: [
        o(
            "optics_revenue",
            subj="Optical modules (worldwide)",
            note="blog attributes it to LightCounting; equals Yanjing Bizhi's 2026 figure ($28.75B)",
        )
    ],
    757: [o("optics_revenue", subj="Optical modules (worldwide)", note="CAGR >20%")],
    758: [o("optics_revenue", subj="Datacom optical components (worldwide)", seg="datacom_components")],
    759: [
        o(
            "optics_revenue",
            subj="800G + 1.6T optical transceivers (worldwide)",
            speed=800,
            seg="800g_1600g",
            note="~64% of the global transceiver market",
        )
    ],
    762: [o("optics_revenue", subj="CPO optical components (worldwide)", seg="cpo", note="137% CAGR from 2024")],
    764: [o("optics_revenue", subj="High-speed cables: AOC + DAC + AEC (worldwide)", seg="cables")],
    765: [o("market_cagr", subj="Active optical cables (AOC) (worldwide)", seg="aoc")],
    766: [o("market_cagr", subj="Direct attach copper cables (DAC) (worldwide)", seg="dac")],
    767: [o("market_cagr", subj="Active electrical cables (AEC) (worldwide)", seg="aec")],
    768: [
        o(
            "optics_revenue",
            subj="Active electrical cables (AEC) (worldwide)",
            seg="aec",
            note="43% CAGR 2024-2029",
            file="facts2_optics_observations",
        )
    ],
    769: [o("segment_revenue_share", subj="AEC share of server interconnect market", seg="aec", kind="estimate")],
    770: [o("segment_revenue_share", subj="AEC share of server interconnect market", seg="aec")],
    771: [o("optics_revenue", subj="Active optical cables (AOC) (worldwide)", seg="aoc", note="+28% y/y")],
    772: [o("optics_revenue", subj="Co-packaged optics (worldwide)", seg="cpo")],
    773: [o("optics_revenue", subj="Co-packaged optics (worldwide)", seg="cpo")],
    774: [o("optics_revenue", subj="Co-packaged optics (worldwide)", seg="cpo", note="2022-2030 report")],
    775: [o("optics_revenue", subj="Co-packaged optics modules incl. NPO (worldwide)", seg="cpo_npo")],
    776: [o("optics_revenue", subj="Co-packaged optics in data centers (worldwide)", seg="cumulative")],
    777: [o("optics_revenue", subj="Co-packaged optics (worldwide)", seg="cpo", raw="~6")],
    778: [o("optics_revenue", subj="Co-packaged optics (worldwide)", seg="cpo", note="65% CAGR 2020-2032")],
    779: [o("optics_revenue", subj="Linear pluggable optics (LPO) (worldwide)", seg="lpo")],
    780: [
        o("optics_revenue", subj="Linear pluggable optics (LPO) (worldwide)", seg="lpo", note="22.0% CAGR 2026-2032")
    ],
    781: [g(subj="Optical transceivers (worldwide)", seg="", note="year on year; as reported c.2022")],
    782: [g(subj="Optical transceivers (worldwide)", seg="")],
    783: [g(subj="Optical transceivers (worldwide)", seg="")],
    784: [o("market_cagr", subj="Optical components and modules (worldwide)", note="vs 13% in the Oct 2021 forecast")],
    785: [
        o(
            "optics_revenue",
            subj="Optical modules (worldwide)",
            note="facts-notes #14: vs ~$12B (Gearlink) and Yole $10.9B",
        )
    ],
    786: [o("optics_revenue", subj="Optical modules (worldwide)")],
    794: [
        o(
            "optics_revenue",
            subj="Optical modules (worldwide)",
            note="facts-notes #14: vs ~$9.6B (Tinckay/LightCounting)",
        )
    ],
    795: [o("optics_revenue", subj="Optical modules (worldwide)")],
    796: [
        o(
            "optics_revenue",
            subj="Optical modules (worldwide)",
            kind="actual",
            note="+50% y/y; facts-notes #14: vs $15.1B, ~$14.7B and $10-12B elsewhere",
        )
    ],
    797: [o("market_cagr", subj="Optical modules (worldwide)")],
    803: RMB,
    804: [
        o("optics_revenue", subj="Optical transceivers (worldwide)", note="quarterly revenue first above $2B; +37% y/y")
    ],
    809: [
        o(
            "market_growth_rate",
            subj="ZR/ZR+ optical plugs for IPoDWDM (worldwide)",
            seg="annual_average",
            note="average annual growth over five years",
        )
    ],
    810: [
        g(subj="Data center interconnect optical equipment (worldwide)", seg="dci", period="2025", kind="actual"),
        g(subj="Data center interconnect optical equipment (worldwide)", seg="dci", period="2026"),
    ],
    811: [
        ev(
            "2023-10-01",
            "quarter",
            "other",
            "800G Ethernet transceiver quarterly sales exceed 400G for the first time",
            subj="800G Ethernet transceivers (worldwide)",
        )
    ],
    817: [o("optics_revenue", subj="Optical transceivers (worldwide)")],
    818: [o("optics_revenue", subj="Optical transceivers (worldwide)", note="13.09% CAGR")],
    819: [o("optics_revenue", subj="AI-focused optical transceivers (worldwide)", seg="ai")],
    820: [o("optics_revenue", subj="Optical transceivers (worldwide)")],
    823: [o("company_revenue", subj="Lumentum quarterly revenue", vendor="Lumentum", note="record; +65.5% y/y")],
    826: [o("vendor_segment_revenue", out="a q/q increase in dollars (~$50M): no indicator for absolute changes")],
    827: [
        o(
            "vendor_segment_revenue",
            subj="Lumentum Systems segment revenue",
            vendor="Lumentum",
            seg="systems",
            note="high-speed transceivers + OCS; +60% y/y",
        )
    ],
    828: [vg("Coherent data center revenue", "Coherent", seg="data_center")],
    829: [o("book_to_bill_ratio", subj="Coherent data center book-to-bill ratio", vendor="Coherent")],
    830: [
        o(
            "vendor_segment_revenue",
            subj="Coherent Datacenter & Communications segment revenue",
            vendor="Coherent",
            seg="datacenter_communications",
            note="+33.6% y/y",
        )
    ],
    831: [vg("Coherent Datacenter & Communications segment revenue", "Coherent", seg="datacenter_communications")],
    832: [o("segment_revenue_share", subj="Overseas share of Eoptolink revenue", vendor="Eoptolink", seg="overseas")],
    836: [
        o(
            "vendor_segment_revenue",
            subj="AOI optical module revenue",
            vendor="Applied Optoelectronics",
            seg="optical_modules",
        )
    ],
    844: [o("company_revenue", subj="InnoLight revenue", vendor="InnoLight", raw=">3.3", note="+114% y/y")],
    845: [o("company_revenue", subj="Eoptolink revenue", vendor="Eoptolink", note="+175%; supplier rank #7 -> #3")],
    846: [
        g(
            subj="Ethernet optical modules incl. LPO and CPO (worldwide)",
            seg="",
            period="2025-2026",
            note="annual growth forecast for each year of 2025-2026 (July 2025 Cloud Datacenter Optics)",
        )
    ],
    847: [
        g(
            subj="Ethernet optical modules incl. LPO and CPO (worldwide)",
            seg="",
            period="2027-2030",
            note="annual growth for each year of 2027-2030 ('soft landing' scenario)",
        )
    ],
    848: [o("optics_revenue", subj="Optical transceivers (worldwide)", raw="~14.7")],
    849: [o("optics_revenue", subj="Optical transceivers (worldwide)", raw="~42.5", note="16.4% CAGR")],
    850: [
        o(
            "growth_multiple",
            subj="Co-packaged optics (worldwide)",
            seg="cpo",
            period="2024-2030",
            raw="166",
            note="2030 market as a multiple of 2024",
        )
    ],
    854: [g(subj="Ethernet optical modules (worldwide)", seg="", note="year on year; raised from 27%")],
    855: [o("market_cagr", subj="Ethernet optical modules (worldwide)", note="raised from 24%")],
    859: [g(subj="Top-5 optical device makers (Coherent, Lumentum, InnoLight...)", seg="top5_vendors")],
    860: [g(subj="Optical device makers (Coherent, Lumentum, InnoLight...)", seg="top_vendors")],
    861: [o("optics_revenue", subj="Ethernet optical transceivers (worldwide)", fabric="ethernet")],
    862: [
        g(subj="Ethernet optical transceivers (worldwide)", seg="", note="year on year; vs 10% projected in March 2021")
    ],
    863: [o("market_cagr", subj="Ethernet optical transceivers (worldwide)")],
    864: [
        g(
            subj="Ethernet optical transceivers (worldwide)",
            seg="",
            note="year on year; as restated Sept 2021; March 2021 gave +33% (facts-notes #15)",
        )
    ],
    865: [g(subj="Optical transceivers (worldwide)", seg="")],
    868: [
        g(
            subj="Ethernet optical transceivers (worldwide)",
            seg="",
            note="year on year; March 2020 estimate; restated -18% in March 2021 (facts-notes #15)",
        )
    ],
}

T8 = "800G optical transceivers (worldwide)"
T16 = "1.6T optical transceivers (worldwide)"
INNO = "InnoLight (中际旭创)"


def cap(subj, vendor, seg, **kw):
    return dict(ind="optics_production_capacity", subj=subj, vendor=vendor, seg=seg, **kw)


ROWS.update(
    {
        # ------------------------------------------------------------ optics units and prices (rows 614-869)
        618: [cap("AOI transceiver production capacity target", "Applied Optoelectronics", "per_month")],
        619: [
            cap(
                "AOI transceiver production capacity target",
                "Applied Optoelectronics",
                "per_month",
                period="2026-06",
                note='"by mid-2026": recorded as 2026-06',
            )
        ],
        630: [units(T8, 800, note="market consensus cited by CITIC; facts-notes #12 (eight sources for 2026)")],
        631: [units(T16, 1600, note="market consensus cited by CITIC; facts-notes #13")],
        632: [units(T8, 800)],
        633: [units(T16, 1600)],
        634: [units(T8, 800, note="facts-notes #12: vs 3M (DR8/FR8 only, LightCounting via Tinckay)")],
        635: [units(T8, 800)],
        636: [units(T8, 800)],
        637: [units(T8, 800, note="raised from ~20M")],
        638: [units(T16, 1600)],
        639: [
            o(
                "optics_unit_share",
                subj="Silicon-photonics share of transceivers",
                seg="silicon_photonics",
                note="basis (units or value) not stated",
            )
        ],
        641: [units(T8, 800, note="raised from 36M")],
        642: [units(T16, 1600, note="raised from 5M")],
        643: [
            units("800G-and-above optical transceivers (worldwide)", 800, seg="800g_plus", note="34% CAGR 2026-2028")
        ],
        646: [
            o(
                "optics_unit_share",
                subj="400G share of the transceiver market",
                speed=400,
                note="basis (units or value) not stated",
            )
        ],
        647: [
            o(
                "optics_unit_share",
                subj="800G share of the transceiver market",
                speed=800,
                note="basis (units or value) not stated",
            )
        ],
        648: [
            o(
                "optics_unit_share",
                subj="1.6T share of the transceiver market",
                speed=1600,
                note="basis (units or value) not stated; 400G 10%, 800G 65% in the same forecast",
            )
        ],
        649: "OUT: a rule of thumb (+50-200% per speed generation) with no product and no period of its own",
        651: [
            units(
                "InnoLight 800G volume",
                800,
                vendor="InnoLight",
                seg="vendor",
                note="capacity/volume, supply-chain survey",
            )
        ],
        652: [units(T8, 800, note="+85% y/y")],
        653: [units("InnoLight 800G shipments", 800, vendor="InnoLight", seg="vendor")],
        654: [units("InnoLight 800G shipments", 800, vendor="InnoLight", seg="vendor")],
        655: [units("InnoLight 800G shipments", 800, vendor="InnoLight", seg="vendor")],
        656: [units("InnoLight 1.6T shipments", 1600, vendor="InnoLight", seg="vendor")],
        657: [units("InnoLight 1.6T shipments", 1600, vendor="InnoLight", seg="vendor")],
        658: [units("InnoLight 1.6T shipments", 1600, vendor="InnoLight", seg="vendor")],
        659: [units(T16, 1600, note="after a cut from 2.3M")],
        660: [units(T16, 1600, note="after a cut from 12M")],
        661: [
            o(
                "growth_multiple",
                subj=T8,
                speed=800,
                raw=">2",
                note="2026 shipments vs 2025",
                file="facts2_optics_observations",
            )
        ],
        667: [
            o(
                "forecast_revision_share",
                subj="AOC unit forecast for 2023",
                seg="aoc_units",
                note="vs the Dec 2018 forecast",
            )
        ],
        669: [units(T8, 800, seg="demand")],
        670: [units("400G optical transceivers (China internet companies)", 400, region="china", seg="demand")],
        673: [units("QSFP-DD datacom modules (worldwide, mostly 400G DR4)", 400, seg="qsfp_dd", kind="actual")],
        674: [units("400G pluggable coherent modules (worldwide)", 400, seg="coherent", raw=">60000", scale=1)],
        677: [units(T16, 1600, note="Cignal AI via a Chinese repost")],
        678: [
            o(
                "market_growth_rate",
                subj="NVIDIA 800G optical module orders",
                speed=800,
                seg="orders",
                note="year on year",
                file="facts2_optics_observations",
            )
        ],
        679: [
            units(
                "Accelink optical module shipments",
                None,
                vendor="Accelink",
                seg="vendor",
                note="all speeds; 800G more than 60% of them",
            )
        ],
        680: [
            units(
                "InnoLight 800G shipments", 800, vendor="InnoLight", seg="vendor", note="period as reported, c.2025H1"
            )
        ],
        681: [
            o(
                "optics_bom_cost",
                subj="800G optical transceiver (generic)",
                speed=800,
                period="2025",
                note="period c.2025: recorded as 2025",
            )
        ],
        682: [
            price("800G optical transceiver (generic)", 800, period="2025", note="typical selling price; period c.2025")
        ],
        683: [price("800G optical transceiver (InnoLight / Eoptolink)", 800, period="2025", note="period c.2025")],
        684: [units(T8, 800, note="supply-chain survey; facts-notes #12")],
        685: [units(T8, 800, note="conservative case")],
        686: [units(T16, 1600, seg="demand", note="capacity-constrained demand")],
        687: [units(T16, 1600)],
        688: [price("800G FR optical transceiver", 800, seg="fr", period="2025", note="'current' price c.late 2025")],
        689: [price("800G DR optical transceiver", 800, seg="dr", period="2025", note="'current' price c.late 2025")],
        690: [price("1.6T optical transceiver", 1600, period="2025", note="'current' price c.late 2025, in shortage")],
        691: [units(T8, 800, seg="demand")],
        692: [units(T8, 800, note="capacity-limited shipments")],
        693: [units(T16, 1600, seg="demand")],
        694: [units(T16, 1600, note="capacity-limited shipments")],
        695: [units(T8, 800, seg="demand")],
        696: [units(T16, 1600, seg="demand")],
        697: [price("800G DR optical transceiver (EML)", 800, seg="dr_eml", period="2026Q1")],
        698: [price("800G optical transceiver (silicon photonics)", 800, seg="silicon_photonics", period="2026Q1")],
        699: [price("1.6T FR optical transceiver (EML)", 1600, seg="fr_eml", period="2026Q1")],
        700: [price("1.6T DR optical transceiver (EML)", 1600, seg="dr_eml", period="2026Q1")],
        701: [
            price("1.6T DR optical transceiver (silicon photonics)", 1600, seg="dr_silicon_photonics", period="2026Q1")
        ],
        702: [units(T16, 1600, note="raised from 5M")],
        703: [units(T16, 1600)],
        707: "OUT: a per-cluster module count (18,432 for 576 GPUs): the per-accelerator figure (32) would be our computation, not in the evidence",
        709: [
            cap(
                "AOI 800G production capacity target",
                "Applied Optoelectronics",
                "per_month",
                speed=800,
                raw=">100000",
                scale=1,
                note="~40% US-made",
            )
        ],
        712: [
            o(
                "market_growth_rate",
                subj="InnoLight optical module sales volume",
                vendor="InnoLight",
                seg="units",
                note="year on year; capacity +113.72%, output +125.55%",
                file="facts2_optics_observations",
            )
        ],
        714: [cap("InnoLight module assembly-and-test capacity", "InnoLight", "per_year", raw=">28")],
        716: [units(T8, 800, seg="demand")],
        717: [units(T16, 1600, seg="demand")],
        722: [
            units(
                "400G-and-above datacom optical modules (worldwide)",
                400,
                seg="400g_plus",
                note="revenue above $5B in the quarter",
            )
        ],
        723: [units(T8, 800, note="raised in 3Q25")],
        724: [units(T16, 1600)],
        751: [
            o(
                "optics_unit_share",
                subj="800G share of the data center optical module market",
                speed=800,
                note="basis (units or value) not stated",
            )
        ],
        755: [units(T8, 800)],
        756: [units(T16, 1600)],
        760: [units(T16, 1600, seg="supply_gap", note="supply-demand gap")],
        761: [units(T16, 1600)],
        763: [
            o(
                "optical_components_units",
                subj="Lumentum EML laser chip production plan",
                vendor="Lumentum",
                seg="eml_chips",
                note="mostly 100G, for 800G modules",
            )
        ],
        787: [units("800G DR8/FR8 optical transceivers (worldwide)", 800, seg="dr8_fr8")],
        788: [
            units(
                "800G DR8/FR8 optical transceivers (worldwide)",
                800,
                seg="dr8_fr8",
                note="facts-notes #12: DR8/FR8 only, vs 9-10M for all 800G",
            )
        ],
        789: [units("400G ZR/ZR+ coherent modules (worldwide)", 400, seg="coherent_zr", kind="estimate")],
        790: [units(T8, 800, note="single-mode more than 85%")],
        791: [units("400G optical transceivers (worldwide)", 400)],
        792: [
            o(
                "optics_unit_share",
                subj="Amazon, Microsoft and Meta share of 2024 800G demand",
                speed=800,
                seg="customers",
            )
        ],
        793: [o("optics_price_decline_rate", subj="100G optical transceivers (mainstream models)", speed=100)],
        798: [
            o(
                "optics_excess_demand",
                subj="Optical modules (worldwide)",
                value=1.0,
                q=">",
                confidence="derived",
                note="demand 'more than twice' supply: excess demand above 100% of supply (our conversion)",
            )
        ],
        799: [units(T8, 800, note="doubled y/y")],
        800: [cap("CIG 800G annualized production capacity target", "CIG", "per_year", speed=800)],
        801: [
            o(
                "market_growth_rate",
                subj="Advanced optical chip capacity (global main suppliers)",
                seg="capacity",
                note="year on year; still 5-60% short of demand",
                file="facts2_optics_observations",
            )
        ],
        802: [units("Datacom optical modules (China domestic)", None, region="china", seg="demand", note="800G ~40%")],
        805: [
            o(
                "optics_per_accelerator",
                subj="NVIDIA AI servers",
                vendor="NVIDIA",
                period="2025",
                value=3,
                note="GPU:module ratio 1:3; period c.2025",
            )
        ],
        806: [
            o(
                "optics_per_accelerator",
                subj="Google and AWS AI servers",
                period="2025",
                value=4,
                note="accelerator:module ratio 1:4; period c.2025",
            )
        ],
        807: [
            o(
                "optics_per_accelerator",
                subj="Meta AI servers",
                vendor="Meta",
                period="2025",
                value=12,
                note="accelerator:module ratio 1:12; period c.2025",
            )
        ],
        808: [
            o(
                "optics_per_accelerator",
                subj="NVIDIA DGX A100 SuperPOD (fully optical fabric)",
                vendor="NVIDIA",
                period="2023",
                value=6,
                note="GPU : switch : module = 1 : 0.15 : 6; period c.2023",
            )
        ],
        812: [
            o(
                "growth_multiple",
                subj="800G 2xFR4/FR8 modules delivered to Google",
                speed=800,
                raw="30",
                note="4Q23 vs 4Q22 (units); 2x q/q",
                file="facts2_optics_observations",
            )
        ],
        813: [units("800G transceivers for NVIDIA", 800, vendor="NVIDIA", seg="customer")],
        814: [
            o(
                "forecast_revision_share",
                subj="NVIDIA 800G transceiver demand forecast to suppliers",
                speed=800,
                value=[(-0.25, ">="), (-0.20, "<=")],
                note="cut of 20-25% to the original 2024 forecast (range: two bounds)",
            )
        ],
        815: [
            o(
                "optics_price_decline_rate",
                subj="400G SR8 transceivers",
                speed=400,
                seg="sr8",
                period="2023",
                value=0.5,
                note="price end-2023 vs end-2022: -50%",
            )
        ],
        816: [
            o(
                "market_growth_rate",
                subj="400G-and-higher optical module deployments",
                speed=400,
                seg="units",
                raw=">250",
                note="year on year (units); 2025 projected +50%",
                file="facts2_optics_observations",
            )
        ],
        821: [
            units(
                "8-channel optical modules supportable by global EML capacity",
                800,
                seg="eml_supply_limit",
                note="module volume EML capacity supports, vs demand above 40M",
            )
        ],
        822: [
            o(
                "unit_price",
                subj="200G EML laser chip (for 1.6T modules)",
                seg="per_chip",
                period="2025-2026",
                file="facts2_optics_observations",
                note="~30% of module cost; period c.2025-2026",
            )
        ],
        824: [
            o(
                "optics_unit_share",
                subj="Lumentum 200G-lane EML share of datacom laser chip units",
                vendor="Lumentum",
                speed=200,
                seg="eml_units",
                note="~10% of revenue",
            )
        ],
        825: [
            o(
                "optics_unit_share",
                subj="Lumentum 200G-lane EML share of product mix",
                vendor="Lumentum",
                speed=200,
                seg="eml_mix",
                period="2026Q4",
            )
        ],
        833: "OUT: a price discount between vendor groups with no product and no period of its own (c.2025-2026)",
        834: [units("AOI 400G optical module shipments", 400, vendor="Applied Optoelectronics", seg="vendor")],
        835: [units("AOI 800G optical module shipments", 800, vendor="Applied Optoelectronics", seg="vendor")],
        837: [units("CIG 400G+800G module deliveries to Cisco", 400, vendor="CIG", seg="customer")],
        838: [units(T8, 800, seg="demand", note="revised up")],
        839: [units("Meta 800G optical module demand", 800, vendor="Meta", seg="demand", note="revised from 6M")],
        840: [units("Amazon 800G optical module demand", 800, vendor="AWS", seg="demand", note="ASIC ratio 1:8")],
        841: [units(T16, 1600, seg="demand")],
        842: [
            units("NVIDIA 1.6T optical module demand", 1600, vendor="NVIDIA", seg="demand", note="~80% of global 1.6T")
        ],
        843: [
            units(
                "400G/800G optical transceivers (North America)",
                400,
                region="north_america",
                kind="actual",
                note="4x y/y",
            )
        ],
        851: [units(T8, 800, seg="demand", note="before revision (superseded; raised to 37M)")],
        852: [units(T16, 1600, seg="demand", note="before a cut (superseded; cut to 2M)")],
        853: [units(T16, 1600, seg="demand", note="before a cut (superseded; cut to 5M)")],
        856: "OUT: a quarterly ASP change range (-2 to -3% q/q) from an unverified forum summary; the ledger's price-decline indicator is annual",
        857: "OUT: a first-year price premium (~45%) of 1.6T over 800G from an unverified forum summary: no indicator holds a cross-product premium",
        858: [units("800G LPO modules (worldwide)", 800, seg="lpo_demand", note="18% of 800G; doubling in 2026")],
        866: [
            o(
                "optical_components_units",
                subj="EML + CW-DFB laser diode production capacity",
                seg="capacity_per_month",
                note="combined monthly capacity, doubling in 2026",
            )
        ],
        867: VAGUE.format("tens of millions"),
        869: [
            o(
                "optics_unit_share",
                subj="China share of global optical module deployment",
                region="china",
                note="25-35% in 2018-2023",
            )
        ],
    }
)


def c(ind, **kw):  # a cloud disclosure
    return dict(ind=ind, **kw)


def cev(date, precision, cat, event, **kw):
    return dict(file=kw.pop("file", "facts2_cloud_events"), date=date, precision=precision, cat=cat, event=event, **kw)


def uev(date, precision, cat, event, **kw):
    kw.setdefault("fabric", "uec")
    return dict(file=kw.pop("file", "facts2_uec_events"), date=date, precision=precision, cat=cat, event=event, **kw)


QUAL = "OUT: qualitative ({}): no figure"
VOIP = dict(publisher="VoIP Review", source_id="voip_review", mode="own")
STH = dict(
    publisher="ServeTheHome",
    source_id="servethehome",
    mode="relay",
    doc_title="ServeTheHome / Supermicro tour of xAI Colossus (via CO/AI summary)",
)
PPLX = dict(
    publisher="Perplexity",
    source_id="perplexity",
    mode="relay",
    doc_title="Perplexity engineering blog: journey to 3200 Gbps on EFA (via r/aws summary, redlib mirror)",
)
ROWS.update(
    {
        # ------------------------------------------------------------ cloud fabrics (rows 979-1145)
        979: [
            c(
                "cloud_cluster_gpus",
                period="2023",
                raw="4000",
                q="<=",
                note="largest RoCE cluster before the 24K build (4K)",
            )
        ],
        980: QUAL.format("congestion-control design"),
        981: QUAL.format("topology description: two-stage Clos AI Zone + aggregator layer"),
        982: [c("rack_power_kw", raw="~140"), {"out": "1.36 MW per row: no row-power indicator"}],
        983: [
            c("cloud_per_gpu_bandwidth", value=800, fabric="ethernet", seg="gpu_to_gpu"),
            c("fabric_tiers", value=2, fabric="ethernet"),
        ],
        984: "OUT: fiber miles of AI WAN: no indicator",
        985: [cev("2025-10-01", "month", "deployment", "Microsoft Fairwater (Atlanta) starts production")],
        986: [
            c("port_speed_gbps", value=800, seg="inter_rack"),
            {"out": "72 GPUs per rack: not in the evidence quote"},
        ],
        987: [c("inference_tokens_per_s")],
        988: [c("switch_capacity_tbps", seg="self_developed_switch")],
        989: [
            c("switch_radix", value=64, speed=400, seg="leaf_uplink"),
            c("switch_radix", value=128, speed=200, seg="leaf_downlink"),
        ],
        990: [
            c(
                "cloud_cluster_gpus",
                value=8192,
                seg="pod",
                fabric="ethernet",
                kind="estimate",
                note="a blog's reading of the 3-layer design (1,024 servers, 8 segments); conflicts with 15K per pod (facts-notes batch 2 #8)",
            )
        ],
        991: [
            c("cloud_instance_bandwidth", value=400, q="<=", seg="peak_per_host", note="vs <10 Gbps for cloud flows")
        ],
        992: [c("fabric_throughput_tbps", value=6000, q=">", note="6 Pb/s written as 6,000 Tbps")],
        993: [
            c("network_latency_us", value=100, q="<", seg="server_to_server"),
            {"out": "'100s of Gb/s' bandwidth guarantee: no number"},
        ],
        994: [
            c("reduction_share", value=0.40, seg="power", note="vs best known alternatives (Jupiter with OCS + SDN)"),
            c("reduction_share", value=0.30, seg="cost", note="vs best known alternatives"),
            c("performance_gain", value=1.30, seg="throughput", note="30% more throughput vs best known alternatives"),
            {"out": "50x less downtime: no indicator"},
        ],
        995: [
            c("node_count", value=35000, q=">", seg="servers"),
            c("port_speed_gbps", value=40, seg="server_link"),
            c("fabric_throughput_tbps", value=1000, q=">", note="1 Pb/s written as 1,000 Tbps"),
        ],
        996: [c("switch_radix", pid="google-ocs", seg="ocs_ports")],
        997: [
            cev(
                "2024-10-01",
                "month",
                "deployment",
                "Meta announces the Disaggregated Scheduled Fabric (DSF) at OCP Summit 2024",
            )
        ],
        998: [
            c(
                "scaleout_bandwidth_GBps",
                value=1000,
                q=">",
                seg="per_accelerator",
                period="2024-2027",
                note="design target of >1 TB/s injection bandwidth per accelerator",
            )
        ],
        999: QUAL.format("switch ASIC suppliers named"),
        1000: QUAL.format("fabric architecture description"),
        1001: [
            c(
                "cloud_cluster_gpus",
                value=16000,
                note="sizes grew 1K -> 2K -> 4K -> 16K during 2023; the last is recorded",
            )
        ],
        1002: [c("cloud_cluster_gpus", raw=">16000")],
        1003: [c("cloud_cluster_gpus", period="2022", note="largest AI job before Llama: 'pre-2023' recorded as 2022")],
        1004: [c("rack_power_kw", raw="140", q="<=")],
        1005: [
            c("node_count", value=3072, seg="per_cluster"),
            {"out": "1,536 racks and 8 pods: no rack/pod count indicator"},
        ],
        1006: [
            c(
                "nic_count",
                value=8,
                seg="backend_per_node",
                confidence="derived",
                note="4 PCIe switches x 2 backend NICs (our multiplication of the quoted figures)",
            ),
            c("cloud_per_gpu_bandwidth", value=400, seg="backend"),
            c("nic_count", value=2, seg="frontend_per_node"),
        ],
        1007: [c("oversubscription_ratio", value=0.5, seg="t0_t1", note="2:1 undersubscribed")],
        1008: [
            cev(
                "2022-10-01",
                "month",
                "product_announcement",
                "Meta unveils the Grand Teton AI system at OCP Global Summit",
            )
        ],
        1009: [
            {
                "out": "'ten petabytes of network capacity' (bytes, as quoted): no faithful unit; AWS elsewhere says 'tens of petabits per second' (facts-notes batch 2 #13)"
            },
            c("network_latency_us", value=10, q="<", seg="server_to_server"),
        ],
        1010: [
            c(
                "cloud_instance_bandwidth",
                value=13,
                q="~",
                unit="Tbps",
                seg="per_ultraserver",
                note="reported as 'almost 13TB'; AWS docs give 12.8 Tbps EFAv3 (facts-notes batch 2 #13)",
            )
        ],
        1011: [
            c("cloud_instance_bandwidth", value=3.2, unit="Tbps", seg="efa_per_instance", note="16 Trainium2 chips"),
            c(
                "cloud_instance_bandwidth",
                value=12.8,
                unit="Tbps",
                seg="per_ultraserver",
                note="64 Trainium2 chips, EFAv3",
            ),
        ],
        1012: [c("cloud_cluster_gpus", raw="400000")],
        1013: [
            cev("2024-12-01", "month", "deployment", "AWS Trn2 instances generally available (re:Invent 2024)"),
            {"out": "16 Trainium2 per instance: not in the evidence quote"},
        ],
        1014: [c("fabric_max_endpoints", value=100000, q="<=", note="65 EF")],
        1015: [c("multipath_paths", value=64, q="<=")],
        1016: [
            c("reduction_share", value=0.85, q="<=", seg="p99_9_latency"),
            c("cloud_instance_bandwidth", value=25, seg="single_flow", note="from 5 Gb/s per flow"),
        ],
        1017: [
            c("gpus_per_domain", value=64, subj="AWS Trn3 Gen1 UltraServer", note="4 servers x 16"),
            c("gpus_per_domain", value=144, subj="AWS Trn3 Gen2 UltraServer", note="36 servers x 4"),
        ],
        1018: QUAL.format("scale-up topology change"),
        1019: [c("fabric_max_endpoints", value=1e6)],
        1020: [
            cev("2025-12-01", "month", "deployment", "AWS EC2 Trn3 UltraServers generally available (re:Invent 2025)")
        ],
        1021: [
            c("cloud_instance_bandwidth", value=1600, seg="per_node", note="8-GPU node, full duplex"),
            {"out": "3-tier Clos: not in the evidence quote"},
        ],
        1022: [
            c("fabric_throughput_tbps", value=52000, note="52 Pbps written as 52,000 Tbps"),
            c("port_speed_gbps", value=400, seg="per_port"),
            c("network_latency_us", value=2, q=">=", note="'as low as 2 us' (the minimum)"),
        ],
        1023: [
            c("compute_tflops", value=2.4e9, seg="peak", note="2.4 zettaflops written as 2.4e9 TFLOPS"),
            {"out": "announcement venue (Oracle CloudWorld 2024): not a figure"},
        ],
        1024: [cev("2018-01-01", "year", "deployment", "OCI RDMA cluster network launched")],
        1025: [
            c(
                "network_latency_us",
                value=20,
                q="<=",
                seg="worst_case",
                period="2023",
                note="'might reach 20 us' in a 3-tier Clos; period ~2023",
            )
        ],
        1026: [
            c(
                "network_latency_us",
                value=[(2.5, ">="), (9.1, "<=")],
                seg="cluster",
                period="2025",
                note="range 2.5-9.1 us; period 2025-2026 per the collector, recorded as 2025",
            ),
            c("cloud_instance_bandwidth", value=3200, q="<=", seg="max_cluster_network", period="2025"),
        ],
        1041: [
            uev(
                "2025-10-01",
                "month",
                "product_shipping",
                "Cisco 8223 (Silicon One P200) shipping to Alibaba and Microsoft Azure",
                file="facts2_cloud_events",
                fabric="ethernet",
                pid="cisco-8223",
                vendor="Cisco",
            )
        ],
        1043: [
            c(
                "cloud_per_gpu_bandwidth",
                value=400,
                pid="bluefield-3",
                fabric="spectrum-x",
                note="one 400GbE BlueField-3 SuperNIC per GPU; Spectrum-X SN5600 switches",
            )
        ],
        1044: [c("fabric_tiers", value=3, fabric="spectrum-x")],
        1045: [
            c("cloud_cluster_gpus", value=25000, q="~", seg="per_hall", note="four compute halls", **STH),
            c("cloud_cluster_gpus", value=100000, q=">", note="over 100,000 HGX H100 across four halls", **STH),
            {"out": "64 GPUs per rack: not in the evidence quote"},
        ],
        1046: [
            cev("2024-09-01", "month", "deployment", "xAI Colossus (Memphis) launched"),
            {"out": ">100 MW power supply: no site-power indicator"},
        ],
        1047: [
            c(
                "cloud_cluster_gpus",
                raw="550000",
                q=">=",
                period="2026",
                note="planned at launch (2025-2026); low-confidence secondary",
            ),
            c(
                "cloud_instance_bandwidth",
                value=3.6,
                unit="Tbps",
                seg="per_node",
                period="2026",
                fabric="spectrum-x",
                note="low-confidence secondary",
            ),
        ],
        1048: [
            c(
                "cloud_cluster_gpus",
                subj="xAI Colossus 1",
                fabric="spectrum-x",
                note="conflicts with 200,000 Hopper GPUs per NVIDIA (facts-notes batch 2 #11)",
            )
        ],
        1049: [
            c("cloud_cluster_gpus", value=200000, q=">", period="2026-01", note="incl. 50,000 H200 and 30,000+ GB200"),
            {"out": "target of 1 million GPUs by end-2026: not in the evidence quote"},
        ],
        1050: [
            c(
                "cloud_instance_bandwidth",
                value=1600,
                q="<=",
                period="2024",
                note="docs snapshot (undated mirror); another docs version says 1,800 Gbps (facts-notes batch 2 #9); period = A3 Mega availability year",
            )
        ],
        1051: [
            c(
                "cloud_instance_bandwidth",
                value=600,
                period="2024",
                note="this mirror's docs version; another mirror says 800 Gbps (facts-notes batch 2 #9)",
            ),
            {"out": "A3 Edge 800 Gbps (the dudasite mirror's version): not in this row's evidence or address"},
        ],
        1052: [
            c("cloud_per_gpu_bandwidth", value=200, seg="gpu_to_gpu", note="GPU-to-GPU data path via the IPU"),
            c("bandwidth_multiple", value=10, note="vs A2"),
        ],
        1053: [c("compute_tflops", value=26e6, q="<=", seg="ai_peak", note="26 exaFLOPS written as 26e6 TFLOPS")],
        1054: QUAL.format("non-blocking fabric property"),
        1055: [
            c("cloud_cluster_gpus", value=134000, q=">"),
            c("fabric_throughput_tbps", value=47000, seg="bisection", note="47 Pb/s written as 47,000 Tbps"),
        ],
        1056: [
            c("bandwidth_multiple", value=4, q="<=", seg="per_accelerator", note="vs prior generation"),
            c("reduction_share", value=0.40, seg="unloaded_latency", note="vs prior generation"),
        ],
        1057: [c("cloud_cluster_gpus", value=134400)],
        1058: [c("fabric_tiers", value=2)],
        1059: [
            c("gpus_per_domain", value=9600, subj="Google TPU 8t superpod", note="3D torus"),
            c("gpus_per_domain", value=1152, subj="Google TPU 8i pod", note="'Boardfly'"),
        ],
        1060: [
            c(
                "network_share_of_cluster_cost",
                value=0.05,
                q="<",
                seg="ocs",
                period="2020",
                note="OCS share of system cost",
            ),
            {"out": "OCS <3% of power: no power-share indicator"},
        ],
        1061: [
            c("switch_count", value=48, seg="ocs"),
            {"out": "64 racks and the 2020 deployment year: no figure the ledger holds beyond the OCS count"},
        ],
        1062: [
            c("top500_rmax_tflops", value=561000, note="561 PF written as 561,000 TFLOPS; #3 on the Nov 2023 list"),
            {"out": "14,400 H100: not in the evidence quote (row 1063 carries it)"},
        ],
        1063: [c("cloud_cluster_gpus", raw="14400")],
        1064: "OUT: a deployment rate (Eagle-equivalents per month): no per-month indicator",
        1065: [
            c("nic_count", value=8, seg="backend_per_node", fabric="infiniband", pid="connectx-7"),
            c("cloud_per_gpu_bandwidth", value=400, fabric="infiniband", pid="connectx-7"),
        ],
        1066: [
            c("cloud_cluster_gpus", value=4608, fabric="infiniband", note="64 GB300 NVL72 racks, non-blocking fat-tree")
        ],
        1067: QUAL.format("NIC and switch family named"),
        1068: [
            c("nic_count", value=4, seg="per_vm", fabric="infiniband", pid="connectx-7", note="4 GPUs per VM"),
            c(
                "port_speed_gbps",
                value=400,
                seg="per_nic",
                fabric="infiniband",
                note=(
                    "the page writes '4× 400 GB/s' (bytes), as does the Microsoft Learn ND GB200 v6 summary "
                    "it cites (MicrosoftDocs azure-docs, ms.date 2025-03-19); stored as 400 Gb/s: that summary "
                    "gives the 18-VM rack 28.8Tb/s scale-out networking = 72 connections x 400 Gb/s, and a "
                    "Quantum-2 CX7 (NDR) connection is 400 Gb/s"
                ),
            ),
        ],
        1069: [
            c(
                "cloud_cluster_gpus",
                value=2496,
                vendor="CoreWeave",
                seg="mlperf_submission",
                note="39 racks x 64 active GPUs",
            )
        ],
        1070: [
            c("cloud_cluster_gpus", value=8192, seg="mlperf_submission", fabric="spectrum-x"),
            c("node_count", value=2048, seg="mlperf_submission"),
        ],
        1071: QUAL.format("topology description"),
        1072: [
            c("cloud_cluster_gpus", value=4088),
            c("node_count", value=511, seg="hosts"),
            c("cloud_per_gpu_bandwidth", value=400, fabric="infiniband", pid="connectx-7"),
        ],
        1073: [{"out": "'tens of thousands of GPUs': no number"}, c("port_speed_gbps", value=400, fabric="infiniband")],
        1074: [
            {
                "out": "Tomahawk 4 (25.6T) and 1:1 subscription: the quote names the chip but not the figures; the survey's Tomahawk 5 / 51.2T is row 1076"
            },
            c("fabric_tiers", value=3, note="paper text: three layers of Tomahawk 4 switches in a CLOS-like topology"),
        ],
        1075: [
            c("nic_count", value=8, seg="per_server"),
            c("port_speed_gbps", value=200, seg="per_nic", note="paper text; a survey says 8 x 400G (row 1076)"),
            c("node_count", value=64, q="<=", seg="per_tor_set"),
        ],
        1076: [
            c(
                "switch_capacity_tbps",
                value=51.2,
                pid="tomahawk-5",
                note="secondary survey; conflicts with the paper's Tomahawk 4",
            ),
            c(
                "port_speed_gbps",
                value=400,
                seg="per_nic",
                note="secondary survey; conflicts with the paper's 200G NICs",
            ),
        ],
        1077: [c("cloud_cluster_gpus", value=10000, q=">", note="Ampere GPUs; Hopper cluster under construction")],
        1078: [
            c("fabric_tiers", value=3, note="1:1"),
            c("nic_count", value=8, seg="per_server"),
            c("port_speed_gbps", value=400, seg="per_nic"),
            c("fabric_max_endpoints", value=16000, q="<="),
        ],
        1079: [
            c("oversubscription_ratio", value=1.067, seg="pod"),
            c("oversubscription_ratio", value=15, seg="core"),
            {"out": "9 NICs per server: not in the evidence quote"},
        ],
        1080: [
            c(
                "cloud_cluster_gpus",
                value=50000,
                period="2024Q4",
                note="facts-notes batch 2 #11: vs ~100,000 H100/H200 (Musk)",
            ),
            cev("2024-10-01", "quarter", "deployment", "Tesla Cortex (Giga Texas) goes live"),
        ],
        1081: [
            c(
                "cloud_cluster_gpus",
                value=50000,
                period="2024",
                kind="forecast",
                note="planned: 50,000 H100 + 20,000 Tesla hardware",
            ),
            {"out": "130 MW -> 500 MW power: no site-power indicator"},
        ],
        1082: [c("cloud_cluster_gpus", raw="~100000", note="Musk tweet; conflicts with 50,000 H100")],
        1083: [c("fabric_max_endpoints", value=100000, seg="single_cluster")],
        1084: [
            c("switch_capacity_tbps", value=51.2, note="from 25.6T"),
            c("port_speed_gbps", value=400, seg="optics", note="silicon photonic optics from 200G"),
            c("cloud_instance_bandwidth", value=3.2, unit="Tbps", seg="per_server"),
        ],
        1085: [cev("2024-07-01", "day", "product_announcement", "Tencent announces Xingmai (Star) Network 2.0")],
        1086: [
            c("cloud_instance_bandwidth", value=1.6, unit="Tbps", seg="per_server", fabric="roce"),
            c("cloud_cluster_gpus", value=4000, q="<=", seg="per_cluster", note="'up to 4K GPUs per cluster'"),
            c("fabric_max_endpoints", value=64000, note="'scalable to 64K GPUs'"),
        ],
        1087: [
            c("performance_gain", value=1.6, seg="communication", note="+60% communication efficiency"),
            c("performance_gain", value=1.2, seg="training", note="+20% training efficiency"),
        ],
        1088: [c("cloud_cluster_gpus", raw=">100000")],
        1089: QUAL.format("fabric architecture description"),
        1090: [c("switch_capacity_tbps", value=51, pid="spectrum-4", note="NVIDIA Spectrum-4 ASIC; FBOSS + SAI")],
        1091: QUAL.format("scope statement"),
        1093: "OUT: cluster power in GW: no site-power indicator",
        1094: [
            cev("2026-02-09", "day", "deployment", "Meta publishes its backend aggregation (BAG) design for Prometheus")
        ],
        1095: [c("port_speed_gbps", value=400, seg="per_nic", note="4 x 100G"), c("hosts_per_nic", value=4, q="<=")],
        1096: [
            c(
                "fabric_throughput_tbps",
                value=[(16000, ">="), (48000, "<=")],
                seg="inter_bag_per_region_pair",
                note="range 16-48 Pb/s, written in Tbps",
            )
        ],
        1097: [
            c("system_port_count", value=432, q="<=", speed=800, pid="jericho3-ai", seg="bag_chassis"),
            c("oversubscription_ratio", value=4.5, q="~", seg="l2_to_bag"),
        ],
        1098: "OUT: 'two-tier' planes: the evidence quote says independent Clos planes without the tier count",
        1099: [
            c(
                "effective_throughput_share",
                value=0.60,
                q="~",
                fabric="ethernet",
                seg="ecmp_baseline",
                period="2025",
                note="Oracle's baseline: traditional ECMP fabrics around 60%, sometimes significantly lower",
            )
        ],
        1100: QUAL.format("port breakout options"),
        1101: [
            cev(
                "2026-07-01",
                "half",
                "deployment",
                "OCI Zettascale10 available (H2 2026; orders open)",
                note="a planned date, announced 2025-10",
            )
        ],
        1102: [
            c(
                "cloud_cluster_gpus",
                value=50000,
                period="2026Q3",
                kind="forecast",
                note="AMD MI450, starting calendar Q3 2026",
            )
        ],
        1103: [c("cloud_cluster_gpus", value=30000, period="2025", note="AMD MI355X cluster deal (March 2025)")],
        1130: [c("nic_count", value=8, seg="per_server", note="8-rail: 8 NICs per A800 server to 8 ToRs")],
        1131: [
            c("switch_capacity_tbps", value=51.2, seg="latest_generation", note="latest self-developed switch: 64x800G")
        ],
        1132: QUAL.format("switch NOS basis"),
        1133: [
            cev(
                "2021-10-01",
                "month",
                "deployment",
                "Alibaba Cloud launches large-scale elastic RDMA (X-Dragon 4th gen)",
            ),
            c("network_latency_us", value=5, q="~", period="2021"),
        ],
        1134: [c("nic_count", value=32, seg="per_node", fabric="other", note="EFA; 4 x 100 Gbps per H100", **PPLX)],
        1135: [
            c(
                "cloud_instance_bandwidth",
                value=3108,
                seg="achieved_rdma",
                kind="actual",
                note="97.1% of 3,200",
                **PPLX,
            ),
            c("effective_throughput_share", value=0.971, seg="achieved_rdma", **PPLX),
        ],
        1136: [c("port_speed_gbps", value=200, seg="per_dpu")],
        1137: [c("cloud_cluster_gpus", value=4000), c("network_latency_us", value=8, seg="server_to_server")],
        1138: [
            c("cloud_cluster_gpus", value=20000, q=">"),
            c("reduction_share", value=0.25, seg="latency", note="vs first generation"),
            {"out": "'built in seven months': months, not days (cluster_build_days)"},
        ],
        1139: [
            {"out": "'tens of petabits per second': no number (facts-notes batch 2 #13)"},
            c("network_latency_us", value=10, q="<", seg="rtt"),
            {"out": ">=15% lower model training time: not in the evidence quote"},
        ],
        1140: [
            cev(
                "2019-01-01",
                "year",
                "product_announcement",
                "AWS introduces the Elastic Fabric Adapter (EFA)",
                pid="aws-efa",
            )
        ],
        1141: "OUT: '54% faster installation': no indicator for installation speed",
        1142: [c("cloud_cluster_gpus", value=26000, q="<=")],
        1143: [c("fabric_throughput_tbps", value=13000, note="13 Pb/s written as 13,000 Tbps")],
        1144: [c("gpus_per_domain", value=256)],
        1145: [
            cev("2024-05-01", "month", "deployment", "Google Cloud A3 Mega available", subj="Google Cloud A3 Mega"),
            cev(
                "2025-01-01",
                "quarter",
                "deployment",
                "Google Cloud GB200 NVL72 expected (early 2025)",
                subj="Google Cloud GB200 NVL72",
            ),
        ],
        # ------------------------------------------------------------ UEC (rows 1027-1129)
        1027: [
            uev(
                "2025-06-11",
                "day",
                "spec_release",
                "Ultra Ethernet 1.0 specification released",
                desc="defines three transport profiles: AI Base, AI Full, HPC",
            )
        ],
        1028: [
            o(
                "uec_working_groups",
                value=4,
                period="2025",
                note="working groups that released Spec 1.0, per EANTC; cf. 8 in 2024",
            )
        ],
        1029: "OUT: the five layers of UE 1.0 (a structure, not a tracked figure)",
        1030: [
            uev(
                "2025-06-01",
                "month",
                "product_shipping",
                "AMD Pensando Pollara 400 officially shipping",
                pid="pollara-400",
                vendor="AMD",
            )
        ],
        1031: [
            o(
                "performance_gain",
                value=[(1.25, ">="), (1.40, "<=")],
                pid="pollara-400",
                vendor="AMD",
                fabric="uec",
                note="25-40% vs RoCEv2 (Hot Chips 2025)",
            )
        ],
        1032: QUAL.format("part number and form factors"),
        1033: "OUT: a scale-up domain size the NIC is not aimed at: no figure about the product itself",
        1034: [
            uev(
                "2025-10-01",
                "month",
                "product_announcement",
                "Broadcom Thor Ultra: 'fully compliant with Ultra Ethernet' at 800G",
                pid="thor-ultra",
                vendor="Broadcom",
                desc="'nothing else in the industry' (vendor claim)",
            )
        ],
        1035: [
            uev(
                "2025-06-03",
                "day",
                "product_shipping",
                "Broadcom Tomahawk 6 shipping samples",
                pid="tomahawk-6",
                vendor="Broadcom",
                fabric="ethernet",
            )
        ],
        1036: [
            uev(
                "2025-07-01",
                "month",
                "product_shipping",
                "Broadcom Tomahawk 6 full shipments expected",
                pid="tomahawk-6",
                vendor="Broadcom",
                fabric="ethernet",
                note="expected (Bloomberg via TrendForce)",
            ),
            o(
                "unit_price",
                value=20000,
                q="<",
                pid="tomahawk-6",
                vendor="Broadcom",
                seg="per_chip",
                period="2025",
                note="nearly 2x the predecessor",
                file="facts2_uec_observations",
            ),
        ],
        1037: [
            uev(
                "2025-06-01",
                "month",
                "product_shipping",
                "Broadcom Tomahawk 6 in mass production",
                pid="tomahawk-6",
                vendor="Broadcom",
                fabric="ethernet",
                note="conflicts with 'shipping samples' on 2025-06-03 (Gazettabyte)",
            )
        ],
        1038: [
            uev(
                "2026-01-01",
                "year",
                "product_shipping",
                "NVIDIA 102.4T Ethernet switch in production",
                vendor="NVIDIA",
                fabric="ethernet",
                note="LightCounting's estimate",
            )
        ],
        1039: [
            uev(
                "2026-02-01",
                "month",
                "product_announcement",
                "Cisco Silicon One G300: 'Ultra Ethernet-ready foundation'",
                pid="silicon-one-g300",
                vendor="Cisco",
            )
        ],
        1040: "OUT: already in the ledger (public_facts_events.csv: the same page's G200 launch event); the traction remark is qualitative",
        1042: [
            uev(
                "2025-10-01",
                "month",
                "membership",
                "Cisco is a founding member of ESUN (Ethernet for Scale-Up Networking)",
                vendor="Cisco",
                fabric="ethernet",
            )
        ],
        1092: [
            uev(
                "2025-10-14",
                "day",
                "other",
                "Meta discusses UEC integration in its AI-cluster networking (OCP 2025 keynote)",
                vendor="Meta",
            )
        ],
        1104: [
            uev(
                "2026-01-01",
                "year",
                "product_announcement",
                "Intel AI NICs with Ultra Ethernet support (planned from 2026)",
                vendor="Intel",
                note="a plan stated in 2024-04",
            )
        ],
        1105: [
            uev(
                "2024-04-01",
                "month",
                "membership",
                "NVIDIA not a UEC member ('Bis auf NVIDIA')",
                vendor="NVIDIA",
                note="a state at the time; later reports say NVIDIA joined (a change over time, not a conflict)",
            )
        ],
        1106: [
            o(
                "system_port_count",
                value=24,
                speed=200,
                pid="gaudi-3",
                vendor="Intel",
                fabric="ethernet",
                note="24 x 200GbE per accelerator, bundled to 800GbE at rack level",
            )
        ],
        1107: [
            uev(
                "2024-03-17",
                "day",
                "software_release",
                "UET reference provider: headers updated to the latest spec drafts (PR #3)",
            )
        ],
        1108: [
            uev(
                "2024-08-30",
                "day",
                "software_release",
                "UET reference provider: in-kernel SoftUET driver submitted (PR #34, Keysight)",
            )
        ],
        1109: [
            uev(
                "2026-08-13",
                "day",
                "software_release",
                "UET reference provider implements SES, PDS and TSS sublayers (PR #141)",
            )
        ],
        1110: QUAL.format("API baseline (libfabric v2.0)"),
        1111: [
            o(
                "scaleout_bandwidth_GBps",
                value=300,
                seg="per_gpu",
                pid="vulcano",
                vendor="AMD",
                fabric="uec",
                note="The Register's reading: ~12 x 200G UE links",
            )
        ],
        1112: [
            uev(
                "2025-06-12", "day", "product_announcement", "AMD Helios rack previewed", pid="amd-helios", vendor="AMD"
            ),
            uev(
                "2025-10-14",
                "day",
                "product_announcement",
                "AMD Helios OCP reference design shown",
                pid="amd-helios",
                vendor="AMD",
            ),
            uev(
                "2026-01-01",
                "year",
                "product_shipping",
                "AMD Helios volume",
                pid="amd-helios",
                vendor="AMD",
                note="planned",
            ),
        ],
        1113: [
            uev(
                "2026-01-01",
                "year",
                "product_shipping",
                "HPE offers AMD Helios worldwide with Broadcom Ethernet switches",
                pid="amd-helios",
                vendor="HPE",
                note="planned",
                publisher="Hewlett Packard Enterprise",
                source_id="hpe_corp",
                mode="relay",
            )
        ],
        1114: [
            uev(
                "2025-07-15",
                "day",
                "product_announcement",
                "Broadcom Tomahawk Ultra implements UEC 1.0 LLR and CBFC",
                pid="tomahawk-ultra",
                vendor="Broadcom",
            )
        ],
        1115: [
            uev(
                "2025-04-01",
                "month",
                "spec_release",
                "Broadcom Scale-Up Ethernet (SUE) framework announced and contributed to OCP",
                vendor="Broadcom",
                fabric="ethernet",
            ),
            {"out": "switch latency budget <250 ns: not in the evidence quote"},
        ],
        1116: [
            o("fabric_max_endpoints", value=32000, vendor="Arista", seg="single_cluster"),
            o("fabric_max_endpoints", value=100000, vendor="Arista", seg="multi_datacenter", speed=800),
        ],
        1117: [
            o(
                "performance_gain",
                value=[(1.10, ">="), (1.30, "<=")],
                vendor="Arista",
                seg="job_completion_time",
                note="10-30% JCT improvement in simulations",
            )
        ],
        1118: [
            o(
                "port_speed_gbps",
                value=800,
                vendor="Cornelis Networks",
                fabric="uec",
                period="2026",
                note="RoCEv2 + Ultra Ethernet",
            ),
            uev(
                "2026-06-01",
                "month",
                "product_shipping",
                "Cornelis CN6000 customer sampling (mid-2026)",
                vendor="Cornelis Networks",
                note="'mid-2026' dated as 2026-06",
            ),
        ],
        1119: [
            o("port_speed_gbps", value=400, vendor="Cornelis Networks", fabric="omni-path"),
            o("fabric_max_endpoints", value=500000, q=">", vendor="Cornelis Networks", fabric="omni-path"),
        ],
        1120: [
            uev(
                "2025-07-02",
                "day",
                "company",
                "HPE completes the Juniper Networks acquisition",
                vendor="HPE",
                desc="$14B all-cash; consolidates two UEC members' networking",
            )
        ],
        1121: "OUT: an IP datasheet feature, undated, with no figure",
        1122: [
            uev(
                "2026-03-15",
                "day",
                "other",
                "Keysight and Broadcom demonstrate UEC link-layer (LLR + CBFC) interop at 800GE (OFC 2026)",
                pid="tomahawk-ultra",
                vendor="Keysight",
                publisher="Keysight",
                source_id="keysight",
                mode="relay",
                doc_title="Keysight release (via Electronics Journal)",
            )
        ],
        1123: [
            o(
                "uec_new_members",
                value=40,
                q="~",
                period="2023Q4",
                note="joined within <2 months of opening (plus ~30 requesting charter docs)",
            )
        ],
        1124: [o("uec_participants", value=300, q=">", period="2023-12", note="from ~50 in less than a month")],
        1125: [o("uec_working_groups", value=8, period="2023-12", note="started with 4")],
        1126: [
            uev(
                "2023-01-01",
                "year",
                "membership",
                "UEC liaisons with OCP and IEEE 802.3; Technical Advisory Committee established",
            )
        ],
        1127: [
            uev("2023-11-01", "month", "membership", "Nokia joins the UEC", vendor="Nokia", **VOIP),
            o(
                "uec_working_groups",
                subj="Ultra Ethernet Consortium",
                value=4,
                period="2023-11",
                note="PHY, link, transport, software",
                **VOIP,
            ),
        ],
        1128: [uev("2023-10-01", "month", "membership", "UEC and the Open Compute Project announce a collaboration")],
        1129: [
            {"out": "102.4 Tbps: not in the evidence quote"},
            o("power_w", value=1000, q="<", vendor="Marvell", seg="typical"),
            uev(
                "2026-06-01",
                "month",
                "product_announcement",
                "Marvell Teralynx T100 announced (Computex 2026)",
                vendor="Marvell",
                fabric="ethernet",
            ),
            {"out": "512 ports: not in the evidence quote"},
        ],
    }
)

# New sources (appended to sources_extra.csv when used): id -> (publisher, kind, homepage).
NEW_SOURCES = {
    "crehan": ("Crehan Research", "analyst_firm", "https://www.crehanresearch.com"),
    "ihs_markit": ("IHS Markit (now Omdia)", "analyst_firm", "https://omdia.tech.informa.com"),
    "cir": ("CIR (Communications Industry Researchers)", "analyst_firm", "https://cir-inc.com"),
    "citi": ("Citi Research", "analyst_firm", "https://www.citigroup.com"),
    "citic": ("CITIC Securities", "analyst_firm", "https://www.citics.com"),
    "goldman_sachs": ("Goldman Sachs", "analyst_firm", "https://www.goldmansachs.com"),
    "huaxi_securities": ("Huaxi Securities", "analyst_firm", "https://www.hx168.com.cn"),
    "nomura": ("Nomura", "analyst_firm", "https://www.nomura.com"),
    "cicc": ("CICC", "analyst_firm", "https://www.cicc.com"),
    "marketsandmarkets": ("MarketsandMarkets", "analyst_firm", "https://www.marketsandmarkets.com"),
    "fuji_chimera": ("Fuji Chimera Research Institute", "analyst_firm", "https://www.fcr.co.jp"),
    "yanjing_bizhi": ("Beijing Yanjing Bizhi (北京研精毕智)", "analyst_firm", "https://www.yjbzr.com"),
    "semianalysis": ("SemiAnalysis", "analyst_firm", "https://newsletter.semianalysis.com"),
    "architects_tech_alliance": ("Architects' Tech Alliance (架构师技术联盟)", "blog", "https://www.besthub.dev"),
    "money_magazine": ("Money錢 magazine", "press", "https://tw.news.yahoo.com"),
    "qianjia": ("Qianjia (千家网)", "press", "https://www.qianjia.com"),
    "kenaiwo": ("Kenaiwo", "press", "https://www.kenaiwo.com"),
    "taoguba": ("Taoguba (淘股吧) forum", "community", "https://tgb.cn"),
    "menfem": ("Menfem", "blog", "https://menfem.com"),
    "fundamental_bottom": ("Fundamental Bottom (Substack)", "blog", "https://fundamentalbottom.substack.com"),
    "simple_tech_trend": ("simple tech trend (supply-chain survey)", "blog", "https://www.ab-sm.com"),
    "txrjy": ("txrjy.com forum (expert-call notes)", "community", "http://www.txrjy.com"),
    "21cbh": ("21st Century Business Herald (21世纪经济报道)", "press", "https://m.163.com"),
    "iccsz": ("ICC (讯石信息咨询)", "analyst_firm", "http://www.iccsz.com"),
    "jiuzhou": ("Jiuzhou Optical Device", "vendor", "https://en.jiuzhouopticaldevice.com"),
    "gbapo": ("gbapo.com blog", "blog", "https://32du.gbapo.com"),
    "tinckay": ("Tinckay blog", "blog", "https://tinckay.com"),
    "halowill": ("HaloWill", "vendor", "https://www.halowill.com"),
    "gearlink": ("Gearlink Wuhan", "vendor", "https://whgearlink.com"),
    "juntoku": ("Juntoku", "vendor", "https://www.juntoku.co.jp"),
    "industry_today": ("Industry Today", "press", "https://industrytoday.co.uk"),
    "ravikant_dev": ("ravikant.dev", "blog", "https://ravikant.dev"),
    "astrocom": ("Astrocom News", "press", "https://astrocom.news"),
    "jimmy_research": ("Jimmy Research", "blog", "https://www.jimmyresearch.com"),
    "udn": ("Economic Daily News (udn.com)", "press", "https://udn.com"),
    "ginlix": ("Ginlix AI (gilin.com.cn)", "press", "https://www.gilin.com.cn"),
    "cnbc": ("CNBC", "press", "https://www.cnbc.com"),
    "opticaltransceivermodules": (
        "opticaltransceivermodules.com",
        "press",
        "https://www.opticaltransceivermodules.com",
    ),
    "hpcwire": ("HPCwire", "press", "https://www.hpcwire.com"),
    "dcd": ("DatacenterDynamics", "press", "https://www.datacenterdynamics.com"),
    "dcfrontier": ("Data Center Frontier", "press", "https://datacenterfrontier.com"),
    "converge_digest": ("Converge Digest", "press", "https://dev.convergedigest.com"),
    "enterpriseai": ("EnterpriseAI", "press", "https://www.enterpriseai.news"),
    "the_new_stack": ("The New Stack", "press", "https://thenewstack.io"),
    "lapaas": ("Lapaas Voice", "press", "https://voice.lapaas.com"),
    "tokenring": ("TokenRing AI news", "press", "https://news.tokenring.ai"),
    "cloud_native_notes": ("Cloud Native Notes", "blog", "https://www.cloudnativenotes.com"),
    "juniper": ("Juniper Networks", "vendor", "https://www.juniper.net"),
    "hpe_corp": ("Hewlett Packard Enterprise", "vendor", "https://www.hpe.com"),
    "coherent": ("Coherent Corp.", "vendor", "https://www.coherent.com"),
    "lumentum": ("Lumentum", "vendor", "https://www.lumentum.com"),
    "eoptolink": ("Eoptolink (新易盛)", "vendor", "https://www.eoptolink.com"),
    "accelink": ("Accelink (光迅科技)", "vendor", "https://www.accelink.com"),
    "aoi": ("Applied Optoelectronics (AOI)", "vendor", "https://ao-inc.com"),
    "cig": ("CIG (剑桥科技)", "vendor", "https://www.cigtech.com"),
    "hgtech": ("HGTech (华工科技)", "vendor", "https://www.hgtech.com.cn"),
    "xai": ("xAI", "hyperscaler", "https://x.ai"),
    "tesla": ("Tesla", "hyperscaler", "https://www.tesla.com"),
    "tencent": ("Tencent", "hyperscaler", "https://cloud.tencent.com"),
    "baidu": ("Baidu", "hyperscaler", "https://cloud.baidu.com"),
    "nebius": ("Nebius", "cloud_operator", "https://nebius.com"),
    "imbue": ("Imbue", "cloud_operator", "https://imbue.com"),
    "keysight": ("Keysight", "vendor", "https://www.keysight.com"),
    "nokia": ("Nokia", "vendor", "https://www.nokia.com"),
    "cornelis": ("Cornelis Networks", "vendor", "https://www.cornelisnetworks.com"),
    "voip_review": ("VoIP Review", "press", "https://voip.review"),
    "perplexity": ("Perplexity", "vendor", "https://www.perplexity.ai"),
    "comemg": ("comemg.com (repost)", "press", "https://www.comemg.com"),
    "ip_fiber": ("IP-Fiber blog", "vendor", "https://ip-fiber.com"),
    "mfanb": ("mfanb.com (repost)", "press", "http://www.mfanb.com"),
    "carritech": ("Carritech Optics news", "vendor", "https://optics.carritech.com"),
}
SOURCES = [(sid, pub, kind, home) for sid, (pub, kind, home) in NEW_SOURCES.items()] + [
    ("reportify", "Reportify", "press", "https://reportify.ai")
]


# Rows whose figure is not written as such in the quote but follows from it (a range's bound written
# "4300-4500万", a word such as "double digits" or "five-fold", a product of quoted figures): each
# generated row whose evidence does not state its value gets evidence_kind = context and this note.
CONTEXT = {
    379: 'computed: "double digits" read as a lower bound of 10%',
    441: 'computed: "lost five points" = -5 percentage points',
    497: 'computed: "leading revenue generator" = rank 1',
    498: 'computed: "maintaining its lead" = rank 1',
    508: 'computed: "doubled sequentially" = +100% q/q (ratio 1.0)',
    551: 'computed: "grew five-fold" = +400% (ratio 4.0)',
    610: 'computed: "reduce ... by $0.7 billion" = -700,000,000 USD',
    685: "computed: the range's low bound, 4300万 = 43,000,000 units",
    687: "computed: the range's low bound, 1200万 = 12,000,000 units",
    692: "computed: the range's low bound, 3500万 = 35,000,000 units",
    755: "computed: the range's low bound, 1800万 = 18,000,000 units",
    795: "computed: the range's low bound, 280亿美元 = 28,000,000,000 USD",
    798: 'computed: demand "more than twice" supply = excess demand above 100% of supply',
    813: "computed: the range's low bound, 400萬 = 4,000,000 units",
    814: "computed: the range's high bound, a cut of 20% = -0.2",
    858: "computed: the range's low bound, 90万 = 900,000 units",
    1006: "computed: 4 PCIe switches x 2 backend NICs = 8 NICs per node",
    1031: "computed: the claim's low end, 25% more = ratio 1.25",
    1051: "table: the docs table row 'A3 Edge | NVIDIA H100 80GB | 600 Gbps' (cells run together in the quote)",
    1052: 'computed: "ten-fold increase" in bandwidth = ratio 10',
    1077: 'computed: "超过一万张" (more than ten thousand) = >10,000 GPUs',
}


# A vendor's own figure under several wordings is one series: the row carries the vendor's entity_id
# (README "Entities and series"); without it a vendor-resolved row keeps its subject in the key.
VENDOR_OWN = {
    NV_NET: "nvidia",
    "NVIDIA networking revenue, full fiscal year": "nvidia",
    "Cisco AI infrastructure orders from webscale customers": "cisco",
    "Cisco AI infrastructure orders from hyperscalers": "cisco",
}
