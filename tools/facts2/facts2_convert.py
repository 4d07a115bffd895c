"""Development tool: convert facts.csv rows 367-1145 (groups market, shipments, prices, cloud, uec;
not `benchmarks`) into curated ledger files (issue #10, section 5).

    python tools/facts2/facts2_convert.py PATH/TO/facts.csv [OUT_FOLDER]

The project never runs this: its output (sources/curated/facts2_*.csv and facts2_left_out.md) is
committed and loaded like every other ledger file. The mechanical parts (units, hedges, ranges,
fiscal periods, carriers) are rules below; every judgement about a row (indicator, subject, period,
dimensions, what to split or leave out) is in the row table `tools/facts2/facts2_rows.py`.
"""

from __future__ import annotations

import csv
import re
import sys
from pathlib import Path
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent))
from facts2_rows import CONTEXT, NEW_SOURCES, ROWS, SOURCES, VENDOR_OWN  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from sources.evidence import evidence_supports  # noqa: E402

FIRST_ROW, LAST_ROW = 367, 1145
GROUPS = ("market", "shipments", "prices", "cloud", "uec")
OBS_COLUMNS = (
    "indicator",
    "subject",
    "period",
    "value",
    "value_qualifier",
    "unit",
    "kind",
    "speed_gbps",
    "fabric",
    "vendor",
    "product_id",
    "region",
    "segment",
    "note",
    "source_id",
    "publisher",
    "doc_title",
    "url",
    "via",
    "published_on",
    "evidence",
    "confidence",
    "evidence_kind",
    "entity_id",
)
EVENT_COLUMNS = (
    "event_date",
    "date_precision",
    "category",
    "subject",
    "event",
    "description",
    "fabric",
    "vendor",
    "product_id",
    "source_id",
    "publisher",
    "doc_title",
    "url",
    "via",
    "published_on",
    "evidence",
    "confidence",
    "note",
)

# Indicator -> ledger unit (canonical unit of the indicator catalog).
UNIT_OF = {}

