"""The dashboard's pages: file, title, URL path. app.py builds the navigation from this list;
the browser test and the benchmark visit every entry.

Page scripts live in dashboard/views/, not pages/: a pages/ folder beside the entry point puts
Streamlit in its legacy multipage mode for a server's first session (deep links then show "Page
not found" once), which is what Streamlit's own warning recommends avoiding.
"""

from __future__ import annotations

from typing import NamedTuple

from dashboard import i18n


class PageEntry(NamedTuple):
    """One page. The default page is served at / (Streamlit answers its url_path with "Page not found")."""

    file: str  # under dashboard/views/
    title: str  # English; other languages from dashboard/i18n/catalog.toml [page] by url_path
    url_path: str  # the page's address: http://host:port/<url_path>; the default page is also at /
    icon: str
    section: str
    default: bool = False

    @property
    def address(self) -> str:
        """Path to open the page at, relative to the server root."""
        return "" if self.default else self.url_path

    def label(self, lang: str | None = None) -> str:
        """The page's title in the reader's language: catalog key page.<url_path>, else the English title here."""
        return i18n.t_or(f"page.{self.url_path}", self.title, lang)

    def section_label(self, lang: str | None = None) -> str:
        """The navigation section in the reader's language: catalog key nav.section.<section, lower case>."""
        return i18n.t_or(f"nav.section.{self.section.lower()}", self.section, lang)


PAGES = (
    PageEntry("overview_page.py", "Overview", "overview", ":material/dashboard:", "Tracker", default=True),
    PageEntry("market_page.py", "Market", "market", ":material/trending_up:", "Tracker"),
    PageEntry("share_page.py", "InfiniBand vs Ethernet", "share", ":material/compare_arrows:", "Tracker"),
    PageEntry("ports_optics_page.py", "Ports & optics", "ports-optics", ":material/cable:", "Tracker"),
    PageEntry("roadmap_page.py", "Technology roadmap", "roadmap", ":material/timeline:", "Tracker"),
    PageEntry("uec_page.py", "UEC tracker", "uec", ":material/hub:", "Tracker"),
    PageEntry("model_page.py", "Fabric model", "model", ":material/calculate:", "Analysis"),
    PageEntry("benchmarks_page.py", "Benchmarks", "benchmarks", ":material/speed:", "Analysis"),
    PageEntry("top500_page.py", "TOP500", "top500", ":material/leaderboard:", "Analysis"),
    PageEntry("mlperf_page.py", "MLPerf Training", "mlperf", ":material/dns:", "Analysis"),
    PageEntry("cloud_page.py", "Cloud fabrics", "cloud", ":material/cloud:", "Analysis"),
    PageEntry("conflicts_page.py", "Conflicts", "conflicts", ":material/rule:", "Warehouse"),
    PageEntry("sources_quality_page.py", "Sources & quality", "sources", ":material/fact_check:", "Warehouse"),
    PageEntry("alerts_page.py", "Watch rules", "alerts", ":material/notifications:", "Warehouse"),
)
