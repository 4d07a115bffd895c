"""The judgement for every row of facts3-market.csv not converted before 2026-12-01 (rows are the file's
line numbers, header = 1): which indicator, subject, entity, period, value and key dimensions each becomes,
or why it is left out. `facts3_convert.py` turns this table into ledger rows.

A spec: O(ind, subj, period, value, unit, **kw) with kw q (hedge), kind (default: the row's), ent (entity_id),
seg, scope, speed, fabric, region, conf (default reported), ek (evidence_kind), note. E(...) is an event.
OUT(reason) leaves the row (or the rest of it) out."""


def O(  # noqa: E743 (O = observation, as in the row table)
    ind, subj, period, value, unit, **kw
):
    return dict(ind=ind, subj=subj, period=period, value=value, unit=unit, **kw)


def E(date, precision, subj, event, **kw):
    return dict(event_date=date, precision=precision, subj=subj, event=event, **kw)


def OUT(reason):
    return {"out": reason}


CNY = "figure in CNY; the ledger holds money in USD only and the source gives no USD figure (no conversion is invented)"
NIC_PORTS = (
    "NIC port shipments and port shares: the catalog's port indicators count switch ports, none counts adapter ports"
)
TIMING = "a timing judgement about a condition (a shortage, an adoption), with no figure of a series and no milestone of an entity"
CRE = "Credo fiscal year ends around 1 May; mapped to the calendar quarter holding most of it"
NV = "NVIDIA fiscal year ends late January; mapped to the calendar quarter holding most of it"