# ---------------------------------------------------------------- provenance
# Ordered rules on `source_name`: (regex, publisher, source_id, mode). mode: "first" = the named
# publisher's own document; "relay" = a carrier relays the named publisher's figure;
# "own" = the carrier's own statement/estimate (it is the publisher); "unnamed" = the carrier
# attributes the figure to an unnamed source (industry estimate, 法人, 外資).
PROV_RULES = [
    (r"^Xueqiu user post", "LightCounting", "lightcounting", "unverified"),
    (
        r"^(Industry estimate|Industry notes|Industry sources|Industry research|Institutional investors|"
        r"Foreign brokerage research|GlobeNewswire-cited estimate|Broker research)",
        None,
        None,
        "unnamed",
    ),
    (r"^Yole", "Yole Group", "yole", "auto"),
    (r"^The Next Platform analysis|^IDC data, Next Platform", "The Next Platform", "next_platform", "auto"),
    (r"Dell'Oro", "Dell'Oro Group", "delloro", "auto"),
    (r"IDC China", "IDC China", "idc", "auto"),
    (r"IDC", "IDC", "idc", "auto"),
    (r"Crehan", "Crehan Research", "crehan", "auto"),
    (r"IHS Markit", "IHS Markit (now Omdia)", "ihs_markit", "auto"),
    (r"^650 Group", "650 Group", "group650", "auto"),
    (r"LightCounting", "LightCounting", "lightcounting", "auto"),
    (r"Cignal AI", "Cignal AI", "cignal_ai", "auto"),
    (r"TrendForce", "TrendForce", "trendforce", "auto"),
    (r"^CIR Markets", "CIR (Communications Industry Researchers)", "cir", "auto"),
    (r"^Citi", "Citi Research", "citi", "auto"),
    (r"^CITIC", "CITIC Securities", "citic", "auto"),
    (r"^Goldman Sachs", "Goldman Sachs", "goldman_sachs", "auto"),
    (r"^Huaxi Securities", "Huaxi Securities", "huaxi_securities", "auto"),
    (r"^Nomura", "Nomura", "nomura", "auto"),
    (r"^CICC", "CICC", "cicc", "auto"),
    (r"^BNP Paribas", "BNP Paribas Exane", "bnp_paribas", "auto"),
    (r"^MarketsandMarkets", "MarketsandMarkets", "marketsandmarkets", "auto"),
    (r"^Fuji Chimera", "Fuji Chimera Research Institute", "fuji_chimera", "auto"),
    (r"^Beijing Yanjing Bizhi", "Beijing Yanjing Bizhi (北京研精毕智)", "yanjing_bizhi", "own"),
    (r"^Convequity", "Convequity", "convequity", "own"),
    (r"^SemiAnalysis", "SemiAnalysis", "semianalysis", "own"),
    (r"^Architects' Tech Alliance", "Architects' Tech Alliance (架构师技术联盟)", "architects_tech_alliance", "auto"),
    (r"^Glenn K\. Lockwood", "Glenn K. Lockwood", "glenn_lockwood", "own"),
    (r"^EANTC", "EANTC", "eantc", "first"),
    (r"^ultraethernet\.org|^GitHub ultraethernet", "Ultra Ethernet Consortium", "uec", "first"),
    (r"^Hacker News thread", "Ultra Ethernet Consortium", "uec", "auto"),
    (r"^Tencent Cloud Developer \(translation of UE spec", "Ultra Ethernet Consortium", "uec", "auto"),
    (r"^Wheeler's Network", "Wheeler's Network (Bob Wheeler)", "wheelers_network", "own"),
    (r"^Money錢 magazine", "Money錢 magazine", "money_magazine", "own"),
    (r"^Qianjia", "Qianjia (千家网)", "qianjia", "own"),
    (r"^Kenaiwo", "Kenaiwo", "kenaiwo", "own"),
    (r"^Taoguba", "Taoguba (淘股吧) forum", "taoguba", "own"),
    (r"^Menfem", "Menfem", "menfem", "own"),
    (r"^Fundamental Bottom", "Fundamental Bottom (Substack)", "fundamental_bottom", "own"),
    (r"^drflyout|^simple tech trend", "simple tech trend (supply-chain survey)", "simple_tech_trend", "own"),
    (r"^800G/1\.6T optical module research notes", "txrjy.com forum (expert-call notes)", "txrjy", "own"),
    (r"^21st Century Business Herald", "21st Century Business Herald (21世纪经济报道)", "21cbh", "own"),
    (r"^ICC", "ICC (讯石信息咨询)", "iccsz", "own"),
    (r"^Jiuzhou Optical Device", "Jiuzhou Optical Device", "jiuzhou", "own"),
    (r"^gbapo\.com blog \(attributing", "LightCounting", "lightcounting", "attributed"),
    (r"^gbapo\.com blog", "gbapo.com blog", "gbapo", "own"),
    (r"^Tinckay blog \(attributing", "LightCounting", "lightcounting", "attributed"),
    (r"^Tinckay blog", "Tinckay blog", "tinckay", "own"),
    (r"^HaloWill blog", "HaloWill", "halowill", "own"),
    (r"^Gearlink", "Gearlink Wuhan", "gearlink", "own"),
    (r"^Juntoku", "Juntoku", "juntoku", "own"),
    (r"^Industry Today", "Industry Today", "industry_today", "auto"),
    (r"^ravikant\.dev", "ravikant.dev", "ravikant_dev", "own"),
    (r"^Astrocom News \(citing Dell'Oro", "Dell'Oro Group", "delloro", "attributed"),
    (r"^Astrocom News", "Astrocom News", "astrocom", "own"),
    (r"^Jimmy Research", "Jimmy Research", "jimmy_research", "own"),
    (r"^Column by Lai Jiancheng", "Economic Daily News (udn)", "udn", "own"),
    (r"^Ginlix AI / gilin\.com\.cn summary \(citing industry", "Ginlix AI (gilin.com.cn)", "ginlix", "unnamed_own"),
    (r"^VendorDeep", "Crehan Research", "crehan", "attributed"),
    (r"^United Daily News", "United Daily News (udn.com)", "udn", "own"),
    (r"^CNBC report", "CNBC", "cnbc", "auto"),
    (r"^Optical transceiver supplier ranking", "opticaltransceivermodules.com", "opticaltransceivermodules", "own"),
    (r"^HPE Networking interview citing IDC", "IDC", "idc", "auto"),
    (r"^Tom's Hardware", "Tom's Hardware", "toms_hardware", "own"),
    (r"^The Register", "The Register", "the_register", "own"),
    (r"^TechSpot", "TechSpot", "techspot", "own"),
    (r"^StorageReview", "StorageReview", "storagereview", "own"),
    (r"^HPCwire", "HPCwire", "hpcwire", "own"),
    (r"^DatacenterDynamics", "DatacenterDynamics", "dcd", "own"),
    (r"^Data Center Frontier", "Data Center Frontier", "dcfrontier", "own"),
    (r"^The Next Platform", "The Next Platform", "next_platform", "own"),
    (r"^NAND Research", "NAND Research", "nand_research", "own"),
    (r"^Gazettabyte", "Gazettabyte", "gazettabyte", "own"),
    (r"^Hardwareluxx", "Hardwareluxx", "hardwareluxx", "own"),
    (r"^Converge Digest", "Converge Digest", "converge_digest", "own"),
    (r"^EnterpriseAI", "EnterpriseAI", "enterpriseai", "own"),
    (r"^The New Stack", "The New Stack", "the_new_stack", "own"),
    (r"^SiliconANGLE", "SiliconANGLE", "siliconangle", "own"),
    (r"^TechTarget", "TechTarget", "techtarget", "own"),
    (r"^Techzine", "Techzine", "techzine", "own"),
    (r"^IBS Electronics", "IBS Electronics", "ibs_electronics", "own"),
    (r"^AsiaICT", "AsiaICT", "asiaict", "own"),
    (r"^AI Infra Map", "AI Infra Map", "aiinframap", "own"),
    (r"^AI Wiki", "aiwiki.ai", "aiwiki", "own"),
    (r"^Grokipedia", "Grokipedia", "grokipedia", "own"),
    (r"^Complete AI Training", "Complete AI Training", "complete_ai_training", "own"),
    (r"^Computer Network Topology", "computernetworktopology.com", "computernetworktopology", "own"),
    (r"^Lapaas Voice", "Lapaas Voice", "lapaas", "own"),
    (r"^TokenRing AI", "TokenRing AI news", "tokenring", "own"),
    (r"^Baxtel", "Microsoft", "microsoft", "auto"),
    (r"^Cisco Blogs", "Cisco", "cisco", "first"),
    (r"^Oracle", "Oracle (OCI)", "oracle", "auto"),
    (r"^FirstPassLab|^Podwise", "Oracle (OCI)", "oracle", "attributed"),
    (r"^Cloud Native Notes", "Cloud Native Notes", "cloud_native_notes", "own"),
    (r"^Google Cloud", "Google", "google", "auto"),
    (r"^CoreWeave", "CoreWeave", "coreweave", "auto"),
    (r"^AWS Neuron documentation|^AWS News Blog|^About Amazon", "Amazon Web Services", "aws", "auto"),
    (r"^Engineering at Meta", "Meta", "meta", "auto"),
]

