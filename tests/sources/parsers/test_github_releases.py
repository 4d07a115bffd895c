"""GitHub releases JSON → software_release events (fixtures written for tests, real API layout)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from sources.document import Document
from sources.parsers import github_releases
from sources.records import ParseError

FIXTURES = Path(__file__).resolve().parents[3] / "tests" / "fixtures" / "github"


def doc(name: str, url: str | None = None) -> Document:
    return Document.from_path(FIXTURES / name, source_id="github_releases", url=url)


@pytest.mark.parametrize(
    "name,repo,count,first",
    [
        # Repo taken from html_url when the document is a local file.
        ("nvidia_nccl_releases.json", "NVIDIA/nccl", 3, ("NCCL v2.28.9-1 (v2.28.9-1)", dt.date(2025, 11, 10))),
        # A draft (published_at null) is skipped, not dated by created_at.
        ("linux-rdma_rdma-core_releases.json", "linux-rdma/rdma-core", 2, ("v98.0", dt.date(2025, 6, 2))),
        # A release candidate stays, marked in its description.
        (
            "ofiwg_libfabric_releases.json",
            "ofiwg/libfabric",
            2,
            ("Libfabric v9.9.0rc1 (v9.9.0rc1)", dt.date(2025, 7, 14)),
        ),
        ("openucx_ucx_releases.json", "openucx/ucx", 1, ("v9.19.0", dt.date(2025, 5, 5))),
        # Empty name and body: the tag is the title, no description.
        ("linux-rdma_perftest_releases.json", "linux-rdma/perftest", 1, ("25.04.0-0.99", dt.date(2025, 4, 28))),
    ],
)
def test_events_per_repository(name, repo, count, first):
    records = github_releases.parse(doc(name))
    assert records.observations == []
    assert len(records.events) == count
    event = records.events[0]
    assert (event.title, event.event_date) == first
    assert event.subject == repo and event.category == "software_release" and event.date_precision == "day"
    assert event.prov.url.startswith(f"https://github.com/{repo}/releases/tag/")
    assert event.prov.published_on == event.event_date


def test_provenance_and_description():
    event = github_releases.parse(doc("nvidia_nccl_releases.json")).events[0]
    assert event.prov.publisher == "NVIDIA" and event.vendor == "NVIDIA"
    assert event.prov.evidence == "tag_name=v2.28.9-1 published_at=2025-11-10T18:04:11Z"
    assert event.description == "NCCL 2.28.9-1"
    rc = github_releases.parse(doc("ofiwg_libfabric_releases.json")).events
    assert rc[0].description.startswith("Pre-release. The OFIWG community")
    assert len(rc[1].description) == github_releases.DESCRIPTION_CHARS and rc[1].description.endswith("…")
    perftest = github_releases.parse(doc("linux-rdma_perftest_releases.json")).events[0]
    assert perftest.description is None


def test_draft_skip_is_reported():
    records = github_releases.parse(doc("linux-rdma_rdma-core_releases.json"))
    assert records.warnings == ["linux-rdma/rdma-core: 1 draft release(s) skipped"]


def test_repo_from_the_api_address_wins():
    # Fetched documents carry the API address; it names the repository even if html_url were odd.
    d = doc("openucx_ucx_releases.json", url="https://api.github.com/repos/openucx/ucx/releases?per_page=100")
    assert github_releases.cli_json(d) == {
        "repo": "openucx/ucx",
        "releases": [
            {
                "tag": "v9.19.0",
                "name": "v9.19.0",
                "published_on": "2025-05-05",
                "prerelease": False,
                "url": "https://github.com/openucx/ucx/releases/tag/v9.19.0",
            }
        ],
    }


def test_event_keys_are_stable():
    a = github_releases.parse(doc("nvidia_nccl_releases.json")).events
    b = github_releases.parse(doc("nvidia_nccl_releases.json")).events
    assert [e.key() for e in a] == [e.key() for e in b] and len({e.key() for e in a}) == 3


@pytest.mark.parametrize(
    "name,message",
    [
        ("rate_limited.json", "API rate limit exceeded"),  # the API's error object instead of a list
        ("empty_list.json", "no releases"),  # a repository that used to have releases
        ("changed_layout.json", "layout changed"),  # fields renamed
    ],
)
def test_unusable_documents_raise(name, message):
    with pytest.raises(ParseError, match=message):
        github_releases.parse(doc(name))


@pytest.mark.parametrize(
    "body,message",
    [
        (b"", "empty document"),  # empty response body
        (b"<html>502</html>", "not JSON"),  # proxy error page
    ],
)
def test_broken_bodies_raise(body, message):
    with pytest.raises(ParseError, match=message):
        github_releases.parse(
            Document(source_id="t", url="https://api.github.com/repos/NVIDIA/nccl/releases", body=body)
        )
