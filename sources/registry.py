"""The source registry: every fetched source declared once.

An entry says who publishes the source, what kind of document it is, where it lives (fixed
URLs and/or a discovery rule), how often it changes, which parser reads it, which hosts the
fetcher may touch for it, and under which terms it is used. Adding a source = one entry here,
one parser module under `sources/parsers/`, and recordings or test fixtures.

URLs below are real addresses of the publishers (most taken from the documents cited in the
curated ledger); none is invented. Pages that were never recorded replay as "not recorded".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from sources.cadence import Cadence

SOURCE_KINDS = (
    "vendor_page",
    "press_release",
    "news_feed",
    "standards_body",
    "statistics",
    "benchmark_log",
    "software_releases",
)
CADENCES = tuple(c.value for c in Cadence)  # sources/cadence.py
PARSERS = ("nccl", "top500", "github_releases", "claims", "specs", "uec", "mlperf")

HTML = ("text/html", "application/xhtml+xml")
JSON = ("application/json",)
FEED = ("application/rss+xml", "application/atom+xml", "application/xml", "text/xml")


DISCOVERY_KINDS = ("links", "github_repos")


@dataclass(frozen=True)
class Discovery:
    """Follow the items of an index page or feed: links matching `link_pattern` (a regex on the
    absolute URL), newest first as the index lists them, at most `max_items`.

    kind "github_repos" (sources/fetch/github_discovery.py): `index_url` lists an organisation's
    repositories through the GitHub API; `link_pattern` matches repository names (at most
    `max_items` not yet recorded), `file_pattern` the paths of the files to fetch from each
    repository's head commit, served under `raw_base`."""

    index_url: str
    link_pattern: str
    max_items: int = 10
    kind: str = "links"
    file_pattern: str | None = None
    raw_base: str | None = None


@dataclass(frozen=True)
class Source:
    source_id: str
    title: str  # user-facing name
    publisher: str
    kind: str  # one of SOURCE_KINDS
    cadence: str  # one of CADENCES
    parser: str  # module name under sources/parsers
    licence_note: str
    homepage: str
    urls: tuple[str, ...] = ()
    discovery: Discovery | None = None
    allowed_hosts: tuple[str, ...] = ()  # empty = the hosts of urls/discovery/homepage
    accept: tuple[str, ...] = HTML  # content types the parser can read
    inbox: str | None = None  # files dropped into $FABRICWATCH_HOME/inbox/<inbox>/
    obey_robots: bool = True  # False only for documented APIs (see licence_note)
    replay_recorded: bool = False  # live/record modes also replay the recordings (discovery adds new ones)
    notes: str = ""

    @property
    def hosts(self) -> frozenset[str]:
        """Hosts the fetcher may contact for this source (redirects elsewhere are refused)."""
        if self.allowed_hosts:
            return frozenset(h.lower() for h in self.allowed_hosts)
        addresses = list(self.urls) + ([self.discovery.index_url] if self.discovery else [])
        return frozenset(urlsplit(u).hostname or "" for u in addresses) - {""}

    @property
    def fetches_web(self) -> bool:
        return bool(self.urls or self.discovery)


_PUBLIC_PAGE = (
    "Public web page. Facts (figures, dates, names) are extracted with attribution and a "
    "link; page text is stored for change tracking only, not redistributed."
)
_PRESS = (
    "Public press releases. Figures quoted with attribution to the publisher; the underlying "
    "paid reports are not fetched."
)
_GITHUB_API = (
    "GitHub REST API (unauthenticated: 60 requests/hour), GitHub Terms of Service. An API "
    "endpoint, not a crawled page: robots.txt (which governs crawlers) is not consulted."
)