# Vendors whose disclosures (earnings, reports) are carried by summaries: publisher = the vendor.
VENDOR_DISCLOSURE = [
    (r"\bNVIDIA\b", "NVIDIA", "nvidia"),
    (r"Broadcom", "Broadcom", "broadcom"),
    (r"\bCisco\b", "Cisco", "cisco"),
    (r"Arista", "Arista Networks", "arista"),
    (r"Celestica", "Celestica", "celestica"),
    (r"\bHPE\b", "Hewlett Packard Enterprise", "hpe_corp"),
    (r"Juniper", "Juniper Networks", "juniper"),
    (r"Coherent", "Coherent Corp.", "coherent"),
    (r"Lumentum", "Lumentum", "lumentum"),
    (r"InnoLight|中际旭创|旭創", "Zhongji Innolight (中際旭創)", "innolight"),
    (r"Eoptolink|新易盛", "Eoptolink (新易盛)", "eoptolink"),
    (r"Accelink|光迅", "Accelink (光迅科技)", "accelink"),
    (r"\bAOI\b|Applied Optoelectronics", "Applied Optoelectronics (AOI)", "aoi"),
    (r"\bCIG\b|剑桥科技", "CIG (剑桥科技)", "cig"),
    (r"HGTech|华工科技", "HGTech (华工科技)", "hgtech"),
    (r"\bMeta\b", "Meta", "meta"),
    (r"Microsoft|Azure", "Microsoft", "microsoft"),
    (r"\bAWS\b|Amazon", "Amazon Web Services", "aws"),
    (r"Google", "Google", "google"),
    (r"Oracle|OCI", "Oracle (OCI)", "oracle"),
    (r"\bxAI\b", "xAI", "xai"),
    (r"Tesla", "Tesla", "tesla"),
    (r"Tencent", "Tencent", "tencent"),
    (r"Alibaba", "Alibaba Cloud", "alibaba_cloud"),
    (r"ByteDance", "ByteDance", "bytedance"),
    (r"Baidu", "Baidu", "baidu"),
    (r"Nebius", "Nebius", "nebius"),
    (r"Imbue", "Imbue", "imbue"),
    (r"\bAMD\b", "AMD", "amd"),
    (r"Intel", "Intel", "intel"),
    (r"Keysight", "Keysight", "keysight"),
    (r"Marvell", "Marvell", "marvell"),
    (r"Nokia", "Nokia", "nokia"),
    (r"Cornelis", "Cornelis Networks", "cornelis"),
    (r"CoreWeave", "CoreWeave", "coreweave"),
    (r"Ultra Ethernet|\bUEC\b", "Ultra Ethernet Consortium", "uec"),
]