ROWS = {
    3: [
        O(
            "switch_ports_shipped",
            "100G Ethernet switch ports (worldwide)",
            "2022Q4",
            11.3e6,
            "ports",
            ent="ethernet-switch-market",
            speed=100,
            seg="100g",
            note="The Next Platform's estimate from IDC data",
        )
    ],
    4: [
        O(
            "switch_ports_shipped",
            "200G/400G Ethernet switch ports (worldwide)",
            "2022Q4",
            2.6e6,
            "ports",
            ent="ethernet-switch-market",
            speed=200,
            seg="200g_400g",
            note="The Next Platform's estimate from IDC data",
        )
    ],
    5: OUT(
        "total switch capacity shipped in Eb/s: no indicator of the catalog holds shipped capacity (switch_capacity_tbps is one switch's capacity)"
    ),
    8: [
        O(
            "nic_revenue",
            "Programmable Ethernet adapters (FPGA/SoC)",
            "2024",
            2.3e9,
            "USD",
            ent="ethernet-adapter-market",
            seg="programmable",
            scope="nic_ethernet_adapters",
            note="October 2020 vintage",
        )
    ],
    9: [
        O(
            "dc_ethernet_switch_revenue",
            "Data center switching on 51.2 Tbps ASICs",
            "2022-2026",
            20e9,
            "USD",
            q=">",
            ent="dc-ethernet-switch-market",
            seg="51_2t_asic_systems",
            note="'over $20 billion' over the next five years from the 2022 blog (c.2022-2026)",
        )
    ],
    10: [
        O(
            "port_shipments_growth",
            "Data center switch ports",
            "2023-2027",
            0.5,
            "ratio",
            ent="dc-ethernet-switch-market",
            note="growth over the next five years from the c.2023 blog (c.2023-2027); AI servers drive 12+ switch ports each vs 5-6 for x86",
        )
    ],
    11: [
        E(
            "2025-01-01",
            "year",
            "800G data center Ethernet switch ports",
            "800 Gbps switch ports eclipse 400 Gbps (January 2023 forecast)",
            ent="dc-ethernet-switch-market",
            milestone="speed_crossover",
            kind="forecast",
        )
    ],
    12: OUT(
        "already in the ledger: the same Dell'Oro blog statement ('200/400 Gbps shipments are estimated to have nearly tripled in 2022') is facts2_market_observations.csv's row from facts.csv row 382 (the blog post's own address; this is its category listing), kind estimate as the source says"
    ),
    13: [
        O(
            "switch_port_share",
            "Data center switch ports above 100 Gbps",
            "2024",
            0.5,
            "share",
            q=">",
            ent="dc-ethernet-switch-market",
            seg="above_100g",
            note="'more than half' of ports sold by 2024 (c.2020 vintage)",
            ek="context",
        )
    ],
    14: [
        O(
            "market_revenue",
            "InfiniBand market (unattributed analysis)",
            "2029",
            100e9,
            "USD",
            q="~",
            ent="infiniband-market",
            scope="not_stated",
            conf="analyst_estimate",
            note="'nearly $100 billion' by 2029 (40% CAGR), unattributed 'recent analysis', low confidence",
        )
    ],
    15: [
        O(
            "switch_ports_shipped",
            "Arista switch ports sold since founding",
            "2004-2024",
            100e6,
            "ports",
            q=">",
            ent="arista",
            seg="cumulative",
            note="cumulative through 2024 (Arista founded 2004); The Next Platform estimate",
        ),
        O(
            "company_revenue",
            "Arista revenue since founding",
            "2004-2024",
            32.3e9,
            "USD",
            q="~",
            ent="arista",
            seg="cumulative",
            note="cumulative through 2024, all revenue as The Next Platform counts it (facts3-market-notes #19: not the product-revenue basis of the 2025 figure)",
        ),
    ],
    17: OUT(TIMING + " (EML/CW laser shortages constrain growth through end-2026)"),
    19: [
        O(
            "vendor_revenue_growth",
            "NVIDIA Data Center networking revenue",
            "2024Q3",
            0.2,
            "ratio",
            ent="nvidia",
            note="NVIDIA FY2025Q3 (quarter ended 2024-10-27) mapped to calendar 2024Q3; year on year",
        )
    ],
    20: [
        O(
            "segment_revenue_share",
            "NVIDIA networking share of Data Center revenue",
            "2025Q3",
            0.16,
            "share",
            ent="nvidia",
            seg="networking_of_data_center",
            conf="reported",
            note="NVIDIA FY2026Q3 (quarter ended 2025-10-26) mapped to calendar 2025Q3; social post, low confidence",
        )
    ],
    21: [
        O(
            "segment_revenue_share",
            "AI workloads' share of data center switch spending",
            "2028",
            0.5,
            "share",
            q=">",
            ent="dc-switch-market",
            seg="ai_workloads",
            note="'more than half' by 2028",
        )
    ],
    22: [
        O(
            "segment_revenue_share",
            "AI workloads' share of data center switch spending",
            "2025",
            0.3,
            "share",
            q="<",
            kind="estimate",
            ent="dc-switch-market",
            seg="ai_workloads",
            note="'less than 30%' today: period read as 2025 (facts3-market-notes #21)",
        )
    ],
    23: [
        O(
            "segment_revenue_share",
            "Non-AI workloads' share of data center switch spending",
            "2024",
            0.8,
            "share",
            q=">",
            ent="dc-switch-market",
            seg="non_ai_workloads",
            note="'over 80%' at the end of 2024",
        )
    ],
    24: OUT(
        "a price increase range for enterprise DC switches: the catalog has no switch price-change indicator (unit_price holds prices, not changes)"
    ),
    25: OUT("lead times in months: no indicator of the catalog holds lead times"),
    26: [
        O(
            "customer_count",
            "Firms running high-end AI data centers",
            "2025",
            200,
            "count",
            q="~",
            ent="dc-switch-market",
            seg="ai_dc_operators",
            note="'~200' (c.2025-2026, read as 2025)",
        ),
        O(
            "customer_count",
            "Traditional data center operators",
            "2025",
            100000,
            "count",
            q="~",
            ent="dc-switch-market",
            seg="traditional_dc_operators",
            note="'~100,000' (c.2025-2026, read as 2025)",
        ),
    ],
    27: [
        O(
            "market_growth_rate",
            "Ethernet controller and adapter market",
            "2021",
            0.27,
            "ratio",
            ent="ethernet-adapter-market",
            scope="nic_ethernet_adapters",
            note="year on year; on track as stated after 3Q21",
        )
    ],
    28: [
        O(
            "market_growth_rate",
            "Ethernet adapter shipments",
            "2021Q3",
            -0.07,
            "ratio",
            ent="ethernet-adapter-market",
            seg="units",
            scope="nic_ethernet_adapters",
            note="unit shipments, year on year (supply constrained)",
        )
    ],
    29: [
        O(
            "vendor_rank",
            "NVIDIA rank in the Ethernet adapter market",
            "2021",
            1,
            "count",
            ent="nvidia",
            seg="ethernet_adapters",
            ek="table",
            note="ranking 'NVIDIA, Intel, Broadcom' (NVIDIA overtook Intel)",
        ),
        O(
            "vendor_rank",
            "Intel rank in the Ethernet adapter market",
            "2021",
            2,
            "count",
            ent="intel",
            seg="ethernet_adapters",
            ek="table",
            note="ranking 'NVIDIA, Intel, Broadcom'",
        ),
        O(
            "vendor_rank",
            "Broadcom rank in the Ethernet adapter market",
            "2021",
            3,
            "count",
            ent="broadcom",
            seg="ethernet_adapters",
            ek="table",
            note="ranking 'NVIDIA, Intel, Broadcom'",
        ),
    ],
    30: [
        O(
            "nic_revenue",
            "Ethernet adapter market",
            "2020Q1",
            0.552e9,
            "USD",
            ent="ethernet-adapter-market",
            scope="nic_ethernet_adapters",
            note="record quarter, +47% year on year",
        )
    ],
    31: OUT(NIC_PORTS),
    32: OUT(NIC_PORTS),
    33: [
        O(
            "nic_revenue",
            "Offload Ethernet adapters",
            "2024",
            2e9,
            "USD",
            q="~",
            ent="ethernet-adapter-market",
            seg="offload",
            scope="nic_ethernet_adapters",
            note="October 2020 vintage; about 43% of adapter revenue",
        )
    ],
    35: OUT("a comparison without a figure (scale-up switch ASIC sales exceed Ethernet + InfiniBand combined)"),
    36: [
        O(
            "vendor_revenue_growth",
            "Arista data center Ethernet switch revenue",
            "2026Q1",
            0.373,
            "ratio",
            ent="arista",
            seg="dc_ethernet_switch",
            note="year on year; VendorDeep credits the data to Crehan Research (facts3-market-notes #20)",
        )
    ],
    37: [
        O(
            "vendor_revenue_growth",
            "Cisco data center Ethernet switch revenue",
            "2026Q1",
            0.169,
            "ratio",
            ent="cisco",
            seg="dc_ethernet_switch",
            note="year on year; VendorDeep credits the data to Crehan Research (facts3-market-notes #20)",
        )
    ],
    38: [
        O(
            "switch_ports_shipped",
            "100GbE data center switch ports (annual run-rate)",
            "2015",
            0.1e6,
            "ports",
            q="<",
            ent="dc-ethernet-switch-market",
            speed=100,
            seg="run_rate",
            note="annual run-rate of branded DC switch ports, two years before 2017",
        ),
        O(
            "switch_ports_shipped",
            "100GbE data center switch ports (annual run-rate)",
            "2017",
            4e6,
            "ports",
            q=">",
            ent="dc-ethernet-switch-market",
            speed=100,
            seg="run_rate",
            note="annual run-rate of branded DC switch ports",
        ),
    ],
    39: OUT(
        "average bandwidth per switch port: no indicator of the catalog holds an average port bandwidth (port_speed_gbps is a product's port speed)"
    ),
    41: OUT(
        "capex growth of the top 15 internet content providers: cloud capex, no entity or indicator of the networking catalog"
    ),
    42: OUT(
        "already in the ledger from the same document (facts2_market_observations.csv: market_growth_rate, Global optical transceiver market, 2023, -6%, LightCounting via Lightwave 55127215)"
    ),
    43: [
        O(
            "company_revenue",
            "Credo quarterly revenue",
            "2024Q4",
            135.0e6,
            "USD",
            ent="credo",
            note="Credo FY2025Q3 (quarter ended ~2025-02-01) mapped to calendar 2024Q4; " + CRE,
        )
    ],
    44: [
        O(
            "segment_revenue_share",
            "Credo largest customer's share of revenue",
            "2024Q4",
            0.86,
            "share",
            ent="credo",
            seg="largest_customer",
            note="Credo FY2025Q3 mapped to calendar 2024Q4; " + CRE,
        )
    ],
    45: [
        O(
            "company_revenue",
            "Credo quarterly revenue",
            "2025Q1",
            170e6,
            "USD",
            ent="credo",
            note="Credo FY2025Q4 (quarter ended ~2025-05-03) mapped to calendar 2025Q1; " + CRE,
        )
    ],
    46: [
        O(
            "vendor_revenue_growth",
            "Credo revenue",
            "2024",
            1.26,
            "ratio",
            ent="credo",
            note="Credo FY2025 (year ended ~2025-05-03) mapped to calendar 2024, the calendar year holding most of it; year on year",
        )
    ],
    47: [
        O(
            "vendor_revenue_growth",
            "Credo product business revenue",
            "2025Q1",
            2.76,
            "ratio",
            ent="credo",
            seg="product",
            note="Credo FY2025Q4 mapped to calendar 2025Q1; year on year; " + CRE,
        )
    ],
    48: [
        O(
            "company_revenue",
            "Credo quarterly revenue",
            "2025Q3",
            268e6,
            "USD",
            ent="credo",
            note="Credo FY2026Q2 (quarter ended ~2025-11-01) mapped to calendar 2025Q3; " + CRE,
        )
    ],
    49: [
        O(
            "company_revenue",
            "Credo revenue guidance",
            "2025Q4",
            335e6,
            "USD",
            q=">=",
            kind="forecast",
            ent="credo",
            note="company guidance (kind forecast); range $335-345M: low bound; Credo FY2026Q3 mapped to calendar 2025Q4; "
            + CRE,
        ),
        O(
            "company_revenue",
            "Credo revenue guidance",
            "2025Q4",
            345e6,
            "USD",
            q="<=",
            kind="forecast",
            ent="credo",
            note="company guidance (kind forecast); range $335-345M: high bound; Credo FY2026Q3 mapped to calendar 2025Q4; "
            + CRE,
        ),
    ],
    50: [
        O(
            "vendor_sam",
            "Credo total addressable market",
            "2025",
            10e9,
            "USD",
            q=">",
            ent="credo",
            note="'over $10 billion' in the coming years, claimed in December 2025; period = the year it was stated",
        )
    ],
    51: [
        O(
            "optics_units_shipped",
            "Optical modules using Credo DSPs (cumulative)",
            "2024Q3",
            2e6,
            "units",
            q=">",
            ent="credo",
            seg="cumulative",
            note="cumulative to Credo FY2025Q1 (September 2024)",
        )
    ],
    52: [
        O(
            "market_growth_rate",
            "AI switch revenue",
            "2026",
            0.48,
            "ratio",
            ent="ai-networking-market",
            scope="ai_dc_switch_all",
            note="year on year; the bank's own AI switch model; facts3-market-notes #4 (J.P. Morgan or Morgan Stanley)",
        ),
        O(
            "market_growth_rate",
            "Data center switch industry revenue",
            "2026",
            0.23,
            "ratio",
            ent="dc-switch-market",
            note="year on year",
        ),
    ],
    53: [
        O(
            "market_growth_rate",
            "AI switch revenue",
            "2027",
            0.29,
            "ratio",
            ent="ai-networking-market",
            scope="ai_dc_switch_all",
            note="year on year; Reportify attributes the note to Morgan Stanley (facts3-market-notes #4)",
        ),
        O(
            "market_growth_rate",
            "AI switch revenue",
            "2028",
            0.25,
            "ratio",
            ent="ai-networking-market",
            scope="ai_dc_switch_all",
            note="year on year; Reportify attributes the note to Morgan Stanley (facts3-market-notes #4)",
        ),
        O(
            "market_growth_rate",
            "Data center switch industry revenue",
            "2027",
            0.19,
            "ratio",
            ent="dc-switch-market",
            note="year on year; Reportify attributes the note to Morgan Stanley",
        ),
        O(
            "market_growth_rate",
            "Data center switch industry revenue",
            "2028",
            0.18,
            "ratio",
            ent="dc-switch-market",
            note="year on year; Reportify attributes the note to Morgan Stanley",
        ),
    ],
    55: [
        O(
            "market_cagr",
            "AI back-end Ethernet switching",
            "2024-2028",
            0.6,
            "ratio",
            ent="ai-backend-network-market",
            scope="backend_switches_ethernet",
        ),
        O(
            "market_cagr",
            "AI front-end Ethernet switching",
            "2024-2028",
            0.52,
            "ratio",
            ent="ai-networking-market",
            scope="frontend_switches_ethernet",
        ),
    ],
    56: OUT("share changes with no period (the note's 'most recent period' is not given and the summary is undated)"),
    57: OUT(
        "front-end AI Ethernet vendor shares with no period (the note's 'most recent period' is not given and the summary is undated)"
    ),
    58: [
        O(
            "market_cagr",
            "AI switching market, hyperscale customers",
            "2024-2028",
            0.33,
            "ratio",
            ent="ai-networking-market",
            seg="hyperscale",
            scope="ai_dc_switch_all",
        ),
        O(
            "market_cagr",
            "AI switching market, Tier 2 cloud and service providers",
            "2024-2028",
            0.45,
            "ratio",
            ent="ai-networking-market",
            seg="tier2_cloud_sp",
            scope="ai_dc_switch_all",
        ),
        O(
            "market_cagr",
            "AI switching market, enterprise",
            "2024-2028",
            0.58,
            "ratio",
            ent="ai-networking-market",
            seg="enterprise",
            scope="ai_dc_switch_all",
        ),
    ],
    59: [
        O(
            "company_revenue",
            "Credo full-year revenue",
            "2024",
            436.8e6,
            "USD",
            ent="credo",
            note="Credo FY2025 (year ended ~2025-05-03) mapped to calendar 2024, the calendar year holding most of it; aggregator citing Credo filings",
        )
    ],
    60: OUT(
        "network share of data-centre capex: no indicator of the catalog (network_share_of_cluster_cost is a share of a cluster's cost); unattributed, low confidence"
    ),
    61: [
        O(
            "vendor_revenue_growth",
            "Cisco data center switching product orders",
            "2026Q1",
            0.4,
            "ratio",
            q=">",
            ent="cisco",
            seg="dc_switching_orders",
            note="orders, year on year; Cisco FY2026Q3 (quarter ended ~2026-04) mapped to calendar 2026Q1 (fiscal year ends late July)",
        )
    ],
    62: [
        O(
            "segment_revenue_share",
            "AI systems' share of the switching addressable market",
            "2023",
            0.1,
            "share",
            q="<",
            kind="estimate",
            ent="dc-switch-market",
            seg="ai_workloads",
            note="'significantly less than 10%' (c.2023)",
        )
    ],
    64: [
        O(
            "market_revenue",
            "Ethernet switch ASICs for cloud data centers (3.2T-51.2T)",
            "2023",
            1.8e9,
            "USD",
            kind="forecast",
            ent="switch-silicon-market",
            note="October 2022 vintage; merchant + Cisco captive",
        ),
        O(
            "market_revenue",
            "Ethernet switch ASICs for cloud data centers (3.2T-51.2T)",
            "2027",
            3.6e9,
            "USD",
            kind="forecast",
            ent="switch-silicon-market",
            note="October 2022 vintage; merchant + Cisco captive",
        ),
    ],
    65: [
        O(
            "market_revenue",
            "CPO scenario uplift to the 25.6T/51.2T switch ASIC market",
            "2027",
            0.5e9,
            "USD",
            ent="switch-silicon-market",
            seg="cpo_uplift",
            note="October 2022 vintage; scenario: 15% of chips with half their ports CPO",
        )
    ],
    66: [
        O(
            "vendor_market_share",
            "Merchant silicon share of DC Ethernet switch units",
            "2022",
            0.63,
            "share",
            ent="switch-silicon-market",
            seg="merchant",
            note="2019 vintage; share of units shipped",
        )
    ],
    67: [
        O(
            "switches_shipped",
            "DC Ethernet switch forwarding chips shipped",
            "2018",
            1.4e6,
            "units",
            kind="estimate",
            ent="switch-silicon-market",
            note="data-plane forwarding chips; the 2018 base of the Q3 2019 tracker",
        ),
        O(
            "switches_shipped",
            "DC Ethernet switch forwarding chips shipped",
            "2023",
            1.5e6,
            "units",
            kind="forecast",
            ent="switch-silicon-market",
            note="data-plane forwarding chips; Q3 2019 tracker",
        ),
    ],
    68: [
        O(
            "network_share_of_cluster_cost",
            "Interconnect share of AI cluster cost",
            "2026",
            0.15,
            "share",
            q=">=",
            kind="estimate",
            ent="ai-backend-network-market",
            scope="backend_network_all",
            conf="analyst_estimate",
            note="range 15-20%: low bound; c.2025-2026 read as 2026 (published 2026-04); unattributed, low confidence",
        ),
        O(
            "network_share_of_cluster_cost",
            "Interconnect share of AI cluster cost",
            "2026",
            0.2,
            "share",
            q="<=",
            kind="estimate",
            ent="ai-backend-network-market",
            scope="backend_network_all",
            conf="analyst_estimate",
            note="range 15-20%: high bound; unattributed, low confidence",
        ),
    ],
    69: [
        O(
            "segment_revenue_share",
            "Data center share of Ethernet switch revenue",
            "2025Q3",
            0.595,
            "share",
            ent="ethernet-switch-market",
            seg="data_center",
        )
    ],
    70: [
        O(
            "market_growth_rate",
            "Data center Ethernet switch market",
            "2025Q3",
            0.62,
            "ratio",
            ent="dc-ethernet-switch-market",
            seg="data_center",
            note="year on year",
        )
    ],
    71: [
        O(
            "switch_ports_shipped",
            "Ethernet switch ports (worldwide)",
            "2025Q3",
            73.5e6,
            "ports",
            ent="ethernet-switch-market",
        )
    ],
    72: [
        O(
            "switch_port_share",
            "400G share of leading Chinese cloud providers' switch port purchases",
            "2025",
            0.5,
            "share",
            q=">",
            ent="dc-ethernet-switch-market",
            speed=400,
            seg="400g",
            region="china",
            src="unattributed_cn",
            pub="Chinese cloud providers (unattributed)",
            conf="analyst_estimate",
            note="unattributed statement in a summary of IDC's tracker",
        )
    ],
    74: [
        O(
            "ai_backend_network_revenue",
            "Ethernet scale-out incremental opportunity",
            "2029",
            8e9,
            "USD",
            q=">=",
            ent="ai-backend-network-market",
            seg="incremental",
            scope="backend_switches_ethernet",
            note="range $8-10B: low bound",
        ),
        O(
            "ai_backend_network_revenue",
            "Ethernet scale-out incremental opportunity",
            "2029",
            10e9,
            "USD",
            q="<=",
            ent="ai-backend-network-market",
            seg="incremental",
            scope="backend_switches_ethernet",
            note="range $8-10B: high bound",
        ),
    ],
    75: [
        O(
            "segment_revenue_share",
            "100 Gbps-and-faster Ethernet NICs' share of NIC revenue",
            "2023",
            0.5,
            "share",
            q="~",
            ent="ethernet-adapter-market",
            seg="100g_plus",
            ek="context",
            note="'quase metade' (nearly half) of segment revenue by end-2023; the unit share (<20% of cards) is left out: no NIC unit-share indicator",
        )
    ],
    76: OUT("a quarterly size ('billion-dollar' per quarter) with no quarter named"),
    79: [
        O(
            "optics_unit_share",
            "Silicon photonics share of 800G/1.6T transceivers",
            "2026",
            0.5,
            "share",
            q=">=",
            ent="optics-800g-plus",
            seg="silicon_photonics",
            note="range 50-70%: low bound",
        ),
        O(
            "optics_unit_share",
            "Silicon photonics share of 800G/1.6T transceivers",
            "2026",
            0.7,
            "share",
            q="<=",
            ent="optics-800g-plus",
            seg="silicon_photonics",
            note="range 50-70%: high bound",
        ),
    ],
    80: OUT(CNY),
    81: OUT(TIMING + " (CPO scales only after 2027)"),
    83: [
        E(
            "2025-01-01",
            "year",
            "800G data center switch ports",
            "800 Gbps overtakes 400 Gbps as the mainstream DC switch speed (2024 vintage)",
            ent="dc-ethernet-switch-market",
            milestone="speed_crossover",
            kind="forecast",
        )
    ],
    84: [
        O(
            "market_cagr",
            "InfiniBand switch market",
            "2023-2028",
            0.24,
            "ratio",
            ent="infiniband-market",
            seg="switches",
            src="lightcounting",
            pub="LightCounting",
        )
    ],
    85: [
        O(
            "ai_networking_revenue",
            "Scale-up switch incremental market",
            "2027",
            43.8e9,
            "USD",
            ent="scaleup-switch-market",
            seg="incremental",
            scope="scaleup_switches",
            conf="analyst_estimate",
            note="claimed to exceed Ethernet + InfiniBand combined; unnamed brokerage, low confidence",
        )
    ],
    86: OUT(CNY),
    87: [
        O(
            "optics_revenue",
            "Ethernet optics (100G+) and CPO for AI clusters",
            "2025",
            16.5e9,
            "USD",
            kind="estimate",
            ent="ai-optics-market",
            seg="ai_cluster",
            note="2025 stated in February 2026 after the year ended: an estimate; facts3-market-notes #3 (TrendForce gives the same figures)",
        ),
        O(
            "optics_revenue",
            "Ethernet optics (100G+) and CPO for AI clusters",
            "2026",
            26e9,
            "USD",
            kind="forecast",
            ent="ai-optics-market",
            seg="ai_cluster",
            note="facts3-market-notes #3 (TrendForce gives the same figures)",
        ),
    ],
    88: [
        O(
            "market_growth_rate",
            "Ethernet optics and CPO for AI clusters",
            "2025",
            0.6,
            "ratio",
            kind="estimate",
            ent="ai-optics-market",
            seg="ai_cluster",
            note="60% growth stated for 2025 in February 2026: an estimate",
        ),
        O(
            "market_growth_rate",
            "Ethernet optics and CPO for AI clusters",
            "2026",
            0.6,
            "ratio",
            kind="forecast",
            ent="ai-optics-market",
            seg="ai_cluster",
        ),
    ],
    89: OUT(TIMING + " (laser shortage relief by mid-2026)"),
    91: OUT(CNY),
    92: [
        O(
            "optics_unit_share",
            "Silicon photonics share of high-speed optical modules",
            "2025",
            0.6,
            "share",
            q=">",
            ent="optics-800g-plus",
            seg="silicon_photonics",
            conf="analyst_estimate",
            note="c.2024-01 vintage; high-speed = 800G/1.6T",
        )
    ],
    93: [
        O(
            "unit_price",
            "Arista product revenue per switch port since founding",
            "2004-2025",
            230.70,
            "USD",
            ent="arista",
            seg="per_port",
            ek="context",
            note="The Next Platform's result of dividing $34.6B of product revenue by 150M ports, as the page gives it (the division gives $230.67)",
        ),
        O(
            "switch_ports_shipped",
            "Arista switch ports shipped since founding",
            "2004-2025",
            150e6,
            "ports",
            kind="estimate",
            ent="arista",
            seg="cumulative",
            note="cumulative ports shipped 2004-2025 (facts3-market-notes #19: the 2024 page says more than 100M through 2024)",
        ),
    ],
    94: [
        O(
            "company_revenue",
            "Arista product revenue since founding",
            "2004-2025",
            34.6e9,
            "USD",
            ent="arista",
            seg="product",
            note="cumulative product revenue 2004-2025 (facts3-market-notes #19: not the revenue basis of the 2024 figure)",
        )
    ],
    95: [
        O(
            "segment_revenue_share",
            "Arista cloud and AI titans share of revenue",
            "2024",
            0.48,
            "share",
            q="~",
            ent="arista",
            seg="cloud_ai_titans",
        )
    ],
    96: [
        O("customer_count", "Arista 400G customers", "2024", 1000, "count", q="~", ent="arista", speed=400, seg="400g")
    ],
    97: [
        O(
            "vendor_segment_revenue",
            "Marvell data center revenue",
            "2024Q2",
            881e6,
            "USD",
            ent="marvell",
            seg="data_center",
            note="Marvell FY2025Q2 mapped to calendar 2024Q2 (fiscal year ends around 1 February)",
        )
    ],
    98: [
        O(
            "vendor_revenue_growth",
            "Marvell data center revenue",
            "2024Q2",
            0.92,
            "ratio",
            ent="marvell",
            seg="data_center",
            note="year on year; Marvell FY2025Q2 mapped to calendar 2024Q2",
        )
    ],
    99: [
        O(
            "vendor_segment_revenue",
            "Marvell data center revenue",
            "2025Q4",
            1.65e9,
            "USD",
            ent="marvell",
            seg="data_center",
            note="all-time high; Marvell FY2026Q4 mapped to calendar 2025Q4 (fiscal year ends around 1 February)",
        )
    ],
    100: [
        O(
            "company_revenue",
            "Marvell total revenue",
            "2025",
            8.195e9,
            "USD",
            ent="marvell",
            note="Marvell FY2026 mapped to calendar 2025 (fiscal year ends around 1 February)",
        )
    ],
    101: [
        O(
            "vendor_revenue_growth",
            "Marvell interconnect business growth outlook",
            "2026",
            0.7,
            "ratio",
            q=">",
            kind="forecast",
            ent="marvell",
            seg="interconnect",
            note="raised from 50% to more than 70%; the source gives no period: the next fiscal year as stated in June 2026 (FY2027, mapped to calendar 2026)",
        )
    ],
    103: [
        O(
            "vendor_revenue_qoq_change",
            "NVIDIA Data Center networking revenue",
            "2025Q3",
            0.123,
            "ratio",
            ent="nvidia",
            note="quarter on quarter, an alternate calculation (NVIDIA's release says 13%); " + NV,
        )
    ],
    104: [
        O(
            "optics_unit_share",
            "Optical transceivers at 400G and below",
            "2025",
            0.94,
            "share",
            kind="estimate",
            ent="optical-transceiver-market",
            seg="up_to_400g",
            note="2025 stated in January 2026 after the year ended: an estimate",
        ),
        O(
            "optics_unit_share",
            "Optical transceivers at 400G and below",
            "2028",
            0.8,
            "share",
            kind="forecast",
            ent="optical-transceiver-market",
            seg="up_to_400g",
        ),
    ],
    105: [
        O(
            "optics_unit_share",
            "Silicon photonics share of 800G+ optical transceivers",
            "2025",
            0.62,
            "share",
            kind="estimate",
            ent="optics-800g-plus",
            seg="silicon_photonics",
            note="2025 stated in January 2026 after the year ended: an estimate",
        ),
        O(
            "optics_unit_share",
            "Silicon photonics share of 800G+ optical transceivers",
            "2028",
            0.74,
            "share",
            kind="forecast",
            ent="optics-800g-plus",
            seg="silicon_photonics",
        ),
    ],
    106: [
        O(
            "optics_unit_share",
            "Silicon photonics share of all optical transceivers",
            "2025",
            0.06,
            "share",
            kind="estimate",
            ent="optical-transceiver-market",
            seg="silicon_photonics",
            note="2025 stated in January 2026 after the year ended: an estimate",
        ),
        O(
            "optics_unit_share",
            "Silicon photonics share of all optical transceivers",
            "2028",
            0.15,
            "share",
            kind="forecast",
            ent="optical-transceiver-market",
            seg="silicon_photonics",
        ),
    ],
    107: [
        O(
            "optics_per_accelerator",
            "1.6T optical modules per GPU",
            "2026",
            1.6,
            "ratio",
            ent="optics-1.6t",
            speed=1600,
            note="GB300 generation",
        ),
        O(
            "optics_per_accelerator",
            "1.6T optical modules per GPU",
            "2027",
            5,
            "ratio",
            ent="optics-1.6t",
            speed=1600,
            note="Rubin generation",
        ),
    ],
    108: OUT(
        "an AI infrastructure total (compute + storage + network): outside the networking indicators of the catalog; its network segment's growth (row 109) is held"
    ),
    109: [
        O(
            "market_cagr",
            "AI infrastructure network segment",
            "2024-2030",
            0.306,
            "ratio",
            ent="ai-networking-market",
            scope="ai_infrastructure_network",
        )
    ],
    111: OUT("a CAGR 'to 2030' whose start year the preview does not give"),
    112: [
        O(
            "vendor_market_share",
            "Four 51.2T switch ASICs' share of 51.2T volume",
            "2023-2026",
            0.9,
            "share",
            q=">",
            ent="switch-silicon-market",
            seg="top4_51_2t_asics",
            note="Broadcom Tomahawk 5, Cisco G200, Marvell Teralynx 10 and NVIDIA Spectrum-4 over the next 2-3 years (c.2023-2026)",
        )
    ],
    113: OUT("'in five years' from an undated blog: the target year is not fixed (c.2026-2027)"),
    114: OUT(CNY),
    115: [
        O(
            "optics_units_shipped",
            "InnoLight optical module sales volume",
            "2025H1",
            9.05e6,
            "units",
            ent="innolight",
            seg="vendor",
            note="capacity 11.61M, output 9.40M",
        )
    ],
    116: [
        O(
            "optics_units_shipped",
            "InnoLight overseas optical module sales volume",
            "2025H1",
            7.25e6,
            "units",
            ent="innolight",
            seg="overseas",
            note="the overseas revenue (CNY 12.769B) is left out: CNY only",
        )
    ],
    117: [
        O(
            "vendor_rank",
            "InnoLight rank among global optical module vendors",
            "2024",
            1,
            "count",
            ent="innolight",
            seg="optical_modules",
            src="lightcounting",
            pub="LightCounting",
            ek="context",
            note="LightCounting's 2024 ranking as the report relays it",
        )
    ],
    118: [
        O(
            "company_revenue",
            "Fabrinet quarterly revenue",
            "2025Q3",
            0.98e9,
            "USD",
            ent="fabrinet",
            note="+22% year on year; Fabrinet FY2026Q1 (September 2025 quarter) = calendar 2025Q3",
        )
    ],
    119: [
        O(
            "vendor_segment_revenue",
            "Fabrinet DCI revenue",
            "2025Q3",
            0.14e9,
            "USD",
            ent="fabrinet",
            seg="dci",
            note="+92% year on year; FY2026Q1 = calendar 2025Q3",
        )
    ],
    120: [
        O(
            "company_revenue",
            "Coherent quarterly revenue",
            "2025Q3",
            1.58e9,
            "USD",
            ent="coherent",
            note="+17% year on year; Coherent FY2026Q1 (September 2025 quarter) = calendar 2025Q3",
        )
    ],
    121: [
        O(
            "optics_unit_share",
            "Silicon photonics share of InnoLight shipments",
            "2025",
            0.5,
            "share",
            q=">",
            ent="innolight",
            seg="silicon_photonics",
            note="company commentary on its own 2025 shipments",
        )
    ],
    122: OUT(CNY),
    123: [
        O(
            "optics_revenue",
            "Co-packaged and near-packaged optics (CPO + NPO)",
            "2025",
            0.1e9,
            "USD",
            q="~",
            kind="estimate",
            ent="optics-cpo",
            seg="cpo_npo",
            note="2025 stated in June 2026 after the year ended: an estimate",
        ),
        O(
            "optics_revenue",
            "Co-packaged and near-packaged optics (CPO + NPO)",
            "2030",
            39e9,
            "USD",
            q=">",
            kind="forecast",
            ent="optics-cpo",
            seg="cpo_npo",
        ),
    ],
    124: OUT("global data-centre capex (context for networking): no indicator of the catalog holds total DC capex"),
    125: [
        O(
            "ai_networking_revenue",
            "Scale-up switch market",
            "2025",
            6e9,
            "USD",
            q="~",
            ent="scaleup-switch-market",
            scope="scaleup_switches",
            conf="analyst_estimate",
            note="'nearly $6B'; unnamed brokerage",
        )
    ],
    126: [
        O(
            "market_cagr",
            "Scale-up switch market",
            "2025-2030",
            0.26,
            "ratio",
            ent="scaleup-switch-market",
            scope="scaleup_switches",
            conf="analyst_estimate",
            note="unnamed brokerage",
        )
    ],
    127: [
        O(
            "optics_revenue",
            "Active electrical cables (AEC) market",
            "2024",
            0.3e9,
            "USD",
            q="<",
            kind="estimate",
            ent="high-speed-cables",
            seg="aec",
            conf="analyst_estimate",
            note="expert call, Credo-dominated market",
        ),
        O(
            "optics_revenue",
            "Active electrical cables (AEC) market",
            "2025",
            0.6e9,
            "USD",
            q=">=",
            kind="forecast",
            ent="high-speed-cables",
            seg="aec",
            conf="analyst_estimate",
            note="expert call of 2025-01-07",
        ),
    ],
    128: [
        O(
            "cable_count",
            "AEC cables shipped",
            "2024",
            1e6,
            "count",
            q=">=",
            kind="estimate",
            ent="high-speed-cables",
            seg="aec",
            conf="analyst_estimate",
            ek="context",
            note="'100~200 万条' = 1-2 million cables; range: low bound; expert call",
        ),
        O(
            "cable_count",
            "AEC cables shipped",
            "2024",
            2e6,
            "count",
            q="<=",
            kind="estimate",
            ent="high-speed-cables",
            seg="aec",
            conf="analyst_estimate",
            ek="context",
            note="'100~200 万条' = 1-2 million cables; range: high bound; expert call",
        ),
        O(
            "cable_count",
            "AEC cables shipped",
            "2025",
            5e6,
            "count",
            q=">=",
            kind="forecast",
            ent="high-speed-cables",
            seg="aec",
            conf="analyst_estimate",
            ek="context",
            note="'500万条起' = at least 5 million cables; expert call",
        ),
    ],
    129: [
        O(
            "optics_revenue",
            "Active electrical cables (AEC) market",
            "2028",
            1.8e9,
            "USD",
            kind="forecast",
            ent="high-speed-cables",
            seg="aec",
            conf="analyst_estimate",
            note="'in 3-4 years' from January 2025, read as 2028; expert call",
        )
    ],
    130: OUT("AWS AEC purchases per quarter with no dated period ('c.2023-2024' as stated)"),
    131: [
        O(
            "cable_count",
            "AWS AEC demand",
            "2024",
            1.8e6,
            "count",
            q=">=",
            kind="forecast",
            ent="aws",
            seg="aec",
            conf="analyst_estimate",
            ek="context",
            note="'180-200万条' = 1.8-2.0 million cables; range: low bound; expert call",
        ),
        O(
            "cable_count",
            "AWS AEC demand",
            "2024",
            2.0e6,
            "count",
            q="<=",
            kind="forecast",
            ent="aws",
            seg="aec",
            conf="analyst_estimate",
            ek="context",
            note="'180-200万条' = 1.8-2.0 million cables; range: high bound; expert call",
        ),
    ],
    132: [
        O(
            "company_revenue",
            "Credo quarterly revenue",
            "2025Q2",
            223.1e6,
            "USD",
            ent="credo",
            note="+274% year on year; Credo FY2026Q1 (quarter ended ~2025-08-02) mapped to calendar 2025Q2; " + CRE,
        )
    ],
    133: OUT(CNY),
    134: [
        O(
            "segment_revenue_share",
            "Ruijie 200G/400G share of its data center switch revenue",
            "2025Q1",
            0.78,
            "share",
            ent="ruijie",
            seg="200g_400g",
            region="china",
            src="idc",
            pub="IDC",
        )
    ],
    135: [
        O(
            "vendor_market_share",
            "Ruijie share of the China data center switch market",
            "2025Q1",
            0.192,
            "share",
            ent="ruijie",
            seg="data_center",
            region="china",
            src="idc",
            pub="IDC",
            note="rank 3",
        )
    ],
    136: [
        O(
            "vendor_market_share",
            "Ruijie share of the China 200G/400G data center switch market",
            "2025Q1",
            0.381,
            "share",
            ent="ruijie",
            seg="200g_400g",
            region="china",
            src="idc",
            pub="IDC",
            note="rank 1",
        )
    ],
    137: OUT("a gross margin: no indicator of the catalog holds margins"),
    138: [
        O(
            "vendor_segment_revenue",
            "Celestica HPS revenue",
            "2025Q4",
            1.4e9,
            "USD",
            ent="celestica",
            seg="hps",
            note="+72% year on year; 38% of total revenue",
        )
    ],
    141: [
        O(
            "market_growth_rate",
            "Ethernet optical module sales",
            "2024Q2",
            1.0,
            "ratio",
            q="~",
            ent="ethernet-optics-market",
            conf="derived",
            ek="context",
            note="'doubled' year on year = about +100%",
        )
    ],
    142: [
        O(
            "market_revenue",
            "Optical transport equipment market",
            "2026",
            18e9,
            "USD",
            q=">",
            ent="optical-transport-market",
            note="+16%, the first time above $18B since 2000",
        )
    ],
    143: [
        O(
            "deployment_share",
            "SONiC share in Tier 2/3 cloud and large enterprise networks",
            "2027",
            0.1,
            "share",
            q=">=",
            ent="sonic",
            seg="tier2_enterprise",
            note="range 10-20%: low bound; January 2023 forecast",
        ),
        O(
            "deployment_share",
            "SONiC share in Tier 2/3 cloud and large enterprise networks",
            "2027",
            0.2,
            "share",
            q="<=",
            ent="sonic",
            seg="tier2_enterprise",
            note="range 10-20%: high bound; January 2023 forecast",
        ),
    ],
    144: [
        O(
            "deployment_share",
            "SONiC share in Tier 2/3 cloud and large enterprise networks",
            "2028",
            0.1,
            "share",
            q=">=",
            ent="sonic",
            seg="tier2_enterprise",
            note="range 10-20%: low bound; January 2024 forecast (target year slipped from 2027)",
        ),
        O(
            "deployment_share",
            "SONiC share in Tier 2/3 cloud and large enterprise networks",
            "2028",
            0.2,
            "share",
            q="<=",
            ent="sonic",
            seg="tier2_enterprise",
            note="range 10-20%: high bound; January 2024 forecast (target year slipped from 2027)",
        ),
    ],
    145: [
        O(
            "vendor_market_share",
            "Cisco share of the data center + campus Ethernet switch market",
            "2022",
            0.46,
            "share",
            ent="cisco",
            seg="dc_and_campus",
        )
    ],
    146: [
        O(
            "vendor_segment_revenue",
            "HPE data center switch sales",
            "2022",
            150e6,
            "USD",
            q="~",
            ent="hpe",
            seg="dc_switch",
        ),
        O(
            "vendor_segment_revenue",
            "Juniper data center switch sales",
            "2022",
            650e6,
            "USD",
            q=">",
            ent="juniper",
            seg="dc_switch",
        ),
    ],
    147: OUT(
        "HPE ~5% and Juniper ~3% are not in the quoted evidence, which states only the combined 8% of a prospective "
        "HPE/Juniper entity (no registered entity holds a combination of two companies)"
    ),
    148: OUT(
        "growth of Gartner's client enquiries (an interest indicator, context): not a market, shipment or price figure"
    ),
    149: [
        O(
            "vendor_segment_revenue",
            "Semtech data center revenue",
            "2025Q1",
            50.3e6,
            "USD",
            q="~",
            ent="semtech",
            seg="data_center",
            note="Semtech FY2026Q1 (quarter ended ~2025-04) mapped to calendar 2025Q1 (fiscal year ends late January); aggregator, low confidence",
        )
    ],
    150: [
        O(
            "segment_revenue_share",
            "Cisco webscale AI orders: AI systems",
            "2025Q2",
            0.67,
            "share",
            q="~",
            ent="cisco",
            seg="ai_orders_systems",
            note="'~2/3' written 0.67; Cisco FY2025Q4 (quarter ended ~2025-07-26) mapped to calendar 2025Q2 (fiscal year ends late July)",
            ek="context",
        ),
        O(
            "segment_revenue_share",
            "Cisco webscale AI orders: optical modules",
            "2025Q2",
            0.33,
            "share",
            q="~",
            ent="cisco",
            seg="ai_orders_optics",
            note="'~1/3' written 0.33; Cisco FY2025Q4 mapped to calendar 2025Q2",
            ek="context",
        ),
    ],
    151: [
        O(
            "vendor_revenue_growth",
            "Cisco data center switching product orders",
            "2024Q3",
            0.1,
            "ratio",
            q=">=",
            ent="cisco",
            seg="dc_switching_orders",
            ek="context",
            note="'double-digit' growth = at least 10%; third consecutive quarter; Cisco FY2025Q1 (quarter ended ~2024-10-26) mapped to calendar 2024Q3",
        )
    ],
    # rows converted in part before 2026-12-01: their remaining figures
    140: [
        O(
            "optics_revenue",
            "Optical transceivers for AI clusters",
            "2023",
            2e9,
            "USD",
            kind="actual",
            ent="ai-optics-market",
            seg="ai_cluster",
            note="'$2 billion in 2023' as HYC System relays LightCounting",
        ),
        O(
            "optics_revenue",
            "Optical transceivers for AI clusters",
            "2024",
            4e9,
            "USD",
            q=">",
            kind="estimate",
            ent="ai-optics-market",
            seg="ai_cluster",
            note="'more than $4 billion in 2024', stated c.2024-10 before the year ended: an estimate",
        ),
    ],
}

# rows converted before 2026-12-01 (in sources/curated/facts3_market_observations.csv, each note naming its row)
# parts of held rows that are left out (listed in facts3_left_out.md)
PARTS = {
    34: "the 2025 and 2028 NIC TAM figures (3.71 and 5.12 USD billion): the quoted evidence states only the 2023 figure, which is held",
    75: "the unit share ('<20% of cards'): no NIC unit-share indicator",
    116: "the overseas revenue (CNY 12.769 billion): money in CNY only",
}

DONE = {2, 6, 7, 16, 18, 34, 40, 54, 63, 73, 77, 78, 82, 90, 102, 110, 139, 140}