REGISTRY: tuple[Source, ...] = (
    Source(
        source_id="nvidia_networking_docs",
        title="NVIDIA networking product documentation",
        publisher="NVIDIA",
        kind="vendor_page",
        cadence="monthly",
        parser="specs",
        homepage="https://docs.nvidia.com/networking/",
        urls=(
            "https://docs.nvidia.com/networking/display/sn5000/data+interfaces",
            "https://docs.nvidia.com/networking/display/QM97X0PUB/Interfaces",
            "https://docs.nvidia.com/networking/display/ConnectX7VPIOCP3/Introduction",
            "https://docs.nvidia.com/networking/display/bf3dpu/supported+interfaces",
            "https://docs.nvidia.com/networking/display/800g200gpam4list",
            "https://docs.nvidia.com/networking/display/800gmms4x00nst/overview",
        ),
        licence_note=_PUBLIC_PAGE,
    ),
    Source(
        source_id="nvidia_newsroom",
        title="NVIDIA newsroom (press releases)",
        publisher="NVIDIA",
        kind="press_release",
        cadence="daily",
        parser="claims",
        homepage="https://nvidianews.nvidia.com/",
        discovery=Discovery(
            "https://nvidianews.nvidia.com/news", r"^https://nvidianews\.nvidia\.com/news/[a-z0-9][a-z0-9-]+$"
        ),
        licence_note=_PRESS,
    ),
    Source(
        source_id="broadcom_switching",
        title="Broadcom StrataXGS Tomahawk switch product pages",
        publisher="Broadcom",
        kind="vendor_page",
        cadence="monthly",
        parser="specs",
        homepage="https://www.broadcom.com/products/ethernet-connectivity/switching",
        urls=(
            "https://www.broadcom.com/products/ethernet-connectivity/switching/strataxgs/bcm78900-series",
            "https://www.broadcom.com/products/ethernet-connectivity/switching/strataxgs/bcm78910-series",
        ),
        licence_note=_PUBLIC_PAGE,
    ),
    Source(
        source_id="broadcom_news",
        title="Broadcom product press releases",
        publisher="Broadcom",
        kind="press_release",
        cadence="weekly",
        parser="claims",
        homepage="https://www.broadcom.com/company/news/product-releases",
        discovery=Discovery(
            "https://www.broadcom.com/company/news/product-releases",
            r"^https://www\.broadcom\.com/company/news/product-releases/\d+$",
        ),
        licence_note=_PRESS,
    ),
    Source(
        source_id="cisco_datacenter_blog",
        title="Cisco data center blog (Silicon One, Ultra Ethernet)",
        publisher="Cisco",
        kind="news_feed",
        cadence="weekly",
        parser="claims",
        homepage="https://blogs.cisco.com/datacenter",
        urls=("https://blogs.cisco.com/datacenter/ultra-ethernet-for-scalable-ai-network-deployment",),
        discovery=Discovery(
            "https://blogs.cisco.com/datacenter", r"^https://blogs\.cisco\.com/datacenter/[a-z0-9][a-z0-9-]+$"
        ),
        licence_note=_PUBLIC_PAGE,
    ),
    Source(
        source_id="arista_press",
        title="Arista Networks press releases",
        publisher="Arista Networks",
        kind="press_release",
        cadence="weekly",
        parser="claims",
        homepage="https://www.arista.com/en/company/news/press-release",
        discovery=Discovery(
            "https://www.arista.com/en/company/news/press-release",
            r"^https://www\.arista\.com/en/company/news/press-release/\d+[a-z0-9-]*$",
        ),
        licence_note=_PRESS,
    ),
    Source(
        source_id="amd_pensando",
        title="AMD Pensando networking (Pollara AI NIC) product page",
        publisher="AMD",
        kind="vendor_page",
        cadence="monthly",
        parser="specs",
        homepage="https://www.amd.com/en/products/network-interface-cards/pensando.html",
        urls=("https://www.amd.com/en/products/network-interface-cards/pensando.html",),
        allowed_hosts=("www.amd.com", "amd.com"),
        licence_note=_PUBLIC_PAGE,
    ),
    Source(
        source_id="marvell_newsroom",
        title="Marvell newsroom and blog (Teralynx switches, optics DSPs)",
        publisher="Marvell",
        kind="press_release",
        cadence="weekly",
        parser="claims",
        homepage="https://www.marvell.com/company/newsroom.html",
        urls=(
            "https://www.marvell.com/blogs/auto-load-balancing-and-teralynx-10-optimizing-cloud-and-ai-infrastructure.html",
        ),
        discovery=Discovery(
            "https://www.marvell.com/company/newsroom.html",
            r"^https://www\.marvell\.com/company/newsroom/[a-z0-9][a-z0-9-]+\.html$",
        ),
        licence_note=_PRESS,
    ),
    Source(
        source_id="uec",
        title="Ultra Ethernet Consortium (specification, members, news)",
        publisher="Ultra Ethernet Consortium",
        kind="standards_body",
        cadence="weekly",
        parser="uec",
        homepage="https://ultraethernet.org/",
        urls=(
            "https://ultraethernet.org/",
            "https://ultraethernet.org/the-collaboration-that-will-drive-ethernet-into-the-hpc-and-ai-future",
        ),
        allowed_hosts=("ultraethernet.org", "www.ultraethernet.org"),
        licence_note=_PUBLIC_PAGE + " The UEC specification itself is under its own licence and is not fetched.",
    ),
    Source(
        source_id="ieee_8023dj",
        title="IEEE P802.3dj task force (200/400/800 Gb/s and 1.6 Tb/s Ethernet)",
        publisher="IEEE 802.3",
        kind="standards_body",
        cadence="monthly",
        parser="claims",
        homepage="https://www.ieee802.org/3/dj/index.html",
        urls=("https://www.ieee802.org/3/dj/index.html",),
        licence_note=_PUBLIC_PAGE,
    ),
    Source(
        source_id="delloro_news",
        title="Dell'Oro Group press releases (data center and AI networks)",
        publisher="Dell'Oro Group",
        kind="press_release",
        cadence="monthly",
        parser="claims",
        homepage="https://www.delloro.com/category/cloud-data-center-infrastructure/",
        urls=(
            "https://www.delloro.com/news/ethernet-is-winning-the-war-against-infiniband-in-ai-back-end-networks",
            "https://www.prnewswire.com/news-releases/ai-back-end-switch-market-will-push-past-100-billion-by-2030-according-to-delloro-group-302678344.html",
            "https://www.prnewswire.com/news-releases/ethernet-more-than-doubles-size-of-infiniband-as-the-leading-fabric-for-ai-scale-out-networks-in-2025-according-to-delloro-group-302708949.html",
        ),
        discovery=Discovery(
            "https://www.delloro.com/category/cloud-data-center-infrastructure/",
            r"^https://www\.delloro\.com/news/[a-z0-9][a-z0-9-]+/?$",
        ),
        allowed_hosts=("www.delloro.com", "delloro.com", "www.prnewswire.com"),
        licence_note=_PRESS + " Dell'Oro reports are paywalled; only their public releases are read.",
    ),
    Source(
        source_id="lightcounting",
        title="LightCounting newsletters and press releases (optics market)",
        publisher="LightCounting",
        kind="press_release",
        cadence="monthly",
        parser="claims",
        homepage="https://www.lightcounting.com/",
        urls=(
            "https://www.lightcounting.com/newsletter/july-2021-mega-data-center-optics-104",
            "https://www.lightcounting.com/newsletter/september-2021-high-speed-ethernet-optics-105",
        ),
        discovery=Discovery(
            "https://www.lightcounting.com/newsletter",
            r"^https://www\.lightcounting\.com/newsletter/[a-z0-9][a-z0-9-]+$",
        ),
        allowed_hosts=("www.lightcounting.com", "lightcounting.com"),
        licence_note=_PRESS + " LightCounting reports are paywalled; only public newsletters are read.",
    ),
    Source(
        source_id="group650_blog",
        title="650 Group blog (switch and AI fabric market commentary)",
        publisher="650 Group",
        kind="press_release",
        cadence="monthly",
        parser="claims",
        homepage="https://650group.com/blog/",
        urls=(
            "https://650group.com/blog/51-2-tbps-to-drive-record-setting-800-gbps-volument-in-2h24-and-2025",
            "https://650group.com/blog/todays-distributed-hybrid-ai-requires-investments-in-ai-fabrics-dci-wan-and-security",
        ),
        licence_note=_PRESS,
    ),
    Source(
        source_id="azure_gpu_vms",
        title="Microsoft Azure GPU VM sizes (per-GPU InfiniBand bandwidth)",
        publisher="Microsoft",
        kind="vendor_page",
        cadence="monthly",
        parser="specs",
        homepage="https://learn.microsoft.com/en-us/azure/virtual-machines/sizes/gpu-accelerated/",
        urls=(
            "https://learn.microsoft.com/en-us/azure/virtual-machines/sizes/gpu-accelerated/nd-gb300-v6-series",
            "https://learn.microsoft.com/en-us/azure/virtual-machines/sizes/gpu-accelerated/ndh100v5-series",
        ),
        licence_note=_PUBLIC_PAGE + " Microsoft Learn content is CC BY 4.0.",
    ),
    Source(
        source_id="gcp_gpu_bandwidth",
        title="Google Cloud GPU network bandwidth",
        publisher="Google Cloud",
        kind="vendor_page",
        cadence="monthly",
        parser="specs",
        homepage="https://cloud.google.com/compute/docs/gpus/gpu-network-bandwidth",
        urls=("https://cloud.google.com/compute/docs/gpus/gpu-network-bandwidth",),
        licence_note=_PUBLIC_PAGE + " Google Cloud docs content is CC BY 4.0.",
    ),
    Source(
        source_id="top500_lists",
        title="TOP500 supercomputer lists (interconnect families)",
        publisher="TOP500.org",
        kind="statistics",
        cadence="irregular",
        parser="top500",
        homepage="https://www.top500.org/lists/top500/",
        accept=(
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "application/vnd.ms-excel",
            "text/csv",
            "application/xml",
            "text/xml",
        ),
        inbox="top500",
        licence_note=(
            "TOP500 list files (free registration required to download) used with attribution "
            "to TOP500.org; published twice a year (June, November)."
        ),
        notes="No live URL: list files are recorded in sources/snapshots/top500_lists/ or dropped into the inbox.",
    ),
    Source(
        source_id="nccl_logs",
        title="nccl-tests benchmark logs (published runs and dropped files)",
        publisher="NVIDIA nccl-tests users",
        kind="benchmark_log",
        cadence="irregular",
        parser="nccl",
        homepage="https://github.com/NVIDIA/nccl-tests",
        accept=("text/plain", "application/json"),
        inbox="nccl",
        licence_note=(
            "Logs published by their authors (GitHub issues, blogs) with attribution in each "
            "recording's provenance; local runs dropped into the inbox are the analyst's own."
        ),
        notes="No live URL: logs are recorded in sources/snapshots/nccl_logs/ or dropped into the inbox.",
    ),
    Source(
        source_id="mlperf_training",
        title="MLPerf Training results: submitted system descriptions (GitHub)",
        publisher="MLCommons",
        kind="statistics",
        cadence="irregular",
        parser="mlperf",
        homepage="https://github.com/mlcommons",
        discovery=Discovery(
            "https://api.github.com/orgs/mlcommons/repos?sort=created&direction=desc&per_page=100",
            r"^training_results_v\d+\.\d+$",
            max_items=3,
            kind="github_repos",
            file_pattern=r"^[^/]+/systems/[^/]+\.json$",
            raw_base="https://raw.githubusercontent.com",
        ),
        allowed_hosts=("api.github.com", "raw.githubusercontent.com"),
        accept=("text/plain", "application/json"),
        obey_robots=False,
        replay_recorded=True,
        licence_note=(
            "MLCommons results repositories (mlcommons/training_results_vX.Y), Apache-2.0; system "
            "descriptions used with attribution, one link per file at its commit. "
            + _GITHUB_API
            + " Files are read from raw.githubusercontent.com at a pinned commit."
        ),
        notes=(
            "Eleven rounds (v0.6 2019 to v6.0 2026) are recorded in sources/snapshots/mlperf_training/ and always "
            "replayed; live mode lists the organisation's training_results_vX.Y repositories and fetches the "
            "systems/*.json files of rounds not yet recorded. Results are published about twice a year."
        ),
    ),
    Source(
        source_id="github_nccl",
        title="NVIDIA NCCL releases (GitHub)",
        publisher="NVIDIA",
        kind="software_releases",
        cadence="weekly",
        parser="github_releases",
        homepage="https://github.com/NVIDIA/nccl/releases",
        urls=("https://api.github.com/repos/NVIDIA/nccl/releases?per_page=100",),
        accept=JSON,
        obey_robots=False,
        licence_note=_GITHUB_API,
    ),
    Source(
        source_id="github_rdma_software",
        title="RDMA and collective-communication software releases (GitHub)",
        publisher="GitHub projects (linux-rdma, OFIWG, OpenUCX, AMD ROCm)",
        kind="software_releases",
        cadence="weekly",
        parser="github_releases",
        homepage="https://github.com/linux-rdma/rdma-core/releases",
        urls=(
            "https://api.github.com/repos/linux-rdma/rdma-core/releases?per_page=100",
            "https://api.github.com/repos/ofiwg/libfabric/releases?per_page=100",
            "https://api.github.com/repos/openucx/ucx/releases?per_page=100",
            "https://api.github.com/repos/ROCm/rccl/releases?per_page=100",
        ),
        accept=JSON,
        obey_robots=False,
        licence_note=_GITHUB_API,
    ),
)