# Host names that mean "the publisher's own site" (first-hand).
OWN_HOSTS = {
    "delloro": ("delloro.com",),
    "idc": ("idc.com",),
    "lightcounting": ("lightcounting.com",),
    "cignal_ai": ("cignal.ai",),
    "yole": ("yolegroup.com",),
    "trendforce": ("trendforce.com",),
    "group650": ("650group.com",),
    "oracle": ("oracle.com",),
    "google": ("cloud.google.com",),
    "meta": ("engineering.fb.com",),
    "uec": ("ultraethernet.org", "github.com"),
    "coreweave": ("coreweave.com",),
    "aws": ("awsdocs-neuron.readthedocs-hosted.com",),
    "marketsandmarkets": ("marketsandmarkets.com",),
    "next_platform": ("nextplatform.com",),
    "cisco": ("blogs.cisco.com",),
    "eantc": ("eantc.de",),
}


def host(url: str) -> str:
    return (urlparse(url).hostname or "").removeprefix("www.").removeprefix("m.")


def carrier_name(source_name: str) -> str:
    """The carrier as the collector named it: the '(via ...)' part, else the whole source name."""
    m = re.search(r"\(via ([^)]*)\)", source_name)
    return m.group(1).strip() if m else source_name


def provenance(r: dict, spec: dict) -> dict:
    name = r["source_name"]
    publisher = source_id = None
    mode = None
    for pattern, pub, sid, how in PROV_RULES:
        if re.search(pattern, name):
            publisher, source_id, mode = pub, sid, how
            break
    if mode is None:  # a vendor's disclosure carried by a summary, or the carrier's own report
        for pattern, pub, sid in VENDOR_DISCLOSURE:
            if re.search(pattern, name) or (
                r["group"] in ("market", "shipments", "cloud", "uec") and re.search(pattern, r["entity"])
            ):
                publisher, source_id, mode = pub, sid, "auto"
                break
    if "publisher" in spec:
        publisher, source_id, mode = spec["publisher"], spec["source_id"], spec.get("mode", "auto")
    if mode is None:
        raise SystemExit(f"row {r['_row']}: no provenance rule for {name!r}")
    url_host = host(r["source_url"])
    own = any(url_host.endswith(h) for h in OWN_HOSTS.get(source_id or "", ()))
    note = []
    via = ""
    confidence = "reported"
    if mode == "unnamed" or mode == "unnamed_own":
        carrier = carrier_name(name)
        publisher = spec.get("carrier_publisher") or SOURCES_BY_HOST.get(url_host, (carrier,))[0]
        source_id = spec.get("carrier_source_id") or SOURCES_BY_HOST.get(url_host, (None, None))[1]
        if not source_id:
            raise SystemExit(f"row {r['_row']}: no carrier source for {url_host}")
        confidence = "analyst_estimate"
        note.append(f"the carrier attributes it to an unnamed source ({name.split(' (via')[0]})")
    elif mode == "own" or (mode in ("auto", "first") and own):
        confidence = "reported"
    elif mode == "unverified":
        via = name
        confidence = "derived"
        note.append("unverified: a forum user's summary of a purported LightCounting update, relayed as is")
    else:  # relay or attribution
        via = name
        confidence = "derived"
        what = "attributed to the publisher by" if mode == "attributed" else "relayed by"
        note.append(f"secondary: {what} {carrier_name(name)}; the original was not read")
    return {
        "publisher": publisher,
        "source_id": source_id,
        "via": via,
        "confidence": confidence,
        "doc_title": spec.get("doc_title") or name,
        "prov_note": "; ".join(note),
    }


SOURCES_BY_HOST = {h: (pub, sid) for sid, pub, kind, home in SOURCES for h in [host(home)]}

# ---------------------------------------------------------------- values
HEDGES = [
    (r"^(more than|over|exceeded|exceed|surpass|in excess of|above|top|bigger than|>)\s*", ">"),
    (r"^(just over|just above)\s*", ">"),
    (r"^(approximately|about|around|nearly|almost|near|approaching|approach|~)\s*", "~"),
    (r"^(less than|under|<)\s*", "<"),
    (r"^(up to)\s*", "<="),
]
WORDS = {
    "one": 1,
    "two": 2,
    "ten": 10,
    "half": 0.5,
    "quadruple": 4,
    "doubled": 2,
    "double": 2,
    "tripled": 3,
    "five-fold": 5,
    "15-fold": 15,
    "200-fold": 200,
}


def parse_number(text: str) -> float:
    t = text.strip().replace(",", "").replace("$", "")
    t = re.sub(r"\s*x$", "", t)
    mult = 1.0
    m = re.match(r"^([\d.]+)\s*(K|k)$", t)
    if m:
        return float(m.group(1)) * 1000
    m = re.match(r"^([\d.]+|one|two|ten)\s+(million|billion)$", t)
    if m:
        base = WORDS.get(m.group(1)) or float(m.group(1))
        return base * (1e6 if m.group(2) == "million" else 1e9)
    if t in WORDS:
        return float(WORDS[t])
    return float(t) * mult


def parse_value(text: str) -> list[tuple[float, str]]:
    """'>100' -> [(100, '>')]; '9-10' -> [(9, '>='), (10, '<=')]; '50+' -> [(50, '>=')]."""
    t = text.strip()
    qual = ""
    for pattern, q in HEDGES:
        m = re.match(pattern, t, re.IGNORECASE)
        if m:
            t, qual = t[m.end() :], q
            break
    t = t.strip()
    m = re.match(r"^(-?[\d.,]+)\s*(?:-|–|to)\s*(-?[\d.,]+)$", t)
    if m and not qual:
        return [(parse_number(m.group(1)), ">="), (parse_number(m.group(2)), "<=")]
    if t.endswith("+") and not qual:
        return [(parse_number(t[:-1].lstrip("+")), ">=")]
    return [(parse_number(t.lstrip("+")), qual)]


SCALE = {  # facts unit -> (factor, ledger unit family)
    "USD billion": 1e9,
    "USD billion (cumulative)": 1e9,
    "USD billion (annual)": 1e9,
    "USD billion (annualized)": 1e9,
    "USD billion per year": 1e9,
    "USD million": 1e6,
    "USD million QoQ": 1e6,
    "million units": 1e6,
    "million ports": 1e6,
    "million units per year": 1e6,
    "million units per month": 1e6,
    "percent": 0.01,
    "percent YoY": 0.01,
    "percent QoQ": 0.01,
    "percent CAGR": 0.01,
    "percent per year": 0.01,
    "percent revision": 0.01,
    "percent of ports": 0.01,
    "percent of port shipments": 0.01,
    "percent of units": 0.01,
    "percent of accelerator spend": 0.01,
    "percent reduction": 0.01,
    "percent efficiency": 0.01,
}

# ---------------------------------------------------------------- periods
FISCAL = {  # vendor -> (how FY maps, description)
    "NVIDIA": ("jan", "fiscal year ends late January"),
    "Marvell": ("jan", "fiscal year ends around 1 February"),
    "Broadcom": ("nov", "fiscal year ends around 1 November"),
    "HPE": ("nov", "fiscal year ends 31 October"),
    "Cisco": ("jul", "fiscal year ends late July"),
    "Coherent": ("jun", "fiscal year ends around 30 June"),
    "Lumentum": ("jun", "fiscal year ends around 30 June"),
}