_ID = re.compile(r"^[a-z][a-z0-9_]*$")


def validate(registry: tuple[Source, ...] = REGISTRY) -> list[str]:
    """Problems in a registry (empty list = valid). Run by the tests and at CLI start."""
    problems: list[str] = []
    seen: set[str] = set()
    for s in registry:
        where = s.source_id or "<no id>"
        if not _ID.match(s.source_id):
            problems.append(f"{where}: id must be lower_snake_case (it names the raw_<id> asset)")
        if s.source_id in seen:
            problems.append(f"{where}: duplicate source id")
        seen.add(s.source_id)
        if s.kind not in SOURCE_KINDS:
            problems.append(f"{where}: kind {s.kind!r} not in {SOURCE_KINDS}")
        if s.cadence not in CADENCES:
            problems.append(f"{where}: cadence {s.cadence!r} not in {CADENCES}")
        if s.parser not in PARSERS:
            problems.append(f"{where}: parser {s.parser!r} not in {PARSERS}")
        if not (s.urls or s.discovery or s.inbox):
            problems.append(f"{where}: needs urls, a discovery rule or an inbox")
        if not s.licence_note.strip() or not s.publisher.strip() or not s.title.strip():
            problems.append(f"{where}: title, publisher and licence_note are required")
        addresses = list(s.urls) + ([s.discovery.index_url] if s.discovery else [])
        for url in addresses:
            parts = urlsplit(url)
            if parts.scheme != "https" and not s.source_id.startswith("test_"):
                problems.append(f"{where}: {url} is not https")
            if (parts.hostname or "") not in s.hosts:
                problems.append(f"{where}: {url} is outside allowed_hosts {sorted(s.hosts)}")
        if s.discovery:
            try:
                re.compile(s.discovery.link_pattern)
                re.compile(s.discovery.file_pattern or "")
            except re.error as exc:
                problems.append(f"{where}: bad link_pattern or file_pattern: {exc}")
            if s.discovery.kind not in DISCOVERY_KINDS:
                problems.append(f"{where}: discovery kind {s.discovery.kind!r} not in {DISCOVERY_KINDS}")
            if s.discovery.kind == "github_repos" and not (s.discovery.file_pattern and s.discovery.raw_base):
                problems.append(f"{where}: a github_repos discovery needs file_pattern and raw_base")
    return problems


def registry_rows(registry: tuple[Source, ...] = REGISTRY) -> list[dict]:
    """The registry as rows of core.sources (origin 'registry')."""
    return [
        {
            "source_id": s.source_id,
            "publisher": s.publisher,
            "kind": s.kind,
            "title": s.title,
            "homepage": s.homepage,
            "cadence": s.cadence,
            "parser": s.parser,
            "licence_note": s.licence_note,
            "origin": "registry",
        }
        for s in registry
    ]


class UnknownSource(KeyError):
    """A source id that is not in the registry."""


def get(source_id: str, registry: tuple[Source, ...] = REGISTRY) -> Source:
    for s in registry:
        if s.source_id == source_id:
            return s
    known = ", ".join(s.source_id for s in registry)
    raise UnknownSource(f"unknown source {source_id!r}; known: {known}")


def select(
    source_ids: list[str] | tuple[str, ...] | None, registry: tuple[Source, ...] = REGISTRY
) -> tuple[Source, ...]:
    """The named sources in registry order, or all of them when none is named."""
    if not source_ids:
        return tuple(registry)
    wanted = [get(i, registry) for i in source_ids]  # raises on an unknown id
    return tuple(s for s in registry if s in wanted)