def fiscal_to_calendar(vendor: str, fy: int, q: int | None) -> str:
    how = FISCAL[vendor][0]
    if q is None:
        return str(fy - 1 if how == "jan" else fy)
    if how == "jan":
        return f"{fy - 1}Q{q}"
    if how == "nov":
        return f"{fy - 1}Q4" if q == 1 else f"{fy}Q{q - 1}"
    # jul / jun: Q1 = Jul/Aug-Sep/Oct of the prior calendar year
    return {1: f"{fy - 1}Q3", 2: f"{fy - 1}Q4", 3: f"{fy}Q1", 4: f"{fy}Q2"}[q]


def period_of(r: dict, spec: dict, notes: list[str]) -> str:
    if "period" in spec:
        return spec["period"]
    p = r["period"].strip()
    m = re.match(r"^(\d{4})-(\d{4})$", p)
    if m and r["group"] in ("cloud", "uec"):  # a disclosure's span, not a cumulative total: its last year
        notes.append(f"source period {p} recorded as {m.group(2)} (the span's last year; not a cumulative figure)")
        return m.group(2)
    if re.match(r"^\d{4}(Q[1-4]|H[12]|-\d{2}(-\d{2})?|-\d{4})?$", p):
        return p
    m = re.match(r"^(?:HPE )?FY(\d{4})(?:Q([1-4]))?(?: \(.*\))?$", p)
    if m:
        vendor = spec.get("fiscal") or next(v for v in FISCAL if v in r["entity"] or v in r["metric"])
        fy, q = int(m.group(1)), (int(m.group(2)) if m.group(2) else None)
        cal = fiscal_to_calendar(vendor, fy, q)
        label = f"FY{fy}" + (f"Q{q}" if q else "")
        unit = "calendar quarter" if q else "calendar year"
        notes.append(
            f"{vendor} fiscal {label}; {vendor} {label} mapped to calendar {cal} "
            f"({FISCAL[vendor][1]}; the {unit} holding most of it)"
        )
        return cal
    m = re.match(r"^c\.\s*(\d{4})$", p)
    if m:
        notes.append(f"period given as {p!r}: recorded as {m.group(1)}")
        return m.group(1)
    raise SystemExit(f"row {r['_row']}: period {p!r} needs a spec")


def published_of(r: dict, notes: list[str]) -> str:
    p = r["published"].strip()
    if p == "n.d.":
        m = re.search(r"c\.\s*(\d{4}(?:-H?\d)?)", r["source_name"])
        hint = f" (page c.{m.group(1)} per the collector)" if m else ""
        notes.append(f"undated: the page gives no publication date{hint}")
        return ""
    return p


# ---------------------------------------------------------------- conversion
def number_text(v: float) -> str:
    if v == int(v) and abs(v) < 1e18:
        return str(int(v))
    return repr(round(v, 10)).rstrip("0").rstrip(".") if "e" not in repr(v) else repr(v)


def convert(facts_path: Path, out: Path) -> None:
    with facts_path.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for i, r in enumerate(rows, start=1):
        r["_row"] = i
    todo = [r for r in rows[FIRST_ROW - 1 : LAST_ROW] if r["group"] in GROUPS]
    missing = [r["_row"] for r in todo if r["_row"] not in ROWS]
    if missing:
        raise SystemExit(f"{len(missing)} rows have no entry in facts2_rows.ROWS: {missing[:20]}...")
    files: dict[str, list[dict]] = {}
    left_out: list[tuple[int, str, str]] = []
    for r in todo:
        entry = ROWS[r["_row"]]
        if isinstance(entry, str):  # "OUT: reason"
            left_out.append((r["_row"], r["group"], entry.removeprefix("OUT:").strip()))
            continue
        for spec in entry:
            if "out" in spec:
                left_out.append((r["_row"], r["group"], spec["out"]))
                continue
            target = spec.get("file") or default_file(r, spec)
            row = event_row(r, spec) if target.endswith("_events") else obs_rows(r, spec)
            files.setdefault(target, []).extend(row if isinstance(row, list) else [row])
    for name, out_rows in sorted(files.items()):
        columns = EVENT_COLUMNS if name.endswith("_events") else OBS_COLUMNS
        with (out / f"{name}.csv").open("w", encoding="utf-8", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=columns, lineterminator="\n")
            w.writeheader()
            for row in out_rows:
                w.writerow({k: row.get(k, "") for k in columns})
        print(f"{name}.csv: {len(out_rows)} rows")
    write_left_out(out / "facts2_left_out.md", left_out, todo)
    append_sources(out, {row["source_id"] for rows_ in files.values() for row in rows_})


LICENCE = {
    "analyst_firm": "Analyst figures as reported publicly (press releases, reposts); facts and short quotes only",
    "press": "Copyrighted article; facts and short quotes only, text not republished",
    "blog": "Copyrighted page; facts and short quotes only, text not republished",
    "community": "Community page (forum, study notes); facts only, treat as low confidence",
    "vendor": "Vendor page or disclosure; facts and short quotes only",
    "hyperscaler": "Operator's public disclosure; facts and short quotes only",
    "cloud_operator": "Operator's public disclosure; facts and short quotes only",
}


def append_sources(out: Path, used: set[str]) -> None:
    """Append the new sources the rows cite to the end of sources_extra.csv (existing lines untouched)."""
    known = set()
    for name in ("sources.csv", "sources_extra.csv"):
        with (out / name).open(encoding="utf-8") as fh:
            known |= {row["source_id"] for row in csv.DictReader(fh)}
    missing = sorted(used - known)
    with (out / "sources_extra.csv").open("a", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        for sid in missing:
            publisher, kind, home = NEW_SOURCES[sid]
            w.writerow([sid, publisher, kind, home, LICENCE[kind]])
    print(f"sources_extra.csv: {len(missing)} sources appended")


def default_file(r: dict, spec: dict) -> str:
    group = r["group"]
    if group == "uec":
        return "facts2_uec_observations"
    if group == "cloud":
        return "facts2_cloud_observations"
    ind = spec["ind"]
    if ind.startswith("optics") or r["group"] == "prices" or ind in ("optics_unit_share", "speed_peak_year"):
        return "facts2_optics_observations"
    if group == "shipments":
        return "facts2_shipments_observations"
    if "optic" in r["entity"].lower() or "transceiver" in r["entity"].lower() or "optical" in r["metric"].lower():
        return "facts2_optics_observations"
    return "facts2_market_observations"


def obs_rows(r: dict, spec: dict) -> list[dict]:
    notes: list[str] = []
    prov = provenance(r, spec)
    period = period_of(r, spec, notes)
    published = spec.get("published", published_of(r, notes))
    if "value" in spec:
        values = spec["value"] if isinstance(spec["value"], list) else [(spec["value"], spec.get("q", ""))]
    else:
        values = parse_value(spec.get("raw", r["value"]))
        if "q" in spec:
            values = [(v, spec["q"]) for v, _ in values]
    scale = spec.get("scale", SCALE.get(r["unit"], 1.0) if "value" not in spec else 1.0)
    unit = spec.get("unit") or UNIT_FOR[spec["ind"]]
    out = []
    ranged = len(values) == 2 and values[0][1] == ">=" and values[1][1] == "<="
    for n, (v, q) in enumerate(values):
        value = float(f"{v * scale:.12g}")  # no float noise (8.2 * 1e9 -> 8200000000, not 8199999999.999999)
        row_notes = list(notes)
        if ranged:
            row_notes.insert(0, f"range {r['value']}: {'low' if n == 0 else 'high'} bound")
        if spec.get("note"):
            row_notes.insert(0, spec["note"])
        if prov["prov_note"]:
            row_notes.append(prov["prov_note"])
        row_notes.append(f"facts.csv row {r['_row']}")
        out.append(
            {
                "indicator": spec["ind"],
                "subject": spec.get("subj", r["entity"]),
                "period": period,
                "value": number_text(value),
                "value_qualifier": q,
                "unit": unit,
                "kind": spec.get("kind", r["kind"]),
                "speed_gbps": spec.get("speed") or "",
                "fabric": spec.get("fabric", ""),
                "vendor": vendor_of(r, spec),
                "product_id": spec.get("pid", ""),
                "region": spec.get("region", ""),
                "segment": spec.get("seg", ""),
                "note": _text_note(row_notes),
                "source_id": prov["source_id"],
                "publisher": prov["publisher"],
                "doc_title": prov["doc_title"],
                "url": r["source_url"],
                "via": prov["via"],
                "published_on": published,
                "evidence": spec.get("evidence", r["evidence"]),
                "confidence": spec.get("confidence", prov["confidence"]),
            }
        )
        out[-1]["entity_id"] = spec.get("eid", VENDOR_OWN.get(out[-1]["subject"], ""))
        how = CONTEXT.get(r["_row"])
        if how and not evidence_supports(out[-1]["evidence"], value):
            # the figure follows from the quote but is not written in it: say how (README: evidence_kind)
            out[-1]["evidence_kind"] = "table" if how.startswith("table:") else "context"
            out[-1]["note"] = f"{how}; {out[-1]['note']}"
    return out


def vendor_of(r: dict, spec: dict) -> str:
    """The vendor dimension: the spec's, else (cloud rows) the provider named in the entity."""
    if "vendor" in spec:
        return spec["vendor"] or ""
    if r["group"] == "cloud":
        for pattern, publisher, _ in VENDOR_DISCLOSURE:
            if re.search(pattern, r["entity"]):
                short = {"Amazon Web Services": "AWS", "Oracle (OCI)": "Oracle", "Alibaba Cloud": "Alibaba"}
                return short.get(publisher, publisher)
    return ""


def event_row(r: dict, spec: dict) -> dict:
    notes: list[str] = []
    prov = provenance(r, spec)
    published = spec.get("published", published_of(r, notes))
    if spec.get("note"):
        notes.insert(0, spec["note"])
    if prov["prov_note"]:
        notes.append(prov["prov_note"])
    notes.append(f"facts.csv row {r['_row']}")
    return {
        "event_date": spec["date"],
        "date_precision": spec["precision"],
        "category": spec["cat"],
        "subject": spec.get("subj", r["entity"]),
        "event": spec["event"],
        "description": spec.get("desc", ""),
        "fabric": spec.get("fabric", ""),
        "vendor": vendor_of(r, spec),
        "product_id": spec.get("pid", ""),
        "source_id": prov["source_id"],
        "publisher": prov["publisher"],
        "doc_title": prov["doc_title"],
        "url": r["source_url"],
        "via": prov["via"],
        "published_on": published,
        "evidence": spec.get("evidence", r["evidence"]),
        "confidence": spec.get("confidence", prov["confidence"]),
        "note": _text_note(notes),
    }


def _text_note(parts) -> str:
    """The notes joined; one that starts like a formula ("+58% y/y; ...(...)") is spelled as text, which the
    ledger requires of every cell (sources/spreadsheet.py)."""
    note = "; ".join(parts)
    return f"change {note}" if note[:1] in "+-=@" else note


def write_left_out(path: Path, left_out, todo) -> None:
    counts: dict[str, list[int]] = {}
    for r in todo:
        entry = ROWS[r["_row"]]
        whole = isinstance(entry, str) or all("out" in spec for spec in entry)
        dup = isinstance(entry, str) and "duplicate of row" in entry
        c = counts.setdefault(r["group"], [0, 0, 0, 0])
        c[0] += 1
        c[1] += not whole
        c[2] += whole
        c[3] += dup
    lines = [
        "# facts.csv rows 367-1145 left out of the ledger",
        "",
        "Generated by `tools/facts2/facts2_convert.py` from `shared/reference/facts.csv` (collected 2026-11-30).",
        "A row is left out when the ledger cannot hold it faithfully: a qualitative statement, a range",
        "with no usable bound, a period the ledger's period grammar cannot express, a currency other than",
        "USD, a figure the evidence quote does not carry, or a repeat of another row (same page, same figure).",
        "Rows converted in part list only the parts left out.",
        "The `benchmarks` group (109 rows) is ingested elsewhere and is not counted here.",
        "",
        "| group | rows | converted | left out whole | of which duplicates |",
        "|---|---|---|---|---|",
    ]
    for g in GROUPS:
        if g in counts:
            lines.append(f"| {g} | " + " | ".join(str(n) for n in counts[g]) + " |")
    total = [sum(c[i] for c in counts.values()) for i in range(4)]
    lines.append("| all | " + " | ".join(str(n) for n in total) + " |")
    lines += ["", "| row | group | reason |", "|---|---|---|"]
    for n, g, reason in left_out:
        lines.append(f"| {n} | {g} | {reason.replace('|', '/')} |")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{path.name}: {len(left_out)} entries")


def load_units(folder: Path) -> dict[str, str]:
    units = {}
    for name in ("indicators.csv", "indicators_extra.csv"):
        with (folder / name).open(encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                units[row["indicator"]] = row["unit"].split("|")[0]
    return units


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    out_folder = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).resolve().parents[2] / "sources" / "curated"
    UNIT_FOR = load_units(out_folder)
    convert(Path(sys.argv[1]), out_folder)
